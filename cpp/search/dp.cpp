#include "search/dp.h"

#include <algorithm>

namespace memento::search {

// Columns follow the word, rows the term: row[i] = D[i][j] after column j, so
// the bottom cell of every column is the distance to the prefix word[0..j).
uint32_t dp_distance(const uint32_t* term, uint32_t m, const uint32_t* word, uint32_t n, bool prefix,
                     std::vector<uint32_t>& row) {
  row.resize(m + 1);
  for (uint32_t i = 0; i <= m; ++i) row[i] = i;
  uint32_t best = m;
  for (uint32_t j = 1; j <= n; ++j) {
    uint32_t diagonal = row[0];
    row[0] = j;
    for (uint32_t i = 1; i <= m; ++i) {
      const uint32_t above = row[i];
      row[i] = std::min({above + 1, row[i - 1] + 1, diagonal + (term[i - 1] == word[j - 1] ? 0u : 1u)});
      diagonal = above;
    }
    best = std::min(best, row[m]);
  }
  return prefix ? best : row[m];
}

}  // namespace memento::search
