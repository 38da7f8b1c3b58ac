// The only file that knows about embind. Low-level names over raw wasm heap
// addresses: worker/notes-ops.js copies the buffers in and out, so one call
// crosses the boundary per batch (or per wrapped key for the secretbox pair).
#include <emscripten/bind.h>

#include "notes/batch.h"
#include "notes/secretbox.h"
#include "notes/self_test.h"

namespace {

using Address = std::uintptr_t;

template <typename T>
T* at(Address address) {
  return reinterpret_cast<T*>(address);
}

double open_batch(Address device_key, Address in, std::size_t in_len, Address fields, std::size_t count, Address out,
                  std::size_t out_cap, Address out_fields, Address status) {
  return static_cast<double>(memento::notes::open_batch(at<const std::uint8_t>(device_key), at<const std::uint8_t>(in),
                                                        in_len, at<const std::uint32_t>(fields), count,
                                                        at<std::uint8_t>(out), out_cap, at<std::uint32_t>(out_fields),
                                                        at<std::uint8_t>(status)));
}

// -1 when the offsets or the output size are wrong.
double seal_batch(Address device_key, Address in, std::size_t in_len, Address fields, std::size_t count,
                  Address random, Address out, std::size_t out_cap, Address out_fields) {
  const std::size_t used = memento::notes::seal_batch(
      at<const std::uint8_t>(device_key), at<const std::uint8_t>(in), in_len, at<const std::uint32_t>(fields), count,
      at<const std::uint8_t>(random), at<std::uint8_t>(out), out_cap, at<std::uint32_t>(out_fields));
  return used == memento::notes::kSealFailed ? -1.0 : static_cast<double>(used);
}

// One crypto_secretbox_easy over heap addresses (c: 16 + len bytes; nonce 24,
// key 32); m and c may not overlap. Wraps a single key (worker wrapKey).
void secretbox_easy(Address c, Address m, std::size_t len, Address nonce, Address key) {
  memento::notes::secretbox_easy(at<std::uint8_t>(c), at<const std::uint8_t>(m), len, at<const std::uint8_t>(nonce),
                                 at<const std::uint8_t>(key));
}

// crypto_secretbox_open_easy: false (and m untouched) when the tag fails or
// clen < 16; else writes clen - 16 bytes to m.
bool secretbox_open_easy(Address m, Address c, std::size_t clen, Address nonce, Address key) {
  return memento::notes::secretbox_open_easy(at<std::uint8_t>(m), at<const std::uint8_t>(c), clen,
                                             at<const std::uint8_t>(nonce), at<const std::uint8_t>(key));
}

}  // namespace

EMSCRIPTEN_BINDINGS(notes) {
  emscripten::function("open_batch", &open_batch);
  emscripten::function("seal_batch", &seal_batch);
  emscripten::function("secretbox_easy", &secretbox_easy);
  emscripten::function("secretbox_open_easy", &secretbox_open_easy);
  emscripten::function("self_test", &memento::notes::self_test);
}
