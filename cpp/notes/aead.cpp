#include "notes/aead.h"

#include "common/secure_erase.h"
#include "notes/bytes.h"
#include "notes/chacha20.h"
#include "notes/poly1305.h"
#include "notes/verify.h"

namespace memento::notes {
namespace {

constexpr std::uint8_t kZeros[16] = {0};

constexpr std::size_t kHead = 192;  // message bytes covered by blocks 1..3 of the first keystream call

// Poly1305 over ad || pad16 || c || pad16 || le64(adlen) || le64(clen), keyed
// by block 0, in two halves around the ciphertext: the open absorbs the
// ciphertext as it decrypts it, between the two.
void start_tag(Poly1305& st, const AssociatedData& ad, const std::uint8_t poly_key[32]) {
  poly1305_init(st, poly_key);
  poly1305_update(st, ad.first, ad.first_len);
  poly1305_update(st, ad.second, ad.second_len);
  poly1305_update(st, kZeros, (16 - (ad.first_len + ad.second_len) % 16) % 16);
}

void finish_tag(Poly1305& st, std::uint8_t tag[16], const AssociatedData& ad, std::size_t clen) {
  poly1305_update(st, kZeros, (16 - clen % 16) % 16);
  std::uint8_t lengths[16];
  store64_le(lengths, ad.first_len + ad.second_len);
  store64_le(lengths + 8, clen);
  poly1305_update(st, lengths, 16);
  poly1305_final(st, tag);
}

void compute_tag(std::uint8_t tag[16], const std::uint8_t* c, std::size_t clen, const AssociatedData& ad,
                 const std::uint8_t poly_key[32]) {
  Poly1305 st;
  start_tag(st, ad, poly_key);
  poly1305_update(st, c, clen);
  finish_tag(st, tag, ad, clen);
}

// How many of a message's bytes blocks 1..3 of the first pass cover.
std::size_t head_length(std::size_t len) { return len < kHead ? len : kHead; }

// XORs the head with blocks 1..3 of the first pass (`first`: blocks 0..3).
void xor_head(std::uint8_t* out, const std::uint8_t* in, std::size_t head, const std::uint8_t first[256]) {
  for (std::size_t i = 0; i < head; i++) out[i] = in[i] ^ first[64 + i];
}

// Blocks 0..3 in one pass: block 0 keys Poly1305, blocks 1..3 cover the first
// 192 message bytes; the rest of the stream starts at block 4.
void xor_message(std::uint8_t* out, const std::uint8_t* in, std::size_t len, const std::uint8_t first[256],
                 std::uint32_t state[16]) {
  const std::size_t head = head_length(len);
  xor_head(out, in, head, first);
  if (len > head) {
    state[12] = 4;
    chacha20_xor(out + head, in + head, len - head, state);
  }
}

void xchacha_subkey(std::uint8_t subkey[32], std::uint8_t nonce12[12], const std::uint8_t nonce[24],
                    const std::uint8_t key[32]) {
  hchacha20(subkey, key, nonce);
  for (int i = 0; i < 4; i++) nonce12[i] = 0;
  for (int i = 0; i < 8; i++) nonce12[4 + i] = nonce[16 + i];
}

}  // namespace

void chacha20poly1305_ietf_encrypt(std::uint8_t* c, const std::uint8_t* m, std::size_t len, const AssociatedData& ad,
                                   const std::uint8_t nonce[12], const std::uint8_t key[32]) {
  std::uint32_t state[16];
  std::uint8_t first[256];
  chacha20_init(state, key, nonce, 0);
  chacha20_keystream4(first, state);
  xor_message(c, m, len, first, state);
  compute_tag(c + len, c, len, ad, first);
  secure_erase(state, sizeof state);
  secure_erase(first, sizeof first);
}

// One pass over the ciphertext: the message is decrypted while Poly1305
// absorbs it (chacha20_xor_absorbing after the first 192 bytes), and erased again
// if the tag fails, so a refused message leaves nothing. Each piece of c is
// absorbed before the stream overwrites it (m <= c).
bool chacha20poly1305_ietf_decrypt(std::uint8_t* m, const std::uint8_t* c, std::size_t clen, const AssociatedData& ad,
                                   const std::uint8_t nonce[12], const std::uint8_t key[32]) {
  if (clen < kAeadTagBytes) return false;
  const std::size_t len = clen - kAeadTagBytes;
  std::uint32_t state[16];
  std::uint8_t first[256], tag[16];
  chacha20_init(state, key, nonce, 0);
  chacha20_keystream4(first, state);
  Poly1305 st;
  start_tag(st, ad, first);
  // The head is absorbed before it is decrypted (m may equal c); the stream goes on from block 4.
  const std::size_t head = head_length(len);
  poly1305_update(st, c, head);
  xor_head(m, c, head, first);
  const std::size_t rest = len - head;
  if (rest > 0) {
    // After a whole head the MAC stands at a block boundary (kHead is a multiple of 16).
    // The last partial block is kept aside first: with m == c the stream overwrites it.
    std::uint8_t last[16];
    const std::size_t partial = rest % 16;
    for (std::size_t i = 0; i < partial; i++) last[i] = c[len - partial + i];
    state[12] = 4;
    chacha20_xor_absorbing(m + head, c + head, rest, state, st.h, st.r);
    poly1305_update(st, last, partial);
  }
  finish_tag(st, tag, ad, len);
  const bool ok = tags_equal(tag, c + len);
  if (!ok) secure_erase(m, len);
  secure_erase(state, sizeof state);
  secure_erase(first, sizeof first);
  secure_erase(tag, sizeof tag);
  return ok;
}

void xchacha20poly1305_encrypt(std::uint8_t* c, const std::uint8_t* m, std::size_t len, const AssociatedData& ad,
                               const std::uint8_t nonce[24], const std::uint8_t key[32]) {
  std::uint8_t subkey[32], nonce12[12];
  xchacha_subkey(subkey, nonce12, nonce, key);
  chacha20poly1305_ietf_encrypt(c, m, len, ad, nonce12, subkey);
  secure_erase(subkey, sizeof subkey);
}

bool xchacha20poly1305_decrypt(std::uint8_t* m, const std::uint8_t* c, std::size_t clen, const AssociatedData& ad,
                               const std::uint8_t nonce[24], const std::uint8_t key[32]) {
  std::uint8_t subkey[32], nonce12[12];
  xchacha_subkey(subkey, nonce12, nonce, key);
  const bool ok = chacha20poly1305_ietf_decrypt(m, c, clen, ad, nonce12, subkey);
  secure_erase(subkey, sizeof subkey);
  return ok;
}

}  // namespace memento::notes
