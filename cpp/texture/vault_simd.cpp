// The vault face's row, four pixels a vector everywhere (SIMD builds): each
// radius zone's look on whole vectors, selected per lane where a vector
// crosses a zone border; the dial's ticks by an angle on four lanes, its
// numerals by the row's ink column ranges; then the bolts, hinges and rivets
// the row crosses, painted over the lanes they cover, in shade_vault's order.
// Only the row's last size % 4 pixels go through the shared scalar shade_vault.
#include <initializer_list>

#include "common/simd.h"
#include "texture/lanes_simd.h"
#include "texture/rows.h"
#include "texture/shade.h"
#include "texture/texture.h"
#include "texture/vault.h"

namespace memento::texture {

namespace {

using lanes::mul_shr;
using lanes::select;
using lanes::shoulder;
using lanes::splat;

// The zones by radius, as shade_vault tests them.
enum VaultZone : int32_t { knob = 0, dial = 1, door = 2, groove = 3, rim = 4, plate = 5 };

// A vector of vault pixels before grime and clamping.
struct VaultLanes {
  v128_t h, red, green, blue, rough, ao, metal;
};

void select_lanes(v128_t mask, const VaultLanes& yes, VaultLanes& p) {
  p.h = select(mask, yes.h, p.h);
  p.red = select(mask, yes.red, p.red);
  p.green = select(mask, yes.green, p.green);
  p.blue = select(mask, yes.blue, p.blue);
  p.rough = select(mask, yes.rough, p.rough);
  p.ao = select(mask, yes.ao, p.ao);
  p.metal = select(mask, yes.metal, p.metal);
}

// What a row shares: its d and the numerals' ink in it.
struct VaultRowFacts {
  int32_t d;
  v128_t dd;
  VaultSpan ink[kMaxInkSpans];
  int ink_count;
};

// A vector's pixels: columns, squared radius, radius, noise values, grain.
struct VaultPixels {
  v128_t c, r2, r, n[kVaultLayers], grain;
  int32_t c_first, c_last;
};

// The dial's tick coordinate on four lanes, as shade.cpp's dial_angle. The
// row's sign of up = -d picks the two quadrants a row can hold; the octant's
// t = small * 4096 / large is a float32 division: small * 4096 < 2^24 and
// large < 4096 are exact, and the quotient (< 4096, half an ulp under 2^-12)
// cannot round across an integer, since a non-integer quotient lies at least
// 1 / large > 2^-12 below the next one: trunc gives the integer division.
// Lanes off the dial ring get values nobody reads (t clamped, no overflow).
v128_t dial_angle_lanes(int32_t d, v128_t c) {
  const int32_t up = -d;
  const v128_t neg_c = wasm_i32x4_neg(c), v_up = splat(up), v_down = splat(-up);
  const v128_t right = up > 0 ? wasm_i32x4_ge(c, splat(0)) : wasm_i32x4_gt(c, splat(0));
  // Right of the vertical: quadrant 0 (up > 0) or 1; left: quadrant 3 (up >= 0) or 2.
  const v128_t along = select(right, up > 0 ? v_up : c, up >= 0 ? neg_c : v_down);
  const v128_t across = select(right, up > 0 ? c : v_down, up >= 0 ? v_up : neg_c);
  const v128_t quadrant = select(right, splat(up > 0 ? 0 : 102400), splat(up >= 0 ? 3 * 102400 : 2 * 102400));
  const v128_t small = wasm_i32x4_min(across, along), large = wasm_i32x4_max(across, along);
  const v128_t quotient =
      wasm_f32x4_div(wasm_f32x4_convert_i32x4(wasm_i32x4_shl(small, 12)), wasm_f32x4_convert_i32x4(large));
  const v128_t t = wasm_i32x4_min(wasm_i32x4_trunc_sat_f32x4(quotient), splat(4096));
  const v128_t w = mul_shr(t, wasm_i32x4_sub(splat(4096), t), 12);
  const v128_t curve =
      mul_shr(mul_shr(w, wasm_i32x4_add(splat(1002), mul_shr(t, splat(272), 12)), 12), splat(65190), 12);
  const v128_t octant = wasm_i32x4_add(mul_shr(t, splat(51200), 12), curve);
  return wasm_i32x4_add(quadrant, select(wasm_i32x4_le(across, along), octant, wasm_i32x4_sub(splat(102400), octant)));
}

// The dial ring (kKnob <= r < kDial): dark face, ticks and numerals in light paint.
VaultLanes dial_lanes(const VaultRowFacts& row, const VaultPixels& px) {
  const v128_t s = shoulder(wasm_i32x4_mul(wasm_i32x4_min(wasm_i32x4_sub(splat(kDial), px.r), splat(341)), splat(12)));
  const v128_t tint = wasm_i32x4_shr(px.grain, 13);
  const v128_t h =
      wasm_i32x4_add(splat(17000), wasm_i32x4_add(mul_shr(s, splat(2500), 12), wasm_i32x4_shr(px.grain, 10)));
  const v128_t angle = dial_angle_lanes(row.d, px.c);
  const v128_t tick = wasm_i32x4_shr(wasm_i32x4_add(angle, splat(2048)), 12);
  const v128_t off = wasm_i32x4_abs(wasm_i32x4_sub(angle, wasm_i32x4_shl(tick, 12)));
  // tick % 10 == 0 for tick in 0..100: tick / 10 is (tick * 6554) >> 16 there.
  const v128_t major = wasm_i32x4_eq(tick, wasm_i32x4_mul(mul_shr(tick, splat(6554), 16), splat(10)));
  const v128_t on_tick =
      wasm_v128_and(wasm_v128_and(wasm_i32x4_lt(px.r, splat(kTickOuter)),
                                  wasm_i32x4_ge(px.r, select(major, splat(kTickMajor), splat(kTickMinor)))),
                    wasm_i32x4_lt(off, select(major, splat(700), splat(400))));
  v128_t on_numeral = wasm_i32x4_splat(0);
  for (int i = 0; i < row.ink_count; ++i) {
    const VaultSpan& ink = row.ink[i];
    if (ink.lo > px.c_last || ink.hi < px.c_first) continue;
    on_numeral =
        wasm_v128_or(on_numeral, wasm_v128_and(wasm_i32x4_ge(px.c, splat(ink.lo)), wasm_i32x4_le(px.c, splat(ink.hi))));
  }
  const v128_t paint = wasm_v128_or(on_tick, on_numeral);
  return {select(paint, wasm_i32x4_add(h, select(on_tick, splat(-500), splat(300))), h),
          select(paint, splat(228), wasm_i32x4_add(splat(34), tint)),
          select(paint, splat(224), wasm_i32x4_add(splat(35), tint)),
          select(paint, splat(212), wasm_i32x4_add(splat(38), tint)),
          select(paint, splat(200), splat(175)),
          select(paint, select(on_tick, splat(210), splat(245)), splat(235)),
          splat(0)};
}

// Zone `zone` on every lane, as shade_vault's branches.
VaultLanes zone_lanes(int32_t zone, const VaultRowFacts& row, const VaultPixels& px, v128_t grime_4) {
  const v128_t r = px.r, grain = px.grain, metal = splat(255);
  if (zone == plate) {
    const v128_t brush = wasm_i32x4_sub(px.n[0], splat(32768)), tint = wasm_i32x4_shr(brush, 11);
    const v128_t shade = wasm_i32x4_shr(wasm_i32x4_max(splat(0), wasm_i32x4_sub(splat(600 + kRimOuter), r)), 3);
    return {wasm_i32x4_add(splat(9000), wasm_i32x4_add(wasm_i32x4_shr(brush, 7), wasm_i32x4_shr(grain, 8))),
            wasm_i32x4_add(splat(78), tint),
            wasm_i32x4_add(splat(82), tint),
            wasm_i32x4_add(splat(88), tint),
            wasm_i32x4_add(splat(150), wasm_i32x4_add(wasm_i32x4_shr(brush, 10), grime_4)),
            wasm_i32x4_sub(splat(255), shade),
            metal};
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
            wasm_i32x4_add(splat(200), mul_shr(s, splat(55), 12)),
            metal};
  }
  if (zone == groove) return {splat(5000), splat(26), splat(27), splat(29), splat(220), splat(60), metal};
  if (zone == door) {
    const v128_t brush = wasm_i32x4_sub(px.n[1], splat(32768)), tint = wasm_i32x4_shr(brush, 11);
    const v128_t s =
        shoulder(wasm_i32x4_mul(wasm_i32x4_min(wasm_i32x4_sub(splat(kDoorEdge), r), splat(682)), splat(6)));
    // The step ring: 120 - |r - step| where positive (zero changes nothing, as the spec's `if`).
    const v128_t ring =
        wasm_i32x4_max(splat(0), wasm_i32x4_sub(splat(120), wasm_i32x4_abs(wasm_i32x4_sub(r, splat(kStep)))));
    const v128_t h =
        wasm_i32x4_add(splat(5000), wasm_i32x4_add(mul_shr(s, splat(12000), 12), wasm_i32x4_shr(brush, 7)));
    const v128_t ao = wasm_i32x4_add(splat(170), mul_shr(s, splat(85), 12));
    return {wasm_i32x4_sub(h, wasm_i32x4_mul(ring, splat(20))),
            wasm_i32x4_add(splat(118), tint),
            wasm_i32x4_add(splat(122), tint),
            wasm_i32x4_add(splat(128), tint),
            wasm_i32x4_add(splat(105), wasm_i32x4_add(wasm_i32x4_shr(brush, 10), grime_4)),
            wasm_i32x4_sub(ao, wasm_i32x4_shr(ring, 1)),
            metal};
  }
  if (zone == dial) return dial_lanes(row, px);
  const v128_t tint = wasm_i32x4_shr(grain, 13);
  return {wasm_i32x4_add(splat(20000), wasm_i32x4_shr(wasm_i32x4_sub(splat(kKnob * kKnob), px.r2), 8)),
          wasm_i32x4_add(splat(185), tint),
          wasm_i32x4_add(splat(186), tint),
          wasm_i32x4_add(splat(190), tint),
          splat(45),
          splat(255),
          metal};
}

// A bolt (on the rim lanes) or a rivet (on the plate lanes) over the lanes it covers.
void paint_stud(const VaultOverlay& stud, const VaultPixels& px, v128_t zones, VaultLanes& p) {
  const bool bolt = stud.kind == OverlayKind::bolt;
  const int32_t radius = bolt ? kBolt : kRivet;
  const v128_t dc = wasm_i32x4_sub(px.c, splat(stud.centre));
  const v128_t q = wasm_i32x4_sub(splat(radius * radius - stud.dd), wasm_i32x4_mul(dc, dc));
  const v128_t mask = wasm_v128_and(wasm_i32x4_eq(zones, splat(bolt ? -rim : -plate)), wasm_i32x4_gt(q, splat(0)));
  if (!wasm_v128_any_true(mask)) return;
  const v128_t tint = wasm_i32x4_shr(px.grain, 12);
  const VaultLanes stud_lanes =
      bolt ? VaultLanes{wasm_i32x4_add(splat(21288), wasm_i32x4_shr(q, 6)),
                        wasm_i32x4_add(splat(176), tint),
                        wasm_i32x4_add(splat(138), tint),
                        wasm_i32x4_add(splat(70), wasm_i32x4_shr(px.grain, 13)),
                        splat(80),
                        wasm_i32x4_min(splat(255), wasm_i32x4_add(splat(150), wasm_i32x4_shr(q, 10))),
                        splat(255)}
           : VaultLanes{wasm_i32x4_add(splat(12000), wasm_i32x4_shr(q, 5)),
                        wasm_i32x4_add(splat(110), tint),
                        wasm_i32x4_add(splat(112), tint),
                        wasm_i32x4_add(splat(118), tint),
                        splat(100),
                        wasm_i32x4_min(splat(255), wasm_i32x4_add(splat(150), wasm_i32x4_shr(q, 9))),
                        splat(255)};
  select_lanes(mask, stud_lanes, p);
}

// A hinge barrel over the lanes in its columns (the row is one of its rows).
void paint_hinge(int32_t d, const VaultPixels& px, VaultLanes& p) {
  const v128_t mask = wasm_v128_and(wasm_i32x4_ge(px.c, splat(kHingeLeft)), wasm_i32x4_lt(px.c, splat(kHingeRight)));
  if (!wasm_v128_any_true(mask)) return;
  // Clamped into the barrel, so that lanes off it compute no overflowing products.
  const v128_t across = wasm_i32x4_sub(wasm_i32x4_min(wasm_i32x4_max(px.c, splat(kHingeLeft)), splat(kHingeRight - 1)),
                                       splat(kHingeLeft));
  const v128_t at = mul_shr(across, splat(2276), 10);
  const v128_t barrel = mul_shr(at, wasm_i32x4_sub(splat(4096), at), 10);
  const int32_t far = d < 0 ? -d : d;
  const int32_t end = far - kHingeNear < kHingeFar - far ? far - kHingeNear : kHingeFar - far;
  const int32_t knuckle_distance = far - ((kHingeNear + kHingeFar) >> 1);
  const bool knuckle = (knuckle_distance < 0 ? -knuckle_distance : knuckle_distance) < 40;
  const int32_t cut = (end < 200 ? (200 - end) * 10 : 0) + (knuckle ? 3000 : 0);
  const v128_t tint = wasm_i32x4_shr(px.grain, 12);
  const VaultLanes hinge{
      wasm_i32x4_sub(wasm_i32x4_add(splat(16000), wasm_i32x4_shl(barrel, 1)), splat(cut)),
      wasm_i32x4_add(splat(96), tint),
      wasm_i32x4_add(splat(98), tint),
      wasm_i32x4_add(splat(104), tint),
      splat(110),
      wasm_i32x4_sub(wasm_i32x4_add(splat(200), mul_shr(barrel, splat(55), 12)), splat(knuckle ? 80 : 0)),
      splat(255)};
  select_lanes(mask, hinge, p);
}

}  // namespace

