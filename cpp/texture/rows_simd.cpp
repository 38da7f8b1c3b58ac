// SIMD row kernels (wasm_simd128.h; natively through SIMDe): four pixels a
// vector, 16 bytes a store. The vault face's row is in vault_simd.cpp.
#include <cstring>

#include "common/simd.h"
#include "texture/rows.h"
#include "texture/shade.h"
#include "texture/lanes_simd.h"
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

void normal_row(const int32_t* above, const int32_t* middle, const int32_t* below, uint32_t size, float z, float zz,
                int32_t* /*sum*/, int32_t* /*diff*/, uint8_t* out) {
  // One walk: the Sobel column sums and differences of four columns a vector,
  // the next vector's made before they are needed (the rows' padding and spare
  // words cover it), the shifted neighbours taken by a two-vector shuffle.
  const auto sums = [&](uint32_t i, v128_t& sum, v128_t& diff) {
    const v128_t a = wasm_v128_load(above + i), m = wasm_v128_load(middle + i), b = wasm_v128_load(below + i);
    sum = wasm_i32x4_add(wasm_i32x4_add(a, wasm_i32x4_shl(m, 1)), b);
    diff = wasm_i32x4_sub(b, a);
  };
  const v128_t vz = wasm_f32x4_splat(z), vzz = wasm_f32x4_splat(zz);
  v128_t sum0, diff0;
  sums(0, sum0, diff0);
  uint32_t x = 0;
  for (; x + 4 <= size; x += 4) {
    v128_t sum1, diff1;
    sums(x + 4, sum1, diff1);
    const v128_t gx = wasm_i32x4_sub(sum0, wasm_i32x4_shuffle(sum0, sum1, 2, 3, 4, 5));
    const v128_t gy =
        wasm_i32x4_add(wasm_i32x4_add(diff0, wasm_i32x4_shl(wasm_i32x4_shuffle(diff0, diff1, 1, 2, 3, 4), 1)),
                       wasm_i32x4_shuffle(diff0, diff1, 2, 3, 4, 5));
    const v128_t fx = wasm_f32x4_convert_i32x4(gx), fy = wasm_f32x4_convert_i32x4(gy);
    // ((fx * fx) + (fy * fy)) + zz, then 127.5 / sqrt: the spec's order.
    const v128_t q = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(fx, fx), wasm_f32x4_mul(fy, fy)), vzz);
    const v128_t m = wasm_f32x4_div(wasm_f32x4_splat(127.5f), wasm_f32x4_sqrt(q));
    const v128_t word = wasm_v128_or(
        wasm_v128_or(channel(fx, m), wasm_i32x4_shl(channel(fy, m), 8)),
        wasm_v128_or(wasm_i32x4_shl(channel(vz, m), 16), wasm_i32x4_splat(static_cast<int32_t>(0xff000000u))));
    wasm_v128_store(out + 4 * x, word);
    sum0 = sum1;
    diff0 = diff1;
  }
  const auto sum = [&](uint32_t i) { return above[i] + 2 * middle[i] + below[i]; };
  const auto diff = [&](uint32_t i) { return below[i] - above[i]; };
  for (; x < size; ++x) {
    const uint32_t word = normal_word(sum(x) - sum(x + 2), diff(x) + 2 * diff(x + 1) + diff(x + 2), z, zz);
    std::memcpy(out + 4 * x, &word, 4);
  }
}

using lanes::mul_shr;
using lanes::select;
using lanes::splat;

