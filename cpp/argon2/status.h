// Every way an Argon2id call can fail, as one stable integer code shared with
// the JS worker, which turns it into a RangeError / Error carrying message().
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
  null_pointer = 11,
  // Runtime.
  out_of_memory = 12,
  segment_out_of_range = 13,
  buffer_too_small = 14,
  // Hash strings ($argon2id$v=19$m=..,t=..,p=..$salt$hash).
  str_not_argon2id = 20,
  str_bad_version = 21,
  str_bad_number = 22,
  str_bad_syntax = 23,
  str_bad_base64 = 24,
};

// A sentence for the user; the parameter named first ("t (iterations) must ...").
const char* message(Status status);
// Same, for a code that crossed the JS boundary; unknown codes get a generic text.
const char* message(int code);

}  // namespace memento::argon2
