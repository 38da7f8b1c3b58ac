// The row kernels with a scalar and a SIMD implementation (rows_scalar.cpp,
// rows_simd.cpp); texture.cpp drives them.
#pragma once
#include <cstdint>
#include <cstring>

#include "texture/shade.h"
#include "texture/texture.h"

namespace memento::texture {

// One noise layer along a row: for each cell c, pixels run_start[c] ..
// run_start[c + 1] - 1 get row[c] + (((row[c + 1] - row[c]) * weight[x]) >> 12).
// weight and out have 3 readable/writable words past the row.
void noise_row(const int32_t* run_start, int32_t cells, const int32_t* row, const int32_t* weight, int32_t* out);

// Normals of the middle row from three height rows laid out [h(size-1),
// h(0..size-1), h(0)] (Sobel sums shared between neighbouring columns: kept in
// sum and diff by the scalar build, in registers by the SIMD build), as RGBA
// words into out. Arrays have 3 spare words.
void normal_row(const int32_t* above, const int32_t* middle, const int32_t* below, uint32_t size, float z, float zz,
                int32_t* sum, int32_t* diff, uint8_t* out);

// One stone-wall row: values[k] the layers' rows, dy the row's distance to its
// bed joint, du and hash the course's column tables. Heights go to height[x]
// (the caller's padded row + 1), words to the four non-normal maps when out is set.
void shade_stone_row(const int32_t* const* values, int32_t dy, const int32_t* du, const uint32_t* hash, uint32_t size,
                     int32_t* height, const Maps* out);

// One vault-face row: values[k] the layers' rows, column the centred column
// coordinates, d the row's. Heights and words as shade_stone_row.
void shade_vault_row(const int32_t* const* values, const int32_t* column, int32_t d, uint32_t size, int32_t* height,
                     const Maps* out);

// Pixel x's words into the four non-normal maps (one 32-bit store each).
inline void store_pixel(const Pixel& p, const Maps& out, uint32_t x) {
  const auto store = [x](uint8_t* map, uint32_t word) { std::memcpy(map + 4 * x, &word, 4); };
  const auto rough = static_cast<uint32_t>(p.rough), ao = static_cast<uint32_t>(p.ao);
  store(out.albedo, static_cast<uint32_t>(p.r | p.g << 8 | p.b << 16) | 0xff000000u);
  store(out.roughness, rough * 0x010101u | 0xff000000u);
  store(out.ao, ao * 0x010101u | 0xff000000u);
  store(out.orm, ao | rough << 8 | static_cast<uint32_t>(p.metal) << 16 | 0xff000000u);
}

// Scalar stone pixels from..size-1 (the whole row in the scalar build, the tail in SIMD).
inline void shade_stone_pixels(const int32_t* const* values, int32_t dy, const int32_t* du, const uint32_t* hash,
                               uint32_t from, uint32_t size, int32_t* height, const Maps* out) {
  int32_t n[kStoneLayers];
  for (uint32_t x = from; x < size; ++x) {
    for (int k = 0; k < kStoneLayers; ++k) n[k] = values[k][x];
    const Pixel p = shade_stone(n, dy, du[x], hash[x]);
    height[x] = p.h;
    if (out != nullptr) store_pixel(p, *out, x);
  }
}

// Scalar vault pixels from..to-1 (the whole row in the scalar build; the SIMD
// build's detail spans, zone borders and tail).
inline void shade_vault_pixels(const int32_t* const* values, const int32_t* column, int32_t d, uint32_t from,
                               uint32_t to, int32_t* height, const Maps* out) {
  int32_t n[kVaultLayers];
  for (uint32_t x = from; x < to; ++x) {
    for (int k = 0; k < kVaultLayers; ++k) n[k] = values[k][x];
    const Pixel p = shade_vault(n, column[x], d);
    height[x] = p.h;
    if (out != nullptr) store_pixel(p, *out, x);
  }
}

}  // namespace memento::texture
