// Checking the parameters, laying out the scratch, and running three box
// blurs over windows that shrink pass by pass: each pass computes only what
// the passes after it read, so crop mode touches the rectangle grown by 3r.
#include "blur/blur.h"

#include <algorithm>

#include "blur/pass.h"
#include "blur/pipeline.h"

namespace memento::blur {

Window grow(const Window& w, std::uint32_t margin_x, std::uint32_t margin_y, std::uint32_t width,
            std::uint32_t height) {
  const std::uint32_t x = w.x > margin_x ? w.x - margin_x : 0;
  const std::uint32_t y = w.y > margin_y ? w.y - margin_y : 0;
  const auto x_end = static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t{w.x} + w.width + margin_x, width));
  const auto y_end = static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t{w.y} + w.height + margin_y, height));
  return Window{x, y, x_end - x, y_end - y};
}

void three_boxes(const Plane& source, const Window& rect, std::uint8_t* a, std::uint8_t* b, std::uint8_t* out,
                 std::size_t out_stride, const Box& box, std::uint8_t* pass_scratch) {
  const std::size_t stride = std::size_t{source.width} * 4;
  const std::uint32_t r = box.radius;
  auto at = [&](std::uint8_t* plane, const Window& w) { return plane + w.y * stride + std::size_t{w.x} * 4; };
  Plane input = source;
  for (std::uint32_t k = 1; k <= 3; ++k) {
    // After box k, the boxes left read (3 - k) r further out; box k's vertical
    // pass reads r rows beyond its own window.
    const Window h = grow(rect, (3 - k) * r, (4 - k) * r, source.width, source.height);
    const Window v = grow(rect, (3 - k) * r, (3 - k) * r, source.width, source.height);
    horizontal_pass(input, h, at(a, h), stride, box, pass_scratch);
    const Plane blurred_rows{a, stride, source.width, source.height};
    if (k == 3) {
      vertical_pass(blurred_rows, v, out, out_stride, box, pass_scratch);
    } else {
      vertical_pass(blurred_rows, v, at(b, v), stride, box, pass_scratch);
    }
    input = Plane{b, stride, source.width, source.height};
  }
}

namespace {

Status check_image(std::size_t pixel_bytes, std::uint32_t width, std::uint32_t height, std::uint32_t radius) {
  if (width > kMaxSide) return Status::width_too_large;
  if (height > kMaxSide) return Status::height_too_large;
  if (std::uint64_t{width} * height > kMaxPixels) return Status::image_too_large;
  if (radius > kMaxRadius) return Status::radius_too_large;
  if (pixel_bytes < std::size_t{width} * height * 4) return Status::pixels_too_small;
  return Status::ok;
}

Status check_rect(std::uint32_t width, std::uint32_t height, const Rect& rect) {
  if (rect.x > width || rect.width > width - rect.x) return Status::rect_outside_width;
  if (rect.y > height || rect.height > height - rect.y) return Status::rect_outside_height;
  return Status::ok;
}

std::size_t image_bytes(std::uint32_t width, std::uint32_t height) { return std::size_t{width} * height * 4; }

// The exact blur's rectangle grown by 3r.
Window exact_window(const Rect& rect, std::uint32_t radius, std::uint32_t width, std::uint32_t height) {
  return grow(Window{rect.x, rect.y, rect.width, rect.height}, 3 * radius, 3 * radius, width, height);
}

// Quarter mode's: grown by the half-resolution blur's reach (3q half pixels)
// and the one half pixel scaling back reads, on even coordinates or the
// image's edge, so a rectangle gets the same bytes as the whole image's
// quarter-mode blur (the glass does not shimmer as it moves).
Window quarter_window(const Rect& rect, std::uint32_t radius, std::uint32_t width, std::uint32_t height) {
  const std::uint32_t margin = 6 * half_radius(radius) + 2;
  Window g = grow(Window{rect.x, rect.y, rect.width, rect.height}, margin, margin, width, height);
  const std::uint32_t x_end = std::min(g.x + g.width + (g.x + g.width) % 2, width);
  const std::uint32_t y_end = std::min(g.y + g.height + (g.y + g.height) % 2, height);
  g.x &= ~1u;
  g.y &= ~1u;
  return Window{g.x, g.y, x_end - g.x, y_end - g.y};
}

}  // namespace

