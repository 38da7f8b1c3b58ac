// The scalar twin of poly1305_simd.cpp: one block after another.
#include "notes/poly1305.h"

namespace memento::notes {

void poly1305_blocks(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks) {
  poly1305_blocks_one_lane(h, r, m, nblocks, 1u << 24);
}

}  // namespace memento::notes
