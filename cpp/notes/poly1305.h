// Poly1305 (RFC 8439) in radix 2^26: five 26-bit limbs, so every product fits a
// 64-bit multiply, which wasm has and 128-bit arithmetic it has not.
// Incremental (init / update / final) because the AEAD feeds it the associated
// data in two pieces, padding, the ciphertext and the lengths.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::notes {

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

// Internals shared by the scalar and two-lane block functions.
inline constexpr std::uint32_t kLimbMask = 0x3ffffff;
// h = (h + block) * r for each 16-byte block; hibit = 1 << 24 for full blocks, 0 for the padded last one.
void poly1305_blocks_one_lane(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks,
                              std::uint32_t hibit);
// h = h * r mod 2^130 - 5, partially carried (limbs < 2^26 + small).
void poly1305_multiply(std::uint32_t h[5], const std::uint32_t r[5]);
// Full blocks only: the variant's fast path (two lanes in the SIMD build).
void poly1305_blocks(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks);

}  // namespace memento::notes