namespace {

// A vector of stone-wall pixels before the clamp (metalness is 0 on the whole wall).
struct StoneLanes {
  v128_t h, red, green, blue, rough, ao;
};

// What both the mortar and the stone read: the pixel's noise values and
// stone hash, its dirt, and how far inside its stone it is (> 0: stone).
struct StonePixels {
  v128_t wear, n1, n2, n3, n4, ridge, hash, n3c, inside, dirt, dirt_half, dirt_3_4;
};

StoneLanes mortar_lanes(const StonePixels& px) {
  const v128_t grain = wasm_i32x4_add(wasm_i32x4_shr(px.n4, 11), wasm_i32x4_shr(px.n3, 12));
  return {wasm_i32x4_add(splat(6000), wasm_i32x4_add(wasm_i32x4_shr(px.n4, 5), wasm_i32x4_shr(px.n3, 6))),
          wasm_i32x4_sub(wasm_i32x4_add(splat(128), grain), px.dirt_half),
          wasm_i32x4_sub(wasm_i32x4_add(splat(122), grain), px.dirt_3_4),
          wasm_i32x4_sub(wasm_i32x4_add(splat(110), grain), px.dirt),
          wasm_i32x4_add(splat(235), wasm_i32x4_shr(px.n4, 12)),
          wasm_i32x4_sub(wasm_i32x4_add(splat(110), wasm_i32x4_shr(px.n3, 10)), px.dirt_half)};
}

StoneLanes stone_lanes(const StonePixels& px) {
  const v128_t fbm = wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_shl(px.n1, 3), wasm_i32x4_shl(px.n2, 2)),
                                                   wasm_i32x4_add(wasm_i32x4_shl(px.n3, 1), px.n4)),
                                    4);
  const v128_t p = wasm_i32x4_shl(wasm_i32x4_min(px.inside, splat(1024)), 2);
  const v128_t bevel = mul_shr(p, wasm_i32x4_sub(splat(8192), p), 12);
  const v128_t lift = wasm_v128_and(wasm_u32x4_shr(px.hash, 20), splat(0xfff));
  const v128_t worn = wasm_i32x4_shr(wasm_i32x4_max(splat(0), wasm_i32x4_sub(px.wear, splat(40000))), 3);
  const v128_t top = wasm_i32x4_sub(
      wasm_i32x4_add(wasm_i32x4_add(splat(20000), lift), wasm_i32x4_shr(wasm_i32x4_sub(fbm, splat(30720)), 2)), worn);
  const v128_t ridge_distance =
      wasm_i32x4_abs(wasm_i32x4_sub(wasm_i32x4_add(px.ridge, wasm_i32x4_shr(px.n3c, 2)), splat(32768)));
  const v128_t tone = wasm_v128_and(px.hash, splat(63)), warm = wasm_v128_and(wasm_u32x4_shr(px.hash, 6), splat(31));
  const v128_t light = wasm_i32x4_sub(wasm_i32x4_add(splat(196), wasm_i32x4_shr(fbm, 10)), wasm_i32x4_shr(worn, 6));
  const v128_t r = mul_shr(wasm_i32x4_add(splat(112), wasm_i32x4_add(tone, wasm_i32x4_shr(warm, 1))), light, 8);
  const v128_t g = mul_shr(wasm_i32x4_add(splat(106), wasm_i32x4_add(tone, wasm_i32x4_shr(warm, 2))), light, 8);
  const v128_t b = mul_shr(wasm_i32x4_sub(wasm_i32x4_add(splat(100), tone), wasm_i32x4_shr(warm, 2)), light, 8);
  const v128_t h = wasm_i32x4_add(splat(8000), mul_shr(wasm_i32x4_sub(top, splat(8000)), bevel, 12));
  const v128_t rough = wasm_i32x4_add(wasm_i32x4_add(splat(196), wasm_i32x4_shr(px.n4, 12)), wasm_i32x4_shr(worn, 8));
  const v128_t ao = wasm_i32x4_sub(wasm_i32x4_add(splat(150), mul_shr(bevel, splat(105), 12)), px.dirt_half);
  // Cracks lie within 700 of the ridge noise's middle: where no lane is, crack is 0 and every term in it vanishes
  // (most of the stone's vectors: the ridge noise is rarely that close to its middle).
  if (!wasm_v128_any_true(wasm_i32x4_lt(ridge_distance, splat(700)))) {
    return {h, wasm_i32x4_sub(r, px.dirt_half), wasm_i32x4_sub(g, px.dirt_3_4), wasm_i32x4_sub(b, px.dirt), rough, ao};
  }
  const v128_t mask =
      wasm_i32x4_min(splat(256), wasm_i32x4_max(splat(0), wasm_i32x4_shr(wasm_i32x4_sub(px.n1, splat(33000)), 5)));
  const v128_t crack = mul_shr(wasm_i32x4_max(splat(0), wasm_i32x4_sub(splat(700), ridge_distance)), mask, 8);
  // crack * 12 as shifts (no multiply); the spec's sums in another order (exact integer adds).
  const v128_t crack_12 = wasm_i32x4_add(wasm_i32x4_shl(crack, 3), wasm_i32x4_shl(crack, 2));
  return {wasm_i32x4_sub(h, crack_12),
          wasm_i32x4_sub(wasm_i32x4_sub(r, px.dirt_half), mul_shr(r, crack, 10)),
          wasm_i32x4_sub(wasm_i32x4_sub(g, px.dirt_3_4), mul_shr(g, crack, 10)),
          wasm_i32x4_sub(wasm_i32x4_sub(b, px.dirt), mul_shr(b, crack, 10)),
          wasm_i32x4_add(rough, wasm_i32x4_shr(crack, 4)),
          wasm_i32x4_sub(ao, wasm_i32x4_shr(crack, 2))};
}

}  // namespace

