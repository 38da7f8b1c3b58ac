// The band driver: state layout, prepare (column tables, stone layout) and
// render_band (per row: the row tables, shading, then the previous row's
// normals), as worker/texture-tables.js does it.
#include "texture/texture.h"

#include <algorithm>
#include <cstring>

#include "texture/noise.h"
#include "texture/rows.h"
#include "texture/shade.h"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "maps are written as little-endian RGBA words");

namespace memento::texture {

namespace {

constexpr uint32_t kMagic = 0x54455831;  // "TEX1"
constexpr int kMaxLayers = kStoneLayers;

// Offsets are in int32 words from the state's start, so a state can be copied.
struct Layer {
  uint32_t seed;
  int32_t lx, ly, cells, cached_row;
  uint32_t run_start, weight, top, bottom, row, values;
};

struct State {
  uint32_t magic;
  int32_t kind;
  uint32_t size;
  int32_t layer_count;
  float z, zz;
  Layer layers[kMaxLayers];
  StoneLayout layout;
  uint32_t course_du[kMaxCourses], course_hash[kMaxCourses];
  uint32_t column;  // vault: centred column coordinate
  uint32_t heights[3], sum, diff;
  // What the last band leaves for the band that starts where it ended (rows
  // next_y - 1 and next_y in heights[0] and heights[1], row next_y's four
  // shaded maps in pending): that band shades no row twice. carried is 0
  // after prepare and after a band ending at the last row.
  uint32_t pending;  // four rows of size words: albedo, roughness, ao, orm
  uint32_t next_y;
  int32_t carried;
};

// Lays the arrays out after the header (each 16-byte aligned); returns the bytes needed.
std::size_t plan(State& s, int32_t kind, uint32_t size) {
  uint32_t at = (sizeof(State) / 4 + 3) & ~3u;
  const auto take = [&at](uint32_t words) {
    const uint32_t offset = at;
    at += (words + 3) & ~3u;
    return offset;
  };
  s.kind = kind;
  s.size = size;
  s.layer_count = kind == stone_wall ? kStoneLayers : kVaultLayers;
  for (int k = 0; k < s.layer_count; ++k) {
    Layer& layer = s.layers[k];
    layer.lx = kind == stone_wall ? kStoneLattice[k][0] : kVaultLattice[k][0];
    layer.ly = kind == stone_wall ? kStoneLattice[k][1] : kVaultLattice[k][1];
    layer.cells = 1 << layer.lx;
    const uint32_t cells = static_cast<uint32_t>(layer.cells);
    layer.run_start = take(cells + 1);
    layer.weight = take(size + 3);
    layer.top = take(cells);
    layer.bottom = take(cells);
    layer.row = take(cells + 1);
    layer.values = take(size + 3);
  }
  if (kind == stone_wall) {
    for (int k = 0; k < kMaxCourses; ++k) {
      s.course_du[k] = take(size);
      s.course_hash[k] = take(size);
    }
  } else {
    s.column = take(size);
  }
  for (uint32_t& h : s.heights) h = take(size + 2 + 3);
  s.sum = take(size + 2 + 3);
  s.diff = take(size + 2 + 3);
  s.pending = take(4 * size);
  return static_cast<std::size_t>(at) * 4;
}

int32_t* words(State& s, uint32_t offset) { return reinterpret_cast<int32_t*>(&s) + offset; }

// Row y's noise values of every layer into their value rows.
void noise_rows(State& s, int32_t v) {
  for (int k = 0; k < s.layer_count; ++k) {
    Layer& layer = s.layers[k];
    int32_t* top = words(s, layer.top);
    int32_t* bottom = words(s, layer.bottom);
    int32_t* row = words(s, layer.row);
    const int32_t iy = v >> (16 - layer.ly);
    if (layer.cached_row != iy) {
      const uint32_t iy1 = static_cast<uint32_t>(iy + 1) & ((1u << layer.ly) - 1);
      for (int32_t i = 0; i < layer.cells; ++i) {
        top[i] = lattice(layer.seed, static_cast<uint32_t>(i), static_cast<uint32_t>(iy));
        bottom[i] = lattice(layer.seed, static_cast<uint32_t>(i), iy1);
      }
      layer.cached_row = iy;
    }
    const int32_t sy = cell_weight(v, layer.ly);
    for (int32_t i = 0; i < layer.cells; ++i) row[i] = top[i] + (((bottom[i] - top[i]) * sy) >> 12);
    row[layer.cells] = row[0];
    noise_row(words(s, layer.run_start), layer.cells, row, words(s, layer.weight), words(s, layer.values));
  }
}

// Shades row y into height ([h(size-1), h(0..), h(0)]) and, when out is set,
// into the four non-normal maps at out's row.
void shade_row(State& s, uint32_t y, int32_t* height, const Maps* out) {
  const uint32_t size = s.size;
  const int32_t v = coord(y, size);
  noise_rows(s, v);
  const int32_t* values[kMaxLayers];
  for (int k = 0; k < s.layer_count; ++k) values[k] = words(s, s.layers[k].values);
  if (s.kind == stone_wall) {
    int32_t course, dy;
    stone_course(s.layout, v, course, dy);
    shade_stone_row(values, dy, words(s, s.course_du[course]),
                    reinterpret_cast<const uint32_t*>(words(s, s.course_hash[course])), size, height + 1, out);
  } else {
    shade_vault_row(values, words(s, s.column), (v - 32768) >> 1, size, height + 1, out);
  }
  height[0] = height[size];
  height[size + 1] = height[1];
}

}  // namespace

Status validate(int32_t kind, uint32_t size) {
  if (kind != stone_wall && kind != vault_face) return Status::kind_unknown;
  if (size < 1 || size > kMaxSize) return Status::size_out_of_range;
  return Status::ok;
}

std::size_t state_size(int32_t kind, uint32_t size) {
  if (validate(kind, size) != Status::ok) return 0;
  State s{};
  return plan(s, kind, size);
}

Status prepare(void* state, std::size_t capacity, int32_t kind, uint32_t size, uint32_t seed) {
  if (state == nullptr) return Status::null_pointer;
  const Status status = validate(kind, size);
  if (status != Status::ok) return status;
  State plan_only{};
  const std::size_t bytes = plan(plan_only, kind, size);
  if (capacity < bytes) return Status::state_too_small;
  std::memset(state, 0, bytes);
  State& s = *static_cast<State*>(state);
  plan(s, kind, size);
  const float z = static_cast<float>(kNormalZ[kind] / static_cast<int32_t>(size));
  s.z = z;
  s.zz = z * z;
  for (int k = 0; k < s.layer_count; ++k) {
    Layer& layer = s.layers[k];
    layer.seed = layer_seed(seed, static_cast<uint32_t>(k));
    layer.cached_row = -1;
    int32_t* run_start = words(s, layer.run_start);
    int32_t* weight = words(s, layer.weight);
    std::fill(run_start, run_start + layer.cells + 1, static_cast<int32_t>(size));
    for (uint32_t x = size; x-- > 0;) {
      const int32_t u = coord(x, size);
      run_start[u >> (16 - layer.lx)] = static_cast<int32_t>(x);
      weight[x] = cell_weight(u, layer.lx);
    }
    for (int32_t c = layer.cells - 1; c >= 0; --c) run_start[c] = std::min(run_start[c], run_start[c + 1]);
  }
  if (kind == stone_wall) {
    stone_layout(seed, s.layout);
    for (int k = 0; k < s.layout.count; ++k) {
      int32_t* du = words(s, s.course_du[k]);
      uint32_t* hash = reinterpret_cast<uint32_t*>(words(s, s.course_hash[k]));
      for (uint32_t x = 0; x < size; ++x) stone_in_course(s.layout.courses[k], coord(x, size), hash[x], du[x]);
    }
  } else {
    int32_t* column = words(s, s.column);
    for (uint32_t x = 0; x < size; ++x) column[x] = (coord(x, size) - 32768) >> 1;
  }
  s.magic = kMagic;
  return Status::ok;
}

Status render_band(void* state, uint32_t y0, uint32_t y1, const Maps& maps) {
  if (state == nullptr || !maps.albedo || !maps.normal || !maps.roughness || !maps.ao || !maps.orm) {
    return Status::null_pointer;
  }
  State& s = *static_cast<State*>(state);
  if (s.magic != kMagic) return Status::state_not_prepared;
  const uint32_t size = s.size;
  if (y0 >= y1 || y1 > size) return Status::band_out_of_range;
  const std::size_t stride = static_cast<std::size_t>(size) * 4;
  const auto at = [&](uint32_t y) {
    const std::size_t offset = (y - y0) * stride;
    return Maps{maps.albedo + offset, maps.normal + offset, maps.roughness + offset, maps.ao + offset,
                maps.orm + offset};
  };
  int32_t* above = words(s, s.heights[0]);
  int32_t* middle = words(s, s.heights[1]);
  int32_t* below = words(s, s.heights[2]);
  uint8_t* pending = reinterpret_cast<uint8_t*>(words(s, s.pending));
  const Maps pending_maps{pending, nullptr, pending + stride, pending + 2 * stride, pending + 3 * stride};
  const Maps first = at(y0);
  if (s.carried != 0 && s.next_y == y0) {
    // The band above was the last one rendered: its last two height rows are
    // this band's first two, and its shading of row y0 waits in pending.
    std::memcpy(first.albedo, pending_maps.albedo, stride);
    std::memcpy(first.roughness, pending_maps.roughness, stride);
    std::memcpy(first.ao, pending_maps.ao, stride);
    std::memcpy(first.orm, pending_maps.orm, stride);
  } else {
    shade_row(s, (y0 + size - 1) % size, above, nullptr);
    shade_row(s, y0, middle, &first);
  }
  for (uint32_t y = y0; y < y1; ++y) {
    const uint32_t next = y + 1;
    const Maps next_maps = next < y1 ? at(next) : pending_maps;
    // Row y1 is shaded for this band's normals; its maps go to pending for the band below (none below the last row).
    shade_row(s, next % size, below, next < size ? &next_maps : nullptr);
    normal_row(above, middle, below, size, s.z, s.zz, words(s, s.sum), words(s, s.diff), at(y).normal);
    int32_t* recycled = above;
    above = middle;
    middle = below;
    below = recycled;
  }
  int32_t* const base = reinterpret_cast<int32_t*>(&s);
  s.heights[0] = static_cast<uint32_t>(above - base);
  s.heights[1] = static_cast<uint32_t>(middle - base);
  s.heights[2] = static_cast<uint32_t>(below - base);
  s.next_y = y1;
  s.carried = y1 < size ? 1 : 0;
  return Status::ok;
}

}  // namespace memento::texture
