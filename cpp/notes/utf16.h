// UTF-8 to UTF-16 (or only its length), for the page's strings: the kernel writes each opened title
// and body as UTF-16 too, right after decrypting it (still in cache), so that
// the page makes one string per call from UTF-16 units (a copy, no decoding:
// `Buffer#toString('utf16le')` in Node) and cuts every field out of it,
// instead of one UTF-8 TextDecoder call per field (cpp/notes/NOTES.md).
// Strict: well-formed UTF-8 only (Unicode Table 3-7: no overlongs, no
// surrogates, nothing past U+10FFFF, no truncated sequence). Anything else is
// refused, and the page decodes that call's UTF-8 field by field as before,
// so every string is what TextDecoder gives for the field alone.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::notes {

inline constexpr std::size_t kIllFormed = ~std::size_t{0};

// Writes the UTF-16 units of `len` bytes of UTF-8 to `units` (room for `len`
// units: never more than one a byte) and returns their count, or kIllFormed
// (then up to `len` units were written).
std::size_t utf8_to_utf16(std::uint16_t* units, const std::uint8_t* bytes, std::size_t len);

// The length of the well-formed UTF-8 sequence at bytes[i] (i < len), 1 to
// 4, or 0 if the sequence there is ill-formed (Table 3-7: the second byte's
// range depends on the lead: no overlongs, no surrogates (ED A0..BF), nothing
// past U+10FFFF (F4 90..); no truncated sequence).
inline std::size_t utf8_sequence_width(const std::uint8_t* bytes, std::size_t len, std::size_t i) {
  const std::uint8_t b0 = bytes[i];
  if (b0 < 0x80) return 1;
  if (b0 < 0xc2 || b0 > 0xf4) return 0;  // a continuation byte, an overlong lead, or past U+10FFFF
  const std::size_t width = b0 < 0xe0 ? 2 : b0 < 0xf0 ? 3 : 4;
  if (len - i < width) return 0;
  const std::uint8_t b1 = bytes[i + 1];
  const std::uint8_t low = b0 == 0xe0 ? 0xa0 : b0 == 0xf0 ? 0x90 : 0x80;
  const std::uint8_t high = b0 == 0xed ? 0x9f : b0 == 0xf4 ? 0x8f : 0xbf;
  if (b1 < low || b1 > high) return 0;
  for (std::size_t k = 2; k < width; k++) {
    if ((bytes[i + k] & 0xc0) != 0x80) return 0;
  }
  return width;
}

// One code point at bytes[*at] (*at < len): its units go to units[*written]
// and both indexes move past it; false if the sequence there is ill-formed.
// Inline: both builds' loops call it once per non-ASCII character.
inline bool utf8_to_utf16_one(std::uint16_t* units, std::size_t* written, const std::uint8_t* bytes, std::size_t len,
                              std::size_t* at) {
  const std::size_t i = *at;
  const std::uint8_t b0 = bytes[i];
  if (b0 < 0x80) {
    units[(*written)++] = b0;
    *at = i + 1;
    return true;
  }
  const std::size_t width = utf8_sequence_width(bytes, len, i);
  if (width == 0) return false;
  std::uint32_t cp = b0 & (0x7f >> width);
  for (std::size_t k = 1; k < width; k++) cp = cp << 6 | (bytes[i + k] & 0x3f);
  if (cp < 0x10000) {
    units[(*written)++] = static_cast<std::uint16_t>(cp);
  } else {
    cp -= 0x10000;
    units[(*written)++] = static_cast<std::uint16_t>(0xd800 | cp >> 10);
    units[(*written)++] = static_cast<std::uint16_t>(0xdc00 | (cp & 0x3ff));
  }
  *at = i + width;
  return true;
}

// The UTF-16 length of `len` bytes of UTF-8 (what utf8_to_utf16 would
// return), or kIllFormed; nothing written. For the browsers, which decode
// the UTF-8 themselves, several notes in one TextDecoder call cut at these
// lengths (cpp/notes/NOTES.md).
std::size_t utf16_length(const std::uint8_t* bytes, std::size_t len);

}  // namespace memento::notes
