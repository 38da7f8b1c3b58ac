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

// The vector lanes a column runs in: 64-bit (two words) or 8-bit (sixteen).
struct Lanes64 {
  static v128_t splat(int64_t x) { return wasm_i64x2_splat(x); }
  static v128_t add(v128_t a, v128_t b) { return wasm_i64x2_add(a, b); }
  static v128_t sub(v128_t a, v128_t b) { return wasm_i64x2_sub(a, b); }
  static v128_t shl(v128_t a, uint32_t n) { return wasm_i64x2_shl(a, n); }
  static v128_t shr(v128_t a, uint32_t n) { return wasm_u64x2_shr(a, n); }
};
struct Lanes8 {
  static v128_t splat(int64_t x) { return wasm_i8x16_splat(static_cast<int8_t>(x)); }
  static v128_t add(v128_t a, v128_t b) { return wasm_i8x16_add(a, b); }
  static v128_t sub(v128_t a, v128_t b) { return wasm_i8x16_sub(a, b); }
  static v128_t shl(v128_t a, uint32_t n) { return wasm_i8x16_shl(a, n); }
  static v128_t shr(v128_t a, uint32_t n) { return wasm_u8x16_shr(a, n); }
};

// myers_column() (with its transposition term) on every lane at once: the
// state of one word a lane; returns each lane's horizontal delta at row m.
// In 8-bit lanes the column is exact for m <= 8: bit i of every quantity
// depends on bits 0..i only (the addition carries upwards, the shifts move
// upwards), so the bits past m that narrow lanes drop change nothing below.
template <class L>
struct VectorLane {
  v128_t pv = L::splat(-1);
  v128_t mv = L::splat(0);
  v128_t d0 = L::splat(0);
  v128_t eq = L::splat(0);

  v128_t column(v128_t new_eq, uint32_t last_bit) {
    const v128_t one = L::splat(1);
    // TR = ((~D0' & Eq) << 1) & Eq': andnot does the ~ for free.
    const v128_t tr = wasm_v128_and(L::shl(wasm_v128_andnot(new_eq, d0), 1), eq);
    const v128_t carry = wasm_v128_xor(L::add(wasm_v128_and(new_eq, pv), pv), pv);
    const v128_t new_d0 = wasm_v128_or(wasm_v128_or(carry, new_eq), wasm_v128_or(mv, tr));
    v128_t ph = wasm_v128_or(mv, wasm_v128_not(wasm_v128_or(new_d0, pv)));
    v128_t mh = wasm_v128_and(pv, new_d0);
    const v128_t delta = L::sub(wasm_v128_and(L::shr(ph, last_bit), one), wasm_v128_and(L::shr(mh, last_bit), one));
    ph = wasm_v128_or(L::shl(ph, 1), one);
    mh = L::shl(mh, 1);
    pv = wasm_v128_or(mh, wasm_v128_not(wasm_v128_or(new_d0, ph)));
    mv = wasm_v128_and(ph, new_d0);
    d0 = new_d0;
    eq = new_eq;
    return delta;
  }
};

// Two words in one i64x2.
class SimdPair {
 public:
  explicit SimdPair(uint32_t m) : score_(wasm_i64x2_splat(m)), best_(score_) {}

  v128_t column(uint64_t eq_a, uint64_t eq_b, uint32_t last_bit) {
    return lanes_.column(wasm_i64x2_make(static_cast<int64_t>(eq_a), static_cast<int64_t>(eq_b)), last_bit);
  }

  void scored_column(uint64_t eq_a, uint64_t eq_b, uint32_t last_bit) {
    score_ = wasm_i64x2_add(score_, column(eq_a, eq_b, last_bit));
    best_ = wasm_v128_bitselect(score_, best_, wasm_i64x2_lt(score_, best_));
  }

  void write_full(uint32_t* out, uint32_t length, uint64_t mask) const {
    out[0] = final_distance(Lane{u64_lane<0>(lanes_.pv), u64_lane<0>(lanes_.mv)}, length, mask);
    out[1] = final_distance(Lane{u64_lane<1>(lanes_.pv), u64_lane<1>(lanes_.mv)}, length, mask);
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

  VectorLane<Lanes64> lanes_;
  v128_t score_;
  v128_t best_;
};

}  // namespace

using BuildPair = SimdPair;

// Sixteen words a vector: VectorLane in 8-bit lanes; the score stays within
// m + steps, far from 127.
void prefix_distances_from_eqs(const uint8_t* eqs, uint32_t m, uint32_t steps, size_t count, uint32_t* out,
                               uint32_t* last) {
  for (size_t first = 0; first < count; first += kEqBlock) {
    const uint8_t* rows = eqs + first * steps;
    VectorLane<Lanes8> lanes;
    v128_t score = Lanes8::splat(m), best = score;
    for (uint32_t j = 0; j < steps; ++j) {
      score = wasm_i8x16_add(score, lanes.column(wasm_v128_load(rows + j * kEqBlock), m - 1));
      best = wasm_i8x16_min(best, score);
    }
    alignas(16) int8_t bests[kEqBlock], scores[kEqBlock];
    wasm_v128_store(bests, best);
    wasm_v128_store(scores, score);
    const size_t words = count - first < kEqBlock ? count - first : kEqBlock;
    for (size_t w = 0; w < words; ++w) {
      out[first + w] = static_cast<uint32_t>(bests[w]);
      last[first + w] = static_cast<uint32_t>(scores[w]);
    }
  }
}

}  // namespace memento::search

#include "search/myers_entry_points.h"
