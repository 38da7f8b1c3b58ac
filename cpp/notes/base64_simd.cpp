// base64 decode sixteen characters at a time: classify each byte by range
// (compares, no table: a v128 lookup needs a swizzle V8 pads with extra
// instructions), add the per-range offset to get its 6-bit value, then pack
// four 6-bit values into three bytes with shifts and one byte shuffle.
// The last quad (padding) and any stretch with a bad byte go to the scalar
// decoder, so both builds report the very same error.
#include "common/simd.h"
#include "notes/base64.h"

// 1: validate and map with three 16-byte table lookups on the nibbles (swizzles);
// 0: range compares, no table.
#ifndef MEMENTO_NOTES_BASE64_BY_NIBBLES
#define MEMENTO_NOTES_BASE64_BY_NIBBLES 1
#endif

namespace memento::notes {
namespace {

inline v128_t in_range(v128_t v, char lo, char hi) {
  return wasm_v128_and(wasm_u8x16_ge(v, wasm_i8x16_splat(lo)), wasm_u8x16_le(v, wasm_i8x16_splat(hi)));
}

// Sixteen characters to twelve bytes; false (nothing written) if any is not in the alphabet.
inline bool decode16(std::uint8_t* out, const char* in) {
  const v128_t v = wasm_v128_load(in);
#if MEMENTO_NOTES_BASE64_BY_NIBBLES
  // Each character's low and high nibble select a bit set in two 16-byte
  // tables (swizzles): they share a bit exactly when the character is outside
  // the alphabet. The high nibble (and '/' alone) then selects the offset.
  const v128_t lo = wasm_v128_and(v, wasm_i8x16_splat(0x0f));
  const v128_t hi = wasm_u8x16_shr(v, 4);
  const v128_t lo_bits = wasm_i8x16_swizzle(
      wasm_i8x16_make(0x15, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x13, 0x1a, 0x1b, 0x1b, 0x1b, 0x1a),
      lo);
  const v128_t hi_bits = wasm_i8x16_swizzle(
      wasm_i8x16_make(0x10, 0x10, 0x01, 0x02, 0x04, 0x08, 0x04, 0x08, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10),
      hi);
  if (wasm_v128_any_true(wasm_v128_and(lo_bits, hi_bits))) return false;
  // '/' (0x2f) is the one character of its high nibble with an offset of its own: it takes entry 1.
  const v128_t index = wasm_i8x16_add(hi, wasm_i8x16_eq(v, wasm_i8x16_splat('/')));
  const v128_t sextets = wasm_i8x16_add(
      v, wasm_i8x16_swizzle(wasm_i8x16_make(0, 16, 19, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, 0, 0, 0), index));
#else
  const v128_t upper = in_range(v, 'A', 'Z');
  const v128_t lower = in_range(v, 'a', 'z');
  const v128_t digit = in_range(v, '0', '9');
  const v128_t plus = wasm_i8x16_eq(v, wasm_i8x16_splat('+'));
  const v128_t slash = wasm_i8x16_eq(v, wasm_i8x16_splat('/'));
  const v128_t valid = wasm_v128_or(wasm_v128_or(upper, lower), wasm_v128_or(digit, wasm_v128_or(plus, slash)));
  if (!wasm_i8x16_all_true(valid)) return false;
  // The ranges are disjoint, so OR-ing the masked offsets selects exactly one.
  v128_t offset = wasm_v128_and(upper, wasm_i8x16_splat(-65));
  offset = wasm_v128_or(offset, wasm_v128_and(lower, wasm_i8x16_splat(-71)));
  offset = wasm_v128_or(offset, wasm_v128_and(digit, wasm_i8x16_splat(4)));
  offset = wasm_v128_or(offset, wasm_v128_and(plus, wasm_i8x16_splat(19)));
  offset = wasm_v128_or(offset, wasm_v128_and(slash, wasm_i8x16_splat(16)));
  const v128_t sextets = wasm_i8x16_add(v, offset);
#endif
  // Each u16 lane [a, b] (a first) becomes a << 6 | b: 12 bits.
  const v128_t pairs =
      wasm_v128_or(wasm_v128_and(wasm_i16x8_shl(sextets, 6), wasm_i16x8_splat(0x0fc0)), wasm_u16x8_shr(sextets, 8));
  // Each u32 lane [ab, cd] becomes ab << 12 | cd: the 24 bits of three output bytes.
  const v128_t triples =
      wasm_v128_or(wasm_v128_and(wasm_i32x4_shl(pairs, 12), wasm_i32x4_splat(0xfff000)), wasm_u32x4_shr(pairs, 16));
  // Big-endian bytes 2, 1, 0 of every lane, packed into the low twelve.
  const v128_t bytes = wasm_i8x16_shuffle(triples, triples, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 0, 0, 0, 0);
  wasm_v128_store64_lane(out, bytes, 0);
  wasm_v128_store32_lane(out + 8, bytes, 2);
  return true;
}

}  // namespace

Base64Error base64_decode(std::uint8_t* out, std::size_t* decoded, const char* in, std::size_t len) {
  *decoded = 0;
  if (len % 4 != 0) return Base64Error::bad_length;
  std::size_t i = 0;
  std::size_t written = 0;
  // Stop before the last quad, which may hold padding.
  while (i + 16 + 4 <= len && decode16(out + written, in + i)) {
    i += 16;
    written += 12;
  }
  std::size_t tail = 0;
  const Base64Error error = base64_decode_scalar(out + written, &tail, in + i, len - i);
  if (error == Base64Error::ok) *decoded = written + tail;
  return error;
}

}  // namespace memento::notes
