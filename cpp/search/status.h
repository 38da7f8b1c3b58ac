// Every way a search index call can fail, as one stable integer code shared
// with the JS worker, in the project's ranges (cpp/common/status.h): the
// caller's edit (1-63, the argument at fault named first), or an internal
// fault (129-): no index has the handle (destroyed, or never made), a note
// lists an entry id the index was never given, or a note's text span reaches
// past the bytes given with it.
#pragma once

#include "common/status.h"

namespace memento::search {

#define MEMENTO_SEARCH_STATUS(X)                                                              \
  X(position_out_of_range, 1, "position is past the end of this search index")                \
  X(count_out_of_range, 2, "count reaches past the end of this search index")                 \
  X(unknown_index, 129, "no search index has this handle: it was destroyed (internal error)") \
  X(unknown_entry, 130, "a note lists a word the index was never given (internal error)")     \
  X(text_out_of_range, 131, "a note's text reaches past the bytes given with it (internal error)")

MEMENTO_STATUS(MEMENTO_SEARCH_STATUS, "unknown search error", false)

}  // namespace memento::search
