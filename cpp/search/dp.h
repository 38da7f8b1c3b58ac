// Dynamic-programming Levenshtein for terms longer than the 64-bit kernel
// takes (m > 64): rare, so one row of O(n) cells is enough.
#pragma once

#include <cstdint>
#include <vector>

namespace memento::search {

// Levenshtein(term, word), or with `prefix` the minimum over the word's
// prefixes. `row` is scratch the caller keeps between calls.
uint32_t dp_distance(const uint32_t* term, uint32_t m, const uint32_t* word, uint32_t n, bool prefix,
                     std::vector<uint32_t>& row);

}  // namespace memento::search
