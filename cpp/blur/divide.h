// Exact division by 2r + 1 with a multiply and a shift: the mean of a window,
// floor((S + r) / (2r + 1)), with no divide in any loop.
//
// Why it is exact (NOTES.md, "Division"): let m = ceil(2^k / d) and
// e = m d - 2^k, so 0 <= e < d. For N = q d + rho (0 <= rho < d),
//   N m / 2^k = q + (rho + N e / 2^k) / d,
// and when N e < 2^k the bracket is below rho + 1 <= d, so floor(N m / 2^k) = q.
// The numerators here are N = S + r <= 255 d + r (the sum of d bytes plus the
// rounding bias), so checking e (255 d + r) < 2^k once per radius proves the
// constant for every sum that radius can produce.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

namespace memento::blur {

// 255: the wide path's numerator, 255 * 511 + 255 < 2^17, splits into
// 9 + 8 bits (divide_wide in pass_simd.cpp).
inline constexpr std::uint32_t kMaxRadius = 255;
// Up to this radius the sums fit u16 lanes and the multiplier u16 (narrow path).
inline constexpr std::uint32_t kNarrowMaxRadius = 100;
// The wide path's shift: 2^30 > 511 * (255 * 511 + 255), the worst e * N.
inline constexpr std::uint32_t kWideShift = 30;

struct Divider {
  std::uint32_t multiplier;
  std::uint32_t shift;

