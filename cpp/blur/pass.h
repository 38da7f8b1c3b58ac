// The two passes of a box blur, implemented twice side by side:
// pass_scalar.cpp and pass_simd.cpp (16 bytes per instruction). Everything
// else (windows, crop, quarter mode) is shared in blur.cpp and quarter.cpp.
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
  std::uint32_t radius;   // <= kMaxRadius
  Divider divider;        // divider_for(radius)
};

// Each pass writes the window's pixels of one direction's blur of `src` to
// `dst` (its first pixel; `dst_stride` bytes per row). `src` and `dst` must not
// overlap. `scratch` holds pass_scratch_bytes(src.width, radius) bytes.
void horizontal_pass(const Plane& src, const Window& window, std::uint8_t* dst, std::size_t dst_stride,
                     const Box& box, std::uint8_t* scratch);
void vertical_pass(const Plane& src, const Window& window, std::uint8_t* dst, std::size_t dst_stride,
                   const Box& box, std::uint8_t* scratch);

// Enough for either variant: the SIMD horizontal pass keeps width + 2r + 1
// transposed pixels of 16 bytes; the vertical pass 64 bytes of sums per 16
// bytes of a row; 16 for alignment.
constexpr std::size_t pass_scratch_bytes(std::uint32_t width, std::uint32_t radius) {
  return 16 * (std::size_t{width} + 2 * std::size_t{radius} + 4) + 16;
}

// "simd" or "scalar": which file this build's passes come from.
const char* kernel_variant();

}  // namespace memento::blur
