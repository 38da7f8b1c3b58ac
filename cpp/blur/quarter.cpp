// Quarter mode: halve the resolution (each pixel the rounded mean of a 2 x 2
// block), run the three box blurs there at radius (r + 1) / 2, and scale back
// bilinearly. A quarter of the work; not the specification's bytes (its
// largest difference from the exact blur is measured in NOTES.md).
#include <algorithm>

#include "blur/pipeline.h"

namespace memento::blur {

namespace {

std::uint32_t half(std::uint32_t n) { return (n + 1) / 2; }

// The odd last row or column is its own pair.
void halve(const Plane& source, std::uint8_t* dst) {
  const std::uint32_t w = half(source.width);
  const std::uint32_t h = half(source.height);
  for (std::uint32_t j = 0; j < h; ++j) {
    const std::uint8_t* top = source.data + 2 * j * source.stride;
    const std::uint8_t* bottom = source.data + std::min(2 * j + 1, source.height - 1) * source.stride;
    std::uint8_t* out = dst + std::size_t{j} * w * 4;
    for (std::uint32_t i = 0; i < w; ++i) {
      const std::size_t left = std::size_t{2 * i} * 4;
      const std::size_t right = std::size_t{std::min(2 * i + 1, source.width - 1)} * 4;
      for (int c = 0; c < 4; ++c) {
        out[i * 4 + c] = static_cast<std::uint8_t>(
            (top[left + c] + top[right + c] + bottom[left + c] + bottom[right + c] + 2) >> 2);
      }
    }
  }
}

// A full-resolution row or column n lies a quarter pixel from half pixel n / 2,
// towards its neighbour on n's side.
std::uint32_t neighbour(std::uint32_t n, std::uint32_t half_size) {
  const std::uint32_t i = n / 2;
  if (n & 1) return std::min(i + 1, half_size - 1);
  return i > 0 ? i - 1 : 0;
}

// `rect` of the full-resolution image, each pixel 9:3:3:1 of its four nearest half pixels.
void scale_back(const std::uint8_t* src, std::uint32_t w, std::uint32_t h, const Window& rect, std::uint8_t* out) {
  for (std::uint32_t y = 0; y < rect.height; ++y) {
    const std::uint32_t yy = rect.y + y;
    const std::uint8_t* near_row = src + std::size_t{yy / 2} * w * 4;
    const std::uint8_t* far_row = src + std::size_t{neighbour(yy, h)} * w * 4;
    for (std::uint32_t x = 0; x < rect.width; ++x) {
      const std::uint32_t xx = rect.x + x;
      const std::size_t near_x = std::size_t{xx / 2} * 4;
      const std::size_t far_x = std::size_t{neighbour(xx, w)} * 4;
      for (int c = 0; c < 4; ++c) {
        const std::uint32_t v = 9 * near_row[near_x + c] + 3 * near_row[far_x + c] + 3 * far_row[near_x + c] +
                                far_row[far_x + c];
        *out++ = static_cast<std::uint8_t>((v + 8) >> 4);
      }
    }
  }
}

}  // namespace

std::size_t quarter_scratch_bytes(std::uint32_t width, std::uint32_t height, std::uint32_t radius) {
  return std::size_t{half(width)} * half(height) * 4 + box_scratch_bytes(half(width), half_radius(radius));
}

void blur_quarter(const Plane& source, const Window& rect, std::uint32_t radius, std::uint8_t* out,
                  std::uint8_t* scratch) {
  const std::uint32_t w = half(source.width);
  const std::uint32_t h = half(source.height);
  const std::uint32_t q = half_radius(radius);
  std::uint8_t* small = scratch;
  halve(source, small);
  three_boxes(Plane{small, std::size_t{w} * 4, w, h}, Window{0, 0, w, h}, small, small, std::size_t{w} * 4,
              Box{q, divider_for(q)}, small + std::size_t{w} * h * 4);
  scale_back(small, w, h, rect, out);
}

}  // namespace memento::blur
