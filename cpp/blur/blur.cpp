// Checking the parameters, laying out the scratch, and running three box
// blurs over windows that shrink pass by pass: each pass computes only what
// the passes after it read, so crop mode touches the rectangle grown by 3r.
// Each box streams through the image once, in place (one_box).
#include "blur/blur.h"

#include <algorithm>

#include "blur/pass.h"
#include "blur/pipeline.h"

namespace memento::blur {

Window grow(const Window& w, std::uint32_t margin_x, std::uint32_t margin_y, std::uint32_t width,
            std::uint32_t height) {
  const std::uint32_t x = w.x > margin_x ? w.x - margin_x : 0;
  const std::uint32_t y = w.y > margin_y ? w.y - margin_y : 0;
  const auto x_end =
      static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t{w.x} + w.width + margin_x, width));
  const auto y_end =
      static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t{w.y} + w.height + margin_y, height));
  return Window{x, y, x_end - x, y_end - y};
}

std::size_t box_scratch_bytes(std::uint32_t width, std::uint32_t radius) {
  return std::size_t{ring_slots(radius)} * width * 4 + horizontal_scratch_bytes(width, radius) +
         vertical_scratch_bytes(width);
}

namespace {

// One box blur: `h`'s horizontal blur of `input` goes through a ring of rows
// and `v`'s vertical blur of those rows to dst. The two windows share their
// columns; h has r more rows each side (clamped). dst may be the input
// itself: it writes row y after the horizontal pass has read row y + r + 1.
void one_box(const Plane& input, const Window& h, const Window& v, std::uint8_t* dst, std::size_t dst_stride,
             const Box& box, std::uint8_t* scratch) {
  const std::size_t row_bytes = std::size_t{h.width} * 4;
  const std::uint32_t slots = ring_slots(box.radius);
  std::uint8_t* ring = scratch;
  std::uint8_t* h_scratch = ring + slots * row_bytes;
  std::uint8_t* sums = h_scratch + horizontal_scratch_bytes(input.width, box.radius);
  const Rows rows{ring, row_bytes, slots, h.y, input.height};
  const std::uint32_t h_end = h.y + h.height;
  std::uint32_t produced = h.y;
  // Horizontal rows up to (not including) `end`, in fours from h.y, so a
  // group never wraps around the ring.
  auto produce_until = [&](std::uint64_t end) {
    while (produced < std::min<std::uint64_t>(end, h_end)) {
      const std::uint32_t count = std::min<std::uint32_t>(4, h_end - produced);
      horizontal_pass(input, Window{h.x, produced, h.width, count}, ring + ((produced - h.y) % slots) * row_bytes,
                      row_bytes, box, h_scratch);
      produced += count;
    }
  };
  produce_until(std::uint64_t{v.y} + box.radius + 1);
  vertical_start(rows, v, box, sums);
  for (std::uint32_t y = 0; y < v.height; y += 4) {
    const std::uint32_t count = std::min<std::uint32_t>(4, v.height - y);
    produce_until(std::uint64_t{v.y} + y + count + box.radius + 1);
    vertical_rows(rows, v, v.y + y, count, dst + y * dst_stride, dst_stride, box, sums);
  }
}

}  // namespace

void three_boxes(const Plane& source, const Window& rect, std::uint8_t* work, std::uint8_t* out, std::size_t out_stride,
                 const Box& box, std::uint8_t* scratch) {
  const std::size_t stride = std::size_t{source.width} * 4;
  const std::uint32_t r = box.radius;
  Plane input = source;
  for (std::uint32_t k = 1; k <= 3; ++k) {
    // After box k, the boxes left read (3 - k) r further out; box k's vertical
    // pass reads r rows beyond its own window.
    const Window h = grow(rect, (3 - k) * r, (4 - k) * r, source.width, source.height);
    const Window v = grow(rect, (3 - k) * r, (3 - k) * r, source.width, source.height);
    if (k == 3) {
      one_box(input, h, v, out, out_stride, box, scratch);
    } else {
      one_box(input, h, v, work + v.y * stride + std::size_t{v.x} * 4, stride, box, scratch);
    }
    input = Plane{work, stride, source.width, source.height};
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
  return box_scratch_bytes(width, radius);
}

Status blur_image(std::span<std::uint8_t> pixels, std::uint32_t width, std::uint32_t height, std::uint32_t radius,
                  std::span<std::uint8_t> scratch) {
  if (Status s = check_image(pixels.size(), width, height, radius); s != Status::ok) return s;
  if (scratch.size() < image_scratch_bytes(width, height, radius)) return Status::scratch_too_small;
  if (width == 0 || height == 0) return Status::ok;
  const Plane source{pixels.data(), std::size_t{width} * 4, width, height};
  three_boxes(source, Window{0, 0, width, height}, pixels.data(), pixels.data(), std::size_t{width} * 4,
              Box{radius, divider_for(radius)}, scratch.data());
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
      return image_bytes(g.width, g.height) + box_scratch_bytes(g.width, radius);
    }
    case Quality::quarter: {
      const Window g = quarter_window(rect, radius, width, height);
      return quarter_scratch_bytes(g.width, g.height, radius);
    }
  }
  return 0;
}

Status blur_rect(std::span<const std::uint8_t> pixels, std::uint32_t width, std::uint32_t height, Rect rect,
                 std::uint32_t radius, Quality quality, std::span<std::uint8_t> out, std::span<std::uint8_t> scratch) {
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
  std::uint8_t* work = scratch.data();
  three_boxes(source, inner, work, out.data(), std::size_t{rect.width} * 4, Box{radius, divider_for(radius)},
              work + image_bytes(g.width, g.height));
  return Status::ok;
}

}  // namespace memento::blur
