// ChaCha20 (RFC 8439, 32-bit counter, 96-bit nonce) and HChaCha20 (the
// XChaCha20 subkey). The stream is the hot loop of opening notes: the SIMD
// build computes four blocks at a time (chacha20_simd.cpp), the scalar build
// one (chacha20_scalar.cpp); both share the block function below.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::notes {

// state = constants, key, counter, nonce: the 16 input words of a block.
void chacha20_init(std::uint32_t state[16], const std::uint8_t key[32], const std::uint8_t nonce12[12],
                   std::uint32_t counter);

// One 64-byte keystream block for state (state[12] is the counter).
void chacha20_block(std::uint8_t out[64], const std::uint32_t state[16]);

// out[i] = in[i] ^ keystream[i], counter from state[12]. out may equal in, or
// sit before it (out <= in): the batch decrypts a note onto the front of its
// own decoded bytes.
void chacha20_xor(std::uint8_t* out, const std::uint8_t* in, std::size_t len, const std::uint32_t state[16]);

// chacha20_xor of len bytes from counter state[12] on, which it advances past
// them, while Poly1305 (accumulator h, key r) absorbs each whole 16-byte block
// of `in`, the ciphertext (the last len % 16 bytes are the caller's to absorb). The SIMD build
// absorbs them between the rounds of each four-block pass, so the core's
// multipliers run the MAC while its vector units run the stream; the scalar
// build makes the two passes one after the other. out <= in is allowed.
void chacha20_xor_absorbing(std::uint8_t* out, const std::uint8_t* in, std::size_t len, std::uint32_t state[16],
                            std::uint32_t h[5], const std::uint32_t r[5]);

// Four consecutive keystream blocks (counters state[12] .. state[12] + 3): one
// SIMD pass in the SIMD build. The AEAD takes the Poly1305 key and the first
// 192 message bytes from one such call.
void chacha20_keystream4(std::uint8_t out[256], const std::uint32_t state[16]);

void hchacha20(std::uint8_t out[32], const std::uint8_t key[32], const std::uint8_t in16[16]);

// Two HChaCha20 subkeys under one key (a note's title and body): out[0..31]
// from in_a, out[32..63] from in_b. Two lanes of one SIMD pass in the SIMD build.
void hchacha20_x2(std::uint8_t out[64], const std::uint8_t key[32], const std::uint8_t in_a[16],
                  const std::uint8_t in_b[16]);

}  // namespace memento::notes
