// The blur kernel (this binary's variant: scalar or SIMD) against the per-byte
// reference: whole images and crops, radii 0..30 and 64 and the wide radii,
// sizes 1x1, 1xN, Nx1, 2x2 and 720x450, random and smooth images.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "blur/blur.h"
#include "blur/pass.h"
#include "blur_reference.h"

using namespace memento::blur;
using blur_test::Image;

namespace {

constexpr std::uint8_t kCanary = 0xa5;
constexpr std::size_t kGuard = 64;

// The kernel's whole-image blur, with an unaligned scratch and guard bytes
// after it that must survive.
Image kernel_whole(const Image& in, std::uint32_t r) {
  Image out = in;
  const std::size_t size = image_scratch_bytes(in.width, in.height, r);
  std::vector<std::uint8_t> scratch(size + 3 + kGuard, kCanary);
  const std::span<std::uint8_t> s(scratch.data() + 3, size);
  REQUIRE(blur_image(out.data, in.width, in.height, r, s) == Status::ok);
  for (std::size_t i = size + 3; i < scratch.size(); ++i) REQUIRE(scratch[i] == kCanary);
  return out;
}

Image kernel_rect(const Image& in, const Rect& rect, std::uint32_t r, Quality quality = Quality::exact) {
  const std::size_t size = rect_scratch_bytes(in.width, in.height, rect, r, quality);
  std::vector<std::uint8_t> scratch(size + kGuard, kCanary);
  const std::size_t bytes = std::size_t{rect.width} * rect.height * 4;
  std::vector<std::uint8_t> out(bytes + kGuard, kCanary);
  const std::vector<std::uint8_t> before = in.data;
  REQUIRE(blur_rect(in.data, in.width, in.height, rect, r, quality, std::span(out.data(), bytes),
                    std::span(scratch.data(), size)) == Status::ok);
  for (std::size_t i = size; i < scratch.size(); ++i) REQUIRE(scratch[i] == kCanary);
  for (std::size_t i = bytes; i < out.size(); ++i) REQUIRE(out[i] == kCanary);
  REQUIRE(in.data == before);
  out.resize(bytes);
  return Image{rect.width, rect.height, out};
}

// Crops that matter: the four corners, a pixel in the middle, one-pixel rows
// and columns along each edge and through the middle, the whole image, a
// rectangle touching no edge and a few random ones.
std::vector<Rect> crops(std::mt19937& rng, std::uint32_t w, std::uint32_t h) {
  std::vector<Rect> rects = {
      {0, 0, 1, 1},
      {w - 1, 0, 1, 1},
      {0, h - 1, 1, 1},
      {w - 1, h - 1, 1, 1},
      {w / 2, h / 2, 1, 1},
      {0, 0, w, 1},
      {0, h - 1, w, 1},
      {0, 0, 1, h},
      {w - 1, 0, 1, h},
      {w / 2, 0, 1, h},
      {0, h / 2, w, 1},
      {0, 0, w, h},
      {w / 4, h / 4, (w + 1) / 2, (h + 1) / 2},
  };
  for (int i = 0; i < 4; ++i) {
    const auto x = static_cast<std::uint32_t>(rng() % w), y = static_cast<std::uint32_t>(rng() % h);
    rects.push_back(
        {x, y, static_cast<std::uint32_t>(1 + rng() % (w - x)), static_cast<std::uint32_t>(1 + rng() % (h - y))});
  }
  return rects;
}

std::string describe(const Image& image, std::uint32_t r, const char* kind) {
  return std::to_string(image.width) + "x" + std::to_string(image.height) + " r=" + std::to_string(r) + " " + kind;
}

void check_all_crops(std::mt19937& rng, const Image& image, const Image& want, std::uint32_t r) {
  for (const Rect& rect : crops(rng, image.width, image.height)) {
    INFO("rect " << rect.x << "," << rect.y << " " << rect.width << "x" << rect.height);
    REQUIRE(kernel_rect(image, rect, r).data == blur_test::crop(want, rect.x, rect.y, rect.width, rect.height).data);
  }
}

void check_image(std::mt19937& rng, const Image& image, std::uint32_t r, const char* kind, bool with_crops = true) {
  INFO(describe(image, r, kind) << " (" << kernel_variant() << ")");
  const Image want = blur_test::glass_blur(image, r);
  REQUIRE(kernel_whole(image, r).data == want.data);
  if (with_crops) check_all_crops(rng, image, want, r);
}

}  // namespace

TEST_CASE("blur equals the specification on small images at radii 0..30 and 64, whole and cropped") {
  std::mt19937 rng(13);
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{1, 1}, {1, 13}, {13, 1}, {2, 2},  {3, 5},
                                                           {5, 3}, {7, 9},  {17, 4}, {33, 20}};
  for (auto [w, h] : sizes) {
    for (std::uint32_t r = 0; r <= 31; ++r) {
      const std::uint32_t radius = r == 31 ? 64 : r;
      check_image(rng, blur_test::random_image(rng, w, h), radius, "random");
      check_image(rng, blur_test::smooth_image(rng, w, h), radius, "smooth");
    }
  }
}

