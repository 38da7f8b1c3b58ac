// XSalsa20-Poly1305, as libsodium's crypto_secretbox_easy / _open_easy:
// c = tag(16) || ciphertext. It wraps each note's key under the device key.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::notes {

inline constexpr std::size_t kSecretboxTagBytes = 16;

// c has room for 16 + len. m and c may not overlap.
void secretbox_easy(std::uint8_t* c, const std::uint8_t* m, std::size_t len, const std::uint8_t nonce[24],
                    const std::uint8_t key[32]);

// Checks the tag first; writes m (clen - 16 bytes) only when it holds.
bool secretbox_open_easy(std::uint8_t* m, const std::uint8_t* c, std::size_t clen, const std::uint8_t nonce[24],
                         const std::uint8_t key[32]);

}  // namespace memento::notes
