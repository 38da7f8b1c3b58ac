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

// The SIMD build's fastest division, for radius <= kRoundedMaxRadius:
// i16x8.q15mulr_sat_s (one pmulhrsw on x64) gives floor((N m + 2^14) / 2^15),
// and a shift by s then floor((N m + 2^14) / 2^K) with K = 15 + s. Here
// m = floor(2^K / d), so e = m d - 2^K <= 0, and for N = q d + rho
//   (N m + 2^14) / 2^K = q + rho / d + N e / (d 2^K) + 2^-(s+1).
// The tail stays in [0, 1) when (a) 2^(s+1) > d, so that rho = d - 1 stays
// below 1, and (b) |e| N <= d 2^14, so that rho = 0 stays at or above 0.
// Lanes are signed 16 bits: N and m below 2^15.
inline constexpr std::uint32_t kRoundedMaxRadius = 40;

struct RoundedDivider {
  std::uint32_t multiplier;  // < 2^15
  std::uint32_t shift;       // s
};

constexpr RoundedDivider rounded_divider_for(std::uint32_t radius) {
  const std::uint64_t d = 2 * radius + 1;
  std::uint32_t s = 0;
  while ((std::uint64_t{2} << s) <= d) ++s;
  const std::uint64_t m = std::min<std::uint64_t>((std::uint64_t{1} << (15 + s)) / d, 0x7fff);
  return RoundedDivider{static_cast<std::uint32_t>(m), s};
}

constexpr bool rounded_exact_for_every_sum(std::uint32_t radius) {
  const RoundedDivider div = rounded_divider_for(radius);
  const std::uint64_t d = 2 * radius + 1;
  const std::uint64_t two_k = std::uint64_t{1} << (15 + div.shift);
  return max_numerator(radius) < 0x8000 && div.multiplier * d <= two_k && (std::uint64_t{2} << div.shift) > d &&
         (two_k - div.multiplier * d) * max_numerator(radius) <= d << 14;
}

constexpr bool every_rounded_radius_has_its_constant() {
  for (std::uint32_t r = 0; r <= kRoundedMaxRadius; ++r) {
    if (!rounded_exact_for_every_sum(r)) return false;
  }
  return true;
}
static_assert(every_rounded_radius_has_its_constant(), "a radius up to kRoundedMaxRadius lacks a q15 divider");

}  // namespace memento::blur
