// ChaCha20 four blocks at a time: each v128 holds one state word of four
// consecutive blocks (counters n..n+3), so a quarter round is the scalar one
// on vectors. A 4x4 transpose per group of four words turns lanes back into
// block order before the XOR. The tail (< 256 bytes) goes block by block.
#include "common/secure_erase.h"
#include "common/simd.h"
#include "notes/bytes.h"
#include "notes/chacha20.h"
#include "notes/poly1305.h"

// 1: rotate by 16 and 8 with a byte shuffle (one pshufb on x64);
// 0: two shifts and an OR, as for 12 and 7 (test_notes_simd_rotate_by_shifts, tests/cpp/notes.cmake).
#ifndef MEMENTO_NOTES_ROTATE_BY_SHUFFLE
#define MEMENTO_NOTES_ROTATE_BY_SHUFFLE 1
#endif

namespace memento::notes {
namespace {

// Rotations by whole bytes (16, 8) are one shuffle where the build says so.
template <int n>
inline v128_t rotl(v128_t v) {
#if MEMENTO_NOTES_ROTATE_BY_SHUFFLE
  if constexpr (n == 16) return wasm_i8x16_shuffle(v, v, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
  if constexpr (n == 8) return wasm_i8x16_shuffle(v, v, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
#endif
  return wasm_v128_or(wasm_i32x4_shl(v, n), wasm_u32x4_shr(v, 32 - n));
}

// Half a quarter round: a += b; d ^= a; d <<<= first; c += d; b ^= c; b <<<= second.
template <int first, int second>
inline void half_quarter(v128_t& a, v128_t& b, v128_t& c, v128_t& d) {
  a = wasm_i32x4_add(a, b);
  d = rotl<first>(wasm_v128_xor(d, a));
  c = wasm_i32x4_add(c, d);
  b = rotl<second>(wasm_v128_xor(b, c));
}

inline void quarter_four_blocks(v128_t& a, v128_t& b, v128_t& c, v128_t& d) {
  half_quarter<16, 12>(a, b, c, d);
  half_quarter<8, 7>(a, b, c, d);
}

// What a four-block pass does between its double rounds: nothing, or absorb
// two blocks of ciphertext into Poly1305 (AbsorbPass, AbsorbTail). Interleaved, the
// scalar multiplies of the MAC and the vector rounds of the stream share the
// core; one after the other, each leaves the other's units idle.
struct NoMac {
  void between_rounds(int) {}
  void absorb_all() {}
};

// The 16 blocks of a whole pass, two after each of the first 8 double rounds.
struct AbsorbPass {
  std::uint32_t* h;
  const std::uint32_t* r;
  const std::uint8_t* m;  // the 256 bytes of ciphertext this pass decrypts
  void between_rounds(int round) {
    if (round < 8) {
      poly1305_absorb(h, r, m + 32 * round, 1u << 24);
      poly1305_absorb(h, r, m + 32 * round + 16, 1u << 24);
    }
  }
};

// The whole blocks of a last, shorter pass (its own instance: a count known
// only at run time in the loop above costs the whole passes their speed).
struct AbsorbTail {
  std::uint32_t* h;
  const std::uint32_t* r;
  const std::uint8_t* m;
  std::size_t blocks;  // < 16
  void between_rounds(int round) {
    const std::size_t at = 2 * static_cast<std::size_t>(round);
    if (at < blocks) poly1305_absorb(h, r, m + 16 * at, 1u << 24);
    if (at + 1 < blocks) poly1305_absorb(h, r, m + 16 * at + 16, 1u << 24);
  }
  // Without a four-block pass to run beside (one scalar block instead).
  void absorb_all() {
    for (std::size_t at = 0; at < blocks; at++) poly1305_absorb(h, r, m + 16 * at, 1u << 24);
  }
};

template <class Mac>
inline void double_rounds_four_blocks(v128_t x[16], Mac& mac) {
  for (int r = 0; r < 10; r++) {
    quarter_four_blocks(x[0], x[4], x[8], x[12]);
    quarter_four_blocks(x[1], x[5], x[9], x[13]);
    quarter_four_blocks(x[2], x[6], x[10], x[14]);
    quarter_four_blocks(x[3], x[7], x[11], x[15]);
    quarter_four_blocks(x[0], x[5], x[10], x[15]);
    quarter_four_blocks(x[1], x[6], x[11], x[12]);
    quarter_four_blocks(x[2], x[7], x[8], x[13]);
    quarter_four_blocks(x[3], x[4], x[9], x[14]);
    mac.between_rounds(r);
  }
}

inline void double_rounds_four_blocks(v128_t x[16]) {
  NoMac none;
  double_rounds_four_blocks(x, none);
}

// Four blocks of keystream XORed into 256 bytes (in == nullptr: the keystream itself). Stores go in increasing
// address order, each after the loads it overwrites (out <= in is allowed).
// The keystream stays in wasm locals (registers), never in linear memory, so
// there is nothing to erase here; erasing would force it onto the stack.
// With a MAC, it reads all 256 bytes of `in` during the rounds, before the stores.
template <class Mac>
void xor_four_blocks(std::uint8_t* out, const std::uint8_t* in, const std::uint32_t s[16], Mac& mac) {
  v128_t init[16], x[16];
  for (int i = 0; i < 16; i++) init[i] = wasm_i32x4_splat(static_cast<int>(s[i]));
  init[12] = wasm_i32x4_add(init[12], wasm_i32x4_make(0, 1, 2, 3));
  for (int i = 0; i < 16; i++) x[i] = init[i];
  double_rounds_four_blocks(x, mac);
  v128_t blocks[4][4];  // [block][group of four words]
  for (int g = 0; g < 4; g++) {
    v128_t a = wasm_i32x4_add(x[4 * g], init[4 * g]);
    v128_t b = wasm_i32x4_add(x[4 * g + 1], init[4 * g + 1]);
    v128_t c = wasm_i32x4_add(x[4 * g + 2], init[4 * g + 2]);
    v128_t d = wasm_i32x4_add(x[4 * g + 3], init[4 * g + 3]);
    v128_t ab_lo = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5);
    v128_t cd_lo = wasm_i32x4_shuffle(c, d, 0, 4, 1, 5);
    v128_t ab_hi = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);
    v128_t cd_hi = wasm_i32x4_shuffle(c, d, 2, 6, 3, 7);
    blocks[0][g] = wasm_i32x4_shuffle(ab_lo, cd_lo, 0, 1, 4, 5);
    blocks[1][g] = wasm_i32x4_shuffle(ab_lo, cd_lo, 2, 3, 6, 7);
    blocks[2][g] = wasm_i32x4_shuffle(ab_hi, cd_hi, 0, 1, 4, 5);
    blocks[3][g] = wasm_i32x4_shuffle(ab_hi, cd_hi, 2, 3, 6, 7);
  }
  for (int blk = 0; blk < 4; blk++) {
    for (int g = 0; g < 4; g++) {
      const int at = 64 * blk + 16 * g;
      wasm_v128_store(out + at, in ? wasm_v128_xor(wasm_v128_load(in + at), blocks[blk][g]) : blocks[blk][g]);
    }
  }
}

void xor_four_blocks(std::uint8_t* out, const std::uint8_t* in, const std::uint32_t s[16]) {
  NoMac none;
  xor_four_blocks(out, in, s, none);
}

// The last len < 256 bytes of a stream from counter s[12] (and, with a MAC,
// its whole blocks absorbed): two or three blocks take one four-block pass,
// which beats two or three scalar ones; one block a scalar block.
template <class Mac>
void xor_last_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t len, const std::uint32_t s[16], Mac& mac) {
  if (len > 64) {
    std::uint8_t stream[256];
    xor_four_blocks(stream, nullptr, s, mac);
    for (std::size_t i = 0; i < len; i++) out[i] = in[i] ^ stream[i];
    secure_erase(stream, sizeof stream);
  } else if (len > 0) {
    mac.absorb_all();
    std::uint8_t block[64];
    chacha20_block(block, s);
    for (std::size_t i = 0; i < len; i++) out[i] = in[i] ^ block[i];
    secure_erase(block, sizeof block);
  }
}

}  // namespace

