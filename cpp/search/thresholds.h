// The specification's typo budgets (docs/specs/search.md).
#pragma once

#include <cstdint>

namespace memento::search {

// A complete term: 0 typos up to 2 code points, 1 at 3, then 2.
constexpr uint32_t term_budget(uint32_t m) { return m <= 2 ? 0 : m == 3 ? 1 : 2; }
// The last term, matched as a prefix: stricter, 0 up to 3, 1 up to 6, then 2.
constexpr uint32_t prefix_budget(uint32_t m) { return m <= 3 ? 0 : m <= 6 ? 1 : 2; }

}  // namespace memento::search
