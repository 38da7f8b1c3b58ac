// The dividers, exhaustively: for every radius up to kMaxRadius and every
// numerator S + r it can produce, the multiply and shift give the exact
// floor, computed the way each path computes it (u64; u16 x u16 in u32; the
// wide path's split into 9 + 8 bits in u32).
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

TEST_CASE("narrow multipliers fit u16 and the numbers on record stay the same") {
  REQUIRE(divider_for(0).multiplier == 1);
  REQUIRE(divider_for(0).shift == 0);
  REQUIRE(divider_for(8).multiplier == 7711);
  REQUIRE(divider_for(8).shift == 17);
  REQUIRE(divider_for(20).multiplier == 3197);
  REQUIRE(divider_for(20).shift == 17);
  REQUIRE(divider_for(kNarrowMaxRadius).multiplier <= 0xffff);
}

TEST_CASE("self_test passes") { REQUIRE(self_test()); }
