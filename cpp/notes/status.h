// Every way a notes call can fail as a whole, as one stable integer code
// shared with the JS worker (a note that does not open is not a failure of
// the call: its status byte says why, batch.h). The ranges are the project's
// convention (every module's status.h): 1-63 an argument the caller gave is
// out of range (RangeError), 64-127 one is malformed (TypeError), 128 out of
// memory ('OutOfMemoryError'), 129-255 an internal fault ('InternalError');
// worker/wasm-status.js maps them.
#pragma once

namespace memento::notes {

enum class Status : int {
  ok = 0,
  // Internal faults: the caller (the worker) broke the call's contract.
  null_pointer = 129,
  seal_layout = 130,  // seal_batch: offsets outside the input, or the output too small
};

// A sentence for the developer reading the error.
const char* message(Status status);
// Same, for a code that crossed the JS boundary; unknown codes get a generic text.
const char* message(int code);

}  // namespace memento::notes
