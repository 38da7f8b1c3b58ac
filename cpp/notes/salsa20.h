// XSalsa20 (HSalsa20 subkey + Salsa20/20 with a 64-bit nonce), as libsodium's
// crypto_stream_xsalsa20. It only ever wraps 32-byte note keys, so it stays
// scalar: one block per note is nothing next to the bodies.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::notes {

// out = HSalsa20(key, in16): the first 16 bytes of the 24-byte nonce.
void hsalsa20(std::uint8_t out[32], const std::uint8_t key[32], const std::uint8_t in16[16]);

// One 64-byte Salsa20/20 keystream block: key, 8-byte nonce, 64-bit block counter.
void salsa20_block(std::uint8_t out[64], const std::uint8_t key[32], const std::uint8_t nonce8[8],
                   std::uint64_t counter);

// out[i] = in[i] ^ Salsa20 keystream from block `counter` on. out may equal in.
void salsa20_xor(std::uint8_t* out, const std::uint8_t* in, std::size_t len, const std::uint8_t key[32],
                 const std::uint8_t nonce8[8], std::uint64_t counter);

}  // namespace memento::notes
