// Argon2id against RFC 9106 section 5.3, through the one-call API and through
// the segmented API in the orders parallel workers could produce.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "argon2/argon2.h"
#include "argon2/self_test.h"
#include "test_argon2_util.h"

using namespace argon2_test;
namespace a2 = memento::argon2;

namespace {

constexpr const char* kRfcTag = "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659";

struct RfcInputs {
  std::vector<std::uint8_t> password = std::vector<std::uint8_t>(32, 0x01);
  std::vector<std::uint8_t> salt = std::vector<std::uint8_t>(16, 0x02);
  std::vector<std::uint8_t> secret = std::vector<std::uint8_t>(8, 0x03);
  std::vector<std::uint8_t> ad = std::vector<std::uint8_t>(12, 0x04);
  a2::Inputs view() const {
    return {password.data(), password.size(), salt.data(), salt.size(),
            secret.data(),   secret.size(),   ad.data(),   ad.size()};
  }
};

// Runs the segmented API; lane_order(pass, slice) gives the order lanes are filled in. With erase_by_lane, ends as
// the parallel path does: every lane erased but its last block (in any order, before the tag, as lane workers may),
// then the tag from the last blocks, which erases those.
template <typename LaneOrder>
std::string segmented_tag(LaneOrder lane_order, bool erase_by_lane = false) {
  const RfcInputs in;
  const a2::Params params{3, 32, 4, 32};
  std::vector<std::uint8_t> memory(a2::memory_bytes(params) + 8);
  // Deliberately not 16-byte aligned: wasm SIMD loads have no alignment needs.
  void* base = memory.data() + 8;
  a2::Context ctx;
  REQUIRE(a2::setup(ctx, params, base) == a2::Status::ok);
  REQUIRE(a2::init(ctx, in.view()) == a2::Status::ok);
  for (std::uint32_t pass = 0; pass < 3; ++pass) {
    for (std::uint32_t slice = 0; slice < 4; ++slice) {
      for (std::uint32_t lane : lane_order(pass, slice)) {
        REQUIRE(a2::fill_segment(ctx, pass, slice, lane) == a2::Status::ok);
      }
    }
  }
  std::uint8_t tag[32];
  if (erase_by_lane) {
    for (std::uint32_t lane : {2u, 0u, 3u, 1u}) REQUIRE(a2::erase_lane_but_last(ctx, lane) == a2::Status::ok);
    REQUIRE(a2::finalize_from_last_blocks(ctx, tag, sizeof tag) == a2::Status::ok);
  } else {
    REQUIRE(a2::finalize(ctx, tag, sizeof tag) == a2::Status::ok);
  }
  CHECK(std::all_of(memory.begin() + 8, memory.end(), [](std::uint8_t b) { return b == 0; }));
  return to_hex(tag, sizeof tag);
}

}  // namespace

TEST_CASE("Argon2id gives the RFC 9106 section 5.3 tag", "[argon2][rfc]") {
  const RfcInputs in;
  std::uint8_t tag[32];
  REQUIRE(a2::argon2id_hash(tag, sizeof tag, in.view(), 3, 32, 4) == a2::Status::ok);
  CHECK(to_hex(tag, sizeof tag) == kRfcTag);
}

TEST_CASE("the segmented API gives the RFC tag with lanes in order, reversed or shuffled", "[argon2][rfc]") {
  CHECK(segmented_tag([](std::uint32_t, std::uint32_t) { return std::vector<std::uint32_t>{0, 1, 2, 3}; }) == kRfcTag);
  CHECK(segmented_tag([](std::uint32_t, std::uint32_t) { return std::vector<std::uint32_t>{3, 2, 1, 0}; }) == kRfcTag);
  CHECK(segmented_tag([](std::uint32_t pass, std::uint32_t slice) {
          std::vector<std::uint32_t> lanes{0, 1, 2, 3};
          std::mt19937_64 rng(pass * 4 + slice);
          std::shuffle(lanes.begin(), lanes.end(), rng);
          return lanes;
        }) == kRfcTag);
}

TEST_CASE("the tag from the last blocks after a lane-by-lane erase is the RFC tag, and no byte of memory is left",
          "[argon2][rfc]") {
  const auto in_order = [](std::uint32_t, std::uint32_t) { return std::vector<std::uint32_t>{0, 1, 2, 3}; };
  CHECK(segmented_tag(in_order, true) == kRfcTag);
}

TEST_CASE("erase_lane_but_last refuses a lane outside the context", "[argon2]") {
  const a2::Params params{1, 16, 2, 32};
  std::vector<std::uint8_t> memory(a2::memory_bytes(params));
  a2::Context ctx;
  REQUIRE(a2::setup(ctx, params, memory.data()) == a2::Status::ok);
  CHECK(a2::erase_lane_but_last(ctx, 2) == a2::Status::segment_out_of_range);
}

TEST_CASE("the self-test passes", "[argon2][rfc]") { CHECK(a2::self_test()); }

TEST_CASE("fill_segment refuses a pass, slice or lane outside the context", "[argon2]") {
  const a2::Params params{2, 16, 2, 32};
  std::vector<std::uint8_t> memory(a2::memory_bytes(params));
  a2::Context ctx;
  REQUIRE(a2::setup(ctx, params, memory.data()) == a2::Status::ok);
  CHECK(a2::fill_segment(ctx, 2, 0, 0) == a2::Status::segment_out_of_range);
  CHECK(a2::fill_segment(ctx, 0, 4, 0) == a2::Status::segment_out_of_range);
  CHECK(a2::fill_segment(ctx, 0, 0, 2) == a2::Status::segment_out_of_range);
}

TEST_CASE("finalize refuses a tag length other than the context's", "[argon2]") {
  const a2::Params params{1, 8, 1, 32};
  std::vector<std::uint8_t> memory(a2::memory_bytes(params));
  a2::Context ctx;
  REQUIRE(a2::setup(ctx, params, memory.data()) == a2::Status::ok);
  std::uint8_t tag[64];
  CHECK(a2::finalize(ctx, tag, 64) == a2::Status::tag_length_out_of_range);
}

TEST_CASE("m is rounded down to a multiple of 4p blocks but H0 hashes the m given", "[argon2]") {
  // 37 KiB with p = 2 uses 32 blocks like m = 32, yet the tags must differ.
  CHECK(a2::memory_bytes(a2::Params{1, 37, 2, 32}) == 32 * 1024);
  const RfcInputs in;
  std::uint8_t a[32], b[32];
  REQUIRE(a2::argon2id_hash(a, 32, in.view(), 1, 37, 2) == a2::Status::ok);
  REQUIRE(a2::argon2id_hash(b, 32, in.view(), 1, 32, 2) == a2::Status::ok);
  CHECK(to_hex(a, 32) != to_hex(b, 32));
}
