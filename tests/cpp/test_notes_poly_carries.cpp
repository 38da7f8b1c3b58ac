// A randomized search aimed at the limb carries of Poly1305, the two-lane
// path above all: blocks of 0xff (every limb at its maximum), keys whose r is
// at or next to the clamping limits, s all ones (the final add wraps), and
// messages fed in random pieces (the buffering joins them back).
#include <catch2/catch.hpp>

#include "notes/poly1305.h"
#include "test_notes_support.h"

using namespace memento::notes;
using notes_test::Bytes;

namespace {

std::uint8_t extreme_byte(notes_test::Rng& rng) {
  static const std::uint8_t kValues[] = {0xff, 0xff, 0xff, 0xfe, 0xfc, 0xf0, 0x0f, 0x00, 0x01, 0x03, 0x80, 0x7f};
  return rng.below(4) == 0 ? static_cast<std::uint8_t>(rng.next()) : kValues[rng.below(sizeof kValues)];
}

Bytes hostile_key(notes_test::Rng& rng) {
  Bytes key(32);
  const int r_style = static_cast<int>(rng.below(4));
  for (int i = 0; i < 16; i++) {
    // 0: r at the clamping limit (all bits the clamp keeps), 1: near it, 2: tiny r, 3: extreme bytes.
    key[i] = r_style == 0   ? 0xff
             : r_style == 1 ? static_cast<std::uint8_t>(0xff - rng.below(3))
             : r_style == 2 ? static_cast<std::uint8_t>(i == 0 ? rng.below(4) : 0)
                            : extreme_byte(rng);
  }
  const bool s_ones = rng.below(2) == 0;
  for (int i = 16; i < 32; i++) key[i] = s_ones ? 0xff : extreme_byte(rng);
  return key;
}

Bytes hostile_message(notes_test::Rng& rng) {
  // Mostly long enough for the two-lane path (>= 8 blocks), some odd block counts and partial tails.
  const std::size_t blocks = rng.below(5) == 0 ? rng.below(8) : 8 + rng.below(64);
  const std::size_t len = 16 * blocks + (rng.below(3) == 0 ? rng.below(16) : 0);
  Bytes m(len);
  const int style = static_cast<int>(rng.below(4));
  for (std::size_t i = 0; i < len; i++) {
    m[i] = style == 0   ? 0xff
           : style == 1 ? ((i / 16) % 2 ? 0xff : 0x00)
           : style == 2 ? extreme_byte(rng)
                        : static_cast<std::uint8_t>(rng.next());
  }
  return m;
}

}  // namespace

