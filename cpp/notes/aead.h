// XChaCha20-Poly1305-IETF, as libsodium's crypto_aead_xchacha20poly1305_ietf_*
// (combined: ciphertext || tag), and the RFC 8439 ChaCha20-Poly1305 it is
// built on. The associated data comes in two pieces (a fixed prefix and the
// note id) so the batch never concatenates them.
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::notes {

inline constexpr std::size_t kAeadTagBytes = 16;

struct AssociatedData {
  const std::uint8_t* first;
  std::size_t first_len;
  const std::uint8_t* second;
  std::size_t second_len;
};

// c has room for len + 16; c may equal m.
void chacha20poly1305_ietf_encrypt(std::uint8_t* c, const std::uint8_t* m, std::size_t len, const AssociatedData& ad,
                                   const std::uint8_t nonce[12], const std::uint8_t key[32]);
// Decrypts into m (clen - 16 bytes) while checking the tag, and erases m
// again when the tag fails. m may equal c or sit before it.
bool chacha20poly1305_ietf_decrypt(std::uint8_t* m, const std::uint8_t* c, std::size_t clen, const AssociatedData& ad,
                                   const std::uint8_t nonce[12], const std::uint8_t key[32]);

void xchacha20poly1305_encrypt(std::uint8_t* c, const std::uint8_t* m, std::size_t len, const AssociatedData& ad,
                               const std::uint8_t nonce[24], const std::uint8_t key[32]);
bool xchacha20poly1305_decrypt(std::uint8_t* m, const std::uint8_t* c, std::size_t clen, const AssociatedData& ad,
                               const std::uint8_t nonce[24], const std::uint8_t key[32]);

}  // namespace memento::notes
