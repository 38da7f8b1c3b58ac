// The passes one byte at a time: the scalar build's, and the twin the SIMD
// file is checked against. Running sums in u32, the division a u64 multiply.
#include <algorithm>
#include <cstdint>

#include "blur/pass.h"

namespace memento::blur {

const char* kernel_variant() { return "scalar"; }

void horizontal_pass(const Plane& src, const Window& window, std::uint8_t* dst, std::size_t dst_stride, const Box& box,
                     std::uint8_t*) {
  const std::int64_t r = box.radius;
  const std::int64_t last = std::int64_t{src.width} - 1;
  const std::int64_t x_begin = window.x;
  const std::int64_t x_end = x_begin + window.width;
  for (std::uint32_t y = 0; y < window.height; ++y) {
    const std::uint8_t* row = src.data + (window.y + y) * src.stride;
    std::uint32_t sum[4] = {box.radius, box.radius, box.radius, box.radius};
    for (std::int64_t k = x_begin - r; k <= x_begin + r; ++k) {
      const std::uint8_t* p = row + std::clamp<std::int64_t>(k, 0, last) * 4;
      for (int c = 0; c < 4; ++c) sum[c] += p[c];
    }
    std::uint8_t* out = dst + y * dst_stride;
    for (std::int64_t x = x_begin; x < x_end; ++x, out += 4) {
      const std::uint8_t* enter = row + std::min(x + r + 1, last) * 4;
      const std::uint8_t* leave = row + std::max<std::int64_t>(x - r, 0) * 4;
      for (int c = 0; c < 4; ++c) {
        out[c] = static_cast<std::uint8_t>(box.divider.divide(sum[c]));
        sum[c] += enter[c] - leave[c];
      }
    }
  }
}

namespace {

std::uint32_t* sum_array(std::uint8_t* scratch) {
  return reinterpret_cast<std::uint32_t*>(scratch + (-reinterpret_cast<std::uintptr_t>(scratch) & 15));
}

}  // namespace

// One running sum per byte of the window's row; the pass walks down the rows.
void vertical_start(const Rows& rows, const Window& window, const Box& box, std::uint8_t* scratch) {
  const std::int64_t r = box.radius;
  const std::size_t n = std::size_t{window.width} * 4;
  std::uint32_t* sums = sum_array(scratch);
  std::fill(sums, sums + n, box.radius);
  for (std::int64_t k = std::int64_t{window.y} - r; k <= std::int64_t{window.y} + r; ++k) {
    const std::uint8_t* p = rows.row(k);
    for (std::size_t i = 0; i < n; ++i) sums[i] += p[i];
  }
}

void vertical_rows(const Rows& rows, const Window& window, std::uint32_t y, std::uint32_t count, std::uint8_t* dst,
                   std::size_t dst_stride, const Box& box, std::uint8_t* scratch) {
  const std::int64_t r = box.radius;
  const std::size_t n = std::size_t{window.width} * 4;
  std::uint32_t* sums = sum_array(scratch);
  for (std::uint32_t j = 0; j < count; ++j) {
    std::uint8_t* out = dst + j * dst_stride;
    const std::uint8_t* enter = rows.row(std::int64_t{y} + j + r + 1);
    const std::uint8_t* leave = rows.row(std::int64_t{y} + j - r);
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t s = sums[i];
      out[i] = static_cast<std::uint8_t>(box.divider.divide(s));
      sums[i] = s + enter[i] - leave[i];
    }
  }
}

}  // namespace memento::blur
