// The permutation P of Argon2's G on 64-bit words (RFC 9106 section 3.6): the
// plain statement of the algorithm, used by fill_block_scalar.cpp, and by
// fill_block_simd.cpp where scalar i64 code is faster (see NOTES.md).
#pragma once
#include <cstdint>

namespace memento::argon2::scalar {

inline std::uint64_t rotr64(std::uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

// BlaMka: BLAKE2b's addition plus 2 * lo32(a) * lo32(b), which makes the
// function harder to speed up with custom hardware.
inline std::uint64_t blamka(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t product = (a & 0xffffffffULL) * (b & 0xffffffffULL);
  return a + b + 2 * product;
}

inline void g_mix(std::uint64_t& a, std::uint64_t& b, std::uint64_t& c, std::uint64_t& d) {
  a = blamka(a, b);
  d = rotr64(d ^ a, 32);
  c = blamka(c, d);
  b = rotr64(b ^ c, 24);
  a = blamka(a, b);
  d = rotr64(d ^ a, 16);
  c = blamka(c, d);
  b = rotr64(b ^ c, 63);
}

// The two halves of P on 16 words: four G down the columns of the 4x4 matrix,
// then four along its diagonals. always_inline: when LLVM keeps them as calls,
// w lives in linear memory instead of wasm locals and the hash gets 25-35 %
// slower in V8 (NOTES.md).
[[gnu::always_inline]] inline void column_step(std::uint64_t* w) {
  g_mix(w[0], w[4], w[8], w[12]);
  g_mix(w[1], w[5], w[9], w[13]);
  g_mix(w[2], w[6], w[10], w[14]);
  g_mix(w[3], w[7], w[11], w[15]);
}

[[gnu::always_inline]] inline void diagonal_step(std::uint64_t* w) {
  g_mix(w[0], w[5], w[10], w[15]);
  g_mix(w[1], w[6], w[11], w[12]);
  g_mix(w[2], w[7], w[8], w[13]);
  g_mix(w[3], w[4], w[9], w[14]);
}

// P on 16 words taken as 8 registers of two words; registers are kStride words
// apart (2 along a row, 16 down a column). A template so that every index is a
// compile-time constant and the words live in locals.
template <unsigned kStride>
inline void permute(std::uint64_t* base) {
  std::uint64_t w[16];
  for (unsigned j = 0; j < 16; ++j) w[j] = base[(j / 2) * kStride + (j % 2)];
  column_step(w);
  diagonal_step(w);
  for (unsigned j = 0; j < 16; ++j) base[(j / 2) * kStride + (j % 2)] = w[j];
}

}  // namespace memento::argon2::scalar