void chacha20_xor_absorbing(std::uint8_t* out, const std::uint8_t* in, std::size_t len, std::uint32_t state[16],
                            std::uint32_t h[5], const std::uint32_t r[5]) {
  // Accumulator and key in locals for the whole run (as poly1305_blocks_one_lane): through the
  // pointers every store could alias the message and force reloads.
  std::uint32_t acc[5] = {h[0], h[1], h[2], h[3], h[4]};
  const std::uint32_t key[5] = {r[0], r[1], r[2], r[3], r[4]};
  for (; len >= 256; len -= 256, in += 256, out += 256, state[12] += 4) {
    AbsorbPass mac{acc, key, in};
    xor_four_blocks(out, in, state, mac);
  }
  AbsorbTail tail{acc, key, in, len / 16};
  xor_last_blocks(out, in, len, state, tail);
  state[12] += static_cast<std::uint32_t>((len + 63) / 64);
  for (int i = 0; i < 5; i++) h[i] = acc[i];
}

void chacha20_xor(std::uint8_t* out, const std::uint8_t* in, std::size_t len, const std::uint32_t state[16]) {
  std::uint32_t s[16];
  for (int i = 0; i < 16; i++) s[i] = state[i];
  while (len >= 256) {
    xor_four_blocks(out, in, s);
    s[12] += 4;
    out += 256;
    in += 256;
    len -= 256;
  }
  NoMac none;
  xor_last_blocks(out, in, len, s, none);
  secure_erase(s, sizeof s);
}

void chacha20_keystream4(std::uint8_t out[256], const std::uint32_t state[16]) { xor_four_blocks(out, nullptr, state); }

// Lanes 0 and 1 carry the two inputs (lanes 2 and 3 repeat them): one pass for both subkeys.
void hchacha20_x2(std::uint8_t out[64], const std::uint8_t key[32], const std::uint8_t in_a[16],
                  const std::uint8_t in_b[16]) {
  static constexpr std::uint32_t kSigma[4] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  v128_t x[16];
  for (int i = 0; i < 4; i++) x[i] = wasm_i32x4_splat(static_cast<int>(kSigma[i]));
  for (int i = 0; i < 8; i++) x[4 + i] = wasm_i32x4_splat(static_cast<int>(load32_le(key + 4 * i)));
  for (int i = 0; i < 4; i++) {
    const int a = static_cast<int>(load32_le(in_a + 4 * i)), b = static_cast<int>(load32_le(in_b + 4 * i));
    x[12 + i] = wasm_i32x4_make(a, b, a, b);
  }
  double_rounds_four_blocks(x);
  for (int i = 0; i < 4; i++) {
    store32_le(out + 4 * i, static_cast<std::uint32_t>(wasm_i32x4_extract_lane(x[i], 0)));
    store32_le(out + 16 + 4 * i, static_cast<std::uint32_t>(wasm_i32x4_extract_lane(x[12 + i], 0)));
    store32_le(out + 32 + 4 * i, static_cast<std::uint32_t>(wasm_i32x4_extract_lane(x[i], 1)));
    store32_le(out + 48 + 4 * i, static_cast<std::uint32_t>(wasm_i32x4_extract_lane(x[12 + i], 1)));
  }
}

}  // namespace memento::notes
