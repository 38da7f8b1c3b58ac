// Every way a search index call can fail, as one stable integer code shared
// with the JS worker. The ranges are the project's convention (every module's
// status.h): 1-63 an argument the caller gave is out of range (RangeError),
// 64-127 one is malformed (TypeError), 128 out of memory ('OutOfMemoryError'),
// 129-255 an internal fault ('InternalError'); worker/wasm-status.js maps them.
#pragma once

namespace memento::search {

enum class Status : int {
  ok = 0,
  // The caller's edit: each code names the argument at fault.
  position_out_of_range = 1,
  count_out_of_range = 2,
  // Internal faults: the caller (the worker) broke the call's contract.
  unknown_index = 129,      // no index has this handle (destroyed, or never made)
  unknown_entry = 130,      // a note lists an entry id the index was never given
  text_out_of_range = 131,  // a note's text span reaches past the bytes given with it
};

// A sentence for the user; the argument at fault named first.
const char* message(Status status);
// Same, for a code that crossed the JS boundary; unknown codes get a generic text.
const char* message(int code);

}  // namespace memento::search
