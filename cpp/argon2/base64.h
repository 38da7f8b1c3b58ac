// Standard-alphabet base64 without padding, with libsodium's decoding rules
// (sodium_base642bin, VARIANT_ORIGINAL_NO_PADDING): decoding stops at the first
// character outside the alphabet; a final group of one character, or non-zero
// unused bits in the last character, is an error. Characters map through
// arithmetic rather than a table so timing does not depend on the hash bytes.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::argon2::base64 {

inline constexpr std::size_t encoded_length(std::size_t bytes) { return (bytes * 4 + 2) / 3; }

// Writes encoded_length(length) characters, no NUL.
void encode(char* out, const std::uint8_t* in, std::size_t length);

struct Span {
  std::size_t chars;  // alphabet characters read (decoding stopped after them)
  std::size_t bytes;  // bytes they decode to
  bool canonical;     // false: 1 mod 4 characters, or non-zero trailing bits
};
// Measures the run of alphabet characters at the start of in[0..length).
Span scan(const char* in, std::size_t length);

// Decodes chars characters already accepted by scan() into out (Span::bytes bytes).
void decode(std::uint8_t* out, const char* in, std::size_t chars);

}  // namespace memento::argon2::base64