// shade_stone four pixels at a time. Most vectors lie wholly on a stone or
// wholly in the mortar and compute only that; a vector across a stone's edge
// computes both and each lane takes the mortar's where inside <= 0.
void shade_stone_row(const int32_t* const* values, int32_t dy, const int32_t* du, const uint32_t* hash, uint32_t size,
                     int32_t* height, const Maps* out) {
  const v128_t vdy = splat(dy);
  uint32_t x = 0;
  for (; x + 4 <= size; x += 4) {
    StonePixels px;
    px.wear = wasm_v128_load(values[0] + x);
    px.n1 = wasm_v128_load(values[1] + x);
    px.n2 = wasm_v128_load(values[2] + x);
    px.n3 = wasm_v128_load(values[3] + x);
    px.n4 = wasm_v128_load(values[4] + x);
    px.ridge = wasm_v128_load(values[5] + x);
    px.hash = wasm_v128_load(hash + x);
    px.n3c = wasm_i32x4_sub(px.n3, splat(32768));
    const v128_t wobble =
        wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_sub(px.n2, splat(32768)), wasm_i32x4_shr(px.n3c, 1)), 7);
    px.inside = wasm_i32x4_sub(wasm_i32x4_add(wasm_i32x4_min(wasm_v128_load(du + x), vdy), wobble), splat(420));
    const v128_t streak = wasm_v128_load(values[6] + x);
    px.dirt = wasm_i32x4_shr(wasm_i32x4_max(splat(0), wasm_i32x4_sub(streak, splat(40000))), 9);
    px.dirt_half = wasm_i32x4_shr(px.dirt, 1);
    // dirt * 3 >> 2 as a shift and an add (no multiply).
    px.dirt_3_4 = wasm_i32x4_shr(wasm_i32x4_add(px.dirt, wasm_i32x4_shl(px.dirt, 1)), 2);

    const v128_t is_stone = wasm_i32x4_gt(px.inside, splat(0));
    StoneLanes p;
    if (wasm_i32x4_all_true(is_stone)) {
      p = stone_lanes(px);
    } else if (!wasm_v128_any_true(is_stone)) {
      p = mortar_lanes(px);
    } else {
      const StoneLanes stone = stone_lanes(px), mortar = mortar_lanes(px);
      p = {select(is_stone, stone.h, mortar.h),         select(is_stone, stone.red, mortar.red),
           select(is_stone, stone.green, mortar.green), select(is_stone, stone.blue, mortar.blue),
           select(is_stone, stone.rough, mortar.rough), select(is_stone, stone.ao, mortar.ao)};
    }
    wasm_v128_store(height + x, p.h);
    if (out == nullptr) continue;
    // store_pixels4 clamps each to 0..255: the spec's clamp255 on the stone (the mortar's lie inside it).
    lanes::store_pixels4(*out, x, p.red, p.green, p.blue, p.rough, p.ao, splat(0));
  }
  shade_stone_pixels(values, dy, du, hash, x, size, height, out);
}

const char* kernel_variant() { return "simd"; }

}  // namespace memento::texture
