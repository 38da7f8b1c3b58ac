// The batch loop both builds share: three words per step, two of them in a
// build's own Pair (two 64-bit registers in the scalar build, one i64x2 in the
// SIMD build) and the third in a Lane, so that three independent chains hide
// the latency of the add-xor in the middle of each step. The remainder goes
// one word at a time. A Pair is constructed from the term's length m and has
//   column(eq_a, eq_b, last_bit)          one column of both words (full distance)
//   scored_column(eq_a, eq_b, last_bit)   the same, keeping each word's score and best
//   write_full(out, length, mask)         both words' final_distance() to out[0..1]
//   write_prefix(out, last)               both words' best prefix distance and last score
#pragma once

#include "search/myers.h"
#include "search/myers_step.h"

namespace memento::search {

// Calls step(i, a, b, c) on words i, i + 1 and i + 2 for every whole three of
// `count` words stored back to back; returns the first word not stepped.
template <class Step>
size_t each_three(const uint32_t* words, uint32_t length, size_t count, Step step) {
  size_t i = 0;
  for (; i + 3 <= count; i += 3) {
    const uint32_t* a = words + i * length;
    step(i, a, a + length, a + 2 * length);
  }
  return i;
}

template <class Pair>
void full_distances_by_three(Pattern term, const uint32_t* words, uint32_t length, size_t count, uint32_t* out) {
  const uint32_t m = term.length, last_bit = m - 1;
  const uint64_t mask = pattern_mask(m);
  const size_t rest =
      each_three(words, length, count, [&](size_t i, const uint32_t* a, const uint32_t* b, const uint32_t* c) {
        Pair ab(m);
        Lane sc;
        for (uint32_t j = 0; j < length; ++j) {
          ab.column(term.peq[a[j]], term.peq[b[j]], last_bit);
          myers_column(sc, term.peq[c[j]], last_bit);
        }
        ab.write_full(out + i, length, mask);
        out[i + 2] = final_distance(sc, length, mask);
      });
  for (size_t i = rest; i < count; ++i) out[i] = full_distance_one(term.peq, m, words + i * length, length);
}

template <class Pair>
void prefix_distances_by_three(Pattern term, const uint32_t* words, uint32_t length, uint32_t steps, size_t count,
                               uint32_t* out, uint32_t* last) {
  const uint32_t m = term.length, last_bit = m - 1;
  const size_t rest =
      each_three(words, length, count, [&](size_t i, const uint32_t* a, const uint32_t* b, const uint32_t* c) {
        Pair ab(m);
        Lane sc;
        int64_t score_c = m, best_c = m;
        for (uint32_t j = 0; j < steps; ++j) {
          ab.scored_column(term.peq[a[j]], term.peq[b[j]], last_bit);
          score_c += myers_column(sc, term.peq[c[j]], last_bit);
          best_c = branchless_min(best_c, score_c);
        }
        ab.write_prefix(out + i, last + i);
        out[i + 2] = static_cast<uint32_t>(best_c);
        last[i + 2] = static_cast<uint32_t>(score_c);
      });
  for (size_t i = rest; i < count; ++i) out[i] = prefix_distance_one(term.peq, m, words + i * length, steps, last + i);
}

}  // namespace memento::search
