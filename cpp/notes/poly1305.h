// Poly1305 (RFC 8439) with every product in a 64-bit multiply, which wasm has
// and 128-bit arithmetic it has not: in radix 2^26 (five 26-bit limbs), 25
// multiplies a block, or with MEMENTO_NOTES_POLY_RADIX32=1 in radix 2^32 (four
// 32-bit limbs and a small fifth; clamping keeps r's limbs below 2^28, so a sum
// of five products stays below 2^63), 20.
// Incremental (init / update / final) because the AEAD feeds it the associated
// data in two pieces, padding, the ciphertext and the lengths.
#pragma once
#include <cstddef>
#include <cstdint>

// 1: radix 2^32 (slower in V8, NOTES.md). 0 (the default): radix 2^26; the lane
// paths of the SIMD build are written in it and need it.
// test_notes_simd_radix32 (tests/cpp/notes.cmake) builds and tests the value 1.
#ifndef MEMENTO_NOTES_POLY_RADIX32
#define MEMENTO_NOTES_POLY_RADIX32 0
#endif

namespace memento::notes {

// In radix 2^32, r[0..3] are the clamped key words (r[4] unused) and h[4] holds the bits from 2^128 up.
struct Poly1305 {
  std::uint32_t r[5];
  std::uint32_t h[5];
  std::uint32_t pad[4];
  std::uint8_t buf[16];
  std::size_t buflen;
};

void poly1305_init(Poly1305& st, const std::uint8_t key[32]);
void poly1305_update(Poly1305& st, const std::uint8_t* m, std::size_t len);
// Writes the tag and erases the state.
void poly1305_final(Poly1305& st, std::uint8_t tag[16]);
void poly1305(std::uint8_t tag[16], const std::uint8_t* m, std::size_t len, const std::uint8_t key[32]);

// Radix 2^32: h = (h + block + padbit 2^128) * r for each 16-byte block, partially reduced (h[4] < 8).
void poly1305_blocks_radix32(std::uint32_t h[5], const std::uint32_t r[4], const std::uint8_t* m, std::size_t nblocks,
                             std::uint32_t padbit);

// Internals (radix 2^26) shared by the scalar and two-lane block functions.
inline constexpr std::uint32_t kLimbMask = 0x3ffffff;
// h = (h + block) * r for each 16-byte block; hibit = 1 << 24 for full blocks, 0 for the padded last one.
void poly1305_blocks_one_lane(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks,
                              std::uint32_t hibit);
// h = h * r mod 2^130 - 5, partially carried (limbs < 2^26 + small).
void poly1305_multiply(std::uint32_t h[5], const std::uint32_t r[5]);
// Full blocks only: the variant's fast path (two lanes in the SIMD build).
void poly1305_blocks(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks);

}  // namespace memento::notes
