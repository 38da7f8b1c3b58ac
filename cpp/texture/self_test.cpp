#include "texture/self_test.h"

#include <cstdint>
#include <vector>

#include "texture/texture.h"

namespace memento::texture {

namespace {

uint32_t fnv1a(uint32_t h, const std::vector<uint8_t>& bytes) {
  for (const uint8_t b : bytes) h = (h ^ b) * 0x01000193u;
  return h;
}

bool known_answer(int32_t kind, uint32_t size, uint32_t seed, uint32_t want) {
  std::vector<uint64_t> state((state_size(kind, size) + 7) / 8);
  if (prepare(state.data(), state.size() * 8, kind, size, seed) != Status::ok) return false;
  std::vector<uint8_t> maps[5];
  for (auto& map : maps) map.resize(static_cast<std::size_t>(size) * size * 4);
  const uint32_t split = size / 3;
  for (const auto& [y0, y1] : {std::pair{split, size}, std::pair{0u, split}}) {
    const std::size_t at = static_cast<std::size_t>(y0) * size * 4;
    const Maps band{maps[0].data() + at, maps[1].data() + at, maps[2].data() + at, maps[3].data() + at,
                    maps[4].data() + at};
    if (render_band(state.data(), y0, y1, band) != Status::ok) return false;
  }
  uint32_t h = 0x811c9dc5u;
  for (const auto& map : maps) h = fnv1a(h, map);
  return h == want;
}

}  // namespace

bool self_test() {
  return known_answer(stone_wall, 24, 12345, 0x966476eeu) && known_answer(vault_face, 40, 7, 0x631d67d9u);
}

}  // namespace memento::texture
