// libsodium's crypto_pwhash_str format for Argon2id:
//   $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>
// salt and hash in standard base64 without padding. Parsing accepts exactly
// what libsodium's decoder accepts, minus what our parameter limits refuse
// (p > 16, m > 2 GiB, hash > 1024 bytes) and minus NUL bytes (libsodium would
// stop reading at one; a JS string can carry one).
#pragma once
#include <cstddef>
#include <cstdint>

#include "argon2/status.h"

namespace memento::argon2 {

inline constexpr std::size_t kStrSaltBytes = 16;  // crypto_pwhash_SALTBYTES
inline constexpr std::size_t kStrHashBytes = 32;  // what crypto_pwhash_str stores
inline constexpr std::size_t kStrMaxBytes = 128;  // crypto_pwhash_STRBYTES, with the NUL

// A parsed string: numbers, and where the base64 salt and hash sit in it.
struct HashString {
  std::uint32_t m;
  std::uint32_t t;
  std::uint32_t p;
  const char* salt_b64;
  std::size_t salt_chars;
  std::size_t salt_bytes;
  const char* hash_b64;
  std::size_t hash_chars;
  std::size_t hash_bytes;
};

// Ok, a str_* code for a malformed string, or the parameter code libsodium's
// own validation would also raise (salt too short, t = 0, m < 8p, ...).
Status parse_hash_string(const char* str, std::size_t length, HashString& out);

// Writes the string with its NUL for a 16-byte salt and a 32-byte hash of the
// password, like crypto_pwhash_str with opslimit t and memlimit m KiB (which
// always writes p = 1; p > 1 strings are ones libsodium also verifies).
// Returns the length without the NUL, or a negated Status: a parameter code, or
// buffer_too_small when the string and its NUL do not fit in capacity.
long pwhash_str(char* out, std::size_t capacity, const std::uint8_t* password, std::size_t password_length,
                const std::uint8_t salt[kStrSaltBytes], std::uint32_t t, std::uint32_t m, std::uint32_t p = 1);

// 1 when the password matches, 0 when it does not, a negated Status when the
// string is malformed or its parameters are out of range. The tags are
// compared in constant time.
int pwhash_str_verify(const char* str, std::size_t length, const std::uint8_t* password, std::size_t password_length);

// Encodes any parameters (p, salt and hash lengths as given). Returns the
// length without the NUL, or 0 when capacity is too small.
std::size_t encode_hash_string(char* out, std::size_t capacity, std::uint32_t t, std::uint32_t m, std::uint32_t p,
                               const std::uint8_t* salt, std::size_t salt_length, const std::uint8_t* hash,
                               std::size_t hash_length);

}  // namespace memento::argon2
