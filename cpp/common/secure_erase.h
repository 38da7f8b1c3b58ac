// Erase secrets in a way the optimiser cannot drop: a plain memset before free
// is a dead store it is allowed to remove.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento {

inline void secure_erase(void* data, std::size_t size) {
  volatile std::uint8_t* p = static_cast<volatile std::uint8_t*>(data);
  while (size--) *p++ = 0;
  // A compiler barrier so the stores are considered observable.
  __asm__ __volatile__("" : : "r"(data) : "memory");
}

}  // namespace memento
