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

// next = G(prev, ref), or next ^= G(prev, ref) when with_xor (passes after the
// first, Argon2 1.3). G(X, Y) = P(X ^ Y) ^ X ^ Y with P applied to the 8 rows and
// then the 8 columns of 16-byte registers. next may not alias prev or ref.
void fill_block(const Block& prev, const Block& ref, Block& next, bool with_xor);

}  // namespace memento::argon2
