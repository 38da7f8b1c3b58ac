// SIMD row kernels (wasm_simd128.h; natively through SIMDe): four pixels a
// vector, 16 bytes a store.
#include <cstring>

#include "common/simd.h"
#include "texture/rows.h"
#include "texture/shade.h"
#include "texture/texture.h"

namespace memento::texture {

void noise_row(const int32_t* run_start, int32_t cells, const int32_t* row, const int32_t* weight, int32_t* out) {
  // A run stores whole vectors from its first pixel; the spill past its end is
  // overwritten by the next run (or lands in the row's 3 spare words).
  for (int32_t c = 0; c < cells; ++c) {
    int32_t x = run_start[c];
    const int32_t end = run_start[c + 1];
    if (x >= end) continue;
    const v128_t a = wasm_i32x4_splat(row[c]), d = wasm_i32x4_splat(row[c + 1] - row[c]);
    for (; x < end; x += 4) {
      const v128_t w = wasm_v128_load(weight + x);
      wasm_v128_store(out + x, wasm_i32x4_add(a, wasm_i32x4_shr(wasm_i32x4_mul(d, w), 12)));
    }
  }
}

namespace {

// trunc(g * m + 128) as the byte of each lane.
v128_t channel(v128_t g, v128_t m) {
  return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_add(wasm_f32x4_mul(g, m), wasm_f32x4_splat(128.0f)));
}

}  // namespace

void normal_row(const int32_t* above, const int32_t* middle, const int32_t* below, uint32_t size, float z,
                float zz, int32_t* sum, int32_t* diff, uint8_t* out) {
  for (uint32_t i = 0; i < size + 2; i += 4) {
    const v128_t a = wasm_v128_load(above + i), m = wasm_v128_load(middle + i), b = wasm_v128_load(below + i);
    wasm_v128_store(sum + i, wasm_i32x4_add(wasm_i32x4_add(a, wasm_i32x4_shl(m, 1)), b));
    wasm_v128_store(diff + i, wasm_i32x4_sub(b, a));
  }
  const v128_t vz = wasm_f32x4_splat(z), vzz = wasm_f32x4_splat(zz);
  uint32_t x = 0;
  for (; x + 4 <= size; x += 4) {
    const v128_t gx = wasm_i32x4_sub(wasm_v128_load(sum + x), wasm_v128_load(sum + x + 2));
    const v128_t gy = wasm_i32x4_add(wasm_i32x4_add(wasm_v128_load(diff + x), wasm_i32x4_shl(wasm_v128_load(diff + x + 1), 1)),
                                     wasm_v128_load(diff + x + 2));
    const v128_t fx = wasm_f32x4_convert_i32x4(gx), fy = wasm_f32x4_convert_i32x4(gy);
    // ((fx * fx) + (fy * fy)) + zz, then 127.5 / sqrt: the spec's order.
    const v128_t q = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(fx, fx), wasm_f32x4_mul(fy, fy)), vzz);
    const v128_t m = wasm_f32x4_div(wasm_f32x4_splat(127.5f), wasm_f32x4_sqrt(q));
    const v128_t word = wasm_v128_or(
        wasm_v128_or(channel(fx, m), wasm_i32x4_shl(channel(fy, m), 8)),
        wasm_v128_or(wasm_i32x4_shl(channel(vz, m), 16), wasm_i32x4_splat(static_cast<int32_t>(0xff000000u))));
    wasm_v128_store(out + 4 * x, word);
  }
  for (; x < size; ++x) {
    const uint32_t word = normal_word(sum[x] - sum[x + 2], diff[x] + 2 * diff[x + 1] + diff[x + 2], z, zz);
    std::memcpy(out + 4 * x, &word, 4);
  }
}

const char* kernel_variant() { return "simd"; }

}  // namespace memento::texture
