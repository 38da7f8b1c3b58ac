// The vault face's geometry (worker/texture-spec.js's VAULT, BOLTS, RIVETS,
// the numerals and their font), shared by the per-pixel shading (shade.cpp)
// and the SIMD row kernel (vault_simd.cpp), and what one row crosses: the
// numerals' ink as column ranges, and the bolts, hinges and rivets.
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

// The dial's numerals 0..90: centres, and a 3 x 5 bitmap font (rows top to
// bottom, 3 bits a row, 4 = left column), each font pixel 2^kFontShift wide.
constexpr int32_t kNumerals[10][2] = {{0, -2228}, {1310, -1802}, {2119, -688}, {2119, 688},   {1310, 1802},
                                      {0, 2228},  {-1310, 1802}, {-2119, 688}, {-2119, -688}, {-1310, -1802}};
constexpr int32_t kFont[10] = {075557, 026227, 071747, 071717, 055711, 074717, 074757, 071122, 075757, 075717};
constexpr int kFontShift = 7;

// Whether numeral j has ink at (c, d), relative to its centre: "0" is one digit
// (3 wide), the others two digits and a blank column (7 wide, the second a 0).
constexpr bool numeral_ink(int j, int32_t c, int32_t d) {
  const int32_t width = j == 0 ? 3 : 7;
  const int32_t col = (c + (width << (kFontShift - 1))) >> kFontShift;
  const int32_t row = (d + (5 << (kFontShift - 1))) >> kFontShift;
  if (col < 0 || col >= width || row < 0 || row >= 5 || col == 3) return false;
  const int32_t digit = j == 0 ? 0 : col < 3 ? j : 0;
  const int32_t bit = (col < 3 ? 2 - col : 6 - col) + 3 * (4 - row);
  return ((kFont[digit] >> bit) & 1) == 1;
}

// An inclusive column range [lo, hi] (centred c).
struct VaultSpan {
  int32_t lo, hi;
};

// Row d's numeral ink as column ranges, one per inked font column (numeral_ink
// is true exactly on them); returns how many. Several numerals can share a
// row (0, 10 and 90 near the top), at most 6 inked columns each.
constexpr int kMaxInkSpans = 10 * 6;
inline int vault_ink_spans(int32_t d, VaultSpan* spans) {
  int count = 0;
  for (int j = 0; j < 10; ++j) {
    const int32_t width = j == 0 ? 3 : 7, left = kNumerals[j][0] - (width << (kFontShift - 1));
    for (int32_t col = 0; col < width; ++col) {
      const int32_t lo = left + (col << kFontShift);
      if (numeral_ink(j, lo - kNumerals[j][0], d - kNumerals[j][1])) spans[count++] = {lo, lo + (1 << kFontShift) - 1};
    }
  }
  return count;
}

// What shade_vault paints over the zones, in its order: bolts (on the rim),
// the hinges, rivets (on the plate).
enum class OverlayKind : int32_t { bolt, hinge, rivet };
struct VaultOverlay {
  OverlayKind kind;
  VaultSpan columns;   // the columns it can cover in this row (conservative)
  int32_t centre, dd;  // bolts and rivets: the centre's column and (d - its row)^2
};
constexpr int kMaxOverlays = 12 + 1 + 8;

// The overlays row d crosses, in shade_vault's order; returns how many.
inline int vault_row_overlays(int32_t d, VaultOverlay* overlays) {
  int count = 0;
  for (const auto& bolt : kBolts) {
    const int32_t dd = d - bolt[1];
    if (dd > -kBolt && dd < kBolt)
      overlays[count++] = {OverlayKind::bolt, {bolt[0] - kBolt, bolt[0] + kBolt}, bolt[0], dd * dd};
  }
  if (in_hinge_rows(d)) overlays[count++] = {OverlayKind::hinge, {kHingeLeft, kHingeRight - 1}, 0, 0};
  for (const auto& rivet : kRivets) {
    const int32_t dd = d - rivet[1];
    if (dd > -kRivet && dd < kRivet) {
      overlays[count++] = {OverlayKind::rivet, {rivet[0] - kRivet, rivet[0] + kRivet}, rivet[0], dd * dd};
    }
  }
  return count;
}

}  // namespace memento::texture
