#include "argon2/status.h"

#include <climits>

namespace memento::argon2 {

const char* message(Status status) {
  switch (status) {
    case Status::ok:
      return "ok";
    case Status::t_too_small:
      return "t (iterations) must be at least 1";
    case Status::p_out_of_range:
      return "p (parallelism, lanes) must be between 1 and 16";
    case Status::m_too_small:
      return "m (memory, KiB) must be at least 8 * p";
    case Status::m_too_large:
      return "m (memory, KiB) must be at most 2097152 (2 GiB)";
    case Status::tag_length_out_of_range:
      return "tag length must be between 16 and 1024 bytes";
    case Status::salt_too_short:
      return "salt must be at least 8 bytes";
    case Status::salt_too_long:
      return "salt must be at most 4294967295 bytes";
    case Status::password_too_long:
      return "password must be at most 4294967295 bytes";
    case Status::secret_too_long:
      return "secret must be at most 4294967295 bytes";
    case Status::ad_too_long:
      return "ad (associated data) must be at most 4294967295 bytes";
    case Status::null_pointer:
      return "a buffer address is null but its length is not zero";
    case Status::out_of_memory:
      return "could not allocate the Argon2 memory (m KiB)";
    case Status::segment_out_of_range:
      return "pass, slice or lane is out of range for this context";
    case Status::buffer_too_small:
      return "output buffer is too small";
    case Status::str_not_argon2id:
      return "hash string must start with $argon2id$";
    case Status::str_bad_version:
      return "hash string version must be v=19 (Argon2 1.3)";
    case Status::str_bad_number:
      return "hash string v, m, t and p must be decimal numbers without leading zeros below 2^32";
    case Status::str_bad_syntax:
      return "hash string must read $argon2id$v=19$m=<m>,t=<t>,p=<p>$<salt>$<hash>";
    case Status::str_bad_base64:
      return "hash string salt and hash must be canonical unpadded standard base64";
  }
  return "unknown Argon2 error";
}

const char* message(int code) {
  // pwhash_str and verify return negated codes. An enum with a fixed underlying
  // type holds any int, and message(Status) answers unknown values generically.
  if (code < 0 && code > INT_MIN) code = -code;
  return message(static_cast<Status>(code));
}

}  // namespace memento::argon2
