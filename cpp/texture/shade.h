// One pixel of each kind, exactly as worker/texture-spec.js shades it (both
// builds share it), the stone wall's layout, and the float32 normal.
#pragma once
#include <cmath>
#include <cstdint>

namespace memento::texture {

struct Pixel {
  int32_t h, r, g, b, rough, ao, metal;
};

constexpr int kStoneLayers = 7;
constexpr int kVaultLayers = 5;
// log2 cells across and down, as STONE_LAYERS / VAULT_LAYERS in the spec.
constexpr int kStoneLattice[kStoneLayers][2] = {{2, 2}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {4, 4}, {6, 2}};
constexpr int kVaultLattice[kVaultLayers][2] = {{3, 8}, {8, 3}, {3, 3}, {5, 5}, {7, 7}};
constexpr int32_t kNormalZ[2] = {9000000, 12000000};

constexpr int kMaxCourses = 8;
constexpr int kMaxStones = 5;

struct StoneCourse {
  int32_t offset;
  int32_t stones;
  int32_t joints[kMaxStones + 1];
  uint32_t hashes[kMaxStones];
};

struct StoneLayout {
  int32_t count;
  int32_t bounds[kMaxCourses + 1];
  StoneCourse courses[kMaxCourses];
};

void stone_layout(uint32_t seed, StoneLayout& layout);
// The course of row position v and the distance to its nearer bed joint.
void stone_course(const StoneLayout& layout, int32_t v, int32_t& course, int32_t& dy);
// The stone of column position u in a course and the distance to its nearer head joint.
void stone_in_course(const StoneCourse& course, int32_t u, uint32_t& hash, int32_t& du);

// n: the pixel's noise values, one per layer.
Pixel shade_stone(const int32_t* n, int32_t dy, int32_t du, uint32_t hash);
// c, d: centred coordinates ((u - 32768) >> 1, (v - 32768) >> 1).
Pixel shade_vault(const int32_t* n, int32_t c, int32_t d);

// One RGBA normal word from the Sobel sums gx, gy and the flat z (zz = z * z
// rounded to float): trunc(g * (127.5 / sqrt(q)) + 128) per channel, float32
// operations in the spec's order (built with -ffp-contract=off: no FMA).
inline uint32_t normal_word(int32_t gx, int32_t gy, float z, float zz) {
  const float fx = static_cast<float>(gx), fy = static_cast<float>(gy);
  const float q = fx * fx + fy * fy + zz;
  const float m = 127.5f / std::sqrt(q);
  const auto channel = [m](float g) { return static_cast<uint32_t>(static_cast<int32_t>(g * m + 128.0f)); };
  return channel(fx) | channel(fy) << 8 | channel(z) << 16 | 0xff000000u;
}

}  // namespace memento::texture
