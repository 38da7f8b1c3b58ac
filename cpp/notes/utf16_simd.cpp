// UTF-8 to UTF-16 sixteen bytes at a time where they are all ASCII (most of a
// note's text, even in a language with accents): the bytes widened to units
// with two extends and two stores. Sixteen bytes with a non-ASCII byte are
// widened too (their ASCII start is right), then the code point at the first
// non-ASCII byte is decoded on its own, and the next sixteen bytes are read
// from just past it: one vector step per non-ASCII character, not per byte.
#include "common/simd.h"
#include "notes/utf16.h"

namespace memento::notes {

std::size_t utf8_to_utf16(std::uint16_t* units, const std::uint8_t* bytes, std::size_t len) {
  std::size_t written = 0;
  std::size_t at = 0;
  // Each step writes 16 units at `written` <= `at` (at most one unit a byte) with at + 16 <= len: inside the room for
  // len.
  while (at + 16 <= len) {
    const v128_t v = wasm_v128_load(bytes + at);
    wasm_v128_store(units + written, wasm_u16x8_extend_low_u8x16(v));
    wasm_v128_store(units + written + 8, wasm_u16x8_extend_high_u8x16(v));
    const std::uint32_t non_ascii = wasm_i8x16_bitmask(v);
    if (non_ascii == 0) {
      at += 16;
      written += 16;
      continue;
    }
    const std::size_t ascii = static_cast<std::size_t>(__builtin_ctz(non_ascii));
    at += ascii;
    written += ascii;
    if (!utf8_to_utf16_one(units, &written, bytes, len, &at)) return kIllFormed;
  }
  while (at < len) {
    if (!utf8_to_utf16_one(units, &written, bytes, len, &at)) return kIllFormed;
  }
  return written;
}

// The length alone, sixteen bytes a step even where they are not all ASCII:
// the units are the bytes that are not continuation bytes, plus one more for
// each four-byte lead. Every lead's sequence is checked where it starts (its
// continuation bytes too); the text is well-formed when, besides, no
// continuation byte is left over: their count is the leads' widths minus one.
std::size_t utf16_length(const std::uint8_t* bytes, std::size_t len) {
  std::size_t continuation = 0, expected = 0, four_byte = 0;
  auto lead = [&](std::size_t i) {
    const std::size_t width = utf8_sequence_width(bytes, len, i);
    expected += width - 1;
    four_byte += width == 4;
    return width != 0;
  };
  std::size_t at = 0;
  for (; at + 16 <= len; at += 16) {
    const v128_t v = wasm_v128_load(bytes + at);
    const std::uint32_t non_ascii = wasm_i8x16_bitmask(v);
    if (non_ascii == 0) continue;
    const std::uint32_t follow =
        wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_and(v, wasm_i8x16_splat(-64)), wasm_i8x16_splat(-128)));
    continuation += static_cast<std::size_t>(__builtin_popcount(follow));
    for (std::uint32_t leads = non_ascii & ~follow; leads != 0; leads &= leads - 1) {
      if (!lead(at + static_cast<std::size_t>(__builtin_ctz(leads)))) return kIllFormed;
    }
  }
  for (; at < len; at++) {
    if (bytes[at] < 0x80) continue;
    if ((bytes[at] & 0xc0) == 0x80) {
      continuation++;
    } else if (!lead(at)) {
      return kIllFormed;
    }
  }
  return continuation == expected ? len - continuation + four_byte : kIllFormed;
}

}  // namespace memento::notes
