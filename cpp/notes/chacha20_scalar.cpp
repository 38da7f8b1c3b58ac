// The scalar twin of chacha20_simd.cpp: one block at a time.
#include "common/secure_erase.h"
#include "notes/chacha20.h"
#include "notes/poly1305.h"

namespace memento::notes {

void chacha20_xor(std::uint8_t* out, const std::uint8_t* in, std::size_t len, const std::uint32_t state[16]) {
  std::uint32_t s[16];
  for (int i = 0; i < 16; i++) s[i] = state[i];
  std::uint8_t block[64];
  while (len > 0) {
    chacha20_block(block, s);
    s[12]++;
    std::size_t take = len < 64 ? len : 64;
    // Forward byte order: with out <= in, each store lands on input already read.
    for (std::size_t i = 0; i < take; i++) out[i] = in[i] ^ block[i];
    out += take;
    in += take;
    len -= take;
  }
  secure_erase(block, sizeof block);
  secure_erase(s, sizeof s);
}

void chacha20_xor_absorbing(std::uint8_t* out, const std::uint8_t* in, std::size_t len, std::uint32_t state[16],
                            std::uint32_t h[5], const std::uint32_t r[5]) {
  // The MAC reads all of `in` before the stream overwrites any of it (out <= in).
  poly1305_blocks(h, r, in, len / 16);
  chacha20_xor(out, in, len, state);
  state[12] += static_cast<std::uint32_t>((len + 63) / 64);
}

void chacha20_keystream4(std::uint8_t out[256], const std::uint32_t state[16]) {
  std::uint32_t s[16];
  for (int i = 0; i < 16; i++) s[i] = state[i];
  for (int b = 0; b < 4; b++, s[12]++) chacha20_block(out + 64 * b, s);
  secure_erase(s, sizeof s);
}

void hchacha20_x2(std::uint8_t out[64], const std::uint8_t key[32], const std::uint8_t in_a[16],
                  const std::uint8_t in_b[16]) {
  hchacha20(out, key, in_a);
  hchacha20(out + 32, key, in_b);
}

}  // namespace memento::notes
