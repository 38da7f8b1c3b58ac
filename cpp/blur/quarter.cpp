// Quarter mode: halve the resolution (each pixel the rounded mean of a 2 x 2
// block), run the three box blurs there at radius (r + 1) / 2, and scale back
// bilinearly. A quarter of the work; not the specification's bytes (its
// largest difference from the exact blur is measured in NOTES.md).
#include <algorithm>

#include "blur/pipeline.h"
#include "blur/resample.h"

namespace memento::blur {

// Scratch: the half image, then the box blurs' scratch, reused by scale_back.
std::size_t quarter_scratch_bytes(std::uint32_t width, std::uint32_t height, std::uint32_t radius) {
  return std::size_t{half(width)} * half(height) * 4 +
         std::max(box_scratch_bytes(half(width), half_radius(radius)), scale_back_scratch_bytes(width));
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
  scale_back(small, w, h, rect, out, small + std::size_t{w} * h * 4);
}

}  // namespace memento::blur
