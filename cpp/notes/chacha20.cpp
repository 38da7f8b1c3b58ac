#include "notes/chacha20.h"

#include "notes/bytes.h"

// Working words live in wasm locals (registers), not in linear memory: only
// what a function writes to memory (blocks, subkeys) is erased, by its caller.
namespace memento::notes {
namespace {

void quarter(std::uint32_t x[16], int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = rotl32(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = rotl32(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = rotl32(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = rotl32(x[b] ^ x[c], 7);
}

void double_rounds(std::uint32_t x[16]) {
  for (int i = 0; i < 10; i++) {
    quarter(x, 0, 4, 8, 12);
    quarter(x, 1, 5, 9, 13);
    quarter(x, 2, 6, 10, 14);
    quarter(x, 3, 7, 11, 15);
    quarter(x, 0, 5, 10, 15);
    quarter(x, 1, 6, 11, 12);
    quarter(x, 2, 7, 8, 13);
    quarter(x, 3, 4, 9, 14);
  }
}

void set_constants_and_key(std::uint32_t s[16], const std::uint8_t key[32]) {
  s[0] = 0x61707865;  // "expand 32-byte k"
  s[1] = 0x3320646e;
  s[2] = 0x79622d32;
  s[3] = 0x6b206574;
  for (int i = 0; i < 8; i++) s[4 + i] = load32_le(key + 4 * i);
}

}  // namespace

void chacha20_init(std::uint32_t state[16], const std::uint8_t key[32], const std::uint8_t nonce12[12],
                   std::uint32_t counter) {
  set_constants_and_key(state, key);
  state[12] = counter;
  for (int i = 0; i < 3; i++) state[13 + i] = load32_le(nonce12 + 4 * i);
}

void chacha20_block(std::uint8_t out[64], const std::uint32_t state[16]) {
  std::uint32_t x[16];
  for (int i = 0; i < 16; i++) x[i] = state[i];
  double_rounds(x);
  for (int i = 0; i < 16; i++) store32_le(out + 4 * i, x[i] + state[i]);
}

void hchacha20(std::uint8_t out[32], const std::uint8_t key[32], const std::uint8_t in16[16]) {
  std::uint32_t x[16];
  set_constants_and_key(x, key);
  for (int i = 0; i < 4; i++) x[12 + i] = load32_le(in16 + 4 * i);
  double_rounds(x);
  for (int i = 0; i < 4; i++) {
    store32_le(out + 4 * i, x[i]);
    store32_le(out + 16 + 4 * i, x[12 + i]);
  }
}

}  // namespace memento::notes
