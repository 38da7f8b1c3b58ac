#include "notes/secretbox.h"

#include "common/secure_erase.h"
#include "notes/poly1305.h"
#include "notes/salsa20.h"
#include "notes/verify.h"

namespace memento::notes {
namespace {

// Block 0 of the XSalsa20 keystream: bytes 0..31 key Poly1305, bytes 32..63
// encrypt the first 32 message bytes; the rest of the message uses blocks 1...
struct Stream {
  std::uint8_t subkey[32];
  std::uint8_t block0[64];
  const std::uint8_t* nonce8;
  Stream(const std::uint8_t nonce[24], const std::uint8_t key[32]) : nonce8(nonce + 16) {
    hsalsa20(subkey, key, nonce);
    salsa20_block(block0, subkey, nonce8, 0);
  }
  void xor_message(std::uint8_t* out, const std::uint8_t* in, std::size_t len) const {
    const std::size_t head = len < 32 ? len : 32;
    for (std::size_t i = 0; i < head; i++) out[i] = in[i] ^ block0[32 + i];
    if (len > head) salsa20_xor(out + head, in + head, len - head, subkey, nonce8, 1);
  }
  ~Stream() {
    secure_erase(subkey, sizeof subkey);
    secure_erase(block0, sizeof block0);
  }
};

}  // namespace

void secretbox_easy(std::uint8_t* c, const std::uint8_t* m, std::size_t len, const std::uint8_t nonce[24],
                    const std::uint8_t key[32]) {
  const Stream stream(nonce, key);
  stream.xor_message(c + kSecretboxTagBytes, m, len);
  poly1305(c, c + kSecretboxTagBytes, len, stream.block0);
}

bool secretbox_open_easy(std::uint8_t* m, const std::uint8_t* c, std::size_t clen, const std::uint8_t nonce[24],
                         const std::uint8_t key[32]) {
  if (clen < kSecretboxTagBytes) return false;
  const Stream stream(nonce, key);
  std::uint8_t tag[16];
  poly1305(tag, c + kSecretboxTagBytes, clen - kSecretboxTagBytes, stream.block0);
  const bool ok = tags_equal(tag, c);
  if (ok) stream.xor_message(m, c + kSecretboxTagBytes, clen - kSecretboxTagBytes);
  secure_erase(tag, sizeof tag);
  return ok;
}

}  // namespace memento::notes