TEST_CASE("blur equals the specification where the SIMD division changes (63/64, 100/101) and up to 255") {
  std::mt19937 rng(255);
  const std::pair<std::uint32_t, std::uint32_t> sizes[] = {{1, 1}, {3, 2}, {17, 9}, {45, 30}};
  for (auto [w, h] : sizes) {
    for (std::uint32_t r : {40u, 41u, 50u, 62u, 63u, 64u, 99u, 100u, 101u, 127u, 128u, 129u, 200u, 254u, 255u}) {
      check_image(rng, blur_test::random_image(rng, w, h), r, "random");
    }
  }
  // All 255s: the largest sum each radius can produce, through every pass.
  Image white{20, 7, std::vector<std::uint8_t>(20 * 7 * 4, 255)};
  for (std::uint32_t r : {1u, 8u, 20u, 40u, 41u, 63u, 64u, 100u, 101u, 255u})
    REQUIRE(kernel_whole(white, r).data == white.data);
}

TEST_CASE("blur equals the specification on a 720x450 sky, whole and cropped") {
  std::mt19937 rng(720);
  const Image noise = blur_test::random_image(rng, 720, 450);
  const Image sky = blur_test::smooth_image(rng, 720, 450);
  for (std::uint32_t r : {0u, 1u, 2u, 8u, 20u, 30u, 64u}) check_image(rng, noise, r, "random");
  for (std::uint32_t r : {8u, 20u}) check_image(rng, sky, r, "smooth");
}

TEST_CASE("blur of an empty image or rectangle does nothing and succeeds") {
  std::vector<std::uint8_t> none;
  REQUIRE(image_scratch_bytes(0, 5, 3) == 0);
  REQUIRE(blur_image(none, 0, 5, 3, none) == Status::ok);
  REQUIRE(blur_image(none, 5, 0, 3, none) == Status::ok);
  std::vector<std::uint8_t> pixels(4 * 4 * 4, 7);
  REQUIRE(blur_rect(pixels, 4, 4, Rect{4, 2, 0, 2}, 3, Quality::exact, none, none) == Status::ok);
  REQUIRE(blur_rect(pixels, 4, 4, Rect{1, 4, 2, 0}, 3, Quality::quarter, none, none) == Status::ok);
}

TEST_CASE("blur refuses each bad parameter with the code that names it") {
  std::vector<std::uint8_t> pixels(8 * 8 * 4), out(8 * 8 * 4), scratch(1 << 16);
  const Rect all{0, 0, 8, 8};
  auto rect = [&](Rect r, std::uint32_t radius = 2, std::uint32_t quality = 0) {
    return blur_rect(pixels, 8, 8, r, radius, static_cast<Quality>(quality), out, scratch);
  };
  REQUIRE(blur_image(pixels, 32768, 1, 1, scratch) == Status::width_too_large);
  REQUIRE(blur_image(pixels, 1, 32768, 1, scratch) == Status::height_too_large);
  REQUIRE(blur_image(pixels, 32767, 32767, 1, scratch) == Status::image_too_large);
  REQUIRE(blur_image(pixels, 8, 8, 256, scratch) == Status::radius_too_large);
  REQUIRE(blur_image(std::span(pixels).first(8 * 8 * 4 - 1), 8, 8, 1, scratch) == Status::pixels_too_small);
  REQUIRE(blur_image(pixels, 8, 8, 1, std::span(scratch).first(image_scratch_bytes(8, 8, 1) - 1)) ==
          Status::scratch_too_small);
  REQUIRE(rect(Rect{8, 0, 1, 1}) == Status::rect_outside_width);
  REQUIRE(rect(Rect{3, 0, 6, 1}) == Status::rect_outside_width);
  REQUIRE(rect(Rect{1, 0, 0xffffffffu, 1}) == Status::rect_outside_width);
  REQUIRE(rect(Rect{0, 9, 1, 0}) == Status::rect_outside_height);
  REQUIRE(rect(Rect{0, 7, 1, 2}) == Status::rect_outside_height);
  REQUIRE(rect(all, 2, 2) == Status::quality_unknown);
  REQUIRE(rect(all, 256) == Status::radius_too_large);
  REQUIRE(blur_rect(pixels, 8, 8, all, 2, Quality::exact, std::span(out).first(255), scratch) ==
          Status::output_too_small);
  REQUIRE(blur_rect(pixels, 8, 8, all, 2, Quality::exact, out,
                    std::span(scratch).first(rect_scratch_bytes(8, 8, all, 2, Quality::exact) - 1)) ==
          Status::scratch_too_small);
  REQUIRE(rect_scratch_bytes(8, 8, Rect{0, 0, 9, 1}, 2, Quality::exact) == 0);
  REQUIRE(rect(all) == Status::ok);
  for (int code = 0; code <= 10; ++code) REQUIRE(std::string(message(code)) != "unknown blur error");
  REQUIRE(std::string(message(11)) == "unknown blur error");
  REQUIRE(std::string(message(-1)) == "unknown blur error");
}

TEST_CASE("the binary runs the variant it names") {
  REQUIRE(memento::blur::kernel_variant() == std::string(MEMENTO_SIMD ? "simd" : "scalar"));
}
