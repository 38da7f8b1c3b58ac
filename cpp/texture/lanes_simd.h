// Helpers of the SIMD row kernels (rows_simd.cpp, vault_simd.cpp): the spec's
// integer steps on four lanes, and the store of four pixels' words into the
// four non-normal maps.
#pragma once
#include <cstdint>

#include "common/simd.h"
#include "texture/texture.h"

namespace memento::texture::lanes {

inline v128_t splat(int32_t v) { return wasm_i32x4_splat(v); }
// (a * b) >> s, the spec's products (all below 2^31).
inline v128_t mul_shr(v128_t a, v128_t b, int s) { return wasm_i32x4_shr(wasm_i32x4_mul(a, b), s); }
// A rounded shoulder p(2 - p) on 0..4096, as shade.cpp's.
inline v128_t shoulder(v128_t p) { return mul_shr(p, wasm_i32x4_sub(splat(8192), p), 12); }
// yes where mask, otherwise no.
inline v128_t select(v128_t mask, v128_t yes, v128_t no) { return wasm_v128_bitselect(yes, no, mask); }

// Four pixels' words into the four non-normal maps at pixel x; the values are
// the spec's before its clamp255. Packed with byte operations instead of
// shifts, ors and multiplies: two saturating narrows (i32 -> i16 -> u8) put
// each value's byte in one vector, clamped to 0..255 on the way (their
// composition is clamp255), and each map's 16 bytes are one byte shuffle.
inline void store_pixels4(const Maps& out, uint32_t x, v128_t red, v128_t green, v128_t blue, v128_t rough, v128_t ao,
                          v128_t metal) {
  const v128_t opaque = wasm_i32x4_splat(255);
  // [r0..r3 g0..g3 b0..b3 255 x4] and [rough0..3 ao0..3 metal0..3 255 x4].
  const v128_t colour =
      wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(red, green), wasm_i16x8_narrow_i32x4(blue, opaque));
  const v128_t surface =
      wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(rough, ao), wasm_i16x8_narrow_i32x4(metal, opaque));
  wasm_v128_store(out.albedo + 4 * x,
                  wasm_i8x16_shuffle(colour, colour, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
  wasm_v128_store(out.roughness + 4 * x,
                  wasm_i8x16_shuffle(surface, surface, 0, 0, 0, 12, 1, 1, 1, 13, 2, 2, 2, 14, 3, 3, 3, 15));
  wasm_v128_store(out.ao + 4 * x,
                  wasm_i8x16_shuffle(surface, surface, 4, 4, 4, 12, 5, 5, 5, 13, 6, 6, 6, 14, 7, 7, 7, 15));
  // orm: (ao, rough, metal, 255).
  wasm_v128_store(out.orm + 4 * x,
                  wasm_i8x16_shuffle(surface, surface, 4, 0, 8, 12, 5, 1, 9, 13, 6, 2, 10, 14, 7, 3, 11, 15));
}

}  // namespace memento::texture::lanes
