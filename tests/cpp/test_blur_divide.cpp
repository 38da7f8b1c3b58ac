// The dividers, exhaustively: for every radius up to kMaxRadius and every
// numerator S + r it can produce, the multiply and shift give the exact
// floor, computed the way each path computes it (u64; q15mulr; u16 x u16 in
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

TEST_CASE("every q15 divider (SIMD, radius <= 40) is exact for every sum its radius can produce") {
  for (std::uint32_t r = 0; r <= kRoundedMaxRadius; ++r) {
    const RoundedDivider div = rounded_divider_for(r);
    INFO("radius " << r << " multiplier " << div.multiplier << " shift " << div.shift);
    REQUIRE(div.multiplier < 0x8000);
    bool all_exact = true;
    for (std::int32_t n = 0; n <= static_cast<std::int32_t>(max_numerator(r)); ++n) {
      // i16x8.q15mulr_sat_s, then a shift.
      const std::int32_t q15 = (n * static_cast<std::int32_t>(div.multiplier) + (1 << 14)) >> 15;
      all_exact &= n < 0x8000 && (q15 >> div.shift) == static_cast<std::int32_t>(n / (2 * r + 1));
    }
    REQUIRE(all_exact);
  }
}

TEST_CASE("narrow multipliers fit u16 and the numbers on record stay the same") {
  REQUIRE(divider_for(0).multiplier == 1);
  REQUIRE(divider_for(0).shift == 0);
  REQUIRE(divider_for(8).multiplier == 7711);
  REQUIRE(divider_for(8).shift == 17);
  REQUIRE(divider_for(20).multiplier == 3197);
  REQUIRE(divider_for(20).shift == 17);
  REQUIRE(divider_for(kNarrowMaxRadius).multiplier <= 0xffff);
  REQUIRE(rounded_divider_for(8).multiplier == 30840);
  REQUIRE(rounded_divider_for(8).shift == 4);
  REQUIRE(rounded_divider_for(20).multiplier == 25575);
  REQUIRE(rounded_divider_for(20).shift == 5);
}

TEST_CASE("self_test passes") { REQUIRE(self_test()); }