std::size_t image_scratch_bytes(std::uint32_t width, std::uint32_t height, std::uint32_t radius) {
  if (check_image(image_bytes(width, height), width, height, radius) != Status::ok) return 0;
  if (width == 0 || height == 0) return 0;
  return image_bytes(width, height) + pass_scratch_bytes(width, radius);
}

Status blur_image(std::span<std::uint8_t> pixels, std::uint32_t width, std::uint32_t height,
                  std::uint32_t radius, std::span<std::uint8_t> scratch) {
  if (Status s = check_image(pixels.size(), width, height, radius); s != Status::ok) return s;
  if (scratch.size() < image_scratch_bytes(width, height, radius)) return Status::scratch_too_small;
  if (width == 0 || height == 0) return Status::ok;
  // The source and b may be the image itself: its last reader, the first
  // horizontal pass, is done before the first vertical pass writes it.
  const Plane source{pixels.data(), std::size_t{width} * 4, width, height};
  std::uint8_t* a = scratch.data();
  three_boxes(source, Window{0, 0, width, height}, a, pixels.data(), pixels.data(), std::size_t{width} * 4,
              Box{radius, divider_for(radius)}, a + image_bytes(width, height));
  return Status::ok;
}

std::size_t rect_scratch_bytes(std::uint32_t width, std::uint32_t height, Rect rect, std::uint32_t radius,
                               Quality quality) {
  if (check_image(image_bytes(width, height), width, height, radius) != Status::ok) return 0;
  if (check_rect(width, height, rect) != Status::ok) return 0;
  if (rect.width == 0 || rect.height == 0) return 0;
  switch (quality) {
    case Quality::exact: {
      const Window g = exact_window(rect, radius, width, height);
      return 2 * image_bytes(g.width, g.height) + pass_scratch_bytes(g.width, radius);
    }
    case Quality::quarter: {
      const Window g = quarter_window(rect, radius, width, height);
      return quarter_scratch_bytes(g.width, g.height, radius);
    }
  }
  return 0;
}

Status blur_rect(std::span<const std::uint8_t> pixels, std::uint32_t width, std::uint32_t height, Rect rect,
                 std::uint32_t radius, Quality quality, std::span<std::uint8_t> out,
                 std::span<std::uint8_t> scratch) {
  if (Status s = check_image(pixels.size(), width, height, radius); s != Status::ok) return s;
  if (Status s = check_rect(width, height, rect); s != Status::ok) return s;
  if (quality != Quality::exact && quality != Quality::quarter) return Status::quality_unknown;
  if (out.size() < image_bytes(rect.width, rect.height)) return Status::output_too_small;
  if (scratch.size() < rect_scratch_bytes(width, height, rect, radius, quality)) return Status::scratch_too_small;
  if (rect.width == 0 || rect.height == 0) return Status::ok;

  // Everything below is in the coordinates of g, the rectangle grown by 3r.
  const Window g = quality == Quality::quarter ? quarter_window(rect, radius, width, height)
                                               : exact_window(rect, radius, width, height);
  const Plane source{pixels.data() + g.y * std::size_t{width} * 4 + std::size_t{g.x} * 4, std::size_t{width} * 4,
                     g.width, g.height};
  const Window inner{rect.x - g.x, rect.y - g.y, rect.width, rect.height};
  if (quality == Quality::quarter) {
    blur_quarter(source, inner, radius, out.data(), scratch.data());
    return Status::ok;
  }
  std::uint8_t* a = scratch.data();
  std::uint8_t* b = a + image_bytes(g.width, g.height);
  three_boxes(source, inner, a, b, out.data(), std::size_t{rect.width} * 4, Box{radius, divider_for(radius)},
              b + image_bytes(g.width, g.height));
  return Status::ok;
}

}  // namespace memento::blur
