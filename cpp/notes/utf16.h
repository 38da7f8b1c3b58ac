// UTF-8 to UTF-16, for the page's strings: the kernel writes each opened title
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

// One code point at bytes[*at] (*at < len): its units go to units[*written]
// and both indexes move past it; false if the sequence there is ill-formed.
bool utf8_to_utf16_one(std::uint16_t* units, std::size_t* written, const std::uint8_t* bytes, std::size_t len,
                       std::size_t* at);

}  // namespace memento::notes
