#include "notes/batch.h"

#include <cstring>

#include "common/secure_erase.h"
#include "notes/aead.h"
#include "notes/base64.h"
#include "notes/chacha20.h"
#include "notes/secretbox.h"
#include "notes/utf16.h"

namespace memento::notes {
namespace {

constexpr std::uint8_t kTitlePrefix[] = {'t', 'i', 't', 'l', 'e', ':'};
constexpr std::uint8_t kBodyPrefix[] = {'b', 'o', 'd', 'y', ':'};

std::uint8_t status_of(NoteField field, NoteProblem problem) {
  return static_cast<std::uint8_t>((static_cast<unsigned>(field) << 4) | static_cast<unsigned>(problem));
}

NoteProblem problem_of(Base64Error error) {
  switch (error) {
    case Base64Error::bad_length:
      return NoteProblem::base64_length;
    case Base64Error::bad_character:
      return NoteProblem::base64_character;
    case Base64Error::bad_padding:
      return NoteProblem::base64_padding;
    case Base64Error::non_canonical:
      return NoteProblem::base64_non_canonical;
    case Base64Error::ok:
      break;
  }
  return NoteProblem::ok;
}

bool in_bounds(std::uint64_t offset, std::uint64_t length, std::uint64_t size) {
  return offset <= size && length <= size - offset;
}

struct Span {
  const std::uint8_t* data;
  std::size_t len;
};

// A sealed title or body holds at least its nonce and tag.
bool too_short_to_be_sealed(std::size_t bytes) { return bytes < kNonceBytes + kAeadTagBytes; }

// Decodes one sealed field's base64 into out + at; its decoded size in *decoded.
NoteProblem decode_field(Span b64, std::uint8_t* out, std::size_t* decoded) {
  const Base64Error error = base64_decode(out, decoded, reinterpret_cast<const char*>(b64.data), b64.len);
  if (error != Base64Error::ok) return problem_of(error);
  if (too_short_to_be_sealed(*decoded)) return NoteProblem::wrong_size;
  return NoteProblem::ok;
}

std::uint8_t open_one(const std::uint8_t device_key[32], const std::uint8_t* in, std::size_t in_len,
                      const std::uint32_t* f, std::uint8_t* out, std::size_t out_cap, std::size_t* used,
                      std::uint32_t* of, bool decoded) {
  for (int i = 0; i < 4; i++) {
    if (!in_bounds(f[2 * i], f[2 * i + 1], in_len)) return status_of(NoteField::layout, NoteProblem::out_of_bounds);
  }
  const Span id{in + f[0], f[1]};
  const Span key{in + f[2], f[3]};
  const Span title{in + f[4], f[5]};
  const Span body{in + f[6], f[7]};

  // With `decoded`, the caller decoded each base64 field (strictly: it sends a
  // field it could not decode as base64 instead), so only the sizes that the
  // decode would have checked are left to check, in the same order.
  std::uint8_t wrapped_copy[kWrappedKeyBytes];
  const std::uint8_t* wrapped = wrapped_copy;
  std::uint8_t note_key[kKeyBytes];
  if (decoded) {
    if (key.len != kWrappedKeyBytes) return status_of(NoteField::key, NoteProblem::wrong_size);
    wrapped = key.data;
  } else {
    if (key.len % 4 != 0) return status_of(NoteField::key, NoteProblem::base64_length);
    if (key.len != kWrappedKeyBase64) return status_of(NoteField::key, NoteProblem::wrong_size);
    std::size_t key_bytes = 0;
    const Base64Error error = base64_decode(wrapped_copy, &key_bytes, reinterpret_cast<const char*>(key.data), key.len);
    if (error != Base64Error::ok) return status_of(NoteField::key, problem_of(error));
    if (key_bytes != kWrappedKeyBytes) return status_of(NoteField::key, NoteProblem::wrong_size);
  }
  const bool key_opened =
      secretbox_open_easy(note_key, wrapped + kNonceBytes, kWrappedKeyBytes - kNonceBytes, wrapped, device_key);
  secure_erase(wrapped_copy, sizeof wrapped_copy);
  if (!key_opened) return status_of(NoteField::key, NoteProblem::authentication);

  // Title and body are decoded side by side into the output, both subkeys come
  // from one HChaCha20 pass, and each field is opened onto the front of the
  // output: the body's plaintext lands right after the title's.
  const std::size_t start = *used;
  const std::size_t span = decoded ? title.len + body.len : open_capacity(title.len) + open_capacity(body.len);
  if (span > out_cap - start) {
    secure_erase(note_key, sizeof note_key);
    return status_of(NoteField::layout, NoteProblem::no_room);
  }
  std::uint8_t* const t = out + start;
  std::size_t title_sealed = 0, body_sealed = 0, title_len = 0, body_len = 0;
  std::uint8_t status = 0;
  // The sealed title and body: decoded here onto the output (each plaintext
  // then lands on the front of its own bytes), or the caller's decoded bytes.
  const std::uint8_t* ts = title.data;
  const std::uint8_t* bs = body.data;
  if (decoded) {
    title_sealed = title.len;
    body_sealed = body.len;
    if (too_short_to_be_sealed(title_sealed))
      status = status_of(NoteField::title, NoteProblem::wrong_size);
    else if (too_short_to_be_sealed(body_sealed))
      status = status_of(NoteField::body, NoteProblem::wrong_size);
  } else {
    NoteProblem problem = decode_field(title, t, &title_sealed);
    ts = t;
    bs = t + title_sealed;
    if (problem != NoteProblem::ok)
      status = status_of(NoteField::title, problem);
    else if ((problem = decode_field(body, t + title_sealed, &body_sealed)) != NoteProblem::ok)
      status = status_of(NoteField::body, problem);
  }
  if (status == 0) {
    std::uint8_t subkeys[64], title_nonce[12] = {0}, body_nonce[12] = {0};
    hchacha20_x2(subkeys, note_key, ts, bs);
    std::memcpy(title_nonce + 4, ts + 16, 8);
    std::memcpy(body_nonce + 4, bs + 16, 8);
    title_len = title_sealed - kNonceBytes - kAeadTagBytes;
    body_len = body_sealed - kNonceBytes - kAeadTagBytes;
    if (!chacha20poly1305_ietf_decrypt(t, ts + kNonceBytes, title_sealed - kNonceBytes,
                                       {kTitlePrefix, sizeof kTitlePrefix, id.data, id.len}, title_nonce, subkeys)) {
      status = status_of(NoteField::title, NoteProblem::authentication);
    } else if (!chacha20poly1305_ietf_decrypt(t + title_len, bs + kNonceBytes, body_sealed - kNonceBytes,
                                              {kBodyPrefix, sizeof kBodyPrefix, id.data, id.len}, body_nonce,
                                              subkeys + 32)) {
      status = status_of(NoteField::body, NoteProblem::authentication);
    }
    secure_erase(subkeys, sizeof subkeys);
  }
  secure_erase(note_key, sizeof note_key);
  if (status != 0) {
    // Nothing of a refused note stays behind: not its title, not its decoded bytes.
    std::memset(t, 0, span);
    return status;
  }
  // What the plaintexts did not overwrite (the nonces, tags and ciphertext tails) is not output.
  std::memset(t + title_len + body_len, 0, title_sealed + body_sealed - title_len - body_len);
  of[0] = static_cast<std::uint32_t>(start);
  of[1] = static_cast<std::uint32_t>(title_len);
  of[2] = static_cast<std::uint32_t>(start + title_len);
  of[3] = static_cast<std::uint32_t>(body_len);
  *used = start + title_len + body_len;
  return 0;
}

// Seals bytes m into out + at as base64(nonce || ciphertext || tag). The raw
// bytes are built at the end of the field's base64 span and encoded forwards
// onto its start: each group of four characters lands on raw bytes already read.
std::size_t seal_field(Span m, const std::uint8_t nonce[24], const AssociatedData& ad, const std::uint8_t key[32],
                       std::uint8_t* out, std::size_t at) {
  const std::size_t raw_len = kNonceBytes + m.len + kAeadTagBytes;
  const std::size_t b64_len = base64_encoded_length(raw_len);
  std::uint8_t* raw = out + at + (b64_len - raw_len);
  std::memcpy(raw, nonce, kNonceBytes);
  xchacha20poly1305_encrypt(raw + kNonceBytes, m.data, m.len, ad, nonce, key);
  base64_encode(reinterpret_cast<char*>(out + at), raw, raw_len);
  return b64_len;
}

// A field's UTF-16 or only its length (see Utf16Out): written after the
// units before it, or, once a field is ill-formed, nothing more.
void transcode_field(Utf16Out* utf16, const std::uint8_t* bytes, std::size_t len, std::uint32_t* length) {
  if (utf16->used == kIllFormed) return;
  if (utf16->units == nullptr) {
    const std::size_t units = utf16_length(bytes, len);
    if (units == kIllFormed) {
      utf16->used = kIllFormed;
      return;
    }
    *length = static_cast<std::uint32_t>(units);
    utf16->used += units;
    return;
  }
  const std::size_t units = utf8_to_utf16(utf16->units + utf16->used, bytes, len);
  if (units == kIllFormed) {
    // No count of them goes back, so no caller could erase them: every unit
    // written (this field's stay within its byte length) is zeroed here.
    std::memset(utf16->units, 0, (utf16->used + len) * sizeof(std::uint16_t));
    utf16->used = kIllFormed;
    return;
  }
  *length = static_cast<std::uint32_t>(units);
  utf16->used += units;
}

}  // namespace

std::size_t open_batch(const std::uint8_t device_key[32], const std::uint8_t* in, std::size_t in_len,
                       const std::uint32_t* fields, std::size_t count, std::uint8_t* out, std::size_t out_cap,
                       std::uint32_t* out_fields, std::uint8_t* status, Utf16Out* utf16, bool decoded) {
  std::size_t used = 0;
  if (utf16 != nullptr) utf16->used = 0;
  for (std::size_t i = 0; i < count; i++) {
    std::uint32_t* of = out_fields + kOpenFieldsOut * i;
    for (std::size_t k = 0; k < kOpenFieldsOut; k++) of[k] = 0;
    status[i] = open_one(device_key, in, in_len, fields + kOpenFieldsIn * i, out, out_cap, &used, of, decoded);
    if (utf16 == nullptr) continue;
    std::uint32_t* lengths = utf16->lengths + kOpenUtf16Out * i;
    lengths[0] = lengths[1] = 0;
    // Right after the note opened: its plaintext is still in cache.
    if (status[i] == 0) {
      transcode_field(utf16, out + of[0], of[1], &lengths[0]);
      transcode_field(utf16, out + of[2], of[3], &lengths[1]);
    }
  }
  return used;
}

std::size_t seal_capacity(std::size_t title_len, std::size_t body_len) {
  return kWrappedKeyBase64 + base64_encoded_length(kNonceBytes + title_len + kAeadTagBytes) +
         base64_encoded_length(kNonceBytes + body_len + kAeadTagBytes);
}

std::size_t seal_batch(const std::uint8_t device_key[32], const std::uint8_t* in, std::size_t in_len,
                       const std::uint32_t* fields, std::size_t count, const std::uint8_t* random, std::uint8_t* out,
                       std::size_t out_cap, std::uint32_t* out_fields) {
  std::size_t used = 0;
  for (std::size_t i = 0; i < count; i++) {
    const std::uint32_t* f = fields + kSealFieldsIn * i;
    for (int k = 0; k < 3; k++) {
      if (!in_bounds(f[2 * k], f[2 * k + 1], in_len)) return kSealFailed;
    }
    const Span id{in + f[0], f[1]};
    const Span title{in + f[2], f[3]};
    const Span body{in + f[4], f[5]};
    const std::size_t need = seal_capacity(title.len, body.len);
    if (need > out_cap - used || need > 0xffffffffu) return kSealFailed;
    const std::uint8_t* r = random + kSealRandomBytes * i;
    const std::uint8_t* note_key = r;
    const std::uint8_t* nonce_k = r + kKeyBytes;

    std::uint32_t* of = out_fields + kSealFieldsOut * i;
    std::uint8_t* key_raw = out + used + (kWrappedKeyBase64 - kWrappedKeyBytes);
    std::memcpy(key_raw, nonce_k, kNonceBytes);
    secretbox_easy(key_raw + kNonceBytes, note_key, kKeyBytes, nonce_k, device_key);
    base64_encode(reinterpret_cast<char*>(out + used), key_raw, kWrappedKeyBytes);
    of[0] = static_cast<std::uint32_t>(used);
    of[1] = kWrappedKeyBase64;
    used += kWrappedKeyBase64;

    std::size_t n = seal_field(title, r + kKeyBytes + kNonceBytes, {kTitlePrefix, sizeof kTitlePrefix, id.data, id.len},
                               note_key, out, used);
    of[2] = static_cast<std::uint32_t>(used);
    of[3] = static_cast<std::uint32_t>(n);
    used += n;
    n = seal_field(body, r + kKeyBytes + 2 * kNonceBytes, {kBodyPrefix, sizeof kBodyPrefix, id.data, id.len}, note_key,
                   out, used);
    of[4] = static_cast<std::uint32_t>(used);
    of[5] = static_cast<std::uint32_t>(n);
    used += n;
  }
  return used;
}

}  // namespace memento::notes
