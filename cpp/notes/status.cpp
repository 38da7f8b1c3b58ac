#include "notes/status.h"

namespace memento::notes {

const char* message(Status status) {
  switch (status) {
    case Status::ok:
      return "ok";
    case Status::null_pointer:
      return "a buffer address is null (internal error)";
    case Status::seal_layout:
      return "the sealing layout is inconsistent: offsets outside the input or the output too small (internal error)";
  }
  return "unknown notes error";
}

const char* message(int code) { return message(static_cast<Status>(code)); }

}  // namespace memento::notes
