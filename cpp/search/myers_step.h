// One column of Myers' algorithm with Hyyrö's transposition term, for one
// word in a 64-bit register: shared by the scalar build and the SIMD build's
// third lane and remainder.
//
// Rows i = 1..m are the term (bit i - 1), columns j the word. D0 holds the
// cells with D[i][j] = D[i-1][j-1]; Myers' deltas follow from it. The OSA
// table (docs/specs/search.md) reaches that equality in one more way than
// Levenshtein's: a transposition, D[i][j] = D[i-2][j-2] + 1 when
// term[i] = word[j-1] and term[i-1] = word[j]. The diagonal never falls
// (D[i-1][j-1] - D[i-2][j-2] is 0 or 1), so that term equals D[i-1][j-1]
// exactly when the previous column's D0 lacks row i - 1:
//   TR = ((~D0' & Eq) << 1) & Eq'      (' = the previous column)
// Row 1 takes a 0 from the shift (i > 1), and Eq' = 0 before the first column
// (j > 1). A TR row never starts a carry up the column as Myers' addition
// does: term[i] = word[j-1] gives D[i][j-1] <= D[i-1][j-2] <= D[i-2][j-2] + 1
// = D[i-1][j-1], so Pv' has no bit at a TR row, and the carry term (Pv' & D0)
// gains nothing from it: TR is or-ed in after the addition. The new vertical
// deltas must then read D0 itself (Hyyrö's form), not Myers' Xv = Eq | Mv':
// a TR row need not have Mh one row below (term "ab", word "ba": D[2][2] = 1
// through the transposition alone, with a horizontal delta of 0 at row 1),
// where Xv would give a +1 instead of the 0. Checked against the OSA table on
// every term and word up to 6 code points over three letters
// (tests/cpp/test_search_kernel.cpp) and by the fuzzer.
#pragma once

#include <bit>
#include <cstdint>

namespace memento::search {

struct Lane {
  uint64_t pv = ~uint64_t{0};  // vertical +1 deltas of the current column
  uint64_t mv = 0;             // vertical -1 deltas
  uint64_t d0 = 0;             // the column's diagonal zeros (read by the next column's TR)
  uint64_t eq = 0;             // the column's Peq (0 before the first column: no TR at j = 1)
};

inline uint64_t pattern_mask(uint32_t m) { return m == 64 ? ~uint64_t{0} : (uint64_t{1} << m) - 1; }

// Advances one column; returns the horizontal delta at row m (-1, 0 or +1).
inline int64_t myers_column(Lane& s, uint64_t eq, uint32_t last_bit) {
  const uint64_t tr = ((~s.d0 & eq) << 1) & s.eq;
  const uint64_t d0 = (((eq & s.pv) + s.pv) ^ s.pv) | eq | s.mv | tr;
  uint64_t ph = s.mv | ~(d0 | s.pv);
  uint64_t mh = s.pv & d0;
  const int64_t delta = static_cast<int64_t>((ph >> last_bit) & 1) - static_cast<int64_t>((mh >> last_bit) & 1);
  // Row 0 is D[0][j] = j: every column starts one higher, hence the 1 shifted in.
  ph = (ph << 1) | 1;
  mh <<= 1;
  s.pv = mh | ~(d0 | ph);
  s.mv = ph & d0;
  s.d0 = d0;
  s.eq = eq;
  return delta;
}

// D[m][n] read once at the end: D[0][n] = n plus the column's vertical deltas.
inline uint32_t final_distance(const Lane& s, uint32_t n, uint64_t mask) {
  return n + static_cast<uint32_t>(std::popcount(s.pv & mask)) - static_cast<uint32_t>(std::popcount(s.mv & mask));
}

// min(a, b) without a branch.
inline int64_t branchless_min(int64_t a, int64_t b) { return b + ((a - b) & ((a - b) >> 63)); }

inline uint32_t full_distance_one(const uint64_t* peq, uint32_t m, const uint32_t* word, uint32_t n) {
  Lane s;
  for (uint32_t j = 0; j < n; ++j) myers_column(s, peq[word[j]], m - 1);
  return final_distance(s, n, pattern_mask(m));
}

// The prefix distance; *last gets D[m][steps] (the full distance when steps is the word's length).
inline uint32_t prefix_distance_one(const uint64_t* peq, uint32_t m, const uint32_t* word, uint32_t steps,
                                    uint32_t* last) {
  Lane s;
  int64_t score = m, best = m;
  for (uint32_t j = 0; j < steps; ++j) {
    score += myers_column(s, peq[word[j]], m - 1);
    best = branchless_min(best, score);
  }
  *last = static_cast<uint32_t>(score);
  return static_cast<uint32_t>(best);
}

}  // namespace memento::search
