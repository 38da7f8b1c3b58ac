// BLAKE2b (RFC 7693): keyed, 1..64-byte output, incremental. Argon2 uses it for
// H0, the variable-length hash H' and nothing else, so only the sequential
// mode with the default parameter block is implemented.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::blake2b {

inline constexpr std::size_t kBlockBytes = 128;
inline constexpr std::size_t kMaxOutBytes = 64;
inline constexpr std::size_t kMaxKeyBytes = 64;

struct State {
  std::uint64_t h[8];
  std::uint64_t t[2];  // bytes compressed so far, 128-bit counter
  std::uint8_t buf[kBlockBytes];
  std::size_t buflen;
  std::size_t outlen;
};

// Preconditions: 1 <= outlen <= 64, keylen <= 64 (key may be null when keylen is 0).
void init(State& s, std::size_t outlen, const std::uint8_t* key = nullptr, std::size_t keylen = 0);
void update(State& s, const std::uint8_t* in, std::size_t inlen);
// Writes s.outlen bytes and erases the state.
void final(State& s, std::uint8_t* out);

// One call: out = BLAKE2b-outlen(key, in). out may alias in.
void hash(std::uint8_t* out, std::size_t outlen, const std::uint8_t* in, std::size_t inlen,
          const std::uint8_t* key = nullptr, std::size_t keylen = 0);

}  // namespace memento::blake2b
