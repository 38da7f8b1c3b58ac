// Quarter mode's resampling, implemented twice side by side like the passes:
// resample_scalar.cpp and resample_simd.cpp give the same bytes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "blur/pass.h"

namespace memento::blur {

constexpr std::uint32_t half(std::uint32_t n) { return (n + 1) / 2; }

// dst (half(width) x half(height), packed) gets each 2 x 2 block's rounded
// mean, (a + b + c + d + 2) >> 2; an odd last row or column is its own pair.
void halve(const Plane& src, std::uint8_t* dst);

// `rect` of the full-resolution image, from the half-resolution `src`
// (w x h, packed) into out (packed): each pixel 9:3:3:1 of its four nearest
// half pixels, (9a + 3b + 3c + d + 8) >> 4, computed as 3 col(a) + col(b)
// with col = 3 near row + far row. scratch: scale_back_scratch_bytes(rect.width).
void scale_back(const std::uint8_t* src, std::uint32_t w, std::uint32_t h, const Window& rect, std::uint8_t* out,
                std::uint8_t* scratch);

constexpr std::size_t scale_back_scratch_bytes(std::uint32_t rect_width) {
  return 16 * (std::size_t{rect_width} + 16) + 16;
}

// A full-resolution row or column n lies a quarter pixel from half pixel
// n / 2, towards its neighbour on n's side (clamped).
constexpr std::uint32_t neighbour(std::uint32_t n, std::uint32_t half_size) {
  const std::uint32_t i = n / 2;
  if (n & 1) return i + 1 < half_size ? i + 1 : half_size - 1;
  return i > 0 ? i - 1 : 0;
}

}  // namespace memento::blur
