// Poly1305 in two lanes: lane A takes the even blocks, lane B the odd ones,
// both multiplied by r^2 per step, and the last step by (r^2, r), so that
//   A + B = (h + m0) r^n + m1 r^(n-1) + ... + m(n-1) r.
// Limbs live in the low two u32 lanes of a v128 ([A, B, -, -]) because
// u64x2.extmul_low_u32x4 multiplies exactly those two into 64-bit products.
// Short runs (a title, the padding) stay on the scalar path.
#include "common/secure_erase.h"
#include "common/simd.h"
#include "notes/bytes.h"
#include "notes/poly1305.h"

// 1: two lanes for runs of at least MEMENTO_NOTES_POLY_TWO_LANE_MIN_BLOCKS blocks.
// 0 (the default): one lane, as the scalar build. Measured in V8 (NOTES.md):
// extmul_low_u32x4 becomes three instructions on x64 (two unpacks and a
// pmuludq), so two lanes cost as much as two scalar blocks and the fold more.
// test_notes_simd_two_lanes (tests/cpp/notes.cmake) builds and tests the value 1.
#ifndef MEMENTO_NOTES_POLY_TWO_LANES
#define MEMENTO_NOTES_POLY_TWO_LANES 0
#endif
// Below this many blocks the r^2 set-up and the final fold cost more than they save.
#ifndef MEMENTO_NOTES_POLY_TWO_LANE_MIN_BLOCKS
#define MEMENTO_NOTES_POLY_TWO_LANE_MIN_BLOCKS 8
#endif

namespace memento::notes {
namespace {

// [x.lane0, x.lane2, x.lane0, x.lane2]: two u64 lanes narrowed into the u32 lanes extmul reads.
inline v128_t narrow(v128_t x) { return wasm_i32x4_shuffle(x, x, 0, 2, 0, 2); }

inline v128_t mul(v128_t a, v128_t b) { return wasm_u64x2_extmul_low_u32x4(a, b); }

// Two blocks (A at m, B at m + 16) as five 26-bit limbs each, in u64 lanes.
inline void load_two_blocks(v128_t limbs[5], const std::uint8_t* m) {
  const v128_t a = wasm_v128_load(m);
  const v128_t b = wasm_v128_load(m + 16);
  const v128_t lo = wasm_i64x2_shuffle(a, b, 0, 2);
  const v128_t hi = wasm_i64x2_shuffle(a, b, 1, 3);
  const v128_t mask = wasm_i64x2_splat(kLimbMask);
  limbs[0] = wasm_v128_and(lo, mask);
  limbs[1] = wasm_v128_and(wasm_u64x2_shr(lo, 26), mask);
  limbs[2] = wasm_v128_and(wasm_v128_or(wasm_u64x2_shr(lo, 52), wasm_i64x2_shl(hi, 12)), mask);
  limbs[3] = wasm_v128_and(wasm_u64x2_shr(hi, 14), mask);
  limbs[4] = wasm_v128_or(wasm_u64x2_shr(hi, 40), wasm_i64x2_splat(1 << 24));
}

// h = h * r in both lanes (h, r, s = 5r narrowed), carried back to 26-bit limbs in u64 lanes.
inline void mul_two_lanes(v128_t h[5], const v128_t r[5], const v128_t s[5]) {
  v128_t n[5];
  for (int i = 0; i < 5; i++) n[i] = narrow(h[i]);
  // d[k] = the sum over i of n[i] r[k - i]; where k - i falls below 0, the
  // limb s[k - i + 5] = 5 r[k - i + 5] (2^130 = 5 mod p). Constant bounds: the
  // compiler unrolls both loops.
  v128_t d[5];
  for (int k = 0; k < 5; k++) {
    d[k] = mul(n[0], r[k]);
    for (int i = 1; i < 5; i++) d[k] = wasm_i64x2_add(d[k], mul(n[i], i <= k ? r[k - i] : s[k - i + 5]));
  }
  const v128_t mask = wasm_i64x2_splat(kLimbMask);
  for (int k = 0; k < 4; k++) {
    h[k] = wasm_v128_and(d[k], mask);
    d[k + 1] = wasm_i64x2_add(d[k + 1], wasm_u64x2_shr(d[k], 26));
  }
  h[4] = wasm_v128_and(d[4], mask);
  v128_t c = wasm_u64x2_shr(d[4], 26);
  // c * 5 as c + (c << 2): i64x2.mul is several instructions on x64.
  h[0] = wasm_i64x2_add(h[0], wasm_i64x2_add(c, wasm_i64x2_shl(c, 2)));
  c = wasm_u64x2_shr(h[0], 26);
  h[0] = wasm_v128_and(h[0], mask);
  h[1] = wasm_i64x2_add(h[1], c);
}

// r limbs of lane A and lane B, narrowed, with s = 5r.
inline void pack_r(v128_t r[5], v128_t s[5], const std::uint32_t ra[5], const std::uint32_t rb[5]) {
  for (int i = 0; i < 5; i++) {
    r[i] = wasm_i32x4_make(static_cast<int>(ra[i]), static_cast<int>(rb[i]), 0, 0);
    s[i] = wasm_i32x4_make(static_cast<int>(ra[i] * 5), static_cast<int>(rb[i] * 5), 0, 0);
  }
}

void blocks_two_lanes(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t npairs) {
  std::uint32_t r2[5] = {r[0], r[1], r[2], r[3], r[4]};
  poly1305_multiply(r2, r);
  v128_t rr[5], ss[5], rlast[5], slast[5];
  pack_r(rr, ss, r2, r2);
  pack_r(rlast, slast, r2, r);
  v128_t acc[5];
  for (int i = 0; i < 5; i++) acc[i] = wasm_i64x2_make(h[i], 0);  // h joins lane A
  for (; npairs > 0; npairs--, m += 32) {
    v128_t block[5];
    load_two_blocks(block, m);
    for (int i = 0; i < 5; i++) acc[i] = wasm_i64x2_add(acc[i], block[i]);
    if (npairs > 1)
      mul_two_lanes(acc, rr, ss);
    else
      mul_two_lanes(acc, rlast, slast);
  }
  // A + B, then one carry pass so the scalar code sees limbs near 26 bits.
  std::uint64_t sum[5];
  for (int i = 0; i < 5; i++) {
    sum[i] = static_cast<std::uint64_t>(wasm_i64x2_extract_lane(acc[i], 0)) +
             static_cast<std::uint64_t>(wasm_i64x2_extract_lane(acc[i], 1));
  }
  carry_limbs(sum);
  sum[1] += sum[0] >> 26;
  sum[0] &= kLimbMask;
  for (int i = 0; i < 5; i++) h[i] = static_cast<std::uint32_t>(sum[i]);
  // The v128 values live in wasm locals; erasing them would force them onto the stack.
  secure_erase(r2, sizeof r2);
}

}  // namespace

void poly1305_blocks(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks) {
  if (!MEMENTO_NOTES_POLY_TWO_LANES || nblocks < MEMENTO_NOTES_POLY_TWO_LANE_MIN_BLOCKS) {
    poly1305_blocks_one_lane(h, r, m, nblocks, 1u << 24);
    return;
  }
  if (nblocks & 1) {  // an odd block first, so the lanes end on (r^2, r)
    poly1305_blocks_one_lane(h, r, m, 1, 1u << 24);
    m += 16;
    nblocks--;
  }
  blocks_two_lanes(h, r, m, nblocks / 2);
}

}  // namespace memento::notes
