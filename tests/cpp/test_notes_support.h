// Helpers for the notes tests: hex, a seeded generator, notes sealed by
// libsodium (the reference), and a batch built the way the worker builds it.
#pragma once
#include <sodium.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "notes/batch.h"

namespace notes_test {

using Bytes = std::vector<std::uint8_t>;

inline Bytes hex(const std::string& h) {
  Bytes out(h.size() / 2);
  for (std::size_t i = 0; i < out.size(); i++)
    out[i] = static_cast<std::uint8_t>(std::stoul(h.substr(2 * i, 2), nullptr, 16));
  return out;
}

inline Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

inline void init_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("sodium_init failed");
}

struct Rng {
  std::mt19937_64 engine;
  explicit Rng(std::uint64_t seed) : engine(seed) {}
  std::uint64_t next() { return engine(); }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(engine() % n); }
  Bytes bytes(std::size_t n) {
    Bytes b(n);
    for (auto& x : b) x = static_cast<std::uint8_t>(engine());
    return b;
  }
};

// How a batch test starts: libsodium ready, an Rng of `seed`, and the device
// key, its first 32 bytes.
struct BatchStart {
  Rng rng;
  Bytes device_key;
};
inline BatchStart batch_start(std::uint64_t seed) {
  init_sodium();
  Rng rng(seed);
  Bytes device_key = rng.bytes(32);
  return {std::move(rng), std::move(device_key)};
}

// A random UTF-8 text of at most about max_len bytes: ASCII, 2-, 3- and 4-byte characters, spaces and newlines.
inline std::string random_text(Rng& rng, std::size_t max_len) {
  static const char* pieces[] = {"a", "b", " ", "note", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x94\x91", "\n", "Z"};
  std::string s;
  const std::size_t n = rng.below(max_len + 1);
  while (s.size() < n) s += pieces[rng.below(9)];
  return s;
}

inline std::string to_base64(const Bytes& b) {
  std::string s(sodium_base64_encoded_len(b.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(s.data(), s.size(), b.data(), b.size(), sodium_base64_VARIANT_ORIGINAL);
  s.resize(s.size() - 1);  // the terminating NUL
  return s;
}

inline Bytes from_base64(const std::string& s) {
  Bytes b(s.size());
  std::size_t len = 0;
  if (sodium_base642bin(b.data(), b.size(), s.data(), s.size(), nullptr, &len, nullptr,
                        sodium_base64_VARIANT_ORIGINAL) != 0) {
    throw std::runtime_error("bad base64 in a test fixture");
  }
  b.resize(len);
  return b;
}

struct Note {
  std::string id, key, title, body;
};

// Raw (decoded) fields of a note, before base64.
struct RawNote {
  Bytes key, title, body;
};

inline Bytes aead_seal(const Bytes& m, const std::string& ad, const Bytes& nonce, const Bytes& key) {
  Bytes out(nonce);
  out.resize(24 + m.size() + 16);
  unsigned long long clen = 0;
  crypto_aead_xchacha20poly1305_ietf_encrypt(out.data() + 24, &clen, m.data(), m.size(),
                                             reinterpret_cast<const unsigned char*>(ad.data()), ad.size(), nullptr,
                                             nonce.data(), key.data());
  return out;
}

// A note sealed by libsodium with the given randomness (noteKey, nonceK, nonceT, nonceB).
inline RawNote seal_raw_with_libsodium(const std::string& id, const Bytes& title, const Bytes& body,
                                       const Bytes& device_key, const Bytes& random) {
  const Bytes note_key(random.begin(), random.begin() + 32);
  const Bytes nonce_k(random.begin() + 32, random.begin() + 56);
  const Bytes nonce_t(random.begin() + 56, random.begin() + 80);
  const Bytes nonce_b(random.begin() + 80, random.begin() + 104);
  RawNote raw;
  raw.key = nonce_k;
  raw.key.resize(72);
  crypto_secretbox_easy(raw.key.data() + 24, note_key.data(), 32, nonce_k.data(), device_key.data());
  raw.title = aead_seal(title, "title:" + id, nonce_t, note_key);
  raw.body = aead_seal(body, "body:" + id, nonce_b, note_key);
  return raw;
}

inline Note encode(const std::string& id, const RawNote& raw) {
  return {id, to_base64(raw.key), to_base64(raw.title), to_base64(raw.body)};
}

struct Opened {
  std::vector<std::uint8_t> status;
  std::vector<std::string> titles, bodies;
  std::vector<std::uint32_t> out_fields;
  Bytes out;
  std::size_t used = 0;
};

// Notes packed into one buffer with offsets, as worker/notes-ops.js packs them, and the output capacity they need.
struct Packed {
  std::string in;
  std::vector<std::uint32_t> fields;
  std::size_t cap = 0;
};

inline Packed pack_notes(const std::vector<Note>& notes) {
  Packed p;
  for (const auto& n : notes) {
    for (const std::string* s : {&n.id, &n.key, &n.title, &n.body}) {
      p.fields.push_back(static_cast<std::uint32_t>(p.in.size()));
      p.fields.push_back(static_cast<std::uint32_t>(s->size()));
      p.in += *s;
    }
    p.cap += memento::notes::open_capacity(n.title.size()) + memento::notes::open_capacity(n.body.size());
  }
  return p;
}

// Packs notes (pack_notes) and opens them.
inline Opened open_notes(const std::vector<Note>& notes, const Bytes& device_key) {
  const auto [in, fields, cap] = pack_notes(notes);
  Opened r;
  r.status.assign(notes.size(), 0xff);
  r.out_fields.assign(notes.size() * memento::notes::kOpenFieldsOut, 0xdeadbeef);
  r.out.assign(cap, 0);
  r.used = memento::notes::open_batch(device_key.data(), reinterpret_cast<const std::uint8_t*>(in.data()), in.size(),
                                      fields.data(), notes.size(), r.out.data(), r.out.size(), r.out_fields.data(),
                                      r.status.data());
  for (std::size_t i = 0; i < notes.size(); i++) {
    const std::uint32_t* of = &r.out_fields[i * memento::notes::kOpenFieldsOut];
    r.titles.emplace_back(reinterpret_cast<const char*>(r.out.data()) + of[0], of[1]);
    r.bodies.emplace_back(reinterpret_cast<const char*>(r.out.data()) + of[2], of[3]);
  }
  return r;
}

inline std::uint8_t status(memento::notes::NoteField f, memento::notes::NoteProblem p) {
  return static_cast<std::uint8_t>((static_cast<unsigned>(f) << 4) | static_cast<unsigned>(p));
}

}  // namespace notes_test
