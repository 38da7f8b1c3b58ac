#include "texture/shade.h"

#include <algorithm>
#include <cstdlib>

#include "texture/noise.h"
#include "texture/vault.h"

namespace memento::texture {

namespace {

int32_t clamp255(int32_t c) { return c < 0 ? 0 : c > 255 ? 255 : c; }
// A rounded shoulder p(2 - p) on 0..4096.
int32_t shoulder(int32_t p) { return (p * (8192 - p)) >> 12; }

}  // namespace

void stone_layout(uint32_t seed, StoneLayout& layout) {
  const uint32_t s = layer_seed(seed, 0xff);
  const int32_t count = 6 + static_cast<int32_t>(pick(s, 0) % 3);
  const uint32_t spacing = 65536 / static_cast<uint32_t>(count);
  layout.count = count;
  for (int32_t k = 0; k < count; ++k) {
    layout.bounds[k] = static_cast<int32_t>(static_cast<uint32_t>(k) * 65536 / static_cast<uint32_t>(count) +
                                            pick(s, 1 + k) % (spacing >> 2));
  }
  layout.bounds[count] = layout.bounds[0] + 65536;
  for (int32_t k = 0; k < count; ++k) {
    StoneCourse& course = layout.courses[k];
    course.stones = 3 + static_cast<int32_t>(pick(s, 20 + k) % 3);
    uint32_t widths[kMaxStones], total = 0;
    for (int32_t m = 0; m < course.stones; ++m) total += widths[m] = 64 + pick(s, 60 + 8 * k + m) % 128;
    uint32_t sum = 0;
    for (int32_t m = 0; m < course.stones; ++m) {
      course.joints[m] = static_cast<int32_t>(sum * 65536 / total);
      sum += widths[m];
      course.hashes[m] = pick(s, 200 + 8 * k + m);
    }
    course.joints[course.stones] = 65536;
    course.offset = static_cast<int32_t>(pick(s, 40 + k) & 0xffff);
  }
}

void stone_course(const StoneLayout& layout, int32_t v, int32_t& course, int32_t& dy) {
  const int32_t w = v < layout.bounds[0] ? v + 65536 : v;
  int32_t k = layout.count - 1;
  while (layout.bounds[k] > w) --k;
  course = k;
  dy = std::min(w - layout.bounds[k], layout.bounds[k + 1] - w);
}

void stone_in_course(const StoneCourse& course, int32_t u, uint32_t& hash, int32_t& du) {
  const int32_t w = (u - course.offset) & 0xffff;
  int32_t m = course.stones - 1;
  while (course.joints[m] > w) --m;
  hash = course.hashes[m];
  du = std::min(w - course.joints[m], course.joints[m + 1] - w);
}

Pixel shade_stone(const int32_t* n, int32_t dy, int32_t du, uint32_t hash) {
  const int32_t wear = n[0], n1 = n[1], n2 = n[2], n3 = n[3], n4 = n[4], ridge = n[5], streak = n[6];
  const int32_t edge = std::min(du, dy) + (((n2 - 32768) + ((n3 - 32768) >> 1)) >> 7);
  const int32_t inside = edge - 420;
  const int32_t dirt = std::max(0, streak - 40000) >> 9;
  if (inside <= 0) {
    const int32_t grain = (n4 >> 11) + (n3 >> 12);
    return Pixel{6000 + (n4 >> 5) + (n3 >> 6),
                 128 + grain - (dirt >> 1),
                 122 + grain - ((dirt * 3) >> 2),
                 110 + grain - dirt,
                 235 + (n4 >> 12),
                 110 + (n3 >> 10) - (dirt >> 1),
                 0};
  }
  const int32_t fbm = (8 * n1 + 4 * n2 + 2 * n3 + n4) >> 4;
  const int32_t bevel = shoulder(std::min(inside, 1024) << 2);
  const int32_t lift = static_cast<int32_t>((hash >> 20) & 0xfff);
  const int32_t worn = std::max(0, wear - 40000) >> 3;
  const int32_t top = 20000 + lift + ((fbm - 30720) >> 2) - worn;
  const int32_t ridge_distance = std::abs(ridge + ((n3 - 32768) >> 2) - 32768);
  const int32_t mask = std::min(256, std::max(0, (n1 - 33000) >> 5));
  const int32_t crack = (std::max(0, 700 - ridge_distance) * mask) >> 8;
  const int32_t tone = static_cast<int32_t>(hash & 63), warm = static_cast<int32_t>((hash >> 6) & 31);
  const int32_t light = 196 + (fbm >> 10) - (worn >> 6);
  const int32_t r = ((112 + tone + (warm >> 1)) * light) >> 8;
  const int32_t g = ((106 + tone + (warm >> 2)) * light) >> 8;
  const int32_t b = ((100 + tone - (warm >> 2)) * light) >> 8;
  return Pixel{8000 + (((top - 8000) * bevel) >> 12) - crack * 12,
               clamp255(r - (dirt >> 1) - ((r * crack) >> 10)),
               clamp255(g - ((dirt * 3) >> 2) - ((g * crack) >> 10)),
               clamp255(b - dirt - ((b * crack) >> 10)),
               clamp255(196 + (n4 >> 12) + (crack >> 4) + (worn >> 8)),
               clamp255(150 + ((bevel * 105) >> 12) - (crack >> 2) - (dirt >> 1)),
               0};
}

// ---- vault face: centred coordinates, the texture is 32768 wide -------------

namespace {

int32_t octant_angle(int32_t small, int32_t large) {
  const int32_t t = small * 4096 / large;
  const int32_t w = (t * (4096 - t)) >> 12;
  return ((t * 51200) >> 12) + ((((w * (1002 + ((t * 272) >> 12))) >> 12) * 65190) >> 12);
}

// The dial's tick coordinate of (c, d): 4096 per tick, 100 a turn clockwise from the top.
int32_t dial_angle(int32_t c, int32_t d) {
  const int32_t right = c, up = -d;
  int32_t along, across, quadrant;
  if (up > 0 && right >= 0) {
    quadrant = 0;
    along = up;
    across = right;
  } else if (right > 0 && up <= 0) {
    quadrant = 1;
    along = right;
    across = -up;
  } else if (up < 0 && right <= 0) {
    quadrant = 2;
    along = -up;
    across = -right;
  } else {
    quadrant = 3;
    along = -right;
    across = up;
  }
  const int32_t angle = across <= along ? octant_angle(across, along) : 102400 - octant_angle(along, across);
  return quadrant * 102400 + angle;
}

// The three colour channels: a grey or tinted base, moved together by `shift`.
void colour(Pixel& p, int32_t red, int32_t green, int32_t blue, int32_t shift) {
  p.r = red + shift;
  p.g = green + shift;
  p.b = blue + shift;
}

// The bolt (or rivet) centred at `centre` over (c, d), where it covers it: the
// scalar twin of vault_simd.cpp's paint_stud. A later stud paints over an earlier one.
void paint_stud(bool bolt, const int32_t (&centre)[2], int32_t c, int32_t d, int32_t grain, Pixel& p) {
  const int32_t radius = bolt ? kBolt : kRivet;
  const int32_t dc = c - centre[0], dd = d - centre[1];
  const int32_t q = radius * radius - (dc * dc + dd * dd);
  if (q <= 0) return;
  const int32_t tint = grain >> 12;
  p = bolt
          ? Pixel{21288 + (q >> 6), 176 + tint, 138 + tint, 70 + (grain >> 13), 80, std::min(255, 150 + (q >> 10)), 255}
          : Pixel{12000 + (q >> 5), 110 + tint, 112 + tint, 118 + tint, 100, std::min(255, 150 + (q >> 9)), 255};
}

}  // namespace

Pixel shade_vault(const int32_t* n, int32_t c, int32_t d) {
  const int32_t brush_x = n[0] - 32768, brush_y = n[1] - 32768, grain = n[4] - 32768;
  const int32_t grime = std::max(0, n[2] + ((n[3] - 32768) >> 1) - 38000) >> 8;
  const int32_t r2 = c * c + d * d;
  const int32_t r = static_cast<int32_t>(std::sqrt(static_cast<float>(r2)));
  Pixel p{0, 0, 0, 0, 0, 255, 255};
  if (r >= kRimOuter) {
    p.h = 9000 + (brush_x >> 7) + (grain >> 8);
    colour(p, 78, 82, 88, brush_x >> 11);
    p.rough = 150 + (brush_x >> 10) + (grime >> 2);
    p.ao = 255 - (std::max(0, 600 - (r - kRimOuter)) >> 3);
  } else if (r >= kRimInner) {
    const int32_t s = shoulder(std::min({r - kRimInner, kRimOuter - r, 682}) * 6);
    p.h = 9000 + 3 * s + (grain >> 9);
    colour(p, 150, 153, 158, grain >> 12);
    p.rough = 70 + (grain >> 11) + (grime >> 2);
    p.ao = 200 + ((s * 55) >> 12);
  } else if (r >= kDoorEdge) {
    p.h = 5000;
    colour(p, 26, 27, 29, 0);
    p.rough = 220;
    p.ao = 60;
  } else if (r >= kDial) {
    const int32_t s = shoulder(std::min(kDoorEdge - r, 682) * 6);
    p.h = 5000 + ((s * 12000) >> 12) + (brush_y >> 7);
    colour(p, 118, 122, 128, brush_y >> 11);
    p.rough = 105 + (brush_y >> 10) + (grime >> 2);
    p.ao = 170 + ((s * 85) >> 12);
    const int32_t ring = std::abs(r - kStep);
    if (ring < 120) {
      p.h -= (120 - ring) * 20;
      p.ao -= (120 - ring) >> 1;
    }
  } else if (r >= kKnob) {
    const int32_t s = shoulder(std::min(kDial - r, 341) * 12);
    p.h = 17000 + ((s * 2500) >> 12) + (grain >> 10);
    colour(p, 34, 35, 38, grain >> 13);
    p.rough = 175;
    p.ao = 235;
    p.metal = 0;
    const int32_t angle = dial_angle(c, d);
    const int32_t tick = (angle + 2048) >> 12, off = std::abs(angle - (tick << 12));
    const bool major = tick % 10 == 0;
    const bool on_tick = r < kTickOuter && r >= (major ? kTickMajor : kTickMinor) && off < (major ? 700 : 400);
    bool on_numeral = false;
    for (int j = 0; j < 10 && !on_numeral; ++j) on_numeral = numeral_ink(j, c - kNumerals[j][0], d - kNumerals[j][1]);
    if (on_tick || on_numeral) {
      p.h += on_tick ? -500 : 300;
      colour(p, 228, 224, 212, 0);
      p.rough = 200;
      p.ao = on_tick ? 210 : 245;
    }
  } else {
    p.h = 20000 + ((kKnob * kKnob - r2) >> 8);
    colour(p, 185, 186, 190, grain >> 13);
    p.rough = 45;
  }
  for (int j = 0; j < 12 && r >= kRimInner && r < kRimOuter; ++j) paint_stud(true, kBolts[j], c, d, grain, p);
  if (c >= kHingeLeft && c < kHingeRight && in_hinge_rows(d)) {
    const int32_t across = ((c - kHingeLeft) * 2276) >> 10;
    const int32_t barrel = (across * (4096 - across)) >> 10;
    const int32_t far = d < 0 ? -d : d;
    const int32_t end = std::min(far - kHingeNear, kHingeFar - far);
    const int32_t knuckle = std::abs(far - ((kHingeNear + kHingeFar) >> 1));
    p.h = 16000 + 2 * barrel - (end < 200 ? (200 - end) * 10 : 0) - (knuckle < 40 ? 3000 : 0);
    colour(p, 96, 98, 104, grain >> 12);
    p.rough = 110;
    p.metal = 255;
    p.ao = 200 + ((barrel * 55) >> 12) - (knuckle < 40 ? 80 : 0);
  }
  for (int j = 0; j < 8 && r >= kRimOuter; ++j) paint_stud(false, kRivets[j], c, d, grain, p);
  return Pixel{p.h,
               clamp255(p.r - (grime >> 2)),
               clamp255(p.g - (grime >> 2)),
               clamp255(p.b - (grime >> 2)),
               clamp255(p.rough),
               clamp255(p.ao),
               p.metal};
}

}  // namespace memento::texture
