// The simplest Levenshtein there is, the reference for the search tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace search_test {

using Word = std::vector<uint32_t>;

inline uint32_t levenshtein(const Word& a, const Word& b) {
  std::vector<std::vector<uint32_t>> d(a.size() + 1, std::vector<uint32_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = static_cast<uint32_t>(i);
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = static_cast<uint32_t>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0u : 1u)});
    }
  }
  return d[a.size()][b.size()];
}

inline uint32_t prefix_levenshtein(const Word& term, const Word& word) {
  uint32_t best = UINT32_MAX;
  for (size_t j = 0; j <= word.size(); ++j) {
    best = std::min(best, levenshtein(term, Word(word.begin(), word.begin() + static_cast<std::ptrdiff_t>(j))));
  }
  return best;
}

}  // namespace search_test
