// Open or seal a whole list of notes in one call: one input buffer with
// offsets, one output buffer with offsets, one status per note. The note
// format is in docs/specs/notes.md:
//   key   = base64(nonceK[24] || secretbox_easy(noteKey[32], nonceK, deviceKey))
//   title = base64(nonceT[24] || xchacha20poly1305_ietf(title, ad = "title:" id, nonceT, noteKey))
//   body  = base64(nonceB[24] || the same with ad = "body:" id)
#pragma once
#include <cstddef>
#include <cstdint>

namespace memento::notes {

// A note's status byte: (field << 4) | problem; 0 means opened.
enum class NoteField : std::uint8_t { none = 0, key = 1, title = 2, body = 3, layout = 4 };
enum class NoteProblem : std::uint8_t {
  ok = 0,
  base64_length = 1,     // not a multiple of 4
  base64_character = 2,  // outside the alphabet, whitespace included
  base64_padding = 3,    // '=' misplaced
  base64_non_canonical = 4,
  wrong_size = 5,      // decodes to too few bytes (or not 72 for the key)
  authentication = 6,  // the tag does not match: wrong key, tampered, or moved to another id
  no_room = 7,         // the output buffer is too small (a caller bug)
  out_of_bounds = 8,   // the offsets point outside the input (a caller bug)
};

inline constexpr std::size_t kNonceBytes = 24;
inline constexpr std::size_t kKeyBytes = 32;
inline constexpr std::size_t kWrappedKeyBytes = kNonceBytes + 16 + kKeyBytes;  // 72
inline constexpr std::size_t kWrappedKeyBase64 = 96;
inline constexpr std::size_t kOpenFieldsIn = 8;   // id, key, title, body: offset and length each
inline constexpr std::size_t kOpenFieldsOut = 4;  // title offset and length, body offset and length
inline constexpr std::size_t kOpenUtf16Out = 2;   // title and body length in UTF-16 units (utf16.h)
inline constexpr std::size_t kSealFieldsIn = 6;   // id, title, body: offset and length each
inline constexpr std::size_t kSealFieldsOut = 6;  // key, title, body base64: offset and length each
inline constexpr std::size_t kSealRandomBytes = kKeyBytes + 3 * kNonceBytes;  // noteKey, nonceK, nonceT, nonceB

// Output bytes open_batch may need for a field of len base64 characters.
constexpr std::size_t open_capacity(std::size_t len) { return len / 4 * 3; }

// Opens count notes. fields[8i..8i+7] locate note i's id, key, title and body
// (offset, length) in `in`. Plaintexts are written back to back into `out`
// (title then body per note; nothing for a note that fails, and no byte of a
// note that fails authentication ever stays there); out_fields[4i..] gives
// their offsets and lengths. status[i] is the note's status byte. Returns the
// bytes of `out` used.
// With `utf16`, each opened title and body is also written to utf16->units as
// UTF-16 (utf16.h), back to back in the order of `out` (room for out_cap
// units), its length in units to utf16->lengths[2i..2i+1]; utf16->used is
// the units written, or kIllFormed once a field is not well-formed UTF-8 (all
// units written are zeroed then, and no more are written). With units ==
// nullptr only the lengths are written (and their sum to utf16->used), for a
// caller that decodes the UTF-8 itself, several fields per call.
// With `decoded`, key, title and body are the bytes their base64 decodes to
// (a caller that decoded every field strictly, as base64_decode does; a
// field it could not decode goes as base64 in a call without `decoded`), and
// out_cap needs room for the title's and the body's whole sealed bytes.
// Every status is then what the base64 call gives for the same notes.
struct Utf16Out {
  std::uint16_t* units;
  std::uint32_t* lengths;
  std::size_t used;
};
std::size_t open_batch(const std::uint8_t device_key[32], const std::uint8_t* in, std::size_t in_len,
                       const std::uint32_t* fields, std::size_t count, std::uint8_t* out, std::size_t out_cap,
                       std::uint32_t* out_fields, std::uint8_t* status, Utf16Out* utf16 = nullptr,
                       bool decoded = false);

// Base64 characters seal_batch writes for a note of title_len and body_len bytes.
std::size_t seal_capacity(std::size_t title_len, std::size_t body_len);

inline constexpr std::size_t kSealFailed = ~std::size_t{0};

// Seals count notes. fields[6i..] locate id, title, body (UTF-8) in `in`;
// random holds 104 bytes per note (noteKey, nonceK, nonceT, nonceB): from
// crypto.getRandomValues, or fixed in tests. Writes key, title and body as
// base64 into `out`, located by out_fields[6i..]. Returns the bytes used, or
// kSealFailed when the offsets or the output size are wrong.
std::size_t seal_batch(const std::uint8_t device_key[32], const std::uint8_t* in, std::size_t in_len,
                       const std::uint32_t* fields, std::size_t count, const std::uint8_t* random, std::uint8_t* out,
                       std::size_t out_cap, std::uint32_t* out_fields);

}  // namespace memento::notes
