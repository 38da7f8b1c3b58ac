#include "search/dp.h"

#include <algorithm>
#include <utility>

namespace memento::search {

// Columns follow the word, rows the term: column[i] = D[i][j] after column j,
// so the bottom cell of every column is the distance to the prefix word[0..j).
uint32_t dp_distance(const uint32_t* term, uint32_t m, const uint32_t* word, uint32_t n, bool prefix,
                     std::vector<uint32_t>& scratch, uint32_t* last) {
  scratch.resize(3 * size_t{m + 1});
  uint32_t* before = scratch.data();    // column j - 2
  uint32_t* previous = before + m + 1;  // column j - 1
  uint32_t* column = previous + m + 1;  // column j
  for (uint32_t i = 0; i <= m; ++i) previous[i] = i;
  uint32_t best = m;
  for (uint32_t j = 1; j <= n; ++j) {
    const uint32_t c = word[j - 1];
    column[0] = j;
    for (uint32_t i = 1; i <= m; ++i) {
      uint32_t d = std::min({previous[i] + 1, column[i - 1] + 1, previous[i - 1] + (term[i - 1] == c ? 0u : 1u)});
      if (i > 1 && j > 1 && term[i - 1] == word[j - 2] && term[i - 2] == c) d = std::min(d, before[i - 2] + 1);
      column[i] = d;
    }
    best = std::min(best, column[m]);
    std::swap(before, previous);  // before <- j - 1, previous <- j - 2 ...
    std::swap(previous, column);  // ... previous <- j, column <- j - 2 (overwritten next)
  }
  if (last) *last = previous[m];
  return prefix ? best : previous[m];
}

}  // namespace memento::search
