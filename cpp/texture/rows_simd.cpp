// SIMD row kernels (wasm_simd128.h; natively through SIMDe): four pixels a
// vector, 16 bytes a store.
#include <cstring>

#include "common/simd.h"
#include "texture/rows.h"
#include "texture/shade.h"
#include "texture/texture.h"
#include "texture/vault.h"

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
                int32_t* sum, int32_t* diff, uint8_t* out) {
  for (uint32_t i = 0; i < size + 2; i += 4) {
    const v128_t a = wasm_v128_load(above + i), m = wasm_v128_load(middle + i), b = wasm_v128_load(below + i);
    wasm_v128_store(sum + i, wasm_i32x4_add(wasm_i32x4_add(a, wasm_i32x4_shl(m, 1)), b));
    wasm_v128_store(diff + i, wasm_i32x4_sub(b, a));
  }
  const v128_t vz = wasm_f32x4_splat(z), vzz = wasm_f32x4_splat(zz);
  uint32_t x = 0;
  for (; x + 4 <= size; x += 4) {
    const v128_t gx = wasm_i32x4_sub(wasm_v128_load(sum + x), wasm_v128_load(sum + x + 2));
    const v128_t gy =
        wasm_i32x4_add(wasm_i32x4_add(wasm_v128_load(diff + x), wasm_i32x4_shl(wasm_v128_load(diff + x + 1), 1)),
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

namespace {

v128_t splat(int32_t v) { return wasm_i32x4_splat(v); }
v128_t clamp255(v128_t c) { return wasm_i32x4_min(wasm_i32x4_max(c, splat(0)), splat(255)); }
// (a * b) >> s, the spec's products (all below 2^31).
v128_t mul_shr(v128_t a, v128_t b, int s) { return wasm_i32x4_shr(wasm_i32x4_mul(a, b), s); }

}  // namespace

// shade_stone four pixels at a time: both the mortar and the stone values are
// computed and the lanes with inside <= 0 take the mortar's (a select, no branch).
void shade_stone_row(const int32_t* const* values, int32_t dy, const int32_t* du, const uint32_t* hash, uint32_t size,
                     int32_t* height, const Maps* out) {
  const v128_t vdy = splat(dy), alpha = splat(static_cast<int32_t>(0xff000000u)), grey = splat(0x010101);
  uint32_t x = 0;
  for (; x + 4 <= size; x += 4) {
    const v128_t wear = wasm_v128_load(values[0] + x), n1 = wasm_v128_load(values[1] + x);
    const v128_t n2 = wasm_v128_load(values[2] + x), n3 = wasm_v128_load(values[3] + x);
    const v128_t n4 = wasm_v128_load(values[4] + x), ridge = wasm_v128_load(values[5] + x);
    const v128_t streak = wasm_v128_load(values[6] + x), h = wasm_v128_load(hash + x);
    const v128_t n3c = wasm_i32x4_sub(n3, splat(32768));
    const v128_t wobble = wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_sub(n2, splat(32768)), wasm_i32x4_shr(n3c, 1)), 7);
    const v128_t inside =
        wasm_i32x4_sub(wasm_i32x4_add(wasm_i32x4_min(wasm_v128_load(du + x), vdy), wobble), splat(420));
    const v128_t dirt = wasm_i32x4_shr(wasm_i32x4_max(splat(0), wasm_i32x4_sub(streak, splat(40000))), 9);
    const v128_t dirt_half = wasm_i32x4_shr(dirt, 1), dirt_3_4 = mul_shr(dirt, splat(3), 2);

    // Mortar.
    const v128_t grain = wasm_i32x4_add(wasm_i32x4_shr(n4, 11), wasm_i32x4_shr(n3, 12));
    const v128_t mortar_h = wasm_i32x4_add(splat(6000), wasm_i32x4_add(wasm_i32x4_shr(n4, 5), wasm_i32x4_shr(n3, 6)));
    const v128_t mortar_r = wasm_i32x4_sub(wasm_i32x4_add(splat(128), grain), dirt_half);
    const v128_t mortar_g = wasm_i32x4_sub(wasm_i32x4_add(splat(122), grain), dirt_3_4);
    const v128_t mortar_b = wasm_i32x4_sub(wasm_i32x4_add(splat(110), grain), dirt);
    const v128_t mortar_rough = wasm_i32x4_add(splat(235), wasm_i32x4_shr(n4, 12));
    const v128_t mortar_ao = wasm_i32x4_sub(wasm_i32x4_add(splat(110), wasm_i32x4_shr(n3, 10)), dirt_half);

    // Stone.
    const v128_t fbm = wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_shl(n1, 3), wasm_i32x4_shl(n2, 2)),
                                                     wasm_i32x4_add(wasm_i32x4_shl(n3, 1), n4)),
                                      4);
    const v128_t p = wasm_i32x4_shl(wasm_i32x4_min(inside, splat(1024)), 2);
    const v128_t bevel = mul_shr(p, wasm_i32x4_sub(splat(8192), p), 12);
    const v128_t lift = wasm_v128_and(wasm_u32x4_shr(h, 20), splat(0xfff));
    const v128_t worn = wasm_i32x4_shr(wasm_i32x4_max(splat(0), wasm_i32x4_sub(wear, splat(40000))), 3);
    const v128_t top = wasm_i32x4_sub(
        wasm_i32x4_add(wasm_i32x4_add(splat(20000), lift), wasm_i32x4_shr(wasm_i32x4_sub(fbm, splat(30720)), 2)), worn);
    const v128_t ridge_distance =
        wasm_i32x4_abs(wasm_i32x4_sub(wasm_i32x4_add(ridge, wasm_i32x4_shr(n3c, 2)), splat(32768)));
    const v128_t mask =
        wasm_i32x4_min(splat(256), wasm_i32x4_max(splat(0), wasm_i32x4_shr(wasm_i32x4_sub(n1, splat(33000)), 5)));
    const v128_t crack = mul_shr(wasm_i32x4_max(splat(0), wasm_i32x4_sub(splat(700), ridge_distance)), mask, 8);
    const v128_t tone = wasm_v128_and(h, splat(63)), warm = wasm_v128_and(wasm_u32x4_shr(h, 6), splat(31));
    const v128_t light = wasm_i32x4_sub(wasm_i32x4_add(splat(196), wasm_i32x4_shr(fbm, 10)), wasm_i32x4_shr(worn, 6));
    const v128_t r = mul_shr(wasm_i32x4_add(splat(112), wasm_i32x4_add(tone, wasm_i32x4_shr(warm, 1))), light, 8);
    const v128_t g = mul_shr(wasm_i32x4_add(splat(106), wasm_i32x4_add(tone, wasm_i32x4_shr(warm, 2))), light, 8);
    const v128_t b = mul_shr(wasm_i32x4_sub(wasm_i32x4_add(splat(100), tone), wasm_i32x4_shr(warm, 2)), light, 8);
    const v128_t stone_h =
        wasm_i32x4_sub(wasm_i32x4_add(splat(8000), mul_shr(wasm_i32x4_sub(top, splat(8000)), bevel, 12)),
                       wasm_i32x4_mul(crack, splat(12)));
    const v128_t stone_r = clamp255(wasm_i32x4_sub(wasm_i32x4_sub(r, dirt_half), mul_shr(r, crack, 10)));
    const v128_t stone_g = clamp255(wasm_i32x4_sub(wasm_i32x4_sub(g, dirt_3_4), mul_shr(g, crack, 10)));
    const v128_t stone_b = clamp255(wasm_i32x4_sub(wasm_i32x4_sub(b, dirt), mul_shr(b, crack, 10)));
    const v128_t stone_rough =
        clamp255(wasm_i32x4_add(wasm_i32x4_add(splat(196), wasm_i32x4_shr(n4, 12)),
                                wasm_i32x4_add(wasm_i32x4_shr(crack, 4), wasm_i32x4_shr(worn, 8))));
    const v128_t stone_ao = clamp255(wasm_i32x4_sub(
        wasm_i32x4_sub(wasm_i32x4_add(splat(150), mul_shr(bevel, splat(105), 12)), wasm_i32x4_shr(crack, 2)),
        dirt_half));

    const v128_t is_stone = wasm_i32x4_gt(inside, splat(0));
    wasm_v128_store(height + x, wasm_v128_bitselect(stone_h, mortar_h, is_stone));
    if (out == nullptr) continue;
    const v128_t red = wasm_v128_bitselect(stone_r, mortar_r, is_stone);
    const v128_t green = wasm_v128_bitselect(stone_g, mortar_g, is_stone);
    const v128_t blue = wasm_v128_bitselect(stone_b, mortar_b, is_stone);
    const v128_t rough = wasm_v128_bitselect(stone_rough, mortar_rough, is_stone);
    const v128_t ao = wasm_v128_bitselect(stone_ao, mortar_ao, is_stone);
    // Metalness is 0: orm is ao | rough << 8 | alpha.
    wasm_v128_store(out->albedo + 4 * x, wasm_v128_or(wasm_v128_or(red, wasm_i32x4_shl(green, 8)),
                                                      wasm_v128_or(wasm_i32x4_shl(blue, 16), alpha)));
    wasm_v128_store(out->roughness + 4 * x, wasm_v128_or(wasm_i32x4_mul(rough, grey), alpha));
    wasm_v128_store(out->ao + 4 * x, wasm_v128_or(wasm_i32x4_mul(ao, grey), alpha));
    wasm_v128_store(out->orm + 4 * x, wasm_v128_or(wasm_v128_or(ao, wasm_i32x4_shl(rough, 8)), alpha));
  }
  shade_stone_pixels(values, dy, du, hash, x, size, height, out);
}

