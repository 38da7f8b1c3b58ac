// The OSA table (docs/specs/search.md) column by column, for terms longer than
// the 64-bit kernel takes (m > 64): rare, so three columns of O(m) cells (the
// transposition reads two back) are enough.
#pragma once

#include <cstdint>
#include <vector>

namespace memento::search {

// OSA(term, word), or with `prefix` the minimum over the word's prefixes;
// `last`, when given, gets OSA(term, word) either way. `scratch` is kept by the
// caller between calls.
uint32_t dp_distance(const uint32_t* term, uint32_t m, const uint32_t* word, uint32_t n, bool prefix,
                     std::vector<uint32_t>& scratch, uint32_t* last = nullptr);

}  // namespace memento::search
