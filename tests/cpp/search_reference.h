// The simplest optimal string alignment distance there is (docs/specs/search.md,
// version 2), the reference for the native search tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace search_test {

using Word = std::vector<uint32_t>;

// A word spelled in letters, for hand-written cases: 'a' is id 1, 'b' id 2, ...
inline Word letters(const char* s) {
  Word out;
  for (; *s; ++s) out.push_back(static_cast<uint32_t>(*s - 'a' + 1));
  return out;
}

// The whole table: d[i][j] = OSA(a[0..i), b[0..j)).
inline std::vector<std::vector<uint32_t>> osa_table(const Word& a, const Word& b) {
  std::vector<std::vector<uint32_t>> d(a.size() + 1, std::vector<uint32_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = static_cast<uint32_t>(i);
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = static_cast<uint32_t>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0u : 1u)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d;
}

inline uint32_t osa(const Word& a, const Word& b) { return osa_table(a, b)[a.size()][b.size()]; }

// The minimum of the last row: the distance to the word's closest prefix (empty and whole included).
inline uint32_t prefix_osa(const Word& term, const Word& word) {
  const auto d = osa_table(term, word);
  return *std::min_element(d[term.size()].begin(), d[term.size()].end());
}

}  // namespace search_test