namespace {

// The vault zones by radius, as shade_vault tests them (0 knob .. 5 plate).
enum VaultZone : int32_t { knob = 0, dial = 1, door = 2, groove = 3, rim = 4, plate = 5 };

// A vector of vault pixels before grime and clamping; metalness is 255 in every zone shaded here.
struct VaultLanes {
  v128_t h, red, green, blue, rough, ao;
};

v128_t shoulder(v128_t p) { return mul_shr(p, wasm_i32x4_sub(splat(8192), p), 12); }

// Plate, rim, groove or door (every lane in `zone`), as shade_vault's branches.
VaultLanes vault_zone(int32_t zone, v128_t r, const v128_t* n, v128_t grime) {
  const v128_t grain = wasm_i32x4_sub(n[4], splat(32768));
  const v128_t grime_4 = wasm_i32x4_shr(grime, 2);
  if (zone == plate) {
    const v128_t brush = wasm_i32x4_sub(n[0], splat(32768)), tint = wasm_i32x4_shr(brush, 11);
    const v128_t shade = wasm_i32x4_shr(wasm_i32x4_max(splat(0), wasm_i32x4_sub(splat(600 + kRimOuter), r)), 3);
    return {wasm_i32x4_add(splat(9000), wasm_i32x4_add(wasm_i32x4_shr(brush, 7), wasm_i32x4_shr(grain, 8))),
            wasm_i32x4_add(splat(78), tint),
            wasm_i32x4_add(splat(82), tint),
            wasm_i32x4_add(splat(88), tint),
            wasm_i32x4_add(splat(150), wasm_i32x4_add(wasm_i32x4_shr(brush, 10), grime_4)),
            wasm_i32x4_sub(splat(255), shade)};
  }
  if (zone == rim) {
    const v128_t from_edge = wasm_i32x4_min(wasm_i32x4_sub(r, splat(kRimInner)), wasm_i32x4_sub(splat(kRimOuter), r));
    const v128_t s = shoulder(wasm_i32x4_mul(wasm_i32x4_min(from_edge, splat(682)), splat(6)));
    const v128_t tint = wasm_i32x4_shr(grain, 12);
    return {wasm_i32x4_add(splat(9000), wasm_i32x4_add(wasm_i32x4_mul(s, splat(3)), wasm_i32x4_shr(grain, 9))),
            wasm_i32x4_add(splat(150), tint),
            wasm_i32x4_add(splat(153), tint),
            wasm_i32x4_add(splat(158), tint),
            wasm_i32x4_add(splat(70), wasm_i32x4_add(wasm_i32x4_shr(grain, 11), grime_4)),
            wasm_i32x4_add(splat(200), mul_shr(s, splat(55), 12))};
  }
  if (zone == groove) return {splat(5000), splat(26), splat(27), splat(29), splat(220), splat(60)};
  const v128_t brush = wasm_i32x4_sub(n[1], splat(32768)), tint = wasm_i32x4_shr(brush, 11);
  const v128_t s = shoulder(wasm_i32x4_mul(wasm_i32x4_min(wasm_i32x4_sub(splat(kDoorEdge), r), splat(682)), splat(6)));
  // The step ring: 120 - |r - step| where positive (zero changes nothing, as the spec's `if`).
  const v128_t ring =
      wasm_i32x4_max(splat(0), wasm_i32x4_sub(splat(120), wasm_i32x4_abs(wasm_i32x4_sub(r, splat(kStep)))));
  const v128_t h = wasm_i32x4_add(splat(5000), wasm_i32x4_add(mul_shr(s, splat(12000), 12), wasm_i32x4_shr(brush, 7)));
  const v128_t ao = wasm_i32x4_add(splat(170), mul_shr(s, splat(85), 12));
  return {wasm_i32x4_sub(h, wasm_i32x4_mul(ring, splat(20))),
          wasm_i32x4_add(splat(118), tint),
          wasm_i32x4_add(splat(122), tint),
          wasm_i32x4_add(splat(128), tint),
          wasm_i32x4_add(splat(105), wasm_i32x4_add(wasm_i32x4_shr(brush, 10), grime_4)),
          wasm_i32x4_sub(ao, wasm_i32x4_shr(ring, 1))};
}

}  // namespace

