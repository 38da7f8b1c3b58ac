// What blur.cpp and quarter.cpp share.
#pragma once

#include <cstddef>
#include <cstdint>

#include "blur/pass.h"

namespace memento::blur {

// `w` grown by the margins, clamped to width x height.
Window grow(const Window& w, std::uint32_t margin_x, std::uint32_t margin_y, std::uint32_t width, std::uint32_t height);

// Three box blurs of `source`, written to `out` for `rect` only (rect in the
// source's coordinates; out_stride bytes per row). `work` holds the source's
// size (stride width * 4) and may be the source itself; so may `out` when
// rect is all of it. scratch: box_scratch_bytes(source.width, box.radius).
void three_boxes(const Plane& source, const Window& rect, std::uint8_t* work, std::uint8_t* out, std::size_t out_stride,
                 const Box& box, std::uint8_t* scratch);
std::size_t box_scratch_bytes(std::uint32_t width, std::uint32_t radius);

// Quarter mode over `source` (the rectangle grown as blur.cpp's
// quarter_window says), `rect` of it into out; the half-resolution radius.
constexpr std::uint32_t half_radius(std::uint32_t radius) { return (radius + 1) / 2; }
std::size_t quarter_scratch_bytes(std::uint32_t width, std::uint32_t height, std::uint32_t radius);
void blur_quarter(const Plane& source, const Window& rect, std::uint32_t radius, std::uint8_t* out,
                  std::uint8_t* scratch);

}  // namespace memento::blur
