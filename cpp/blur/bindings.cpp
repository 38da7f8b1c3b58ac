// The only file that knows embind. Low-level functions over raw wasm addresses
// (uintptr_t) and lengths: the worker mallocs the pixels, the output and the
// scratch (sizes from the *_scratch_size functions), calls, copies out and
// frees. Status codes are ints (0 ok, see status.h); nothing here throws.
#include <cstdint>
#include <span>

#include "blur/blur.h"
#include "blur/pass.h"
#include "blur/self_test.h"
#include "blur/status.h"
#include "common/bindings.h"

namespace {

using memento::blur::Quality;
using memento::blur::Rect;

std::span<std::uint8_t> bytes(std::uintptr_t address, unsigned length) {
  return {reinterpret_cast<std::uint8_t*>(address), length};
}

// Three box blurs of the whole image, in place.
int blur(std::uintptr_t pixels, unsigned length, unsigned width, unsigned height, unsigned radius,
         std::uintptr_t scratch, unsigned scratch_length) {
  return static_cast<int>(
      memento::blur::blur_image(bytes(pixels, length), width, height, radius, bytes(scratch, scratch_length)));
}
MEMENTO_EXPORT(blur)

// Only the rectangle (x, y, rect_width, rect_height) of the blurred image, into
// out; quality 0 exact, 1 quarter. The pixels are not changed.
int blur_rect(std::uintptr_t pixels, unsigned length, unsigned width, unsigned height, unsigned x, unsigned y,
              unsigned rect_width, unsigned rect_height, unsigned radius, unsigned quality, std::uintptr_t out,
              unsigned out_length, std::uintptr_t scratch, unsigned scratch_length) {
  return static_cast<int>(
      memento::blur::blur_rect(bytes(pixels, length), width, height, Rect{x, y, rect_width, rect_height}, radius,
                               static_cast<Quality>(quality), bytes(out, out_length), bytes(scratch, scratch_length)));
}
MEMENTO_EXPORT(blur_rect)

// Scratch bytes for blur (0: nothing needed, or invalid parameters that the call reports).
unsigned scratch_size(unsigned width, unsigned height, unsigned radius) {
  return static_cast<unsigned>(memento::blur::image_scratch_bytes(width, height, radius));
}
MEMENTO_EXPORT(scratch_size)

// Scratch bytes for blur_rect, likewise.
unsigned rect_scratch_size(unsigned width, unsigned height, unsigned x, unsigned y, unsigned rect_width,
                           unsigned rect_height, unsigned radius, unsigned quality) {
  return static_cast<unsigned>(memento::blur::rect_scratch_bytes(width, height, Rect{x, y, rect_width, rect_height},
                                                                 radius, static_cast<Quality>(quality)));
}
MEMENTO_EXPORT(rect_scratch_size)

}  // namespace

MEMENTO_EXPORT_STATUS_AND_SELF_TEST(memento::blur)
MEMENTO_EXPORT_KERNEL_VARIANT(memento::blur)
