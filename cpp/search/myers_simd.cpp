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

struct LanePair {
  v128_t pv = wasm_i64x2_splat(-1);
  v128_t mv = wasm_i64x2_splat(0);
  v128_t d0 = wasm_i64x2_splat(0);
  v128_t eq = wasm_i64x2_splat(0);
};

// myers_column() (with its transposition term) on two words at once; returns
// both horizontal deltas at row m.
inline v128_t myers_column_x2(LanePair& s, v128_t eq, uint32_t last_bit) {
  const v128_t one = wasm_i64x2_splat(1);
  // TR = ((~D0' & Eq) << 1) & Eq': andnot does the ~ for free.
  const v128_t tr = wasm_v128_and(wasm_i64x2_shl(wasm_v128_andnot(eq, s.d0), 1), s.eq);
  const v128_t carry = wasm_v128_xor(wasm_i64x2_add(wasm_v128_and(eq, s.pv), s.pv), s.pv);
  const v128_t d0 = wasm_v128_or(wasm_v128_or(carry, eq), wasm_v128_or(s.mv, tr));
  v128_t ph = wasm_v128_or(s.mv, wasm_v128_not(wasm_v128_or(d0, s.pv)));
  v128_t mh = wasm_v128_and(s.pv, d0);
  const v128_t delta = wasm_i64x2_sub(wasm_v128_and(wasm_u64x2_shr(ph, last_bit), one),
                                      wasm_v128_and(wasm_u64x2_shr(mh, last_bit), one));
  ph = wasm_v128_or(wasm_i64x2_shl(ph, 1), one);
  mh = wasm_i64x2_shl(mh, 1);
  s.pv = wasm_v128_or(mh, wasm_v128_not(wasm_v128_or(d0, ph)));
  s.mv = wasm_v128_and(ph, d0);
  s.d0 = d0;
  s.eq = eq;
  return delta;
}

// One lane's vertical deltas, for final_distance() (which reads nothing else).
inline Lane lane(const LanePair& s, int which) {
  Lane out;
  out.pv = static_cast<uint64_t>(which == 0 ? wasm_i64x2_extract_lane(s.pv, 0) : wasm_i64x2_extract_lane(s.pv, 1));
  out.mv = static_cast<uint64_t>(which == 0 ? wasm_i64x2_extract_lane(s.mv, 0) : wasm_i64x2_extract_lane(s.mv, 1));
  return out;
}

inline v128_t load_eq(const uint64_t* peq, uint32_t a, uint32_t b) {
  return wasm_i64x2_make(static_cast<int64_t>(peq[a]), static_cast<int64_t>(peq[b]));
}

}  // namespace

void full_distances(Pattern term, const uint32_t* words, uint32_t length, size_t count, uint32_t* out) {
  const uint32_t m = term.length, last_bit = m - 1;
  const uint64_t mask = pattern_mask(m);
  size_t i = 0;
  for (; i + 3 <= count; i += 3) {
    const uint32_t* a = words + i * length;
    const uint32_t* b = a + length;
    const uint32_t* c = b + length;
    LanePair ab;
    Lane sc;
    for (uint32_t j = 0; j < length; ++j) {
      myers_column_x2(ab, load_eq(term.peq, a[j], b[j]), last_bit);
      myers_column(sc, term.peq[c[j]], last_bit);
    }
    out[i] = final_distance(lane(ab, 0), length, mask);
    out[i + 1] = final_distance(lane(ab, 1), length, mask);
    out[i + 2] = final_distance(sc, length, mask);
  }
  for (; i < count; ++i) out[i] = full_distance_one(term.peq, m, words + i * length, length);
}

void prefix_distances(Pattern term, const uint32_t* words, uint32_t length, uint32_t steps, size_t count, uint32_t* out,
                      uint32_t* last) {
  const uint32_t m = term.length, last_bit = m - 1;
  size_t i = 0;
  for (; i + 3 <= count; i += 3) {
    const uint32_t* a = words + i * length;
    const uint32_t* b = a + length;
    const uint32_t* c = b + length;
    LanePair ab;
    Lane sc;
    v128_t score_ab = wasm_i64x2_splat(m), best_ab = score_ab;
    int64_t score_c = m, best_c = m;
    for (uint32_t j = 0; j < steps; ++j) {
      score_ab = wasm_i64x2_add(score_ab, myers_column_x2(ab, load_eq(term.peq, a[j], b[j]), last_bit));
      best_ab = wasm_v128_bitselect(score_ab, best_ab, wasm_i64x2_lt(score_ab, best_ab));
      score_c += myers_column(sc, term.peq[c[j]], last_bit);
      best_c = branchless_min(best_c, score_c);
    }
    out[i] = static_cast<uint32_t>(wasm_i64x2_extract_lane(best_ab, 0));
    out[i + 1] = static_cast<uint32_t>(wasm_i64x2_extract_lane(best_ab, 1));
    out[i + 2] = static_cast<uint32_t>(best_c);
    last[i] = static_cast<uint32_t>(wasm_i64x2_extract_lane(score_ab, 0));
    last[i + 1] = static_cast<uint32_t>(wasm_i64x2_extract_lane(score_ab, 1));
    last[i + 2] = static_cast<uint32_t>(score_c);
  }
  for (; i < count; ++i) out[i] = prefix_distance_one(term.peq, m, words + i * length, steps, last + i);
}

}  // namespace memento::search
