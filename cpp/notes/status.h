// Every way a notes call can fail as a whole, as one stable integer code
// shared with the JS worker, in the project's ranges (cpp/common/status.h).
// A note that does not open is not a failure of the call: its status byte
// says why (batch.h). Both codes are internal faults: the worker broke the
// call's contract.
#pragma once

#include "common/status.h"

namespace memento::notes {

#define MEMENTO_NOTES_STATUS(X)                                     \
  X(null_pointer, 129, "a buffer address is null (internal error)") \
  X(seal_layout, 130,                                               \
    "the sealing layout is inconsistent: offsets outside the input or the output too small (internal error)")

MEMENTO_STATUS(MEMENTO_NOTES_STATUS, "unknown notes error", false)

}  // namespace memento::notes
