// Scalar G: the shipping fallback for engines without wasm SIMD, and the plain
// statement of the algorithm that fill_block_simd.cpp must match.
#include "argon2/fill_block.h"

namespace memento::argon2 {
namespace {

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

// The permutation P on 16 words taken as 8 registers of two words; registers
// are kStride words apart (2 along a row, 16 down a column). A template so that
// every index is a compile-time constant and the words live in locals.
template <unsigned kStride>
inline void permute(std::uint64_t* base) {
  std::uint64_t w[16];
  for (unsigned j = 0; j < 16; ++j) w[j] = base[(j / 2) * kStride + (j % 2)];
  g_mix(w[0], w[4], w[8], w[12]);
  g_mix(w[1], w[5], w[9], w[13]);
  g_mix(w[2], w[6], w[10], w[14]);
  g_mix(w[3], w[7], w[11], w[15]);
  g_mix(w[0], w[5], w[10], w[15]);
  g_mix(w[1], w[6], w[11], w[12]);
  g_mix(w[2], w[7], w[8], w[13]);
  g_mix(w[3], w[4], w[9], w[14]);
  for (unsigned j = 0; j < 16; ++j) base[(j / 2) * kStride + (j % 2)] = w[j];
}

}  // namespace

void fill_block(const Block& prev, const Block& ref, Block& next, bool with_xor) {
  Block r;
  Block keep;  // X ^ Y (and the old block in later passes), XORed back at the end
  for (unsigned i = 0; i < kBlockWords; ++i) {
    r.v[i] = prev.v[i] ^ ref.v[i];
    keep.v[i] = with_xor ? r.v[i] ^ next.v[i] : r.v[i];
  }
  // Register k holds words 2k and 2k+1. Row i is registers 8i..8i+7;
  // column i is registers i, i+8, ..., i+56.
  for (unsigned i = 0; i < 8; ++i) permute<2>(&r.v[16 * i]);
  for (unsigned i = 0; i < 8; ++i) permute<16>(&r.v[2 * i]);
  for (unsigned i = 0; i < kBlockWords; ++i) next.v[i] = keep.v[i] ^ r.v[i];
}

}  // namespace memento::argon2
