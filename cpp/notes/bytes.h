// Little-endian loads and stores and 32-bit rotates: the only byte-order code
// the ciphers share. memcpy compiles to one load or store on every target.
#pragma once
#include <cstdint>
#include <cstring>

namespace memento::notes {

inline std::uint32_t load32_le(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;  // wasm and x86 are little-endian; the native tests run on x86
}

inline void store32_le(std::uint8_t* p, std::uint32_t v) { std::memcpy(p, &v, 4); }

inline void store64_le(std::uint8_t* p, std::uint64_t v) { std::memcpy(p, &v, 8); }

inline std::uint32_t rotl32(std::uint32_t v, int n) { return (v << n) | (v >> (32 - n)); }

}  // namespace memento::notes
