// The project's status codes, once for every module. Each module lists its
// codes in cpp/<module>/status.h, one X(name, code, "message") row a code, so
// that a code's name, number and sentence stand in one place, and expands the
// list with MEMENTO_STATUS. The ranges, shared with worker/wasm-status.js,
// which turns a code into an error:
//   0        ok
//   1-63     an argument the caller gave is out of range  (RangeError)
//   64-127   an argument the caller gave is malformed     (TypeError)
//   128      out of memory                                ('OutOfMemoryError')
//   129-255  an internal fault: the worker broke a call's contract ('InternalError')
// A message is a sentence for the person reading the error, the argument at
// fault named first ("radius must be at most 255").
#pragma once

#include <climits>

#define MEMENTO_STATUS_ENUMERATOR(name, code, text) name = code,
#define MEMENTO_STATUS_CASE(name, code, text) \
  case code:                                  \
    return text;

// Declares `enum class Status : int` (ok = 0, then the list's codes) and
// message(): the sentence of a code (or, when negated_too, of its negation:
// argon2's pwhash_str returns negated codes), or `unknown` for any other int
// (a code that crossed the JS boundary can be anything). Two rows with one
// code do not compile.
#define MEMENTO_STATUS(list, unknown, negated_too)                        \
  enum class Status : int { ok = 0, list(MEMENTO_STATUS_ENUMERATOR) };    \
  inline const char* message(int code) {                                  \
    switch ((negated_too) && code < 0 && code > INT_MIN ? -code : code) { \
      list(MEMENTO_STATUS_CASE) case 0 : return "ok";                     \
    }                                                                     \
    return unknown;                                                       \
  }                                                                       \
  inline const char* message(Status status) { return message(static_cast<int>(status)); }
