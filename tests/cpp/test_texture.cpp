// The texture kernel (scalar and SIMD builds) against the spec's SHA-256
// digests (tests/cpp/texture_digests.h, recomputed from worker/texture-spec.js
// by tests/js/texture.test.js), against a plain per-pixel renderer, in bands
// of any order, across the seams, and on bad parameters.
#include <catch2/catch.hpp>
#include <sodium.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "texture/self_test.h"
#include "texture_digests.h"
#include "texture_support.h"

using namespace texture_test;

namespace {

std::string sha256_hex(const MapSet& maps) {
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  for (const auto& m : maps) crypto_hash_sha256_update(&state, m.data(), m.size());
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256_final(&state, digest);
  std::string hex;
  char byte[3];
  for (const unsigned char b : digest) {
    std::snprintf(byte, sizeof byte, "%02x", b);
    hex += byte;
  }
  return hex;
}

const char* const kMapNames[5] = {"albedo", "normal", "roughness", "ao", "orm"};

void require_same(const MapSet& actual, const MapSet& expected, uint32_t size) {
  for (int m = 0; m < 5; ++m) {
    for (std::size_t i = 0; i < expected[m].size(); ++i) {
      if (actual[m][i] != expected[m][i]) {
        const std::size_t pixel = i / 4;
        FAIL(kMapNames[m] << " differs first at (" << pixel % size << ", " << pixel / size << ") channel " << i % 4
                          << ": " << int(actual[m][i]) << " vs " << int(expected[m][i]));
      }
    }
  }
}

}  // namespace

TEST_CASE("the self-test's known answers hold in this build", "[texture]") {
  REQUIRE(memento::texture::self_test());
  REQUIRE(std::string(kernel_variant()) == (MEMENTO_SIMD ? "simd" : "scalar"));
}

TEST_CASE("maps equal the JS spec's SHA-256 digests at sizes 1, 2, 3, 63, 64, 65, 127 and 500", "[texture]") {
  for (const Digest& d : kDigests) {
    INFO((d.kind == 0 ? "stone-wall" : "vault-face") << " size " << d.size << " seed " << d.seed);
    MapSet maps = empty_maps(d.size);
    REQUIRE(render_bands(d.kind, d.size, d.seed, bands_of(d.size, 37), maps) == Status::ok);
    REQUIRE(sha256_hex(maps) == d.sha256);
  }
}

TEST_CASE("maps equal a plain per-pixel renderer on random seeds and sizes", "[texture]") {
  std::mt19937 rng(5);
  for (int round = 0; round < 12; ++round) {
    const int32_t kind = round & 1;
    const uint32_t size = 1 + rng() % 150, seed = rng();
    INFO("kind " << kind << " size " << size << " seed " << seed);
    MapSet maps = empty_maps(size);
    REQUIRE(render_bands(kind, size, seed, bands_of(size, size), maps) == Status::ok);
    require_same(maps, render_per_pixel(kind, size, seed), size);
  }
}

// The SIMD vault row paints zone borders, the dial's ticks and numerals,
// bolts, hinges and rivets on whole vectors: large sizes put many more pixels
// on each of them (4096: a column step of 8 in centred units).
TEST_CASE("maps equal a plain per-pixel renderer at 500, 1024, 2048 and 4096 on random seeds", "[texture]") {
  std::mt19937 rng(2026);
  for (const uint32_t size : {500u, 1024u, 2048u, 4096u}) {
    for (const int32_t kind : {0, 1}) {
      if (size == 4096 && kind == stone_wall) continue;  // the stone's row changed only in its stores
      const uint32_t seed = rng();
      INFO("kind " << kind << " size " << size << " seed " << seed);
      MapSet maps = empty_maps(size);
      REQUIRE(render_bands(kind, size, seed, bands_of(size, 64), maps) == Status::ok);
      require_same(maps, render_per_pixel(kind, size, seed), size);
    }
  }
}

// vault_simd.cpp's dial angle divides in float32: trunc(f32(a) / f32(b)) is
// the integer a / b for a = small * 4096 and 0 < b = large < 4096, small <= large.
TEST_CASE("the dial's float32 octant division is the integer division wherever the dial needs it", "[texture]") {
  int wrong = 0;
  for (int32_t large = 1; large < 4096; ++large) {
    for (int32_t small = 0; small <= large; ++small) {
      const int32_t exact = small * 4096 / large;
      const auto rounded = static_cast<int32_t>(static_cast<float>(small * 4096) / static_cast<float>(large));
      wrong += exact != rounded;
    }
  }
  REQUIRE(wrong == 0);
}

TEST_CASE("bands of any height, rendered in any order, give the whole-texture bytes", "[texture]") {
  std::mt19937 rng(7);
  for (const uint32_t size : {1u, 2u, 9u, 64u, 101u}) {
    for (const int32_t kind : {0, 1}) {
      const uint32_t seed = rng();
      MapSet whole = empty_maps(size), banded = empty_maps(size);
      REQUIRE(render_bands(kind, size, seed, bands_of(size, size), whole) == Status::ok);
      std::vector<std::pair<uint32_t, uint32_t>> bands;
      for (uint32_t y = 0; y < size;) {
        const uint32_t y1 = std::min(size, y + 1 + static_cast<uint32_t>(rng() % 9));
        bands.emplace_back(y, y1);
        y = y1;
      }
      std::shuffle(bands.begin(), bands.end(), rng);
      REQUIRE(render_bands(kind, size, seed, bands, banded) == Status::ok);
      require_same(banded, whole, size);
    }
  }
}

