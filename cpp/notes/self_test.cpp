// The known-answer test a worker runs right after instantiating the module:
// an engine may report SIMD yet compute it wrongly. 300 bytes take the
// four-block ChaCha20 path and the two-lane Poly1305 path; the expected tags
// come from libsodium (tests/cpp/test_notes_vectors.cpp checks them again).
#include "notes/self_test.h"

#include <cstring>

#include "notes/aead.h"
#include "notes/base64.h"
#include "notes/batch.h"
#include "notes/secretbox.h"
#include "notes/verify.h"

namespace memento::notes {

bool self_test() {
  std::uint8_t key[32], nonce[24], message[300], sealed[316], opened[300];
  for (int i = 0; i < 32; i++) key[i] = static_cast<std::uint8_t>(i);
  for (int i = 0; i < 24; i++) nonce[i] = static_cast<std::uint8_t>(0x40 + i);
  for (int i = 0; i < 300; i++) message[i] = static_cast<std::uint8_t>(i * 7 + 3);
  static const std::uint8_t kAd[] = {'t', 'i', 't', 'l', 'e', ':', 's', 'e', 'l', 'f'};
  static const std::uint8_t kAeadTag[16] = {0x73, 0xb5, 0xdb, 0x40, 0x02, 0x69, 0x02, 0xda,
                                            0x6c, 0x2c, 0x6f, 0x8f, 0x2b, 0xf6, 0xf6, 0x33};
  static const std::uint8_t kSecretboxTag[16] = {0x61, 0xa5, 0x98, 0xf2, 0x88, 0x58, 0x49, 0x3f,
                                                 0x9d, 0x19, 0x62, 0x3e, 0x6a, 0x56, 0xc5, 0x14};
  const AssociatedData ad{kAd, 6, kAd + 6, 4};
  xchacha20poly1305_encrypt(sealed, message, 300, ad, nonce, key);
  if (!tags_equal(sealed + 300, kAeadTag)) return false;
  if (!xchacha20poly1305_decrypt(opened, sealed, 316, ad, nonce, key)) return false;
  if (std::memcmp(opened, message, 300) != 0) return false;
  sealed[5] ^= 1;
  if (xchacha20poly1305_decrypt(opened, sealed, 316, ad, nonce, key)) return false;

  std::uint8_t box[48], unboxed[32];
  secretbox_easy(box, message, 32, nonce, key);
  if (!tags_equal(box, kSecretboxTag)) return false;
  if (!secretbox_open_easy(unboxed, box, 48, nonce, key) || std::memcmp(unboxed, message, 32) != 0) return false;

  // base64 through the SIMD decoder (more than 20 characters) and back.
  char text[400];
  std::uint8_t back[300];
  std::size_t decoded = 0;
  base64_encode(text, message, 300);
  if (base64_decode(back, &decoded, text, 400) != Base64Error::ok || decoded != 300) return false;
  if (std::memcmp(back, message, 300) != 0) return false;
  text[37] = ' ';
  return base64_decode(back, &decoded, text, 400) == Base64Error::bad_character;
}

}  // namespace memento::notes
