#include "blur/self_test.h"

#include <cstdint>
#include <vector>

#include "blur/blur.h"

namespace memento::blur {

namespace {

// A fixed, irregular image (not a smooth one: every lane must matter).
std::vector<std::uint8_t> pattern(std::uint32_t width, std::uint32_t height) {
  std::vector<std::uint8_t> bytes(std::size_t{width} * height * 4);
  for (std::uint32_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<std::uint8_t>(i * 37 + 11 + (i >> 3) * (i >> 3));
  return bytes;
}

std::uint32_t fnv1a(const std::vector<std::uint8_t>& bytes) {
  std::uint32_t h = 0x811c9dc5;
  for (std::uint8_t b : bytes) h = (h ^ b) * 0x01000193;
  return h;
}

bool whole_image(std::uint32_t width, std::uint32_t height, std::uint32_t radius, std::uint32_t want) {
  std::vector<std::uint8_t> pixels = pattern(width, height);
  std::vector<std::uint8_t> scratch(image_scratch_bytes(width, height, radius));
  return blur_image(pixels, width, height, radius, scratch) == Status::ok && fnv1a(pixels) == want;
}

}  // namespace

// The answers are worker/blur-spec.js's bytes, hashed (FNV-1a). 9 x 6 leaves a
// row tail and a four-row group short in the SIMD passes; radius 101 takes the
// wide (u32) sums; the rectangle is clamped on two sides and free on two.
bool self_test() {
  if (!whole_image(9, 6, 1, 0x6e75edc5) || !whole_image(9, 6, 2, 0xc5b148ea) || !whole_image(9, 6, 101, 0x6bc57ad4)) {
    return false;
  }
  const std::vector<std::uint8_t> pixels = pattern(13, 7);
  const Rect rect{2, 1, 5, 3};
  std::vector<std::uint8_t> out(5 * 3 * 4);
  std::vector<std::uint8_t> scratch(rect_scratch_bytes(13, 7, rect, 2, Quality::exact));
  return blur_rect(pixels, 13, 7, rect, 2, Quality::exact, out, scratch) == Status::ok && fnv1a(out) == 0x650adbc2;
}

}  // namespace memento::blur
