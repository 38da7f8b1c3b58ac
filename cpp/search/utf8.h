// One code point from UTF-8, for the folds. Only well-formed sequences (the
// WHATWG decoder's, as TextDecoder reads them) give a code point; anything
// else gives kInvalid and one byte is consumed. TextDecoder would give one
// U+FFFD per maximal ill-formed part instead, but U+FFFD is no letter or
// digit: either way the bytes only end a word, and no continuation byte left
// behind can start a valid sequence.
#pragma once

#include <cstddef>
#include <cstdint>

namespace memento::search {

inline constexpr uint32_t kInvalidUtf8 = 0xffffffffu;

// Decodes the sequence at text[0 .. available) (available >= 1); sets *size
// to the bytes it took. Not for ASCII (the callers handle bytes < 0x80 first).
inline uint32_t decode_utf8(const uint8_t* text, size_t available, size_t* size) {
  *size = 1;
  const uint32_t lead = text[0];
  auto continuation = [&](size_t i) { return i < available && (text[i] & 0xc0) == 0x80; };
  if (lead >= 0xc2 && lead <= 0xdf) {
    if (!continuation(1)) return kInvalidUtf8;
    *size = 2;
    return (lead & 0x1f) << 6 | (text[1] & 0x3f);
  }
  if (lead >= 0xe0 && lead <= 0xef) {
    if (!continuation(1) || !continuation(2)) return kInvalidUtf8;
    // Overlong forms (E0 80..9F) and UTF-16 surrogates (ED A0..BF) are ill-formed.
    if ((lead == 0xe0 && text[1] < 0xa0) || (lead == 0xed && text[1] > 0x9f)) return kInvalidUtf8;
    *size = 3;
    return (lead & 0x0f) << 12 | (text[1] & 0x3f) << 6 | (text[2] & 0x3f);
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    if (!continuation(1) || !continuation(2) || !continuation(3)) return kInvalidUtf8;
    // Overlong forms (F0 80..8F) and code points past U+10FFFF (F4 90..) are ill-formed.
    if ((lead == 0xf0 && text[1] < 0x90) || (lead == 0xf4 && text[1] > 0x8f)) return kInvalidUtf8;
    *size = 4;
    return (lead & 0x07) << 18 | (text[1] & 0x3f) << 12 | (text[2] & 0x3f) << 6 | (text[3] & 0x3f);
  }
  return kInvalidUtf8;
}

}  // namespace memento::search