TEST_CASE("Poly1305 matches libsodium on 200,000 messages aimed at the limb carries", "[notes][poly1305]") {
  notes_test::init_sodium();
  notes_test::Rng rng(0x1305);
  std::size_t failures = 0;
  for (int i = 0; i < 200000; i++) {
    const Bytes key = hostile_key(rng), m = hostile_message(rng);
    std::uint8_t expected[16], tag[16];
    crypto_onetimeauth(expected, m.data(), m.size(), key.data());
    Poly1305 st;
    poly1305_init(st, key.data());
    std::size_t at = 0;
    while (at < m.size()) {  // random pieces: 1..80 bytes, or the rest
      const std::size_t piece = rng.below(3) == 0 ? m.size() - at : 1 + rng.below(80);
      const std::size_t take = piece < m.size() - at ? piece : m.size() - at;
      poly1305_update(st, m.data() + at, take);
      at += take;
    }
    poly1305_final(st, tag);
    if (Bytes(tag, tag + 16) != Bytes(expected, expected + 16) && failures++ < 5) {
      FAIL_CHECK("tag differs for message " << i << " of " << m.size() << " bytes");
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("Poly1305 with r at the clamping limit over all-ones blocks matches libsodium at every length",
          "[notes][poly1305]") {
  notes_test::init_sodium();
  const Bytes key(32, 0xff);
  for (std::size_t len = 0; len <= 2048; len++) {
    const Bytes m(len, 0xff);
    std::uint8_t expected[16], tag[16];
    crypto_onetimeauth(expected, m.data(), len, key.data());
    poly1305(tag, m.data(), len, key.data());
    INFO("length " << len);
    REQUIRE(Bytes(tag, tag + 16) == Bytes(expected, expected + 16));
  }
}

namespace {

// Numbers up to 2^136 as top * 2^128 + low (the native tests run on x86-64, which has 128-bit integers).
struct Wide {
  std::int64_t top;
  unsigned __int128 low;
};

Wide operator+(Wide a, Wide b) {
  const unsigned __int128 low = a.low + b.low;
  return {a.top + b.top + (low < a.low ? 1 : 0), low};
}

Wide operator-(Wide a, Wide b) { return {a.top - b.top - (a.low < b.low ? 1 : 0), a.low - b.low}; }

Wide block_value(const std::uint8_t* b) {  // a full block and its 2^128
  unsigned __int128 v = 0;
  for (int i = 15; i >= 0; i--) v = (v << 8) | b[i];
  return {1, v};
}

void append(Bytes& m, unsigned __int128 v) {
  for (int i = 0; i < 16; i++, v >>= 8) m.push_back(static_cast<std::uint8_t>(v));
}

}  // namespace

// With r = 1 the accumulator is the plain sum of the blocks (each with its
// 2^128) until it passes 2^130, so the last block can steer it to any value:
// here to p - 12 .. p + 12 (p = 2^130 - 5; p + 5 = 2^130), where the final
// reduction decides whether h >= p. Some messages start with pairs of blocks
// (2^128 - 1, 2^128 - 4) that add exactly p: 0 mod p, but the accumulator
// reaches p and then wraps past 2^130 again and again (up to 336 bytes, the
// bulk path); a message of pairs alone ends with the accumulator at p, whose
// tag is s.
TEST_CASE("Poly1305 matches libsodium when the accumulator ends at the edges of 2^130 - 5", "[notes][poly1305]") {
  notes_test::init_sodium();
  notes_test::Rng rng(0x2130);
  const unsigned __int128 ones = ~static_cast<unsigned __int128>(0);
  const Wide p{3, ones - 4};
  std::size_t cases = 0;
  auto check = [&](const Bytes& m, bool s_ones) {
    Bytes key(32, 0);
    key[0] = 1;
    for (int i = 16; i < 32; i++) key[i] = s_ones ? 0xff : static_cast<std::uint8_t>(rng.next());
    std::uint8_t expected[16], tag[16];
    crypto_onetimeauth(expected, m.data(), m.size(), key.data());
    poly1305(tag, m.data(), m.size(), key.data());
    REQUIRE(Bytes(tag, tag + 16) == Bytes(expected, expected + 16));
    cases++;
  };
  for (int pairs : {0, 1, 2, 4, 9}) {
    for (int prefix = 0; prefix < 5; prefix++) {
      for (int delta = -12; delta <= 12; delta++) {
        for (const bool s_ones : {false, true}) {
          Bytes m;
          for (int i = 0; i < pairs; i++) {
            append(m, ones);
            append(m, ones - 3);
          }
          const std::size_t steer_from = m.size();
          // 0: nothing, 1: all 0xff, 2: one small block, 3: two, 4: all 0xff then all 0x00.
          if (prefix == 1 || prefix == 4) append(m, ones);
          if (prefix == 4) append(m, 0);
          for (int i = 0; i < (prefix == 2 ? 1 : prefix == 3 ? 2 : 0); i++) append(m, ones >> (2 + rng.below(64)));
          Wide sum{0, 0};
          for (std::size_t at = steer_from; at < m.size(); at += 16) sum = sum + block_value(m.data() + at);
          const Wide last = p + Wide{delta < 0 ? -1 : 0, static_cast<unsigned __int128>(static_cast<__int128>(delta))} -
                            sum - Wide{1, 0};
          if (last.top != 0) continue;  // the last block holds 128 bits
          append(m, last.low);
          INFO("pairs " << pairs << ", prefix " << prefix << ", delta " << delta << ", s all ones " << s_ones);
          check(m, s_ones);
        }
      }
    }
  }
  for (int pairs = 1; pairs <= 9; pairs++) {
    Bytes m;
    for (int i = 0; i < pairs; i++) {
      append(m, ones);
      append(m, ones - 3);
    }
    INFO("pairs alone " << pairs);
    check(m, true);
    for (std::size_t tail = 1; tail < 16; tail++) {  // and a short tail of 0xff (its 0x01 pad, no 2^128)
      Bytes with_tail = m;
      with_tail.insert(with_tail.end(), tail, 0xff);
      INFO("tail " << tail);
      check(with_tail, false);
    }
  }
  CHECK(cases >= 400);
}

namespace {

// (a * b) mod k for k < 2^63.
std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t k) {
  return static_cast<std::uint64_t>(static_cast<unsigned __int128>(a) * b % k);
}

// x^-1 mod k, or 0 when gcd(x, k) != 1.
std::uint64_t inverse_mod(std::uint64_t x, std::uint64_t k) {
  std::int64_t a = static_cast<std::int64_t>(x % k), b = static_cast<std::int64_t>(k), u = 1, v = 0;
  while (b != 0) {
    const std::int64_t q = a / b;
    a -= q * b;
    u -= q * v;
    std::swap(a, b);
    std::swap(u, v);
  }
  if (a != 1) return 0;
  return static_cast<std::uint64_t>(u < 0 ? u + static_cast<std::int64_t>(k) : u);
}

}  // namespace

// The final reduction's three carry passes. After a block, the multiply leaves
// h0 and h2..h4 below 2^26 but h1 up to 2^26 + a few (the carry out of limb 4,
// times 5, lands in h0 and then h1). When h1 >= 2^26 and h2 = h3 = h4 =
// 2^26 - 1, one pass ripples a carry out of the top, adds 5 to h0, and leaves
// h0 >= 2^26 if it was >= 2^26 - 5: a tag built from that h overlaps h0's
// bit 26 with h1's bit 0. The test above cannot get there (with r = 1 the
// carry out of limb 4 is at most 1). Here r = k, a 26-bit number in limb 0,
// and one full block B (+ 2^128) whose product D = k (B + 2^128) is steered to
//   D = c 2^130 + (2^130 - 2^52) + L1 2^26 + L0,
// bits 52..129 all ones, with T = L0 + 5c = q 2^26 + (2^26 - 5 + j) and
// L1 = 2^26 - q + e: the multiply leaves h0 = 2^26 - 5 + j, h1 = 2^26 + e,
// h2..h4 = 2^26 - 1. For each (k, q, j, e), D mod k is linear in c (L0 falls
// by 5 as c rises by 1), so the c that makes D a multiple of k is solved for,
// and kept when its L0 is a limb and B fits 128 bits.
TEST_CASE("Poly1305 matches libsodium when the last multiply leaves h1 = 2^26 and h2..h4 all ones",
          "[notes][poly1305]") {
  notes_test::init_sodium();
  notes_test::Rng rng(0x26);
  const std::uint64_t limb = 1u << 26;
  std::size_t cases = 0;
  for (std::uint64_t k = limb - 1; k > limb - 4000 && cases < 200; k--) {
    const std::uint64_t two128 = static_cast<std::uint64_t>((~static_cast<unsigned __int128>(0)) % k + 1) % k;
    const std::uint64_t low_fixed =
        static_cast<std::uint64_t>((~static_cast<unsigned __int128>(0) - ((std::uint64_t{1} << 52) - 1)) % k);
    // D mod k = ((4c + 3) 2^128 + 2^128 - 2^52 + L1 2^26 + L0) mod k, with L0 = T - 5c.
    const std::uint64_t step = (mul_mod(4, two128, k) + k - 5 % k) % k;  // what one more c adds
    const std::uint64_t step_inverse = inverse_mod(step, k);
    if (step_inverse == 0) continue;
    for (std::uint64_t q = 1; q <= 2; q++) {
      for (std::uint64_t j = 0; j < 5; j++) {
        for (std::uint64_t e = 0; e < q; e++) {
          const std::uint64_t t = q * limb + limb - 5 + j, l1 = limb - q + e;
          // At c = 0: (3 2^128 + 2^128 - 2^52 + L1 2^26 + T) mod k.
          const std::uint64_t at0 = (mul_mod(3, two128, k) + low_fixed + mul_mod(l1, limb, k) + t % k) % k;
          const std::uint64_t c = mul_mod(k - at0 % k, step_inverse, k);
          if (5 * c > t || t - 5 * c >= limb) continue;  // L0 must be a limb
          const std::uint64_t l0 = t - 5 * c;
          // D = top 2^128 + low; B + 2^128 = D / k must lie in [2^128, 2^129).
          const std::uint64_t top = 4 * c + 3;
          const unsigned __int128 low = ~static_cast<unsigned __int128>(0) - ((std::uint64_t{1} << 52) - 1) +
                                        (static_cast<unsigned __int128>(l1) << 26) + l0;
          if (top / k != 1) continue;
          const unsigned __int128 upper =
              (static_cast<unsigned __int128>(top % k) << 64) | static_cast<std::uint64_t>(low >> 64);
          const unsigned __int128 lower = ((upper % k) << 64) | static_cast<std::uint64_t>(low);
          REQUIRE(lower % k == 0);  // the solved c makes D a multiple of k
          const unsigned __int128 block = (upper / k) << 64 | static_cast<std::uint64_t>(lower / k);
          Bytes key(32, 0), m;
          for (int i = 0; i < 4; i++) key[i] = static_cast<std::uint8_t>(k >> (8 * i));
          const bool s_ones = rng.below(2) == 0;
          for (int i = 16; i < 32; i++) key[i] = s_ones ? 0xff : static_cast<std::uint8_t>(rng.next());
          append(m, block);
          INFO("k " << k << ", q " << q << ", j " << j << ", e " << e << ", c " << c);
          // The state the final reduction meets is the one aimed at.
          Poly1305 st;
          poly1305_init(st, key.data());
          poly1305_update(st, m.data(), m.size());
          REQUIRE(st.h[0] == limb - 5 + j);
          REQUIRE(st.h[1] == limb + e);
          REQUIRE((st.h[2] == limb - 1 && st.h[3] == limb - 1 && st.h[4] == limb - 1));
          std::uint8_t expected[16], tag[16];
          poly1305_final(st, tag);
          crypto_onetimeauth(expected, m.data(), m.size(), key.data());
          REQUIRE(Bytes(tag, tag + 16) == Bytes(expected, expected + 16));
          // The same block after a zero-length start and fed a byte at a time (the buffered path).
          poly1305_init(st, key.data());
          for (std::uint8_t byte : m) poly1305_update(st, &byte, 1);
          poly1305_final(st, tag);
          REQUIRE(Bytes(tag, tag + 16) == Bytes(expected, expected + 16));
          cases++;
        }
      }
    }
  }
  INFO(cases << " states reached");
  CHECK(cases >= 50);
}
