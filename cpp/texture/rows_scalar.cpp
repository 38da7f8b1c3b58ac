// Scalar row kernels: the same loops as rows_simd.cpp, one pixel at a time.
#include <cstring>

#include "texture/rows.h"
#include "texture/shade.h"
#include "texture/texture.h"

namespace memento::texture {

void noise_row(const int32_t* run_start, int32_t cells, const int32_t* row, const int32_t* weight, int32_t* out) {
  for (int32_t c = 0; c < cells; ++c) {
    const int32_t a = row[c], d = row[c + 1] - a;
    for (int32_t x = run_start[c], end = run_start[c + 1]; x < end; ++x) out[x] = a + ((d * weight[x]) >> 12);
  }
}

void normal_row(const int32_t* above, const int32_t* middle, const int32_t* below, uint32_t size, float z, float zz,
                int32_t* sum, int32_t* diff, uint8_t* out) {
  for (uint32_t i = 0; i < size + 2; ++i) {
    sum[i] = above[i] + 2 * middle[i] + below[i];
    diff[i] = below[i] - above[i];
  }
  for (uint32_t x = 0; x < size; ++x) {
    const uint32_t word = normal_word(sum[x] - sum[x + 2], diff[x] + 2 * diff[x + 1] + diff[x + 2], z, zz);
    std::memcpy(out + 4 * x, &word, 4);
  }
}

void shade_stone_row(const int32_t* const* values, int32_t dy, const int32_t* du, const uint32_t* hash, uint32_t size,
                     int32_t* height, const Maps* out) {
  shade_stone_pixels(values, dy, du, hash, 0, size, height, out);
}

void shade_vault_row(const int32_t* const* values, const int32_t* column, int32_t d, uint32_t size, int32_t* height,
                     const Maps* out) {
  shade_vault_pixels(values, column, d, 0, size, height, out);
}

const char* kernel_variant() { return "scalar"; }

}  // namespace memento::texture
