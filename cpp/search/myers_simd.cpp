// The SIMD build: two words in one i64x2 while a third runs in a 64-bit
// scalar register, so the vector unit and the scalar ALU work side by side
// (wasm SIMD has no 64-bit lane wider than two, and a third independent chain
// hides the latency of the add-xor in the middle of each step).
#include "common/simd.h"
#include "search/myers.h"
#include "search/myers_step.h"

namespace memento::search {

const char* kernel_variant() { return "simd"; }

namespace {

// Two words in one i64x2: column() is myers_column() (with its transposition
// term) on both at once, returning both horizontal deltas at row m.
class SimdPair {
 public:
  explicit SimdPair(uint32_t m) : score_(wasm_i64x2_splat(m)), best_(score_) {}

  v128_t column(uint64_t eq_a, uint64_t eq_b, uint32_t last_bit) {
    const v128_t eq = wasm_i64x2_make(static_cast<int64_t>(eq_a), static_cast<int64_t>(eq_b));
    const v128_t one = wasm_i64x2_splat(1);
    // TR = ((~D0' & Eq) << 1) & Eq': andnot does the ~ for free.
    const v128_t tr = wasm_v128_and(wasm_i64x2_shl(wasm_v128_andnot(eq, d0_), 1), eq_);
    const v128_t carry = wasm_v128_xor(wasm_i64x2_add(wasm_v128_and(eq, pv_), pv_), pv_);
    const v128_t d0 = wasm_v128_or(wasm_v128_or(carry, eq), wasm_v128_or(mv_, tr));
    v128_t ph = wasm_v128_or(mv_, wasm_v128_not(wasm_v128_or(d0, pv_)));
    v128_t mh = wasm_v128_and(pv_, d0);
    const v128_t delta = wasm_i64x2_sub(wasm_v128_and(wasm_u64x2_shr(ph, last_bit), one),
                                        wasm_v128_and(wasm_u64x2_shr(mh, last_bit), one));
    ph = wasm_v128_or(wasm_i64x2_shl(ph, 1), one);
    mh = wasm_i64x2_shl(mh, 1);
    pv_ = wasm_v128_or(mh, wasm_v128_not(wasm_v128_or(d0, ph)));
    mv_ = wasm_v128_and(ph, d0);
    d0_ = d0;
    eq_ = eq;
    return delta;
  }

  void scored_column(uint64_t eq_a, uint64_t eq_b, uint32_t last_bit) {
    score_ = wasm_i64x2_add(score_, column(eq_a, eq_b, last_bit));
    best_ = wasm_v128_bitselect(score_, best_, wasm_i64x2_lt(score_, best_));
  }

  void write_full(uint32_t* out, uint32_t length, uint64_t mask) const {
    out[0] = final_distance(Lane{u64_lane<0>(pv_), u64_lane<0>(mv_)}, length, mask);
    out[1] = final_distance(Lane{u64_lane<1>(pv_), u64_lane<1>(mv_)}, length, mask);
  }

  void write_prefix(uint32_t* out, uint32_t* last) const {
    out[0] = static_cast<uint32_t>(u64_lane<0>(best_));
    out[1] = static_cast<uint32_t>(u64_lane<1>(best_));
    last[0] = static_cast<uint32_t>(u64_lane<0>(score_));
    last[1] = static_cast<uint32_t>(u64_lane<1>(score_));
  }

 private:
  template <int which>
  static uint64_t u64_lane(v128_t v) {
    return static_cast<uint64_t>(wasm_i64x2_extract_lane(v, which));
  }

  v128_t pv_ = wasm_i64x2_splat(-1);
  v128_t mv_ = wasm_i64x2_splat(0);
  v128_t d0_ = wasm_i64x2_splat(0);
  v128_t eq_ = wasm_i64x2_splat(0);
  v128_t score_;
  v128_t best_;
};

}  // namespace

using BuildPair = SimdPair;

// Sixteen words a vector: the column of myers_step.h in 8-bit lanes. Bit i of
// every quantity depends on bits 0..i only (the addition carries upwards, the
// shifts move upwards), so the bits past m that 8-bit lanes drop or keep
// change nothing below; the score stays within m + steps, far from 127.
void prefix_distances_from_eqs(const uint8_t* eqs, uint32_t m, uint32_t steps, size_t count, uint32_t* out,
                               uint32_t* last) {
  const uint32_t last_bit = m - 1;
  const v128_t one = wasm_i8x16_splat(1);
  const v128_t zero = wasm_i8x16_splat(0);
  for (size_t first = 0; first < count; first += kEqBlock) {
    const uint8_t* rows = eqs + first * steps;
    v128_t pv = wasm_i8x16_splat(-1), mv = zero, d0_before = zero, eq_before = zero;
    v128_t score = wasm_i8x16_splat(static_cast<int8_t>(m)), best = score;
    for (uint32_t j = 0; j < steps; ++j) {
      const v128_t eq = wasm_v128_load(rows + j * kEqBlock);
      const v128_t tr = wasm_v128_and(wasm_i8x16_shl(wasm_v128_andnot(eq, d0_before), 1), eq_before);
      const v128_t carry = wasm_v128_xor(wasm_i8x16_add(wasm_v128_and(eq, pv), pv), pv);
      const v128_t d0 = wasm_v128_or(wasm_v128_or(carry, eq), wasm_v128_or(mv, tr));
      v128_t ph = wasm_v128_or(mv, wasm_v128_not(wasm_v128_or(d0, pv)));
      v128_t mh = wasm_v128_and(pv, d0);
      score = wasm_i8x16_add(score, wasm_i8x16_sub(wasm_v128_and(wasm_u8x16_shr(ph, last_bit), one),
                                                   wasm_v128_and(wasm_u8x16_shr(mh, last_bit), one)));
      best = wasm_i8x16_min(best, score);
      ph = wasm_v128_or(wasm_i8x16_shl(ph, 1), one);
      mh = wasm_i8x16_shl(mh, 1);
      pv = wasm_v128_or(mh, wasm_v128_not(wasm_v128_or(d0, ph)));
      mv = wasm_v128_and(ph, d0);
      d0_before = d0;
      eq_before = eq;
    }
    alignas(16) int8_t bests[kEqBlock], scores[kEqBlock];
    wasm_v128_store(bests, best);
    wasm_v128_store(scores, score);
    const size_t lanes = count - first < kEqBlock ? count - first : kEqBlock;
    for (size_t w = 0; w < lanes; ++w) {
      out[first + w] = static_cast<uint32_t>(bests[w]);
      last[first + w] = static_cast<uint32_t>(scores[w]);
    }
  }
}

}  // namespace memento::search

#include "search/myers_entry_points.h"
