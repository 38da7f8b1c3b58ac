// The passes 16 bytes per instruction. Running sums live in u16 lanes up to
// radius 100 (2 vectors per 16 bytes) and in u32 lanes above (Wide: 4). The
// division: i32x4 dot products for radius 1..63 (Dot), u16 x u16 -> u32
// products for 0 and up to 100 (Narrow), products split in two above (Wide);
// divide.h proves each.
//
// Vertical: one sum per byte of a row, kept in scratch; the pass walks down
// the rows, four at a time, so a vector of sums is loaded and stored once per
// four rows. Horizontal: four rows at a time, transposed so that one vector
// holds the same pixel of the four rows; the running sum then slides along x
// a vector at a time, exactly like the vertical pass slides along y.
#include <algorithm>
#include <cstring>

#include "blur/pass.h"
#include "common/simd.h"

namespace memento::blur {

const char* kernel_variant() { return "simd"; }

namespace {

// LLVM 14 (Emscripten 3.1.6) hoists the splat of a loop-invariant shift count
// out of the loop and then no longer sees a shift by a scalar: it shifts lane
// by lane (5x slower passes, measured). An empty asm keeps the count a scalar
// in the loop body (volatile, or it is hoisted too).
std::uint32_t opaque(std::uint32_t v) {
  __asm__ volatile("" : "+r"(v));
  return v;
}

// A zero vector LLVM cannot see is zero: with a known zero it turns the
// interleave below back into extend_high, which V8 lowers to two instructions
// (it zeroes a register every time) where the interleave is one punpckhbw.
v128_t opaque_zero() { return wasm_i32x4_splat(static_cast<std::int32_t>(opaque(0))); }

// The high 8 bytes widened to u16 lanes, given a zero vector.
v128_t widen_high(v128_t b, v128_t zero) {
  return wasm_i8x16_shuffle(b, zero, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
}

// What every divider's constants carry.
struct MagicBase {
  v128_t zero = opaque_zero();
};

// Sums in u16 lanes (radius <= kNarrowMaxRadius: 255 * 201 + 100 < 2^16).
struct U16Sums {
  static constexpr std::size_t kSumBytes = 32;  // scratch per 16 bytes of a row
  v128_t lo, hi;

  explicit U16Sums(std::uint32_t bias) : lo(wasm_i16x8_splat(static_cast<std::int16_t>(bias))), hi(lo) {}
  // What the sums start at: N = S + r for every divider but Dot's.
  static std::uint32_t bias(std::uint32_t radius) { return radius; }
  void add(v128_t b) {
    lo = wasm_i16x8_add(lo, wasm_u16x8_extend_low_u8x16(b));
    hi = wasm_i16x8_add(hi, wasm_u16x8_extend_high_u8x16(b));
  }
  // Add the byte entering the window, subtract the one leaving (mod 2^16: the
  // true sum always fits, so wrapping in between is harmless).
  void slide(v128_t enter, v128_t leave, v128_t zero) {
    lo = wasm_i16x8_add(lo, wasm_i16x8_sub(wasm_u16x8_extend_low_u8x16(enter), wasm_u16x8_extend_low_u8x16(leave)));
    hi = wasm_i16x8_add(hi, wasm_i16x8_sub(widen_high(enter, zero), widen_high(leave, zero)));
  }
  void load(const std::uint8_t* p) {
    lo = wasm_v128_load(p);
    hi = wasm_v128_load(p + 16);
  }
  void store(std::uint8_t* p) const {
    wasm_v128_store(p, lo);
    wasm_v128_store(p + 16, hi);
  }
};

// 1 <= radius <= kDotMaxRadius: floor((S + B) m / 2^K), K = 16 + Extra, two
// pmaddwd per 8 sums (divide.h proves it exact; the sums start at B). The
// even sums' quotients shifted down into the low halves of 32-bit lanes, the
// odd sums' into the high halves (by Extra: none at K = 16), joined by a
// 16-bit blend (one pblendw; a shift and an or per 8 sums more without it).
template <std::uint32_t Extra>
struct Dot : U16Sums {
  using U16Sums::U16Sums;
  static std::uint32_t bias(std::uint32_t radius) { return kDotDividers[radius].bias; }
  struct Magic : MagicBase {
    v128_t even;  // m in the even 16-bit lanes, 0 in the odd
    v128_t odd;   // m in the odd
    explicit Magic(std::uint32_t radius)
        : even(wasm_i32x4_splat(static_cast<std::int32_t>(kDotDividers[radius].multiplier))),
          odd(wasm_i32x4_splat(static_cast<std::int32_t>(kDotDividers[radius].multiplier << 16))) {}
  };
  static v128_t divide8(v128_t sums, const Magic& m) {
    const v128_t even = wasm_u32x4_shr(wasm_i32x4_dot_i16x8(sums, m.even), 16 + Extra);
    v128_t odd = wasm_i32x4_dot_i16x8(sums, m.odd);
    if constexpr (Extra > 0) odd = wasm_u32x4_shr(odd, Extra);
    return wasm_i16x8_shuffle(even, odd, 0, 9, 2, 11, 4, 13, 6, 15);
  }
  v128_t divide(const Magic& m) const { return wasm_u8x16_narrow_i16x8(divide8(lo, m), divide8(hi, m)); }
};

// Radius <= kNarrowMaxRadius: floor(N m / 2^k) through u16 x u16 -> u32 products.
struct Narrow : U16Sums {
  using U16Sums::U16Sums;
  struct Magic : MagicBase {
    v128_t multiplier;
    std::uint32_t shift;
    explicit Magic(std::uint32_t radius)
        : multiplier(wasm_i16x8_splat(static_cast<std::int16_t>(divider_for(radius).multiplier))),
          shift(divider_for(radius).shift) {}
  };
  v128_t divide(const Magic& m) const {
    const std::uint32_t k = opaque(m.shift);
    const v128_t q0 = wasm_u32x4_shr(wasm_u32x4_extmul_low_u16x8(lo, m.multiplier), k);
    const v128_t q1 = wasm_u32x4_shr(wasm_u32x4_extmul_high_u16x8(lo, m.multiplier), k);
    const v128_t q2 = wasm_u32x4_shr(wasm_u32x4_extmul_low_u16x8(hi, m.multiplier), k);
    const v128_t q3 = wasm_u32x4_shr(wasm_u32x4_extmul_high_u16x8(hi, m.multiplier), k);
    return wasm_u8x16_narrow_i16x8(wasm_u16x8_narrow_i32x4(q0, q1), wasm_u16x8_narrow_i32x4(q2, q3));
  }
};

// Sums in u32 lanes (radius up to kMaxRadius: 255 * 511 + 255 < 2^17).
struct Wide {
  static constexpr std::size_t kSumBytes = 64;
  v128_t v[4];

  explicit Wide(std::uint32_t bias) { v[0] = v[1] = v[2] = v[3] = wasm_i32x4_splat(static_cast<std::int32_t>(bias)); }
  static std::uint32_t bias(std::uint32_t radius) { return radius; }
  void add(v128_t b) {
    const v128_t lo = wasm_u16x8_extend_low_u8x16(b);
    const v128_t hi = wasm_u16x8_extend_high_u8x16(b);
    v[0] = wasm_i32x4_add(v[0], wasm_u32x4_extend_low_u16x8(lo));
    v[1] = wasm_i32x4_add(v[1], wasm_u32x4_extend_high_u16x8(lo));
    v[2] = wasm_i32x4_add(v[2], wasm_u32x4_extend_low_u16x8(hi));
    v[3] = wasm_i32x4_add(v[3], wasm_u32x4_extend_high_u16x8(hi));
  }
  void slide(v128_t enter, v128_t leave, v128_t zero) {
    // The difference in i16 lanes (-255..255), sign-extended into the sums.
    const v128_t lo = wasm_i16x8_sub(wasm_u16x8_extend_low_u8x16(enter), wasm_u16x8_extend_low_u8x16(leave));
    const v128_t hi = wasm_i16x8_sub(widen_high(enter, zero), widen_high(leave, zero));
    v[0] = wasm_i32x4_add(v[0], wasm_i32x4_extend_low_i16x8(lo));
    v[1] = wasm_i32x4_add(v[1], wasm_i32x4_extend_high_i16x8(lo));
    v[2] = wasm_i32x4_add(v[2], wasm_i32x4_extend_low_i16x8(hi));
    v[3] = wasm_i32x4_add(v[3], wasm_i32x4_extend_high_i16x8(hi));
  }
  // N m needs up to 40 bits: with N = 256 Nh + Nl,
  // floor(N m / 2^k) = floor((Nh m + floor(Nl m / 2^8)) / 2^(k - 8)), every term within u32 (divide.h).
  struct Magic : MagicBase {
    v128_t multiplier;
    v128_t low_byte;
    explicit Magic(std::uint32_t radius)
        : multiplier(wasm_i32x4_splat(static_cast<std::int32_t>(divider_for(radius).multiplier))),
          low_byte(wasm_i32x4_splat(0xff)) {}
  };
  static v128_t divide_one(v128_t n, const Magic& m) {
    const v128_t high = wasm_i32x4_mul(wasm_u32x4_shr(n, 8), m.multiplier);
    const v128_t low = wasm_u32x4_shr(wasm_i32x4_mul(wasm_v128_and(n, m.low_byte), m.multiplier), 8);
    return wasm_u32x4_shr(wasm_i32x4_add(high, low), kWideShift - 8);
  }
  v128_t divide(const Magic& m) const {
    return wasm_u8x16_narrow_i16x8(wasm_u16x8_narrow_i32x4(divide_one(v[0], m), divide_one(v[1], m)),
                                   wasm_u16x8_narrow_i32x4(divide_one(v[2], m), divide_one(v[3], m)));
  }
  void load(const std::uint8_t* p) {
    for (int i = 0; i < 4; ++i) v[i] = wasm_v128_load(p + 16 * i);
  }
  void store(std::uint8_t* p) const {
    for (int i = 0; i < 4; ++i) wasm_v128_store(p + 16 * i, v[i]);
  }
};

std::uint8_t* aligned16(std::uint8_t* p) { return p + (-reinterpret_cast<std::uintptr_t>(p) & 15); }

// Rows of 4 pixels a, b, c, d (16 bytes each) -> out[i] = pixel i of a, b, c, d.
// Its own inverse. Two rounds of 32- then 64-bit interleaves (punpck on x64).
void transpose4(v128_t a, v128_t b, v128_t c, v128_t d, v128_t* out) {
  const v128_t ab_lo = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5);
  const v128_t cd_lo = wasm_i32x4_shuffle(c, d, 0, 4, 1, 5);
  const v128_t ab_hi = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);
  const v128_t cd_hi = wasm_i32x4_shuffle(c, d, 2, 6, 3, 7);
  out[0] = wasm_i64x2_shuffle(ab_lo, cd_lo, 0, 2);
  out[1] = wasm_i64x2_shuffle(ab_lo, cd_lo, 1, 3);
  out[2] = wasm_i64x2_shuffle(ab_hi, cd_hi, 0, 2);
  out[3] = wasm_i64x2_shuffle(ab_hi, cd_hi, 1, 3);
}

std::int32_t load_pixel(const std::uint8_t* p) {
  std::int32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Pixel x of four rows, one vector.
v128_t gather(const std::uint8_t* const rows[4], std::size_t x) {
  return wasm_i32x4_make(load_pixel(rows[0] + 4 * x), load_pixel(rows[1] + 4 * x), load_pixel(rows[2] + 4 * x),
                         load_pixel(rows[3] + 4 * x));
}

// Four steps of the horizontal sum: the divided sums of four columns (each
// pixel x of four rows), transposed into four pixels of each row. Written out
// step by step so that the outputs stay in registers.
template <typename Acc>
void four_steps(Acc& sum, const typename Acc::Magic& magic, const v128_t*& enter, const v128_t*& leave,
                v128_t pixels[4]) {
  const v128_t d0 = sum.divide(magic);
  sum.slide(enter[0], leave[0], magic.zero);
  const v128_t d1 = sum.divide(magic);
  sum.slide(enter[1], leave[1], magic.zero);
  const v128_t d2 = sum.divide(magic);
  sum.slide(enter[2], leave[2], magic.zero);
  const v128_t d3 = sum.divide(magic);
  sum.slide(enter[3], leave[3], magic.zero);
  enter += 4;
  leave += 4;
  transpose4(d0, d1, d2, d3, pixels);
}

template <typename Acc>
void horizontal(const Plane& src, const Window& window, std::uint8_t* dst, std::size_t dst_stride, const Box& box,
                std::uint8_t* scratch) {
  const typename Acc::Magic magic(box.radius);
  const std::int64_t r = box.radius;
  const std::int64_t width = src.width;
  // column[j] = pixel window.x - r + j (clamped) of the four rows.
  auto* column = reinterpret_cast<v128_t*>(aligned16(scratch));
  const std::int64_t columns = window.width + 2 * r + 1;

  for (std::uint32_t y = 0; y < window.height; y += 4) {
    const std::uint32_t rows_here = std::min<std::uint32_t>(4, window.height - y);
    const std::uint8_t* rows[4];
    for (std::uint32_t i = 0; i < 4; ++i) {
      rows[i] = src.data + (window.y + y + std::min(i, rows_here - 1)) * src.stride;
    }
    std::int64_t j = 0;
    std::int64_t x = std::int64_t{window.x} - r;
    for (; j < columns && x < 0; ++j, ++x) column[j] = gather(rows, 0);
    for (; j + 4 <= columns && x + 4 <= width; j += 4, x += 4) {
      transpose4(wasm_v128_load(rows[0] + 4 * x), wasm_v128_load(rows[1] + 4 * x), wasm_v128_load(rows[2] + 4 * x),
                 wasm_v128_load(rows[3] + 4 * x), column + j);
    }
    for (; j < columns; ++j, ++x) column[j] = gather(rows, static_cast<std::size_t>(std::min(x, width - 1)));

    Acc sum(Acc::bias(box.radius));
    for (std::int64_t k = 0; k <= 2 * r; ++k) sum.add(column[k]);
    std::uint8_t* out = dst + y * dst_stride;
    const v128_t* enter = column + 2 * r + 1;
    const v128_t* leave = column;
    std::uint32_t i = 0;
    // Four columns per step, transposed back into four pixels of each row. A
    // full group of four rows stores them unconditionally: with the row count
    // a variable, LLVM kept the step's outputs in stack memory (measured below).
    if (rows_here == 4) {
      for (; i + 4 <= window.width; i += 4, out += 16) {
        v128_t pixels[4];
        four_steps(sum, magic, enter, leave, pixels);
        wasm_v128_store(out, pixels[0]);
        wasm_v128_store(out + dst_stride, pixels[1]);
        wasm_v128_store(out + 2 * dst_stride, pixels[2]);
        wasm_v128_store(out + 3 * dst_stride, pixels[3]);
      }
    } else {
      for (; i + 4 <= window.width; i += 4, out += 16) {
        v128_t pixels[4];
        four_steps(sum, magic, enter, leave, pixels);
        for (std::uint32_t row = 0; row < rows_here; ++row) wasm_v128_store(out + row * dst_stride, pixels[row]);
      }
    }
    if (i < window.width) {
      const std::uint32_t left = window.width - i;
      v128_t done[4] = {wasm_i32x4_splat(0), wasm_i32x4_splat(0), wasm_i32x4_splat(0), wasm_i32x4_splat(0)};
      for (std::uint32_t k = 0; k < left; ++k) {
        done[k] = sum.divide(magic);
        sum.slide(enter[k], leave[k], magic.zero);
      }
      v128_t pixels[4];
      transpose4(done[0], done[1], done[2], done[3], pixels);
      for (std::uint32_t row = 0; row < rows_here; ++row) std::memcpy(out + row * dst_stride, &pixels[row], 4 * left);
    }
  }
}

// The sums of one 16-byte column chunk, slid down `rows` rows; `bytes` < 16 at a row's end.
template <typename Acc>
void vertical_chunk(std::uint8_t* sums, const typename Acc::Magic& magic, std::size_t offset, std::size_t bytes,
                    std::uint32_t rows, const std::uint8_t* const enter[4], const std::uint8_t* const leave[4],
                    std::uint8_t* const out[4]) {
  Acc sum(0);
  sum.load(sums);
  for (std::uint32_t k = 0; k < rows; ++k) {
    if (bytes == 16) {
      wasm_v128_store(out[k] + offset, sum.divide(magic));
      sum.slide(wasm_v128_load(enter[k] + offset), wasm_v128_load(leave[k] + offset), magic.zero);
    } else {
      v128_t e = wasm_i32x4_splat(0), l = e, q = sum.divide(magic);
      std::memcpy(&e, enter[k] + offset, bytes);
      std::memcpy(&l, leave[k] + offset, bytes);
      std::memcpy(out[k] + offset, &q, bytes);
      sum.slide(e, l, magic.zero);
    }
  }
  sum.store(sums);
}

v128_t load_bytes(const std::uint8_t* p, std::size_t bytes) {
  if (bytes == 16) return wasm_v128_load(p);
  v128_t b = wasm_i32x4_splat(0);
  std::memcpy(&b, p, bytes);
  return b;
}

template <typename Acc>
void vertical_start(const Rows& rows, const Window& window, const Box& box, std::uint8_t* scratch) {
  const std::int64_t r = box.radius;
  const std::size_t n = std::size_t{window.width} * 4;
  const std::size_t chunks = (n + 15) / 16;
  std::uint8_t* sums = aligned16(scratch);
  // Each chunk's sum over rows window.y - r .. window.y + r, a row at a time.
  for (std::size_t c = 0; c < chunks; ++c) Acc(Acc::bias(box.radius)).store(sums + c * Acc::kSumBytes);
  for (std::int64_t k = std::int64_t{window.y} - r; k <= std::int64_t{window.y} + r; ++k) {
    const std::uint8_t* p = rows.row(k);
    for (std::size_t c = 0; c < chunks; ++c) {
      Acc sum(0);
      sum.load(sums + c * Acc::kSumBytes);
      sum.add(load_bytes(p + 16 * c, std::min<std::size_t>(16, n - 16 * c)));
      sum.store(sums + c * Acc::kSumBytes);
    }
  }
}

template <typename Acc>
void vertical_rows(const Rows& rows, const Window& window, std::uint32_t y, std::uint32_t count, std::uint8_t* dst,
                   std::size_t dst_stride, const Box& box, std::uint8_t* scratch) {
  const typename Acc::Magic magic(box.radius);
  const std::int64_t r = box.radius;
  const std::size_t n = std::size_t{window.width} * 4;
  const std::size_t chunks = (n + 15) / 16;
  std::uint8_t* sums = aligned16(scratch);
  for (std::uint32_t j = 0; j < count; j += 4) {
    const std::uint32_t group = std::min<std::uint32_t>(4, count - j);
    const std::uint8_t* enter[4];
    const std::uint8_t* leave[4];
    std::uint8_t* out[4];
    for (std::uint32_t k = 0; k < 4; ++k) {
      const std::uint32_t row = j + std::min(k, group - 1);
      enter[k] = rows.row(std::int64_t{y} + row + r + 1);
      leave[k] = rows.row(std::int64_t{y} + row - r);
      out[k] = dst + row * dst_stride;
    }
    std::size_t c = 0;
    if (group == 4) {
      // Four rows of each whole chunk, written out with every pointer a local: as a loop over a variable row
      // count, LLVM kept the pointers in stack memory and did not unroll it (measured in NOTES.md).
      const std::uint8_t *e0 = enter[0], *e1 = enter[1], *e2 = enter[2], *e3 = enter[3];
      const std::uint8_t *l0 = leave[0], *l1 = leave[1], *l2 = leave[2], *l3 = leave[3];
      std::uint8_t *o0 = out[0], *o1 = out[1], *o2 = out[2], *o3 = out[3];
      for (; 16 * c + 16 <= n; ++c) {
        const std::size_t at = 16 * c;
        Acc sum(0);
        sum.load(sums + c * Acc::kSumBytes);
        wasm_v128_store(o0 + at, sum.divide(magic));
        sum.slide(wasm_v128_load(e0 + at), wasm_v128_load(l0 + at), magic.zero);
        wasm_v128_store(o1 + at, sum.divide(magic));
        sum.slide(wasm_v128_load(e1 + at), wasm_v128_load(l1 + at), magic.zero);
        wasm_v128_store(o2 + at, sum.divide(magic));
        sum.slide(wasm_v128_load(e2 + at), wasm_v128_load(l2 + at), magic.zero);
        wasm_v128_store(o3 + at, sum.divide(magic));
        sum.slide(wasm_v128_load(e3 + at), wasm_v128_load(l3 + at), magic.zero);
        sum.store(sums + c * Acc::kSumBytes);
      }
    }
    for (; c < chunks; ++c) {
      vertical_chunk<Acc>(sums + c * Acc::kSumBytes, magic, 16 * c, std::min<std::size_t>(16, n - 16 * c), group, enter,
                          leave, out);
    }
  }
}

// Runs `run.operator()<Acc>()` with the accumulator and divider for `radius`.
template <typename Run>
void with_accumulator(std::uint32_t radius, Run&& run) {
  if (radius > kNarrowMaxRadius) return run.template operator()<Wide>();
  if (radius > kDotMaxRadius || radius == 0) return run.template operator()<Narrow>();
  switch (kDotDividers[radius].shift) {
    case 16:
      return run.template operator()<Dot<0>>();
    case 17:
      return run.template operator()<Dot<1>>();
    case 18:
      return run.template operator()<Dot<2>>();
    case 19:
      return run.template operator()<Dot<3>>();
    case 20:
      return run.template operator()<Dot<4>>();
    default:
      return run.template operator()<Dot<5>>();
  }
}
static_assert(dot_divider_for(kDotMaxRadius).shift == 21, "Dot<5> is the largest shift");

}  // namespace

void horizontal_pass(const Plane& src, const Window& window, std::uint8_t* dst, std::size_t dst_stride, const Box& box,
                     std::uint8_t* scratch) {
  with_accumulator(box.radius, [&]<typename Acc>() { horizontal<Acc>(src, window, dst, dst_stride, box, scratch); });
}

void vertical_start(const Rows& rows, const Window& window, const Box& box, std::uint8_t* sums) {
  with_accumulator(box.radius, [&]<typename Acc>() { vertical_start<Acc>(rows, window, box, sums); });
}

void vertical_rows(const Rows& rows, const Window& window, std::uint32_t y, std::uint32_t count, std::uint8_t* dst,
                   std::size_t dst_stride, const Box& box, std::uint8_t* sums) {
  with_accumulator(box.radius,
                   [&]<typename Acc>() { vertical_rows<Acc>(rows, window, y, count, dst, dst_stride, box, sums); });
}

}  // namespace memento::blur
