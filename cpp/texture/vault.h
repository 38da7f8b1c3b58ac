// The vault face's geometry (worker/texture-spec.js's VAULT, BOLTS, RIVETS),
// shared by the per-pixel shading (shade.cpp) and the SIMD row kernel, and
// the column spans of a row where that row needs the per-pixel code: the
// dial's ticks and numerals, bolts, hinges and rivets. Everywhere else a
// pixel's look depends only on its radius zone and its noise values.
#pragma once
#include <cstdint>

namespace memento::texture {

// Centred coordinates: the texture is 32768 wide, the door at its centre.
constexpr int32_t kRimOuter = 14418, kRimInner = 12124, kDoorEdge = 11796, kStep = 8192;
constexpr int32_t kDial = 3932, kTickOuter = 3768, kTickMinor = 3113, kTickMajor = 2785, kKnob = 1147;
constexpr int32_t kBolt = 557, kRivet = 380;
constexpr int32_t kHingeLeft = 13700, kHingeRight = 15500, kHingeNear = 3600, kHingeFar = 7400;

constexpr int32_t kBolts[12][2] = {{0, -13271},    {6636, -11493}, {11493, -6636},  {13271, 0},
                                   {11493, 6636},  {6636, 11493},  {0, 13271},      {-6636, 11493},
                                   {-11493, 6636}, {-13271, 0},    {-11493, -6636}, {-6636, -11493}};
constexpr int32_t kRivets[8][2] = {{-15000, -15000}, {0, -15000},     {15000, -15000}, {-15000, 0},
                                   {15000, 0},       {-15000, 15000}, {0, 15000},      {15000, 15000}};

constexpr bool in_hinge_rows(int32_t d) {
  return (d >= -kHingeFar && d < -kHingeNear) || (d >= kHingeNear && d < kHingeFar);
}

// Inclusive column ranges [lo, hi] (centred c) that may hold detail in one row.
struct VaultSpan {
  int32_t lo, hi;
};
constexpr int kMaxVaultSpans = 1 + 12 + 1 + 8;

// The spans of row d: a pixel outside all of them is plate, rim, groove, door
// or knob by its radius alone. Conservative: a span may hold plain pixels too.
inline int vault_detail_spans(int32_t d, VaultSpan* spans) {
  int count = 0;
  // r < kDial needs |c| < kDial and |d| < kDial (kDial^2 is exact in float32, rounding is monotonic).
  if (d > -kDial && d < kDial) spans[count++] = {-kDial, kDial};
  for (const auto& bolt : kBolts) {
    if (d - bolt[1] > -kBolt && d - bolt[1] < kBolt) spans[count++] = {bolt[0] - kBolt, bolt[0] + kBolt};
  }
  if (in_hinge_rows(d)) spans[count++] = {kHingeLeft, kHingeRight - 1};
  for (const auto& rivet : kRivets) {
    if (d - rivet[1] > -kRivet && d - rivet[1] < kRivet) spans[count++] = {rivet[0] - kRivet, rivet[0] + kRivet};
  }
  return count;
}

}  // namespace memento::texture
