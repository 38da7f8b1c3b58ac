// The integer noise of worker/texture-spec.js: a lattice hash (murmur3's
// finaliser), a 12-bit smoothstep and 16-bit texture positions. uint32
// arithmetic wraps exactly as JS Math.imul and >>> 0 do.
#pragma once
#include <cstdint>

namespace memento::texture {

constexpr uint32_t fmix(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

// The k-th number of the stream s.
constexpr uint32_t pick(uint32_t s, uint32_t k) { return fmix(s + k * 0x9e3779b9u); }

constexpr uint32_t layer_seed(uint32_t seed, uint32_t id) { return pick(seed, 0x100 + id); }

// 16-bit value at lattice point (i, j).
constexpr int32_t lattice(uint32_t layer, uint32_t i, uint32_t j) {
  return static_cast<int32_t>(fmix(layer + i * 0x27d4eb2du + j * 0x165667b1u) >> 16);
}

// 3f^2 - 2f^3 on a 12-bit fraction.
constexpr int32_t smooth(int32_t f) { return (((f * f) >> 12) * (12288 - 2 * f)) >> 12; }

// Pixel index -> 16-bit texture position.
constexpr int32_t coord(uint32_t i, uint32_t size) { return static_cast<int32_t>((i << 16) / size); }

// The weight of position p on a lattice of 2^l cells.
constexpr int32_t cell_weight(int32_t p, int l) { return smooth(((p << l) & 0xffff) >> 4); }

}  // namespace memento::texture
