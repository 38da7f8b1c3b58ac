// Tag comparison in constant time: no early exit, no branch on secret bytes.
#pragma once
#include <cstdint>

namespace memento::notes {

inline bool tags_equal(const std::uint8_t a[16], const std::uint8_t b[16]) {
  std::uint32_t diff = 0;
  for (int i = 0; i < 16; i++) diff |= static_cast<std::uint32_t>(a[i] ^ b[i]);
  // diff - 1 borrows into bit 8 only when diff was 0.
  return ((diff - 1) >> 8) & 1;
}

}  // namespace memento::notes
