// The glass blur (docs: Specifications, Blur): three box blurs of RGBA8 pixels,
// each a horizontal then a vertical pass, every channel
// floor((S + r) / (2r + 1)) over 2r + 1 values clamped to the image's edge.
// Plain functions over spans of bytes; the caller provides all memory
// (scratch sizes below), nothing here allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "blur/status.h"

namespace memento::blur {

inline constexpr std::uint32_t kMaxSide = 32767;                     // Chromium's largest canvas side
inline constexpr std::uint64_t kMaxPixels = std::uint64_t{1} << 27;  // every size below fits 32 bits

struct Rect {
  std::uint32_t x;
  std::uint32_t y;
  std::uint32_t width;
  std::uint32_t height;
};

enum class Quality : std::uint32_t {
  exact = 0,    // the specification's bytes
  quarter = 1,  // half resolution, radius (r + 1) / 2, scaled back: close, not equal (NOTES.md)
};

// The whole image, in place. Scratch: image_scratch_bytes(width, height, radius).
Status blur_image(std::span<std::uint8_t> pixels, std::uint32_t width, std::uint32_t height, std::uint32_t radius,
                  std::span<std::uint8_t> scratch);

// `rect` of the blurred image into `out` (rect.width * rect.height * 4 bytes),
// computing only the rectangle grown by 3r. `pixels` are not changed.
// Scratch: rect_scratch_bytes(width, height, rect, radius, quality).
Status blur_rect(std::span<const std::uint8_t> pixels, std::uint32_t width, std::uint32_t height, Rect rect,
                 std::uint32_t radius, Quality quality, std::span<std::uint8_t> out, std::span<std::uint8_t> scratch);

// Scratch sizes; 0 when the parameters are invalid (the call then says which).
std::size_t image_scratch_bytes(std::uint32_t width, std::uint32_t height, std::uint32_t radius);
std::size_t rect_scratch_bytes(std::uint32_t width, std::uint32_t height, Rect rect, std::uint32_t radius,
                               Quality quality);

}  // namespace memento::blur
