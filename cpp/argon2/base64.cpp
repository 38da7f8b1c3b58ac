#include "argon2/base64.h"

namespace memento::argon2::base64 {
namespace {

// All-ones when the condition holds, zero otherwise, without a branch.
inline unsigned mask_if(bool condition) { return 0u - static_cast<unsigned>(condition); }

inline char to_char(unsigned x) {
  const unsigned c = (mask_if(x < 26) & (x + 'A')) | (mask_if(x >= 26 && x < 52) & (x - 26 + 'a')) |
                     (mask_if(x >= 52 && x < 62) & (x - 52 + '0')) | (mask_if(x == 62) & '+') |
                     (mask_if(x == 63) & '/');
  return static_cast<char>(c);
}

// 0..63, or 0xff for a character outside the alphabet.
inline unsigned to_value(unsigned char c) {
  const unsigned v = (mask_if(c >= 'A' && c <= 'Z') & (c - 'A')) | (mask_if(c >= 'a' && c <= 'z') & (c - 'a' + 26)) |
                     (mask_if(c >= '0' && c <= '9') & (c - '0' + 52)) | (mask_if(c == '+') & 62) |
                     (mask_if(c == '/') & 63);
  const bool valid = (c >= 'A' && c <= 'Z') | (c >= 'a' && c <= 'z') | (c >= '0' && c <= '9') | (c == '+') | (c == '/');
  return v | (mask_if(!valid) & 0xff);
}

}  // namespace

void encode(char* out, const std::uint8_t* in, std::size_t length) {
  unsigned acc = 0;
  unsigned bits = 0;
  for (std::size_t i = 0; i < length; ++i) {
    acc = (acc << 8) | in[i];
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      *out++ = to_char((acc >> bits) & 63);
    }
  }
  if (bits > 0) *out++ = to_char((acc << (6 - bits)) & 63);
}

Span scan(const char* in, std::size_t length) {
  Span span{0, 0, true};
  while (span.chars < length && to_value(static_cast<unsigned char>(in[span.chars])) != 0xff) {
    ++span.chars;
  }
  const std::size_t tail = span.chars % 4;
  span.bytes = span.chars / 4 * 3 + (tail == 0 ? 0 : tail - 1);
  if (tail == 1) {
    span.canonical = false;  // six bits cannot make a byte
  } else if (tail != 0) {
    // The last character's low 2 (tail 3) or 4 (tail 2) bits fall off the end.
    const unsigned last = to_value(static_cast<unsigned char>(in[span.chars - 1]));
    const unsigned unused = tail == 2 ? 15u : 3u;
    span.canonical = (last & unused) == 0;
  }
  return span;
}

void decode(std::uint8_t* out, const char* in, std::size_t chars) {
  unsigned acc = 0;
  unsigned bits = 0;
  for (std::size_t i = 0; i < chars; ++i) {
    acc = (acc << 6) | to_value(static_cast<unsigned char>(in[i]));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      *out++ = static_cast<std::uint8_t>(acc >> bits);
    }
  }
}

}  // namespace memento::argon2::base64
