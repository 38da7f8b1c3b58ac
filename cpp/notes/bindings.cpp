// The only file that knows embind, in the project's convention (every module's
// bindings.cpp): plain functions over heap addresses (uintptr_t) and unsigned
// lengths, each returning an int status (0 ok, else a Status of status.h);
// results other than bytes in a caller's buffer (a length, a verdict) go
// through out-pointers, the last parameters. worker/notes-ops.js copies the
// buffers in and out with worker/wasm-heap.js, so one call crosses the
// boundary per batch (or per wrapped key for the secretbox pair), and turns a
// status into an error with worker/wasm-status.js.
#include <cstdint>

#include "common/bindings.h"
#include "notes/batch.h"
#include "notes/secretbox.h"
#include "notes/self_test.h"
#include "notes/status.h"
#include "notes/utf16.h"

namespace {

using memento::notes::Status;
using Address = std::uintptr_t;

template <typename T>
T* at(Address address) {
  return reinterpret_cast<T*>(address);
}

int code(Status status) { return static_cast<int>(status); }

// Writes the bytes of `out` used to *out_used. A note that fails is no
// failure of the call: its status byte says why. Unless utf16 is 0, the
// plaintexts also go there as UTF-16 (room for out_cap units), each field's
// length in units to utf16_lengths (2 words a note), and the units written to
// *out_utf16_used, or 0xffffffff when a field was not well-formed UTF-8.
// With utf16 0 and utf16_lengths not, only the lengths and their sum.
// decoded != 0: key, title and body are decoded bytes, not base64 (batch.h).
int open_batch(Address device_key, Address in, unsigned in_len, Address fields, unsigned count, Address out,
               unsigned out_cap, Address out_fields, Address status, Address utf16, Address utf16_lengths,
               Address out_used, Address out_utf16_used, int decoded) {
  const bool lengths = utf16 != 0 || utf16_lengths != 0;
  if (device_key == 0 || out_used == 0 || (lengths && (utf16_lengths == 0 || out_utf16_used == 0))) {
    return code(Status::null_pointer);
  }
  memento::notes::Utf16Out units{at<std::uint16_t>(utf16), at<std::uint32_t>(utf16_lengths), 0};
  const std::size_t used = memento::notes::open_batch(
      at<const std::uint8_t>(device_key), at<const std::uint8_t>(in), in_len, at<const std::uint32_t>(fields), count,
      at<std::uint8_t>(out), out_cap, at<std::uint32_t>(out_fields), at<std::uint8_t>(status),
      lengths ? &units : nullptr, decoded != 0);
  *at<std::uint32_t>(out_used) = static_cast<std::uint32_t>(used);
  if (lengths) {
    *at<std::uint32_t>(out_utf16_used) =
        units.used == memento::notes::kIllFormed ? 0xffffffffu : static_cast<std::uint32_t>(units.used);
  }
  return code(Status::ok);
}
MEMENTO_EXPORT(open_batch)

// Writes the bytes of `out` used to *out_used; seal_layout when the offsets or
// the output size are wrong.
int seal_batch(Address device_key, Address in, unsigned in_len, Address fields, unsigned count, Address random,
               Address out, unsigned out_cap, Address out_fields, Address out_used) {
  if (device_key == 0 || out_used == 0) return code(Status::null_pointer);
  const std::size_t used = memento::notes::seal_batch(
      at<const std::uint8_t>(device_key), at<const std::uint8_t>(in), in_len, at<const std::uint32_t>(fields), count,
      at<const std::uint8_t>(random), at<std::uint8_t>(out), out_cap, at<std::uint32_t>(out_fields));
  if (used == memento::notes::kSealFailed) return code(Status::seal_layout);
  *at<std::uint32_t>(out_used) = static_cast<std::uint32_t>(used);
  return code(Status::ok);
}
MEMENTO_EXPORT(seal_batch)

// One crypto_secretbox_easy over heap addresses (c: 16 + len bytes; nonce 24,
// key 32); m and c may not overlap. Wraps a single key (worker wrapKey).
int secretbox_easy(Address c, Address m, unsigned len, Address nonce, Address key) {
  if (c == 0 || (m == 0 && len != 0) || nonce == 0 || key == 0) return code(Status::null_pointer);
  memento::notes::secretbox_easy(at<std::uint8_t>(c), at<const std::uint8_t>(m), len, at<const std::uint8_t>(nonce),
                                 at<const std::uint8_t>(key));
  return code(Status::ok);
}
MEMENTO_EXPORT(secretbox_easy)

// crypto_secretbox_open_easy. The verdict is a result, not an error:
// *out_opened (one byte) is 1 when the tag holds (m then holds clen - 16
// bytes), 0 when it fails or clen < 16 (m untouched).
int secretbox_open_easy(Address m, Address c, unsigned clen, Address nonce, Address key, Address out_opened) {
  if (c == 0 || nonce == 0 || key == 0 || out_opened == 0) return code(Status::null_pointer);
  const bool opened = memento::notes::secretbox_open_easy(at<std::uint8_t>(m), at<const std::uint8_t>(c), clen,
                                                          at<const std::uint8_t>(nonce), at<const std::uint8_t>(key));
  *at<std::uint8_t>(out_opened) = opened ? 1 : 0;
  return code(Status::ok);
}
MEMENTO_EXPORT(secretbox_open_easy)

}  // namespace

MEMENTO_EXPORT_STATUS_AND_SELF_TEST(memento::notes)