// shade_vault four pixels at a time where all four lie in one of the plain
// zones (plate, rim, groove, door) and outside the row's detail spans; the
// rest (zone borders, dial and knob, bolts, hinges, rivets, the tail) goes
// through the shared scalar shade_vault, so the bytes stay the spec's.
void shade_vault_row(const int32_t* const* values, const int32_t* column, int32_t d, uint32_t size, int32_t* height,
                     const Maps* out) {
  VaultSpan spans[kMaxVaultSpans];
  const int span_count = vault_detail_spans(d, spans);
  const v128_t dd = splat(d * d), alpha = splat(static_cast<int32_t>(0xff000000u)), grey = splat(0x010101);
  const v128_t metal = splat(255 << 16);
  uint32_t x = 0;
  for (; x + 4 <= size; x += 4) {
    // Columns rise with x, so lanes 0 and 3 bound the vector's columns.
    const int32_t c_first = column[x], c_last = column[x + 3];
    bool detail = false;
    for (int i = 0; i < span_count; ++i) detail |= c_first <= spans[i].hi && c_last >= spans[i].lo;
    if (detail) {
      shade_vault_pixels(values, column, d, x, x + 4, height, out);
      continue;
    }
    const v128_t c = wasm_v128_load(column + x);
    // trunc(sqrt_f32(f32(c^2 + d^2))): correctly rounded conversion and sqrt, as the spec's radius().
    const v128_t r =
        wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_sqrt(wasm_f32x4_convert_i32x4(wasm_i32x4_add(wasm_i32x4_mul(c, c), dd))));
    // The zone is how many of the bounds r reaches (each true compare is -1).
    const v128_t zones = wasm_i32x4_add(
        wasm_i32x4_add(wasm_i32x4_ge(r, splat(kKnob)), wasm_i32x4_ge(r, splat(kDial))),
        wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_ge(r, splat(kDoorEdge)), wasm_i32x4_ge(r, splat(kRimInner))),
                       wasm_i32x4_ge(r, splat(kRimOuter))));
    const int32_t zone = -wasm_i32x4_extract_lane(zones, 0);
    if (zone <= dial || !wasm_i32x4_all_true(wasm_i32x4_eq(zones, splat(-zone)))) {
      shade_vault_pixels(values, column, d, x, x + 4, height, out);
      continue;
    }
    v128_t n[kVaultLayers];
    for (int k = 0; k < kVaultLayers; ++k) n[k] = wasm_v128_load(values[k] + x);
    const v128_t grime = wasm_i32x4_shr(
        wasm_i32x4_max(
            splat(0),
            wasm_i32x4_sub(wasm_i32x4_add(n[2], wasm_i32x4_shr(wasm_i32x4_sub(n[3], splat(32768)), 1)), splat(38000))),
        8);
    const VaultLanes p = vault_zone(zone, r, n, grime);
    wasm_v128_store(height + x, p.h);
    if (out == nullptr) continue;
    const v128_t grime_4 = wasm_i32x4_shr(grime, 2);
    const v128_t red = clamp255(wasm_i32x4_sub(p.red, grime_4));
    const v128_t green = clamp255(wasm_i32x4_sub(p.green, grime_4));
    const v128_t blue = clamp255(wasm_i32x4_sub(p.blue, grime_4));
    const v128_t rough = clamp255(p.rough), ao = clamp255(p.ao);
    wasm_v128_store(out->albedo + 4 * x, wasm_v128_or(wasm_v128_or(red, wasm_i32x4_shl(green, 8)),
                                                      wasm_v128_or(wasm_i32x4_shl(blue, 16), alpha)));
    wasm_v128_store(out->roughness + 4 * x, wasm_v128_or(wasm_i32x4_mul(rough, grey), alpha));
    wasm_v128_store(out->ao + 4 * x, wasm_v128_or(wasm_i32x4_mul(ao, grey), alpha));
    wasm_v128_store(out->orm + 4 * x,
                    wasm_v128_or(wasm_v128_or(ao, wasm_i32x4_shl(rough, 8)), wasm_v128_or(metal, alpha)));
  }
  shade_vault_pixels(values, column, d, x, size, height, out);
}

const char* kernel_variant() { return "simd"; }

}  // namespace memento::texture
