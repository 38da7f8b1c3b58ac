// The blur specification per byte, in plain C++: what the native tests hold
// the kernel to (worker/blur-spec.js says the same in JS). Slow on purpose.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace blur_test {

struct Image {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> data;  // RGBA8, width * 4 bytes a row
};

inline std::uint8_t at(const Image& image, std::int64_t x, std::int64_t y, int c) {
  x = std::clamp<std::int64_t>(x, 0, image.width - 1);
  y = std::clamp<std::int64_t>(y, 0, image.height - 1);
  return image.data[(y * image.width + x) * 4 + c];
}

// One direction: (dx, dy) = (1, 0) horizontal, (0, 1) vertical.
inline Image pass(const Image& in, std::int64_t r, int dx, int dy) {
  Image out{in.width, in.height, std::vector<std::uint8_t>(in.data.size())};
  for (std::int64_t y = 0; y < in.height; ++y) {
    for (std::int64_t x = 0; x < in.width; ++x) {
      for (int c = 0; c < 4; ++c) {
        std::uint32_t sum = 0;
        for (std::int64_t k = -r; k <= r; ++k) sum += at(in, x + k * dx, y + k * dy, c);
        out.data[(y * in.width + x) * 4 + c] = static_cast<std::uint8_t>((sum + r) / (2 * r + 1));
      }
    }
  }
  return out;
}

// Three box blurs, each horizontal then vertical.
inline Image glass_blur(Image image, std::uint32_t r) {
  for (int i = 0; i < 3; ++i) image = pass(pass(image, r, 1, 0), r, 0, 1);
  return image;
}

inline Image crop(const Image& image, std::uint32_t x, std::uint32_t y, std::uint32_t width, std::uint32_t height) {
  Image out{width, height, std::vector<std::uint8_t>(std::size_t{width} * height * 4)};
  for (std::uint32_t j = 0; j < height; ++j) {
    std::copy_n(image.data.begin() + ((std::size_t{y} + j) * image.width + x) * 4, std::size_t{width} * 4,
                out.data.begin() + std::size_t{j} * width * 4);
  }
  return out;
}

inline Image random_image(std::mt19937& rng, std::uint32_t width, std::uint32_t height) {
  Image image{width, height, std::vector<std::uint8_t>(std::size_t{width} * height * 4)};
  for (auto& b : image.data) b = static_cast<std::uint8_t>(rng());
  return image;
}

// Slow gradients and soft bands, like a night sky: sums near every multiple
// of 2r + 1 (where a wrong rounding shows) are common in both kinds of image.
inline Image smooth_image(std::mt19937& rng, std::uint32_t width, std::uint32_t height) {
  Image image{width, height, std::vector<std::uint8_t>(std::size_t{width} * height * 4)};
  const std::uint32_t phase = rng() % 256;
  for (std::uint32_t y = 0; y < height; ++y) {
    for (std::uint32_t x = 0; x < width; ++x) {
      std::uint8_t* p = &image.data[(std::size_t{y} * width + x) * 4];
      p[0] = static_cast<std::uint8_t>(20 + (x * 3 + y + phase) % 60);
      p[1] = static_cast<std::uint8_t>(40 + ((x / 7 + y / 5) % 2) * 90 + (y * 2) % 20);
      p[2] = static_cast<std::uint8_t>(120 + (x + 2 * y) / 9 % 100);
      p[3] = static_cast<std::uint8_t>(x % 17 == 0 ? 0 : 255);
    }
  }
  return image;
}

}  // namespace blur_test
