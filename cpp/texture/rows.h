// The row kernels with a scalar and a SIMD implementation (rows_scalar.cpp,
// rows_simd.cpp); texture.cpp drives them.
#pragma once
#include <cstdint>

namespace memento::texture {

// One noise layer along a row: for each cell c, pixels run_start[c] ..
// run_start[c + 1] - 1 get row[c] + (((row[c + 1] - row[c]) * weight[x]) >> 12).
// weight and out have 3 readable/writable words past the row.
void noise_row(const int32_t* run_start, int32_t cells, const int32_t* row, const int32_t* weight, int32_t* out);

// Normals of the middle row from three height rows laid out [h(size-1),
// h(0..size-1), h(0)] (Sobel sums shared between neighbouring columns, kept in
// sum and diff), as RGBA words into out. Arrays have 3 spare words.
void normal_row(const int32_t* above, const int32_t* middle, const int32_t* below, uint32_t size, float z,
                float zz, int32_t* sum, int32_t* diff, uint8_t* out);

}  // namespace memento::texture
