// Every way an Argon2id call can fail, as one stable integer code shared with
// the JS worker, in the project's ranges (cpp/common/status.h). A message
// names the parameter first ("t (iterations) must ...").
#pragma once

#include "common/status.h"

namespace memento::argon2 {

// Parameters (1-63), each code naming the parameter at fault; malformed hash
// strings ($argon2id$v=19$m=..,t=..,p=..$salt$hash, 64-127); the memory that
// could not be allocated (128); internal faults (129-).
#define MEMENTO_ARGON2_STATUS(X)                                                                              \
  X(t_too_small, 1, "t (iterations) must be at least 1")                                                      \
  X(p_out_of_range, 2, "p (parallelism, lanes) must be between 1 and 16")                                     \
  X(m_too_small, 3, "m (memory, KiB) must be at least 8 * p")                                                 \
  X(m_too_large, 4, "m (memory, KiB) must be at most 2097152 (2 GiB)")                                        \
  X(tag_length_out_of_range, 5, "tag length must be between 16 and 1024 bytes")                               \
  X(salt_too_short, 6, "salt must be at least 8 bytes")                                                       \
  X(salt_too_long, 7, "salt must be at most 4294967295 bytes")                                                \
  X(password_too_long, 8, "password must be at most 4294967295 bytes")                                        \
  X(secret_too_long, 9, "secret must be at most 4294967295 bytes")                                            \
  X(ad_too_long, 10, "ad (associated data) must be at most 4294967295 bytes")                                 \
  X(str_not_argon2id, 64, "hash string must start with $argon2id$")                                           \
  X(str_bad_version, 65, "hash string version must be v=19 (Argon2 1.3)")                                     \
  X(str_bad_number, 66, "hash string v, m, t and p must be decimal numbers without leading zeros below 2^32") \
  X(str_bad_syntax, 67, "hash string must read $argon2id$v=19$m=<m>,t=<t>,p=<p>$<salt>$<hash>")               \
  X(str_bad_base64, 68, "hash string salt and hash must be canonical unpadded standard base64")               \
  X(out_of_memory, 128, "could not allocate the Argon2 memory (m KiB)")                                       \
  X(null_pointer, 129, "a buffer address is null but its length is not zero")                                 \
  X(segment_out_of_range, 130, "pass, slice or lane is out of range for this context")                        \
  X(buffer_too_small, 131, "output buffer is too small")

MEMENTO_STATUS(MEMENTO_ARGON2_STATUS, "unknown Argon2 error", true)

}  // namespace memento::argon2
