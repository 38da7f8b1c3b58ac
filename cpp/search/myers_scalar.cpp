// The scalar build: three words per pass in three 64-bit registers, the twin
// of myers_simd.cpp's i64x2 + one scalar lane (same loop shape, no v128).
#include "search/myers.h"
#include "search/myers_step.h"

namespace memento::search {

const char* kernel_variant() { return "scalar"; }

void full_distances(Pattern term, const uint32_t* words, uint32_t length, size_t count, uint32_t* out) {
  const uint32_t m = term.length, last_bit = m - 1;
  const uint64_t mask = pattern_mask(m);
  size_t i = 0;
  for (; i + 3 <= count; i += 3) {
    const uint32_t* a = words + i * length;
    const uint32_t* b = a + length;
    const uint32_t* c = b + length;
    Lane sa, sb, sc;
    for (uint32_t j = 0; j < length; ++j) {
      myers_column(sa, term.peq[a[j]], last_bit);
      myers_column(sb, term.peq[b[j]], last_bit);
      myers_column(sc, term.peq[c[j]], last_bit);
    }
    out[i] = final_distance(sa, length, mask);
    out[i + 1] = final_distance(sb, length, mask);
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
    Lane sa, sb, sc;
    int64_t score_a = m, score_b = m, score_c = m, best_a = m, best_b = m, best_c = m;
    for (uint32_t j = 0; j < steps; ++j) {
      score_a += myers_column(sa, term.peq[a[j]], last_bit);
      score_b += myers_column(sb, term.peq[b[j]], last_bit);
      score_c += myers_column(sc, term.peq[c[j]], last_bit);
      best_a = branchless_min(best_a, score_a);
      best_b = branchless_min(best_b, score_b);
      best_c = branchless_min(best_c, score_c);
    }
    out[i] = static_cast<uint32_t>(best_a);
    out[i + 1] = static_cast<uint32_t>(best_b);
    out[i + 2] = static_cast<uint32_t>(best_c);
    last[i] = static_cast<uint32_t>(score_a);
    last[i + 1] = static_cast<uint32_t>(score_b);
    last[i + 2] = static_cast<uint32_t>(score_c);
  }
  for (; i < count; ++i) out[i] = prefix_distance_one(term.peq, m, words + i * length, steps, last + i);
}

}  // namespace memento::search
