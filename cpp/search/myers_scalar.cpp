// The scalar build: the two-word half of each three-word step
// (myers_by_three.h) in two 64-bit registers, the twin of myers_simd.cpp's
// i64x2.
#include "search/myers.h"
#include "search/myers_step.h"

namespace memento::search {

const char* kernel_variant() { return "scalar"; }

namespace {

class ScalarPair {
 public:
  explicit ScalarPair(uint32_t m) : score_{m, m}, best_{m, m} {}

  void column(uint64_t eq_a, uint64_t eq_b, uint32_t last_bit) {
    myers_column(lanes_[0], eq_a, last_bit);
    myers_column(lanes_[1], eq_b, last_bit);
  }

  void scored_column(uint64_t eq_a, uint64_t eq_b, uint32_t last_bit) {
    score_[0] += myers_column(lanes_[0], eq_a, last_bit);
    score_[1] += myers_column(lanes_[1], eq_b, last_bit);
    best_[0] = branchless_min(best_[0], score_[0]);
    best_[1] = branchless_min(best_[1], score_[1]);
  }

  void write_full(uint32_t* out, uint32_t length, uint64_t mask) const {
    for (int w = 0; w < 2; ++w) out[w] = final_distance(lanes_[w], length, mask);
  }

  void write_prefix(uint32_t* out, uint32_t* last) const {
    for (int w = 0; w < 2; ++w) {
      out[w] = static_cast<uint32_t>(best_[w]);
      last[w] = static_cast<uint32_t>(score_[w]);
    }
  }

 private:
  Lane lanes_[2];
  int64_t score_[2];
  int64_t best_[2];
};

}  // namespace

using BuildPair = ScalarPair;

// One word at a time, each read from its lane of the block's rows.
void prefix_distances_from_eqs(const uint8_t* eqs, uint32_t m, uint32_t steps, size_t count, uint32_t* out,
                               uint32_t* last) {
  for (size_t i = 0; i < count; ++i) {
    const uint8_t* column = eqs + (i / kEqBlock) * kEqBlock * steps + i % kEqBlock;
    Lane s;
    int64_t score = m, best = m;
    for (uint32_t j = 0; j < steps; ++j) {
      score += myers_column(s, column[j * kEqBlock], m - 1);
      best = branchless_min(best, score);
    }
    out[i] = static_cast<uint32_t>(best);
    last[i] = static_cast<uint32_t>(score);
  }
}

}  // namespace memento::search

#include "search/myers_entry_points.h"
