#include "notes/salsa20.h"

#include "common/secure_erase.h"
#include "notes/bytes.h"

// Working words live in wasm locals (registers), not in linear memory: only
// what a function writes to memory (blocks, subkeys) is erased, by its caller.
namespace memento::notes {
namespace {

constexpr std::uint32_t kSigma[4] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};  // "expand 32-byte k"

void salsa_rounds(std::uint32_t x[16]) {
  auto quarter = [&](int a, int b, int c, int d) {
    x[b] ^= rotl32(x[a] + x[d], 7);
    x[c] ^= rotl32(x[b] + x[a], 9);
    x[d] ^= rotl32(x[c] + x[b], 13);
    x[a] ^= rotl32(x[d] + x[c], 18);
  };
  for (int i = 0; i < 10; i++) {
    quarter(0, 4, 8, 12);  // columns
    quarter(5, 9, 13, 1);
    quarter(10, 14, 2, 6);
    quarter(15, 3, 7, 11);
    quarter(0, 1, 2, 3);  // rows
    quarter(5, 6, 7, 4);
    quarter(10, 11, 8, 9);
    quarter(15, 12, 13, 14);
  }
}

// Words 6..9 are the 16 input bytes: nonce and counter, or HSalsa20's input.
void salsa_setup(std::uint32_t s[16], const std::uint8_t key[32], const std::uint8_t in16[16]) {
  s[0] = kSigma[0];
  s[5] = kSigma[1];
  s[10] = kSigma[2];
  s[15] = kSigma[3];
  for (int i = 0; i < 4; i++) {
    s[1 + i] = load32_le(key + 4 * i);
    s[11 + i] = load32_le(key + 16 + 4 * i);
    s[6 + i] = load32_le(in16 + 4 * i);
  }
}

}  // namespace

void hsalsa20(std::uint8_t out[32], const std::uint8_t key[32], const std::uint8_t in16[16]) {
  std::uint32_t x[16];
  salsa_setup(x, key, in16);
  salsa_rounds(x);
  const int words[8] = {0, 5, 10, 15, 6, 7, 8, 9};
  for (int i = 0; i < 8; i++) store32_le(out + 4 * i, x[words[i]]);
}

void salsa20_block(std::uint8_t out[64], const std::uint8_t key[32], const std::uint8_t nonce8[8],
                   std::uint64_t counter) {
  std::uint8_t in16[16];
  for (int i = 0; i < 8; i++) {
    in16[i] = nonce8[i];
    in16[8 + i] = static_cast<std::uint8_t>(counter >> (8 * i));
  }
  std::uint32_t s[16], x[16];
  salsa_setup(s, key, in16);
  for (int i = 0; i < 16; i++) x[i] = s[i];
  salsa_rounds(x);
  for (int i = 0; i < 16; i++) store32_le(out + 4 * i, x[i] + s[i]);
}

void salsa20_xor(std::uint8_t* out, const std::uint8_t* in, std::size_t len, const std::uint8_t key[32],
                 const std::uint8_t nonce8[8], std::uint64_t counter) {
  std::uint8_t block[64];
  while (len > 0) {
    salsa20_block(block, key, nonce8, counter++);
    const std::size_t take = len < 64 ? len : 64;
    for (std::size_t i = 0; i < take; i++) out[i] = in[i] ^ block[i];
    out += take;
    in += take;
    len -= take;
  }
  secure_erase(block, sizeof block);
}

}  // namespace memento::notes
