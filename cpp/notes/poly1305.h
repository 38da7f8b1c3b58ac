// Poly1305 (RFC 8439) in radix 2^26: five 26-bit limbs, so every product fits a
// 64-bit multiply, which wasm has and 128-bit arithmetic it has not.
// Incremental (init / update / final) because the AEAD feeds it the associated
// data in two pieces, padding, the ciphertext and the lengths.
#pragma once
#include <cstddef>
#include <cstdint>

#include "notes/bytes.h"

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

// Internals shared by the scalar and two-lane block functions, and by the
// SIMD stream that absorbs ciphertext between its rounds (chacha20_simd.cpp).
inline constexpr std::uint32_t kLimbMask = 0x3ffffff;

// One carry pass: each limb's bits above 26 go to the next, the top limb's
// times 5 to limb 0 (2^130 = 5 mod p). For the ends of a message, not its
// blocks: poly1305_multiply carries its 64-bit products straight into h.
template <typename Limb>
inline void carry_limbs(Limb h[5]) {
  for (int i = 0; i < 4; i++) {
    const Limb c = h[i] >> 26;
    h[i] &= kLimbMask;
    h[i + 1] += c;
  }
  const Limb c = h[4] >> 26;
  h[4] &= kLimbMask;
  h[0] += c * 5;
}

// h = h * r mod 2^130 - 5, partially carried (limbs < 2^26 + small).
inline void poly1305_multiply(std::uint32_t h[5], const std::uint32_t r[5]) {
  // d[k] = the sum over i of h[i] r[k - i]; where k - i falls below 0, the
  // limb r[k - i + 5] times 5 (2^130 = 5 mod p: limbs past the top wrap around times 5).
  // Constant bounds: the compiler unrolls both loops.
  std::uint64_t d[5];
  for (int k = 0; k < 5; k++) {
    d[k] = 0;
    for (int i = 0; i < 5; i++) d[k] += std::uint64_t{h[i]} * (i <= k ? r[k - i] : r[k - i + 5] * std::uint64_t{5});
  }
  for (int k = 0; k < 4; k++) {
    h[k] = static_cast<std::uint32_t>(d[k]) & kLimbMask;
    d[k + 1] += d[k] >> 26;
  }
  h[4] = static_cast<std::uint32_t>(d[4]) & kLimbMask;
  const std::uint64_t c = d[4] >> 26;
  std::uint64_t t = h[0] + c * 5;
  h[0] = static_cast<std::uint32_t>(t) & kLimbMask;
  h[1] += static_cast<std::uint32_t>(t >> 26);
}

// h = (h + block) * r for one 16-byte block; hibit = 1 << 24 for a full block, 0 for the padded last one.
inline void poly1305_absorb(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::uint32_t hibit) {
  h[0] += load32_le(m) & kLimbMask;
  h[1] += (load32_le(m + 3) >> 2) & kLimbMask;
  h[2] += (load32_le(m + 6) >> 4) & kLimbMask;
  h[3] += (load32_le(m + 9) >> 6) & kLimbMask;
  h[4] += (load32_le(m + 12) >> 8) | hibit;
  poly1305_multiply(h, r);
}

// poly1305_absorb for each of nblocks blocks.
void poly1305_blocks_one_lane(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks,
                              std::uint32_t hibit);
// Full blocks only: the variant's fast path (two lanes in the SIMD build).
void poly1305_blocks(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks);

}  // namespace memento::notes
