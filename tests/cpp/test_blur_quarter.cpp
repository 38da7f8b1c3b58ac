// Quarter mode is declared not byte-identical: here its largest difference
// from the exact blur stays within what NOTES.md records, and it runs on
// every awkward size (odd, one pixel wide) without touching memory it was
// not given.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <random>

#include "blur/blur.h"
#include "blur_reference.h"

using namespace memento::blur;
using blur_test::Image;

namespace {

Image quarter(const Image& in, const Rect& rect, std::uint32_t r) {
  const std::size_t size = rect_scratch_bytes(in.width, in.height, rect, r, Quality::quarter);
  std::vector<std::uint8_t> scratch(size + 64, 0xa5);
  const std::size_t bytes = std::size_t{rect.width} * rect.height * 4;
  std::vector<std::uint8_t> out(bytes + 64, 0xa5);
  REQUIRE(blur_rect(in.data, in.width, in.height, rect, r, Quality::quarter, std::span(out.data(), bytes),
                    std::span(scratch.data(), size)) == Status::ok);
  for (std::size_t i = size; i < scratch.size(); ++i) REQUIRE(scratch[i] == 0xa5);
  for (std::size_t i = bytes; i < out.size(); ++i) REQUIRE(out[i] == 0xa5);
  out.resize(bytes);
  return Image{rect.width, rect.height, out};
}

int largest_error(const Image& a, const Image& b) {
  int worst = 0;
  for (std::size_t i = 0; i < a.data.size(); ++i) worst = std::max(worst, std::abs(a.data[i] - b.data[i]));
  return worst;
}

}  // namespace

TEST_CASE("quarter mode stays within the recorded error of the exact blur on a 720x450 sky") {
  std::mt19937 rng(4);
  const Image sky = blur_test::smooth_image(rng, 720, 450);
  const Image noise = blur_test::random_image(rng, 720, 450);
  const Rect all{0, 0, 720, 450};
  // Recorded in NOTES.md (quarter mode): smooth sky / random noise.
  const struct {
    std::uint32_t r;
    int sky, noise;
  } bounds[] = {{8, 38, 13}, {20, 40, 11}};
  for (const auto& b : bounds) {
    const Image exact_sky = blur_test::glass_blur(sky, b.r);
    const Image exact_noise = blur_test::glass_blur(noise, b.r);
    const int sky_error = largest_error(quarter(sky, all, b.r), exact_sky);
    const int noise_error = largest_error(quarter(noise, all, b.r), exact_noise);
    std::printf("quarter r=%u: largest error sky %d, noise %d\n", b.r, sky_error, noise_error);
    CHECK(sky_error <= b.sky);
    CHECK(noise_error <= b.noise);
  }
}

TEST_CASE("quarter mode runs on odd and one-pixel sizes and crops") {
  std::mt19937 rng(5);
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{1, 1}, {1, 9}, {9, 1}, {2, 2}, {3, 3}, {17, 6}};
  for (auto [w, h] : sizes) {
    const Image image = blur_test::random_image(rng, w, h);
    for (std::uint32_t r : {0u, 1u, 2u, 7u, 255u}) {
      quarter(image, Rect{0, 0, w, h}, r);
      quarter(image, Rect{w - 1, h - 1, 1, 1}, r);
      quarter(image, Rect{w / 2, 0, 1, h}, r);
    }
  }
  // A flat image stays flat.
  Image flat{11, 7, std::vector<std::uint8_t>(11 * 7 * 4, 200)};
  REQUIRE(quarter(flat, Rect{0, 0, 11, 7}, 5).data == flat.data);
}

TEST_CASE("a quarter-mode rectangle is that rectangle of the whole image's quarter-mode blur") {
  std::mt19937 rng(6);
  for (auto [w, h] : {std::pair{97u, 61u}, std::pair{200u, 120u}, std::pair{5u, 300u}}) {
    const Image image = blur_test::random_image(rng, w, h);
    for (std::uint32_t r : {1u, 4u, 7u, 20u}) {
      const Image whole = quarter(image, Rect{0, 0, w, h}, r);
      for (int i = 0; i < 12; ++i) {
        const auto x = static_cast<std::uint32_t>(rng() % w), y = static_cast<std::uint32_t>(rng() % h);
        const Rect rect{x, y, static_cast<std::uint32_t>(1 + rng() % (w - x)),
                        static_cast<std::uint32_t>(1 + rng() % (h - y))};
        INFO(w << "x" << h << " r=" << r << " rect " << x << "," << y << " " << rect.width << "x" << rect.height);
        REQUIRE(quarter(image, rect, r).data == blur_test::crop(whole, x, y, rect.width, rect.height).data);
      }
    }
  }
}
