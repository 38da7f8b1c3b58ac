// The texture kernel: (kind, size, seed) -> five RGBA8 maps, band by band,
// byte for byte the maps of worker/texture-spec.js. The caller owns all
// memory: a state buffer of state_size() bytes that prepare() fills with the
// tables, and the five map buffers of each band. Nothing here allocates.
#pragma once
#include <cstddef>
#include <cstdint>

#include "texture/status.h"

namespace memento::texture {

enum Kind : int32_t { stone_wall = 0, vault_face = 1 };
constexpr uint32_t kMaxSize = 4096;

// The band's maps: each (y1 - y0) * size * 4 bytes, row y0 first.
struct Maps {
  uint8_t* albedo;
  uint8_t* normal;
  uint8_t* roughness;
  uint8_t* ao;
  uint8_t* orm;
};

Status validate(int32_t kind, uint32_t size);
// Bytes of state for (kind, size); 0 when they are invalid.
std::size_t state_size(int32_t kind, uint32_t size);
// Fills the state's tables (column tables, stone layout); the state must be
// at least state_size() bytes and 16-byte aligned.
Status prepare(void* state, std::size_t capacity, int32_t kind, uint32_t size, uint32_t seed);
// Rows y0..y1-1. Bands may come in any order; each computes the height rows
// next to it that its normals need, except that a band starting where the
// last one rendered ended takes them, and its first row's shading, from the
// state (top-down bands shade every row once, however short they are).
Status render_band(void* state, uint32_t y0, uint32_t y1, const Maps& maps);

// "simd" or "scalar": which row kernels this build carries.
const char* kernel_variant();

}  // namespace memento::texture