  // floor(n / (2r + 1)) for every n <= max_numerator(r).
  constexpr std::uint32_t divide(std::uint32_t n) const {
    return static_cast<std::uint32_t>((std::uint64_t{n} * multiplier) >> shift);
  }
};

constexpr std::uint32_t max_numerator(std::uint32_t radius) { return 255 * (2 * radius + 1) + radius; }

// The condition of the proof above for (m, k) = ceil(2^k / d), k.
constexpr bool exact_for_every_sum(std::uint32_t radius, std::uint32_t shift) {
  const std::uint64_t d = 2 * radius + 1;
  const std::uint64_t m = ((std::uint64_t{1} << shift) + d - 1) / d;
  return (m * d - (std::uint64_t{1} << shift)) * max_numerator(radius) < (std::uint64_t{1} << shift);
}

// Narrow radii: the smallest k that passes (so the smallest multiplier, which
// must fit u16); wide radii: k = 30.
constexpr Divider divider_for(std::uint32_t radius) {
  const std::uint64_t d = 2 * radius + 1;
  std::uint32_t shift = kWideShift;
  if (radius <= kNarrowMaxRadius) {
    shift = 0;
    while (!exact_for_every_sum(radius, shift)) ++shift;
  }
  return Divider{static_cast<std::uint32_t>(((std::uint64_t{1} << shift) + d - 1) / d), shift};
}

constexpr bool every_radius_has_its_constant() {
  for (std::uint32_t r = 0; r <= kMaxRadius; ++r) {
    const Divider div = divider_for(r);
    if (!exact_for_every_sum(r, div.shift)) return false;
    if (r <= kNarrowMaxRadius && (div.multiplier > 0xffff || max_numerator(r) > 0xffff)) return false;
    // Wide: N = 256 Nh + Nl with Nh < 2^9, Nl < 2^8; Nh m and Nl m must fit u32.
    if (r > kNarrowMaxRadius &&
        (max_numerator(r) >= (1u << 17) ||
         (std::uint64_t{max_numerator(r) >> 8} * div.multiplier) + ((std::uint64_t{255} * div.multiplier) >> 8) >=
             (std::uint64_t{1} << 32)))
      return false;
  }
  return true;
}
static_assert(every_radius_has_its_constant(), "a radius up to kMaxRadius lacks an exact divider");

// The SIMD build's division for 1 <= radius <= kDotMaxRadius, through
// i32x4.dot_i16x8_s (one pmaddwd in V8, where i16x8.q15mulr_sat_s is five
// instructions: NOTES.md): floor((S + B) m / 2^K), the sums started at B
// instead of r. A dot with m in the even 16-bit lanes gives the even sums'
// products in 32-bit lanes, one with m in the odd lanes the odd sums'; the
// quotients are the products' bits K and up, so one shift moves the even
// quotients to the low halves, the odd ones need a shift by K - 16 (none when
// K = 16) to sit in the high halves, and a 16-bit blend joins them
// (pass_simd.cpp, Dot).
//
// Why exact: f(S) = floor((S + B) m / 2^K) is nondecreasing in S, and the
// sums S with floor((S + r) / d) = q form the interval
// [max(q d - r, 0), min(q d + r, 255 d)]; so f equals the quotient on every
// sum iff it does at both ends of each of the 256 intervals
// (dot_exact_for_every_sum checks exactly that). With e = m d - 2^K, the ends
// give q e + (B - r) m >= 0 for q = 1..255 and q e + (B + r) m < 2^K for
// q = 0..254, 255 e + B m < 2^K: linear in q, so dot_divider_for picks the
// smallest B that passes at q = 1 and 255. pmaddwd's lanes are signed:
// 255 d + B < 2^15 and m < 2^15, which holds up to radius 63.
inline constexpr std::uint32_t kDotMaxRadius = 63;

struct DotDivider {
  std::uint32_t multiplier;  // m < 2^15
  std::uint32_t shift;       // K, 16..21 (dot_divider_for checks it)
  std::uint32_t bias;        // B: what the running sums start at
};

constexpr bool dot_ends_hold(std::uint32_t radius, std::uint64_t k, std::int64_t m, std::int64_t bias) {
  const std::int64_t r = radius;
  const std::int64_t e = m * (2 * r + 1) - (std::int64_t{1} << k);
  const std::int64_t two_k = std::int64_t{1} << k;
  return e + (bias - r) * m >= 0 && 255 * e + (bias - r) * m >= 0 && (bias + r) * m < two_k &&
         254 * e + (bias + r) * m < two_k && 255 * e + bias * m < two_k;
}

// The smallest K >= 16, then m = floor(2^K / d) before ceil(2^K / d), then the
// smallest bias >= r that the ends allow. {0, 0, 0} where none fits the
// signed lanes (radius 0: m would be 2^K / 1).
constexpr DotDivider dot_divider_for(std::uint32_t radius) {
  const std::int64_t d = 2 * std::int64_t{radius} + 1;
  for (std::uint32_t k = 16; k <= 21; ++k) {
    for (std::int64_t m = (std::int64_t{1} << k) / d; m <= (std::int64_t{1} << k) / d + 1; ++m) {
      const std::int64_t e = m * d - (std::int64_t{1} << k);
      const std::int64_t bias = radius + (e >= 0 ? 0 : (255 * -e + m - 1) / m);
      if (m < 0x8000 && 255 * d + bias < 0x8000 && dot_ends_hold(radius, k, m, bias)) {
        return DotDivider{static_cast<std::uint32_t>(m), k, static_cast<std::uint32_t>(bias)};
      }
    }
  }
  return DotDivider{0, 0, 0};
}

// The proof, independent of how the constant was picked: both ends of every
// quotient's interval of sums (f is monotone).
constexpr bool dot_exact_for_every_sum(std::uint32_t radius) {
  const DotDivider div = dot_divider_for(radius);
  const std::uint64_t d = 2 * radius + 1;
  if (div.multiplier == 0 || div.multiplier >= 0x8000 || 255 * d + div.bias >= 0x8000) return false;
  for (std::uint64_t q = 0; q <= 255; ++q) {
    const std::uint64_t low = q * d > radius ? q * d - radius : 0;
    const std::uint64_t high = std::min<std::uint64_t>(q * d + radius, 255 * d);
    if (((low + div.bias) * div.multiplier) >> div.shift != q) return false;
    if (((high + div.bias) * div.multiplier) >> div.shift != q) return false;
  }
  return true;
}

constexpr bool every_dot_radius_has_its_constant() {
  for (std::uint32_t r = 1; r <= kDotMaxRadius; ++r) {
    if (!dot_exact_for_every_sum(r)) return false;
  }
  return dot_divider_for(0).multiplier == 0;
}
static_assert(every_dot_radius_has_its_constant(), "a radius 1..kDotMaxRadius lacks a dot divider");

// dot_divider_for(r) for every radius, found at compile time: the passes ask
// for it per call (every four rows), where the search would run each time.
inline constexpr auto kDotDividers = [] {
  std::array<DotDivider, kDotMaxRadius + 1> table{};
  for (std::uint32_t r = 0; r <= kDotMaxRadius; ++r) table[r] = dot_divider_for(r);
  return table;
}();
static_assert(dot_divider_for(8).shift == 16 && dot_divider_for(20).shift == 17,
              "NOTES.md's instruction counts take K = 16 at r = 8 and 17 at r = 20");

}  // namespace memento::blur
