// Argon2's compression function G (RFC 9106 section 3.5), the hot loop: about
// all of the time of a hash is spent here. Two implementations of the same
// declaration: fill_block_scalar.cpp (the wasm fallback build) and
// fill_block_simd.cpp (the -msimd128 build); the build links exactly one.
#pragma once
#include <cstdint>

namespace memento::argon2 {

inline constexpr unsigned kBlockWords = 128;  // 1 KiB block as 64-bit little-endian words

struct Block {
  std::uint64_t v[kBlockWords];
};

// Loads one word of each 64-byte line of a block, before any work on it. The
// reference block is a random one of the whole memory and rarely cached; these
// 16 independent loads put all its cache misses in flight at once, where the
// XOR loop that follows would reach only a few lines ahead before the reorder
// buffer fills (wasm has no prefetch instruction). +13-20 % for the scalar
// build, a few % for SIMD, at m = 256 MiB (NOTES.md). The empty asm keeps the
// loads; wasm engines keep loads, which may trap.
inline void touch_cache_lines(const Block& block) {
  std::uint64_t sum = 0;
  for (unsigned i = 0; i < kBlockWords; i += 8) sum ^= block.v[i];
  __asm__ __volatile__("" : : "r"(sum));
}

// next = G(prev, ref), or next ^= G(prev, ref) when with_xor (passes after the
// first, Argon2 1.3). G(X, Y) = P(X ^ Y) ^ X ^ Y with P applied to the 8 rows and
// then the 8 columns of 16-byte registers. next may not alias prev or ref.
void fill_block(const Block& prev, const Block& ref, Block& next, bool with_xor);

}  // namespace memento::argon2
