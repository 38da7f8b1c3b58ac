// Byte-identical to libsodium on 250,000 random messages, each sealed with
// both ciphers (XChaCha20-Poly1305-IETF with random associated data, and
// XSalsa20-Poly1305 secretbox) and opened again. Lengths 0..4096, weighted
// towards multiples of 16 at or above 128 and one byte either side of every
// 16-byte block boundary (which includes ChaCha20's 64 and four-block 256).
// (1,000,000 until 2026-12-06: 75 s of the SIMD build's 79 and 55 of the
// scalar's 59, a third of CI's native suite, for four times the same kinds of
// message; the lengths 0..1100 below and the carry and tamper tests cover the edges.)
#include <catch2/catch.hpp>

#include <cstring>

#include "notes/aead.h"
#include "notes/chacha20.h"
#include "notes/secretbox.h"
#include "test_notes_support.h"

using namespace memento::notes;
using notes_test::Bytes;

namespace {

constexpr std::size_t kMaxLength = 4096;

std::size_t pick_length(notes_test::Rng& rng) {
  switch (rng.below(3)) {
    case 0:
      return 128 + 16 * rng.below((kMaxLength - 128) / 16 + 1);  // a multiple of 16 >= 128
    case 1: {
      const std::size_t boundary = 16 * rng.below(kMaxLength / 16 + 1);
      const std::size_t length = boundary + rng.below(3);  // boundary - 1, boundary, boundary + 1
      return length == 0 ? 0 : (length - 1 > kMaxLength ? kMaxLength : length - 1);
    }
    default:
      return rng.below(kMaxLength + 1);
  }
}

// One message through both ciphers; false (with a reason) at the first difference.
bool agrees(notes_test::Rng& rng, Bytes& m, Bytes& ours, Bytes& theirs, Bytes& back, const char** why) {
  const std::size_t len = pick_length(rng);
  m.resize(len);
  for (auto& x : m) x = static_cast<std::uint8_t>(rng.next());
  std::uint8_t key[32], nonce[24], ad[40];
  for (auto& x : key) x = static_cast<std::uint8_t>(rng.next());
  for (auto& x : nonce) x = static_cast<std::uint8_t>(rng.next());
  for (auto& x : ad) x = static_cast<std::uint8_t>(rng.next());
  const std::size_t ad_len = rng.below(41), split = rng.below(ad_len + 1);

  ours.assign(len + 16, 0);
  theirs.assign(len + 16, 0);
  back.assign(len, 0);
  unsigned long long clen = 0;
  xchacha20poly1305_encrypt(ours.data(), m.data(), len, {ad, split, ad + split, ad_len - split}, nonce, key);
  crypto_aead_xchacha20poly1305_ietf_encrypt(theirs.data(), &clen, m.data(), len, ad, ad_len, nullptr, nonce, key);
  if (ours != theirs) {
    *why = "xchacha20poly1305 seal";
    return false;
  }
  if (!xchacha20poly1305_decrypt(back.data(), ours.data(), ours.size(), {ad, ad_len, nullptr, 0}, nonce, key) ||
      back != m) {
    *why = "xchacha20poly1305 open";
    return false;
  }

  secretbox_easy(ours.data(), m.data(), len, nonce, key);
  crypto_secretbox_easy(theirs.data(), m.data(), len, nonce, key);
  if (ours != theirs) {
    *why = "secretbox seal";
    return false;
  }
  if (!secretbox_open_easy(back.data(), ours.data(), ours.size(), nonce, key) || back != m) {
    *why = "secretbox open";
    return false;
  }
  return true;
}

}  // namespace

