// The dividers, exhaustively: for every radius up to kMaxRadius and every
// numerator S + r it can produce, the multiply and shift give the exact
// floor, computed the way each path computes it (u64; dot products; u16 x u16 in
// u32; the wide path's split into 9 + 8 bits in u32).
#include <catch2/catch.hpp>

#include "blur/divide.h"
#include "blur/self_test.h"

using namespace memento::blur;

TEST_CASE("every divider is exact for every sum its radius can produce, in every path's arithmetic") {
  for (std::uint32_t r = 0; r <= kMaxRadius; ++r) {
    const Divider div = divider_for(r);
    const std::uint32_t d = 2 * r + 1;
    INFO("radius " << r << " multiplier " << div.multiplier << " shift " << div.shift);
    bool all_exact = true;
    for (std::uint32_t n = 0; n <= max_numerator(r); ++n) {
      const std::uint32_t want = n / d;
      all_exact &= div.divide(n) == want;
      if (r <= kNarrowMaxRadius) {
        all_exact &= ((n & 0xffff) == n) && static_cast<std::uint32_t>(n * div.multiplier) >> div.shift == want;
      } else {
        const std::uint32_t high = (n >> 8) * div.multiplier;
        const std::uint32_t low = ((n & 0xff) * div.multiplier) >> 8;
        all_exact &= (high + low) >> (div.shift - 8) == want;
      }
    }
    REQUIRE(all_exact);
  }
}

TEST_CASE("every dot divider (SIMD, radius 1..63) is exact for every sum its radius can produce") {
  for (std::uint32_t r = 1; r <= kDotMaxRadius; ++r) {
    const DotDivider div = dot_divider_for(r);
    INFO("radius " << r << " multiplier " << div.multiplier << " shift " << div.shift << " bias " << div.bias);
    REQUIRE(div.multiplier < 0x8000);
    REQUIRE(div.shift >= 16);
    bool all_exact = true;
    for (std::int32_t sum = 0; sum <= static_cast<std::int32_t>(255 * (2 * r + 1)); ++sum) {
      // The sums start at the bias; i32x4.dot_i16x8_s of a signed 16-bit lane and the multiplier (the other
      // lane of the pair times 0); the even lanes shift by K, the odd by K - 16 and keep their high 16 bits.
      const std::int32_t lane = sum + static_cast<std::int32_t>(div.bias);
      const std::int32_t product = lane * static_cast<std::int32_t>(div.multiplier);
      const auto want = static_cast<std::uint32_t>(sum + static_cast<std::int32_t>(r)) / (2 * r + 1);
      const std::uint32_t even = static_cast<std::uint32_t>(product) >> div.shift;
      const std::uint32_t odd = (static_cast<std::uint32_t>(product) >> (div.shift - 16)) >> 16;
      all_exact &= lane < 0x8000 && product >= 0 && even == want && odd == want;
    }
    REQUIRE(all_exact);
  }
  REQUIRE(dot_divider_for(0).multiplier == 0);  // none: radius 0 takes the narrow divider
}

TEST_CASE("narrow multipliers fit u16 and the numbers on record stay the same") {
  REQUIRE(divider_for(kNarrowMaxRadius).multiplier <= 0xffff);
  // Per radius: divider_for's multiplier and shift, then dot_divider_for's and its bias (none recorded for 0).
  const struct {
    std::uint32_t radius, multiplier, shift, dot_multiplier, dot_shift, dot_bias;
  } on_record[] = {{0, 1, 0, 0, 0, 0}, {8, 7711, 17, 3855, 16, 9}, {20, 3197, 17, 3197, 17, 20}};
  for (const auto& r : on_record) {
    INFO("radius " << r.radius);
    REQUIRE(divider_for(r.radius).multiplier == r.multiplier);
    REQUIRE(divider_for(r.radius).shift == r.shift);
    if (r.dot_multiplier == 0) continue;
    REQUIRE(dot_divider_for(r.radius).multiplier == r.dot_multiplier);
    REQUIRE(dot_divider_for(r.radius).shift == r.dot_shift);
    REQUIRE(dot_divider_for(r.radius).bias == r.dot_bias);
  }
}

TEST_CASE("self_test passes") { REQUIRE(self_test()); }
