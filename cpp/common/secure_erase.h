// Erase secrets in a way the optimiser cannot drop: a plain memset before free
// is a dead store it is allowed to remove, so an empty asm statement that may
// read the memory follows it. memset (memory.fill in wasm) rather than a
// volatile byte loop: erasing 256 MiB of Argon2 memory byte by byte cost about
// a tenth of the whole hash (A/B in cpp/argon2/NOTES.md).
#pragma once
#include <cstddef>
#include <cstring>

namespace memento {

inline void secure_erase(void* data, std::size_t size) {
  if (size == 0) return;
  std::memset(data, 0, size);
  __asm__ __volatile__("" : : "r"(data) : "memory");
}

}  // namespace memento
