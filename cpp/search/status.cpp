#include "search/status.h"

namespace memento::search {

const char* message(Status status) {
  switch (status) {
    case Status::ok:
      return "ok";
    case Status::position_out_of_range:
      return "position is past the end of this search index";
    case Status::count_out_of_range:
      return "count reaches past the end of this search index";
    case Status::unknown_index:
      return "no search index has this handle: it was destroyed (internal error)";
    case Status::unknown_entry:
      return "a note lists a word the index was never given (internal error)";
    case Status::text_out_of_range:
      return "a note's text reaches past the bytes given with it (internal error)";
  }
  return "unknown search error";
}

const char* message(int code) { return message(static_cast<Status>(code)); }

}  // namespace memento::search
