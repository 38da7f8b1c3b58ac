// Quarter mode's resampling 16 bytes per instruction, byte-identical to
// resample_scalar.cpp: the same sums in u16 lanes.
#include <algorithm>
#include <cstring>

#include "blur/resample.h"
#include "common/simd.h"

namespace memento::blur {

namespace {

std::uint8_t* aligned16(std::uint8_t* p) { return p + (-reinterpret_cast<std::uintptr_t>(p) & 15); }

std::uint8_t mean4(const std::uint8_t* a, const std::uint8_t* b, const std::uint8_t* c, const std::uint8_t* d) {
  return static_cast<std::uint8_t>((*a + *b + *c + *d + 2) >> 2);
}

}  // namespace

void halve(const Plane& src, std::uint8_t* dst) {
  const std::uint32_t w = half(src.width);
  const std::uint32_t h = half(src.height);
  const v128_t two = wasm_i16x8_splat(2);
  for (std::uint32_t j = 0; j < h; ++j) {
    const std::uint8_t* top = src.data + 2 * j * src.stride;
    const std::uint8_t* bottom = src.data + std::min(2 * j + 1, src.height - 1) * src.stride;
    std::uint8_t* out = dst + std::size_t{j} * w * 4;
    std::uint32_t i = 0;
    // Four output pixels from eight source pixels of each row: even and odd
    // pixels apart (32-bit shuffles), widened, summed, rounded.
    for (; i + 4 <= src.width / 2; i += 4) {
      const v128_t t0 = wasm_v128_load(top + 8 * i), t1 = wasm_v128_load(top + 8 * i + 16);
      const v128_t b0 = wasm_v128_load(bottom + 8 * i), b1 = wasm_v128_load(bottom + 8 * i + 16);
      const v128_t te = wasm_i32x4_shuffle(t0, t1, 0, 2, 4, 6), to = wasm_i32x4_shuffle(t0, t1, 1, 3, 5, 7);
      const v128_t be = wasm_i32x4_shuffle(b0, b1, 0, 2, 4, 6), bo = wasm_i32x4_shuffle(b0, b1, 1, 3, 5, 7);
      const v128_t lo = wasm_i16x8_add(
          wasm_i16x8_add(wasm_u16x8_extend_low_u8x16(te), wasm_u16x8_extend_low_u8x16(to)),
          wasm_i16x8_add(wasm_i16x8_add(wasm_u16x8_extend_low_u8x16(be), wasm_u16x8_extend_low_u8x16(bo)), two));
      const v128_t hi = wasm_i16x8_add(
          wasm_i16x8_add(wasm_u16x8_extend_high_u8x16(te), wasm_u16x8_extend_high_u8x16(to)),
          wasm_i16x8_add(wasm_i16x8_add(wasm_u16x8_extend_high_u8x16(be), wasm_u16x8_extend_high_u8x16(bo)), two));
      wasm_v128_store(out + 4 * i, wasm_u8x16_narrow_i16x8(wasm_u16x8_shr(lo, 2), wasm_u16x8_shr(hi, 2)));
    }
    for (; i < w; ++i) {
      const std::size_t left = std::size_t{2 * i} * 4;
      const std::size_t right = std::size_t{std::min(2 * i + 1, src.width - 1)} * 4;
      for (int c = 0; c < 4; ++c) {
        out[i * 4 + c] = mean4(top + left + c, top + right + c, bottom + left + c, bottom + right + c);
      }
    }
  }
}

void scale_back(const std::uint8_t* src, std::uint32_t w, std::uint32_t h, const Window& rect, std::uint8_t* out,
                std::uint8_t* scratch) {
  // Half pixels first .. last each give two output pixels covering the rect.
  const std::uint32_t first = rect.x / 2;
  const std::uint32_t count = (rect.x + rect.width - 1) / 2 - first + 1;
  // col[k]: half pixel first - 1 + k (clamped), k = 0 .. count + 1, u16 per byte.
  auto* col = reinterpret_cast<std::uint16_t*>(aligned16(scratch));
  std::uint8_t* row = reinterpret_cast<std::uint8_t*>(col + 4 * (count + 2) + 8);
  const v128_t three = wasm_i16x8_splat(3), eight = wasm_i16x8_splat(8);
  for (std::uint32_t y = 0; y < rect.height; ++y) {
    const std::uint32_t yy = rect.y + y;
    const std::uint8_t* near_row = src + std::size_t{yy / 2} * w * 4;
    const std::uint8_t* far_row = src + std::size_t{neighbour(yy, h)} * w * 4;
    for (std::uint32_t k = 0; k < count + 2;) {
      const std::int64_t i = std::int64_t{first} - 1 + k;
      if (i >= 0 && i + 4 <= w && k + 4 <= count + 2) {
        const v128_t n = wasm_v128_load(near_row + 4 * i), f = wasm_v128_load(far_row + 4 * i);
        wasm_v128_store(col + 4 * k, wasm_i16x8_add(wasm_i16x8_mul(wasm_u16x8_extend_low_u8x16(n), three),
                                                    wasm_u16x8_extend_low_u8x16(f)));
        wasm_v128_store(col + 4 * k + 8, wasm_i16x8_add(wasm_i16x8_mul(wasm_u16x8_extend_high_u8x16(n), three),
                                                        wasm_u16x8_extend_high_u8x16(f)));
        k += 4;
      } else {
        const std::size_t at = std::size_t(std::clamp<std::int64_t>(i, 0, w - 1)) * 4;
        for (int c = 0; c < 4; ++c) col[4 * k + c] = static_cast<std::uint16_t>(3 * near_row[at + c] + far_row[at + c]);
        k += 1;
      }
    }
    // Output pixels 2 (first + k - 1) and the next: (3 col[k] + col[k -+ 1] + 8) >> 4.
    std::uint32_t k = 1;
    for (; k + 3 <= count; k += 4) {
      const std::uint16_t* c = col + 4 * k;
      v128_t even[2], odd[2];
      for (int v = 0; v < 2; ++v) {
        const v128_t centre = wasm_i16x8_add(wasm_i16x8_mul(wasm_v128_load(c + 8 * v), three), eight);
        even[v] = wasm_u16x8_shr(wasm_i16x8_add(centre, wasm_v128_load(c + 8 * v - 4)), 4);
        odd[v] = wasm_u16x8_shr(wasm_i16x8_add(centre, wasm_v128_load(c + 8 * v + 4)), 4);
      }
      const v128_t e = wasm_u8x16_narrow_i16x8(even[0], even[1]);
      const v128_t o = wasm_u8x16_narrow_i16x8(odd[0], odd[1]);
      wasm_v128_store(row + 8 * (k - 1), wasm_i32x4_shuffle(e, o, 0, 4, 1, 5));
      wasm_v128_store(row + 8 * (k - 1) + 16, wasm_i32x4_shuffle(e, o, 2, 6, 3, 7));
    }
    for (; k <= count; ++k) {
      for (int c = 0; c < 4; ++c) {
        const std::uint32_t centre = 3 * col[4 * k + c] + 8;
        row[8 * (k - 1) + c] = static_cast<std::uint8_t>((centre + col[4 * (k - 1) + c]) >> 4);
        row[8 * (k - 1) + 4 + c] = static_cast<std::uint8_t>((centre + col[4 * (k + 1) + c]) >> 4);
      }
    }
    std::memcpy(out + std::size_t{y} * rect.width * 4, row + std::size_t{rect.x - 2 * first} * 4,
                std::size_t{rect.width} * 4);
  }
}

}  // namespace memento::blur
