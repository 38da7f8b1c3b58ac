// base64, RFC 4648 section 4 with padding, strict: the length is a multiple of
// 4, only A-Z a-z 0-9 + / and one or two '=' at the very end, and the unused
// bits of the last character are zero (the one canonical encoding). No
// whitespace, no URL alphabet. Anything else is malformed, and says why.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::notes {

enum class Base64Error : int {
  ok = 0,
  bad_length = 1,     // not a multiple of 4
  bad_character = 2,  // outside the alphabet (whitespace included)
  bad_padding = 3,    // '=' anywhere but the last one or two places
  non_canonical = 4,  // the bits the padding hides are not zero
};

constexpr std::size_t base64_encoded_length(std::size_t n) { return (n + 2) / 3 * 4; }
// An upper bound of the decoded size (the exact one needs the padding).
constexpr std::size_t base64_decoded_capacity(std::size_t len) { return len / 4 * 3; }

void base64_encode(char* out, const std::uint8_t* in, std::size_t n);

// Decodes len characters into out (room for base64_decoded_capacity(len)).
// On success stores the decoded size in *decoded.
Base64Error base64_decode(std::uint8_t* out, std::size_t* decoded, const char* in, std::size_t len);

// The table-driven decoder: the whole job in the scalar build, the last
// quad and any bad stretch in the SIMD one (so both report the same error).
Base64Error base64_decode_scalar(std::uint8_t* out, std::size_t* decoded, const char* in, std::size_t len);

}  // namespace memento::notes
