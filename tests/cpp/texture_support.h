// Texture test helpers: rendering through the kernel in bands, and a plain
// per-pixel renderer (every pixel does its own lattice lookups, normals from
// a whole-image height array), the shape of worker/texture-spec.js.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "texture/noise.h"
#include "texture/shade.h"
#include "texture/texture.h"

namespace texture_test {

using namespace memento::texture;
using MapSet = std::array<std::vector<uint8_t>, 5>;  // albedo, normal, roughness, ao, orm

inline MapSet empty_maps(uint32_t size) {
  MapSet maps;
  for (auto& m : maps) m.assign(static_cast<std::size_t>(size) * size * 4, 0);
  return maps;
}

// Renders bands [y0, y1) in the given order into maps; returns the first failing status.
inline Status render_bands(int32_t kind, uint32_t size, uint32_t seed,
                           const std::vector<std::pair<uint32_t, uint32_t>>& bands, MapSet& maps) {
  std::vector<uint64_t> state((state_size(kind, size) + 7) / 8);
  Status status = prepare(state.data(), state.size() * 8, kind, size, seed);
  for (const auto& [y0, y1] : bands) {
    if (status != Status::ok) break;
    const std::size_t at = static_cast<std::size_t>(y0) * size * 4;
    status = render_band(
        state.data(), y0, y1,
        Maps{maps[0].data() + at, maps[1].data() + at, maps[2].data() + at, maps[3].data() + at, maps[4].data() + at});
  }
  return status;
}

// Bands of `height` rows from the top.
inline std::vector<std::pair<uint32_t, uint32_t>> bands_of(uint32_t size, uint32_t height) {
  std::vector<std::pair<uint32_t, uint32_t>> bands;
  for (uint32_t y = 0; y < size; y += height) bands.emplace_back(y, std::min(size, y + height));
  return bands;
}

inline int32_t value_noise(uint32_t layer, int lx, int ly, int32_t u, int32_t v) {
  const uint32_t ix = static_cast<uint32_t>(u >> (16 - lx)), iy = static_cast<uint32_t>(v >> (16 - ly));
  const uint32_t ix1 = (ix + 1) & ((1u << lx) - 1), iy1 = (iy + 1) & ((1u << ly) - 1);
  const int32_t sx = cell_weight(u, lx), sy = cell_weight(v, ly);
  const int32_t h00 = lattice(layer, ix, iy), h01 = lattice(layer, ix, iy1);
  const int32_t h10 = lattice(layer, ix1, iy), h11 = lattice(layer, ix1, iy1);
  const int32_t a = h00 + (((h01 - h00) * sy) >> 12);
  const int32_t b = h10 + (((h11 - h10) * sy) >> 12);
  return a + (((b - a) * sx) >> 12);
}

inline MapSet render_per_pixel(int32_t kind, uint32_t size, uint32_t seed) {
  MapSet maps = empty_maps(size);
  const bool stone = kind == stone_wall;
  const int layers = stone ? kStoneLayers : kVaultLayers;
  StoneLayout layout{};
  stone_layout(seed, layout);
  std::vector<int32_t> height(static_cast<std::size_t>(size) * size);
  const auto put = [&maps](int map, std::size_t pixel, uint32_t r, uint32_t g, uint32_t b) {
    uint8_t* p = maps[map].data() + 4 * pixel;
    p[0] = static_cast<uint8_t>(r);
    p[1] = static_cast<uint8_t>(g);
    p[2] = static_cast<uint8_t>(b);
    p[3] = 255;
  };
  for (uint32_t y = 0; y < size; ++y) {
    for (uint32_t x = 0; x < size; ++x) {
      const int32_t u = coord(x, size), v = coord(y, size);
      int32_t n[kStoneLayers];
      for (int k = 0; k < layers; ++k) {
        const int* l = stone ? kStoneLattice[k] : kVaultLattice[k];
        n[k] = value_noise(layer_seed(seed, static_cast<uint32_t>(k)), l[0], l[1], u, v);
      }
      Pixel p;
      if (stone) {
        int32_t course, dy, du;
        uint32_t hash;
        stone_course(layout, v, course, dy);
        stone_in_course(layout.courses[course], u, hash, du);
        p = shade_stone(n, dy, du, hash);
      } else {
        p = shade_vault(n, (u - 32768) >> 1, (v - 32768) >> 1);
      }
      const std::size_t i = static_cast<std::size_t>(y) * size + x;
      height[i] = p.h;
      const auto rough = static_cast<uint32_t>(p.rough), ao = static_cast<uint32_t>(p.ao);
      put(0, i, static_cast<uint32_t>(p.r), static_cast<uint32_t>(p.g), static_cast<uint32_t>(p.b));
      put(2, i, rough, rough, rough);
      put(3, i, ao, ao, ao);
      put(4, i, ao, rough, static_cast<uint32_t>(p.metal));
    }
  }
  const auto at = [&](int64_t x, int64_t y) {
    const int64_t s = size;
    return height[static_cast<std::size_t>(((y + s) % s) * s + (x + s) % s)];
  };
  const float z = static_cast<float>(kNormalZ[kind] / static_cast<int32_t>(size));
  for (int64_t y = 0; y < size; ++y) {
    for (int64_t x = 0; x < size; ++x) {
      const int32_t gx = at(x - 1, y - 1) + 2 * at(x - 1, y) + at(x - 1, y + 1) -
                         (at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1));
      const int32_t gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) -
                         (at(x - 1, y - 1) + 2 * at(x, y - 1) + at(x + 1, y - 1));
      const uint32_t word = normal_word(gx, gy, z, z * z);
      const std::size_t i = static_cast<std::size_t>(y * size + x);
      put(1, i, word & 255, (word >> 8) & 255, (word >> 16) & 255);
    }
  }
  return maps;
}

}  // namespace texture_test
