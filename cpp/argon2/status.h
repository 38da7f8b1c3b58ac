// Every way an Argon2id call can fail, as one stable integer code shared with
// the JS worker. The ranges are the project's convention (every module's
// status.h): 1-63 an argument the caller gave is out of range (RangeError),
// 64-127 one is malformed (TypeError), 128 out of memory ('OutOfMemoryError'),
// 129-255 an internal fault ('InternalError'); worker/wasm-status.js maps them.
#pragma once

namespace memento::argon2 {

enum class Status : int {
  ok = 0,
  // Parameters: each code names the parameter at fault.
  t_too_small = 1,
  p_out_of_range = 2,
  m_too_small = 3,
  m_too_large = 4,
  tag_length_out_of_range = 5,
  salt_too_short = 6,
  salt_too_long = 7,
  password_too_long = 8,
  secret_too_long = 9,
  ad_too_long = 10,
  // Malformed hash strings ($argon2id$v=19$m=..,t=..,p=..$salt$hash).
  str_not_argon2id = 64,
  str_bad_version = 65,
  str_bad_number = 66,
  str_bad_syntax = 67,
  str_bad_base64 = 68,
  // The memory could not be allocated.
  out_of_memory = 128,
  // Internal faults: the caller (the worker) broke the call's contract.
  null_pointer = 129,
  segment_out_of_range = 130,
  buffer_too_small = 131,
};

// A sentence for the user; the parameter named first ("t (iterations) must ...").
const char* message(Status status);
// Same, for a code that crossed the JS boundary (negated codes too: pwhash_str's);
// unknown codes get a generic text.
const char* message(int code);

}  // namespace memento::argon2
