// Quarter mode's resampling one byte at a time.
#include <algorithm>

#include "blur/resample.h"

namespace memento::blur {

void halve(const Plane& src, std::uint8_t* dst) {
  const std::uint32_t w = half(src.width);
  const std::uint32_t h = half(src.height);
  for (std::uint32_t j = 0; j < h; ++j) {
    const std::uint8_t* top = src.data + 2 * j * src.stride;
    const std::uint8_t* bottom = src.data + std::min(2 * j + 1, src.height - 1) * src.stride;
    std::uint8_t* out = dst + std::size_t{j} * w * 4;
    for (std::uint32_t i = 0; i < w; ++i) {
      const std::size_t left = std::size_t{2 * i} * 4;
      const std::size_t right = std::size_t{std::min(2 * i + 1, src.width - 1)} * 4;
      for (int c = 0; c < 4; ++c) {
        out[i * 4 + c] =
            static_cast<std::uint8_t>((top[left + c] + top[right + c] + bottom[left + c] + bottom[right + c] + 2) >> 2);
      }
    }
  }
}

void scale_back(const std::uint8_t* src, std::uint32_t w, std::uint32_t h, const Window& rect, std::uint8_t* out,
                std::uint8_t*) {
  for (std::uint32_t y = 0; y < rect.height; ++y) {
    const std::uint32_t yy = rect.y + y;
    const std::uint8_t* near_row = src + std::size_t{yy / 2} * w * 4;
    const std::uint8_t* far_row = src + std::size_t{neighbour(yy, h)} * w * 4;
    for (std::uint32_t x = 0; x < rect.width; ++x) {
      const std::uint32_t xx = rect.x + x;
      const std::size_t near_x = std::size_t{xx / 2} * 4;
      const std::size_t far_x = std::size_t{neighbour(xx, w)} * 4;
      for (int c = 0; c < 4; ++c) {
        const std::uint32_t col_near = 3 * near_row[near_x + c] + far_row[near_x + c];
        const std::uint32_t col_far = 3 * near_row[far_x + c] + far_row[far_x + c];
        *out++ = static_cast<std::uint8_t>((3 * col_near + col_far + 8) >> 4);
      }
    }
  }
}

}  // namespace memento::blur
