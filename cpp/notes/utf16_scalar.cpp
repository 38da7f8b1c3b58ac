// The scalar twin of utf16_simd.cpp: a code point at a time.
#include "notes/utf16.h"

namespace memento::notes {

std::size_t utf8_to_utf16(std::uint16_t* units, const std::uint8_t* bytes, std::size_t len) {
  std::size_t written = 0;
  for (std::size_t at = 0; at < len;) {
    if (!utf8_to_utf16_one(units, &written, bytes, len, &at)) return kIllFormed;
  }
  return written;
}

std::size_t utf16_length(const std::uint8_t* bytes, std::size_t len) {
  std::size_t units = 0;
  for (std::size_t at = 0; at < len;) {
    const std::size_t width = utf8_sequence_width(bytes, len, at);
    if (width == 0) return kIllFormed;
    at += width;
    units += width == 4 ? 2 : 1;
  }
  return units;
}

}  // namespace memento::notes
