// libFuzzer: the kernel (SIMD build) against the per-byte reference on
// arbitrary small images, radii and rectangles, whole and cropped; quarter
// mode must stay within its buffers. Bytes: width, height, radius, rect, quality, then pixels.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "blur/blur.h"
#include "blur_reference.h"

using namespace memento::blur;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 8) return 0;
  const std::uint32_t w = 1 + data[0] % 12, h = 1 + data[1] % 12;
  // Mostly narrow radii, sometimes wide ones (u32 sums). The reference costs
  // 2r + 1 reads a byte, so wide radii get small images.
  const bool wide = data[2] >= 248;
  const std::uint32_t r = wide ? 101 + (data[2] - 248) * 22 : data[2] % 17;
  if (wide && w * h > 16) return 0;
  const std::uint32_t x = data[3] % w, y = data[4] % h;
  const Rect rect{x, y, 1 + data[5] % (w - x), 1 + data[6] % (h - y)};
  const Quality quality = data[7] & 1 ? Quality::quarter : Quality::exact;
  data += 8;
  size -= 8;
  blur_test::Image image{w, h, std::vector<std::uint8_t>(std::size_t{w} * h * 4)};
  for (std::size_t i = 0; i < image.data.size(); ++i) image.data[i] = size ? data[i % size] : 0;

  std::vector<std::uint8_t> out(std::size_t{rect.width} * rect.height * 4);
  std::vector<std::uint8_t> scratch(rect_scratch_bytes(w, h, rect, r, quality));
  if (blur_rect(image.data, w, h, rect, r, quality, out, scratch) != Status::ok) abort();
  if (quality == Quality::quarter) return 0;

  const blur_test::Image want = blur_test::glass_blur(image, r);
  if (out != blur_test::crop(want, rect.x, rect.y, rect.width, rect.height).data) abort();
  std::vector<std::uint8_t> whole = image.data;
  scratch.assign(image_scratch_bytes(w, h, r), 0);
  if (blur_image(whole, w, h, r, scratch) != Status::ok || whole != want.data) abort();
  return 0;
}