// A band that starts where the last one ended takes that band's last two
// height rows and its shading of the first row from the state: top-down bands
// of 1..9 rows (one-row bands carry every row), and bands that jump (back to
// the top, a band again, one skipped and filled later) must recompute instead.
TEST_CASE("top-down bands of any height carry their edge rows into the next; a band after a jump recomputes them",
          "[texture]") {
  std::mt19937 rng(11);
  for (const uint32_t size : {1u, 2u, 3u, 5u, 8u, 9u, 63u, 64u, 65u, 101u}) {
    for (const int32_t kind : {0, 1}) {
      for (int round = 0; round < 2; ++round) {
        const uint32_t seed = rng();
        INFO("kind " << kind << " size " << size << " seed " << seed);
        MapSet whole = empty_maps(size), carried = empty_maps(size), jumping = empty_maps(size);
        REQUIRE(render_bands(kind, size, seed, bands_of(size, size), whole) == Status::ok);
        std::vector<std::pair<uint32_t, uint32_t>> bands;
        for (uint32_t y = 0; y < size;) {
          const uint32_t y1 = std::min(size, y + (round == 0 ? 1 : 1 + static_cast<uint32_t>(rng() % 9)));
          bands.emplace_back(y, y1);
          y = y1;
        }
        REQUIRE(render_bands(kind, size, seed, bands, carried) == Status::ok);
        require_same(carried, whole, size);
        // Every band twice, the second band skipped and rendered last, and the top band again after the last one.
        std::vector<std::pair<uint32_t, uint32_t>> jumps;
        for (std::size_t i = 0; i < bands.size(); ++i) {
          if (i != 1) jumps.push_back(bands[i]);
          if (i != 1) jumps.push_back(bands[i]);
        }
        if (bands.size() > 1) jumps.push_back(bands[1]);
        jumps.push_back(bands[0]);
        REQUIRE(render_bands(kind, size, seed, jumps, jumping) == Status::ok);
        require_same(jumping, whole, size);
      }
    }
  }
}

// The seams: the mean step between the last and the first column (row) of a
// map is no larger than the largest mean step between neighbouring columns
// (rows) inside it. A lattice that did not wrap would put a jump the whole
// height of a layer's noise there.
TEST_CASE("maps continue across the wrap as they do inside the texture", "[texture]") {
  const uint32_t size = 128;
  for (const int32_t kind : {0, 1}) {
    MapSet maps = empty_maps(size);
    REQUIRE(render_bands(kind, size, 31337, bands_of(size, 40), maps) == Status::ok);
    for (int m = 0; m < 5; ++m) {
      const auto step = [&](bool across_columns, uint32_t a, uint32_t b) {
        uint64_t total = 0;
        for (uint32_t t = 0; t < size; ++t) {
          for (uint32_t c = 0; c < 3; ++c) {
            const std::size_t i = across_columns ? (t * size + a) * 4 + c : (a * size + t) * 4 + c;
            const std::size_t j = across_columns ? (t * size + b) * 4 + c : (b * size + t) * 4 + c;
            total += static_cast<uint64_t>(std::abs(int(maps[m][i]) - int(maps[m][j])));
          }
        }
        return total;
      };
      for (const bool columns : {true, false}) {
        uint64_t inside = 0;
        for (uint32_t a = 0; a + 1 < size; ++a) inside = std::max(inside, step(columns, a, a + 1));
        INFO(kMapNames[m] << (columns ? " across columns" : " across rows") << ", kind " << kind);
        REQUIRE(step(columns, size - 1, 0) <= inside);
      }
    }
  }
}

TEST_CASE("bad parameters name themselves; rendering needs a prepared state and a band inside it", "[texture]") {
  REQUIRE(validate(2, 64) == Status::kind_unknown);
  REQUIRE(validate(-1, 64) == Status::kind_unknown);
  REQUIRE(validate(0, 0) == Status::size_out_of_range);
  REQUIRE(validate(1, 4097) == Status::size_out_of_range);
  REQUIRE(validate(1, 4096) == Status::ok);
  REQUIRE(state_size(0, 0) == 0);
  REQUIRE(std::string(message(static_cast<int>(Status::size_out_of_range))).find("size") != std::string::npos);
  REQUIRE(std::string(message(99)) == "unknown texture error");

  const std::size_t bytes = state_size(0, 8);
  std::vector<uint64_t> state(bytes / 8 + 1, 0);
  MapSet maps = empty_maps(8);
  const Maps out{maps[0].data(), maps[1].data(), maps[2].data(), maps[3].data(), maps[4].data()};
  REQUIRE(render_band(state.data(), 0, 8, out) == Status::state_not_prepared);
  REQUIRE(prepare(state.data(), bytes - 1, 0, 8, 1) == Status::state_too_small);
  REQUIRE(prepare(nullptr, bytes, 0, 8, 1) == Status::null_pointer);
  REQUIRE(prepare(state.data(), bytes, 0, 8, 0xffffffffu) == Status::ok);
  REQUIRE(render_band(state.data(), 3, 3, out) == Status::band_out_of_range);
  REQUIRE(render_band(state.data(), 0, 9, out) == Status::band_out_of_range);
  REQUIRE(render_band(state.data(), 0, 8, Maps{out.albedo, nullptr, out.roughness, out.ao, out.orm}) ==
          Status::null_pointer);
  REQUIRE(render_band(state.data(), 0, 8, out) == Status::ok);
}