TEST_CASE("both ciphers are byte-identical to libsodium on 250,000 random messages", "[notes][libsodium]") {
  notes_test::init_sodium();
  notes_test::Rng rng(0x6e6f746573);
  Bytes m, ours, theirs, back;
  const char* why = "";
  std::size_t failures = 0;
  for (int i = 0; i < 250000; i++) {
    if (!agrees(rng, m, ours, theirs, back, &why)) {
      if (failures++ < 5) FAIL_CHECK(why << " differs at length " << m.size() << " (message " << i << ")");
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("every length 0..1100 matches libsodium on both ciphers", "[notes][libsodium]") {
  notes_test::init_sodium();
  notes_test::Rng rng(7);
  for (std::size_t len = 0; len <= 1100; len++) {
    const Bytes m = rng.bytes(len), key = rng.bytes(32), nonce = rng.bytes(24), ad = rng.bytes(len % 37);
    Bytes ours(len + 16), theirs(len + 16);
    unsigned long long clen;
    xchacha20poly1305_encrypt(ours.data(), m.data(), len, {ad.data(), ad.size(), nullptr, 0}, nonce.data(), key.data());
    crypto_aead_xchacha20poly1305_ietf_encrypt(theirs.data(), &clen, m.data(), len, ad.data(), ad.size(), nullptr,
                                               nonce.data(), key.data());
    INFO("length " << len);
    REQUIRE(ours == theirs);
    secretbox_easy(ours.data(), m.data(), len, nonce.data(), key.data());
    crypto_secretbox_easy(theirs.data(), m.data(), len, nonce.data(), key.data());
    REQUIRE(ours == theirs);
  }
}

TEST_CASE("ChaCha20 in place and shifted forward gives libsodium's keystream", "[notes][libsodium]") {
  notes_test::init_sodium();
  notes_test::Rng rng(11);
  for (int trial = 0; trial < 2000; trial++) {
    const std::size_t len = rng.below(2048);
    const std::size_t shift = rng.below(3) == 0 ? 0 : rng.below(40);
    const Bytes key = rng.bytes(32), nonce = rng.bytes(12), m = rng.bytes(len);
    const std::uint32_t counter = static_cast<std::uint32_t>(rng.below(1000));
    Bytes expected(len);
    crypto_stream_chacha20_ietf_xor_ic(expected.data(), m.data(), len, nonce.data(), counter, key.data());
    Bytes buf(shift + len);
    std::memcpy(buf.data() + shift, m.data(), len);
    std::uint32_t state[16];
    chacha20_init(state, key.data(), nonce.data(), counter);
    chacha20_xor(buf.data(), buf.data() + shift, len, state);  // output lands `shift` bytes before the input
    INFO("length " << len << " shift " << shift);
    REQUIRE(Bytes(buf.begin(), buf.begin() + len) == expected);
  }
}

// The open decrypts while Poly1305 absorbs the ciphertext (one pass), so each
// piece must be absorbed before the stream overwrites it, and a refused
// message must be erased from the output it was already written to.
TEST_CASE("XChaCha20-Poly1305 opens in place and shifted forward, and a refused message leaves nothing",
          "[notes][libsodium]") {
  notes_test::init_sodium();
  notes_test::Rng rng(13);
  for (int trial = 0; trial < 6000; trial++) {
    const std::size_t len = trial < 1200 ? static_cast<std::size_t>(trial) : pick_length(rng);
    const std::size_t shift = rng.below(3) == 0 ? 0 : rng.below(41);
    const Bytes m = rng.bytes(len), key = rng.bytes(32), nonce = rng.bytes(24), ad = rng.bytes(rng.below(41));
    Bytes sealed(len + 16);
    unsigned long long clen;
    crypto_aead_xchacha20poly1305_ietf_encrypt(sealed.data(), &clen, m.data(), len, ad.data(), ad.size(), nullptr,
                                               nonce.data(), key.data());
    INFO("length " << len << " shift " << shift);
    Bytes buf(shift + len + 16);
    std::memcpy(buf.data() + shift, sealed.data(), len + 16);
    REQUIRE(xchacha20poly1305_decrypt(buf.data(), buf.data() + shift, len + 16, {ad.data(), ad.size(), nullptr, 0},
                                      nonce.data(), key.data()));
    REQUIRE(Bytes(buf.begin(), buf.begin() + len) == m);

    // One flipped bit anywhere in ciphertext or tag: refused, and the output holds zeros only.
    Bytes tampered = sealed;
    const std::size_t at = rng.below(len + 16);
    tampered[at] ^= static_cast<std::uint8_t>(1u << rng.below(8));
    Bytes out(len, 0xa5);
    REQUIRE_FALSE(xchacha20poly1305_decrypt(out.data(), tampered.data(), len + 16, {ad.data(), ad.size(), nullptr, 0},
                                            nonce.data(), key.data()));
    REQUIRE(out == Bytes(len, 0));
  }
}
