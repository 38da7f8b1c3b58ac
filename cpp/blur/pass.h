// The two passes of a box blur, implemented twice side by side:
// pass_scalar.cpp and pass_simd.cpp (16 bytes per instruction). Everything
// else (the ring, windows, crop, quarter mode) is shared in blur.cpp and quarter.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "blur/divide.h"

namespace memento::blur {

// RGBA8 pixels, `stride` bytes from one row to the next. Reads clamp to
// width x height: that is where the image's edge is.
struct Plane {
  const std::uint8_t* data;
  std::size_t stride;
  std::uint32_t width;
  std::uint32_t height;
};

// A non-empty rectangle of pixels in a plane's coordinates.
struct Window {
  std::uint32_t x;
  std::uint32_t y;
  std::uint32_t width;
  std::uint32_t height;
};

struct Box {
  std::uint32_t radius;  // <= kMaxRadius
  Divider divider;       // divider_for(radius)
};

// One box blur runs its two passes interleaved: the horizontal pass fills a
// ring of rows a few at a time, the vertical pass slides down behind it, so
// the image streams through once per box and the rows in between stay in cache.
//
// The horizontal pass writes the window's pixels of `src`'s horizontal blur to
// `dst` (its first pixel; `dst_stride` bytes per row). `scratch` holds
// horizontal_scratch_bytes(src.width, radius) bytes.
void horizontal_pass(const Plane& src, const Window& window, std::uint8_t* dst, std::size_t dst_stride, const Box& box,
                     std::uint8_t* scratch);

// The horizontal pass's rows for the vertical pass: row y of the plane
// (clamped to 0 .. height - 1) at data + ((y - first) mod slots) * stride,
// holding the vertical window's columns.
struct Rows {
  const std::uint8_t* data;
  std::size_t stride;
  std::uint32_t slots;
  std::uint32_t first;
  std::uint32_t height;

  const std::uint8_t* row(std::int64_t y) const {
    const std::int64_t c = y < 0 ? 0 : y >= height ? height - 1 : y;
    return data + static_cast<std::size_t>((c - first) % slots) * stride;
  }
};

// The vertical pass: start the running sums for the window's first row, then
// write `count` rows from plane row y on to `dst` (that row's first pixel).
// `sums` holds vertical_scratch_bytes(window.width) bytes.
void vertical_start(const Rows& rows, const Window& window, const Box& box, std::uint8_t* sums);
void vertical_rows(const Rows& rows, const Window& window, std::uint32_t y, std::uint32_t count, std::uint8_t* dst,
                   std::size_t dst_stride, const Box& box, std::uint8_t* sums);

// Enough for either variant, with 16 for alignment: the SIMD horizontal pass
// keeps width + 2r + 1 transposed pixels of 16 bytes; the vertical pass up to
// 64 bytes of sums per 16 bytes of a row.
constexpr std::size_t horizontal_scratch_bytes(std::uint32_t width, std::uint32_t radius) {
  return 16 * (std::size_t{width} + 2 * std::size_t{radius} + 1) + 16;
}
constexpr std::size_t vertical_scratch_bytes(std::uint32_t width) { return 16 * std::size_t{width} + 64 + 16; }

// Rows the ring holds: the vertical pass reads 2r + 1 + 3 rows for four
// outputs, and the horizontal pass runs up to 3 rows ahead (in fours, so a
// multiple of 4 keeps each group of four contiguous).
constexpr std::uint32_t ring_slots(std::uint32_t radius) { return (2 * radius + 8 + 3) & ~3u; }

// "simd" or "scalar": which file this build's passes come from.
const char* kernel_variant();

}  // namespace memento::blur