void shade_vault_row(const int32_t* const* values, const int32_t* column, int32_t d, uint32_t size, int32_t* height,
                     const Maps* out) {
  VaultRowFacts row;
  row.d = d;
  row.dd = splat(d * d);
  row.ink_count = vault_ink_spans(d, row.ink);
  VaultOverlay overlays[kMaxOverlays];
  const int overlay_count = vault_row_overlays(d, overlays);
  uint32_t x = 0;
  for (; x + 4 <= size; x += 4) {
    VaultPixels px;
    // Columns rise with x, so lanes 0 and 3 bound the vector's columns.
    px.c_first = column[x];
    px.c_last = column[x + 3];
    px.c = wasm_v128_load(column + x);
    px.r2 = wasm_i32x4_add(wasm_i32x4_mul(px.c, px.c), row.dd);
    // trunc(sqrt_f32(f32(c^2 + d^2))): correctly rounded conversion and sqrt, as the spec's radius().
    px.r = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_sqrt(wasm_f32x4_convert_i32x4(px.r2)));
    for (int k = 0; k < kVaultLayers; ++k) px.n[k] = wasm_v128_load(values[k] + x);
    px.grain = wasm_i32x4_sub(px.n[4], splat(32768));
    const v128_t grime = wasm_i32x4_shr(
        wasm_i32x4_max(splat(0),
                       wasm_i32x4_sub(wasm_i32x4_add(px.n[2], wasm_i32x4_shr(wasm_i32x4_sub(px.n[3], splat(32768)), 1)),
                                      splat(38000))),
        8);
    const v128_t grime_4 = wasm_i32x4_shr(grime, 2);
    // The zone is how many of the bounds r reaches (each true compare is -1).
    const v128_t zones = wasm_i32x4_add(
        wasm_i32x4_add(wasm_i32x4_ge(px.r, splat(kKnob)), wasm_i32x4_ge(px.r, splat(kDial))),
        wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_ge(px.r, splat(kDoorEdge)), wasm_i32x4_ge(px.r, splat(kRimInner))),
                       wasm_i32x4_ge(px.r, splat(kRimOuter))));
    const int32_t zone = -wasm_i32x4_extract_lane(zones, 0);
    VaultLanes p = zone_lanes(zone, row, px, grime_4);
    if (!wasm_i32x4_all_true(wasm_i32x4_eq(zones, splat(-zone)))) {
      // A zone border: every zone between the lanes' lowest and highest, selected per lane.
      int32_t low = zone, high = zone;
      for (const int32_t z : {-wasm_i32x4_extract_lane(zones, 1), -wasm_i32x4_extract_lane(zones, 2),
                              -wasm_i32x4_extract_lane(zones, 3)}) {
        low = z < low ? z : low;
        high = z > high ? z : high;
      }
      for (int32_t z = low; z <= high; ++z) {
        if (z != zone) select_lanes(wasm_i32x4_eq(zones, splat(-z)), zone_lanes(z, row, px, grime_4), p);
      }
    }
    for (int i = 0; i < overlay_count; ++i) {
      const VaultOverlay& overlay = overlays[i];
      if (overlay.columns.lo > px.c_last || overlay.columns.hi < px.c_first) continue;
      if (overlay.kind == OverlayKind::hinge) {
        paint_hinge(d, px, p);
      } else {
        paint_stud(overlay, px, zones, p);
      }
    }
    wasm_v128_store(height + x, p.h);
    if (out == nullptr) continue;
    lanes::store_pixels4(*out, x, wasm_i32x4_sub(p.red, grime_4), wasm_i32x4_sub(p.green, grime_4),
                         wasm_i32x4_sub(p.blue, grime_4), p.rough, p.ao, p.metal);
  }
  shade_vault_pixels(values, column, d, x, size, height, out);
}

}  // namespace memento::texture
