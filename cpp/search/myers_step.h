// One column of Myers' algorithm for one word in a 64-bit register, shared by
// the scalar build and the SIMD build's third lane and remainder.
#pragma once

#include <bit>
#include <cstdint>

namespace memento::search {

struct Lane {
  uint64_t pv = ~uint64_t{0};  // vertical +1 deltas of the current column
  uint64_t mv = 0;             // vertical -1 deltas
};

inline uint64_t pattern_mask(uint32_t m) { return m == 64 ? ~uint64_t{0} : (uint64_t{1} << m) - 1; }

// Advances one column; returns the horizontal delta at row m (-1, 0 or +1).
inline int64_t myers_column(Lane& s, uint64_t eq, uint32_t last_bit) {
  const uint64_t xv = eq | s.mv;
  const uint64_t xh = (((eq & s.pv) + s.pv) ^ s.pv) | eq;
  uint64_t ph = s.mv | ~(xh | s.pv);
  uint64_t mh = s.pv & xh;
  const int64_t delta = static_cast<int64_t>((ph >> last_bit) & 1) - static_cast<int64_t>((mh >> last_bit) & 1);
  // Row 0 is D[0][j] = j: every column starts one higher, hence the 1 shifted in.
  ph = (ph << 1) | 1;
  mh <<= 1;
  s.pv = mh | ~(xv | ph);
  s.mv = ph & xv;
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

inline uint32_t prefix_distance_one(const uint64_t* peq, uint32_t m, const uint32_t* word, uint32_t steps) {
  Lane s;
  int64_t score = m, best = m;
  for (uint32_t j = 0; j < steps; ++j) {
    score += myers_column(s, peq[word[j]], m - 1);
    best = branchless_min(best, score);
  }
  return static_cast<uint32_t>(best);
}

}  // namespace memento::search
