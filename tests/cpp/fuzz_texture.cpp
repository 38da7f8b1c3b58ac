// libFuzzer: the SIMD kernel rendered in arbitrary bands (in input order)
// against itself rendered whole and against the plain per-pixel renderer.
// Bytes: kind, size (2 bytes, 1..40: kept small so that
// scripts/test-cpp.sh's 100,000 runs take minutes, not hours), seed (4 bytes), then band heights.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "texture_support.h"

using namespace texture_test;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 7) return 0;
  const int32_t kind = data[0] & 1;
  const uint32_t side = 1 + ((static_cast<uint32_t>(data[1]) << 8 | data[2]) % 40);
  uint32_t seed;
  std::memcpy(&seed, data + 3, 4);
  data += 7;
  size -= 7;
  // Bands from the remaining bytes, visited in input order (any order is allowed).
  std::vector<std::pair<uint32_t, uint32_t>> bands;
  std::vector<bool> covered(side, false);
  for (size_t i = 0; i + 1 < size; i += 2) {
    const uint32_t y0 = data[i] % side, y1 = std::min(side, y0 + 1 + data[i + 1] % 32);
    bands.emplace_back(y0, y1);
    for (uint32_t y = y0; y < y1; ++y) covered[y] = true;
  }
  for (uint32_t y = 0; y < side; ++y) {
    if (!covered[y]) bands.emplace_back(y, y + 1);
  }
  MapSet banded = empty_maps(side), whole = empty_maps(side);
  if (render_bands(kind, side, seed, bands, banded) != Status::ok) abort();
  if (render_bands(kind, side, seed, bands_of(side, side), whole) != Status::ok) abort();
  if (banded != whole) abort();
  if (whole != render_per_pixel(kind, side, seed)) abort();
  return 0;
}
