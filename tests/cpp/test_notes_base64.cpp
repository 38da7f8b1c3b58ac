// base64: libsodium's encoding; strict decoding that reports why a string is
// malformed; the SIMD decoder agrees with the scalar one on every input; and
// per-note reporting in a batch.
#include <catch2/catch.hpp>

#include <cctype>

#include "notes/base64.h"
#include "test_notes_support.h"

using namespace memento::notes;
using notes_test::Bytes;

namespace {

Base64Error decode(const std::string& s, Bytes* out = nullptr) {
  Bytes buf(base64_decoded_capacity(s.size()) + 1);
  std::size_t n = 0;
  const Base64Error e = base64_decode(buf.data(), &n, s.data(), s.size());
  Bytes scalar(buf.size());
  std::size_t m = 0;
  const Base64Error es = base64_decode_scalar(scalar.data(), &m, s.data(), s.size());
  CHECK(static_cast<int>(e) == static_cast<int>(es));
  if (e == Base64Error::ok) {
    CHECK(n == m);
    CHECK(Bytes(buf.begin(), buf.begin() + n) == Bytes(scalar.begin(), scalar.begin() + m));
  }
  if (out) *out = Bytes(buf.begin(), buf.begin() + n);
  return e;
}

}  // namespace

TEST_CASE("base64 encoding equals libsodium's and decodes back, lengths 0..600", "[notes][base64]") {
  notes_test::init_sodium();
  notes_test::Rng rng(64);
  for (std::size_t len = 0; len <= 600; len++) {
    const Bytes b = rng.bytes(len);
    std::string ours(base64_encoded_length(len), '\0');
    base64_encode(ours.data(), b.data(), len);
    INFO("length " << len);
    REQUIRE(ours == notes_test::to_base64(b));
    Bytes back;
    REQUIRE(decode(ours, &back) == Base64Error::ok);
    REQUIRE(back == b);
  }
}

TEST_CASE("base64 reports bad characters, whitespace included, at every position", "[notes][base64]") {
  notes_test::Rng rng(65);
  const std::string good = notes_test::to_base64(rng.bytes(300));
  for (char bad : {' ', '\n', '\t', '\r', '-', '_', '.', '\0', '\x80', '\xff', '*'}) {
    for (std::size_t pos = 0; pos < good.size() - 2; pos++) {
      std::string s = good;
      s[pos] = bad;
      INFO("char " << static_cast<int>(bad) << " at " << pos);
      REQUIRE(decode(s) == Base64Error::bad_character);
    }
  }
  CHECK(decode(" " + good.substr(0, good.size() - 4) + "AAA") == Base64Error::bad_character);
}

TEST_CASE("every byte value at every place of a SIMD stretch decodes as the scalar decoder decodes it",
          "[notes][base64]") {
  // The SIMD build's sixteen-character step classifies each byte by its two
  // nibbles (base64_simd.cpp): one wrong table entry lets a byte through or
  // maps a character wrong. decode() checks SIMD == scalar.
  notes_test::Rng rng(67);
  const std::string good = notes_test::to_base64(rng.bytes(48));  // 64 characters: three SIMD steps and the last quad
  for (int byte = 0; byte < 256; byte++) {
    for (std::size_t pos : {0, 1, 5, 7, 10, 15, 16, 31, 47, 59}) {
      std::string s = good;
      s[pos] = static_cast<char>(byte);
      INFO("byte " << byte << " at " << pos);
      Bytes out;
      const Base64Error e = decode(s, &out);
      const bool in_alphabet = std::isalnum(byte) != 0 || byte == '+' || byte == '/';
      REQUIRE((e == Base64Error::ok) == in_alphabet);
      if (byte == '=') REQUIRE(e == Base64Error::bad_padding);
    }
  }
}

TEST_CASE("base64 reports bad or missing padding and wrong lengths", "[notes][base64]") {
  CHECK(decode("") == Base64Error::ok);
  CHECK(decode("QQ") == Base64Error::bad_length);   // "A" without its padding
  CHECK(decode("QUI") == Base64Error::bad_length);  // "AB" without its padding
  CHECK(decode("QQ=") == Base64Error::bad_length);
  CHECK(decode("QQ===") == Base64Error::bad_length);
  CHECK(decode("QUJD\n") == Base64Error::bad_length);
  CHECK(decode("Q===") == Base64Error::bad_padding);
  CHECK(decode("====") == Base64Error::bad_padding);
  CHECK(decode("QQ=A") == Base64Error::bad_padding);
  CHECK(decode("QQ==QUJD") == Base64Error::bad_padding);
  CHECK(decode("QUJDQUJDQUJDQUJDQUJDQU=DQUJD") == Base64Error::bad_padding);  // inside a SIMD stretch
  CHECK(decode("QR==") == Base64Error::non_canonical);                        // 'R' carries bits the padding drops
  CHECK(decode("QUJ=") == Base64Error::non_canonical);
  Bytes out;
  CHECK(decode("QQ==", &out) == Base64Error::ok);
  CHECK(out == notes_test::text("A"));
  CHECK(decode("QUI=", &out) == Base64Error::ok);
  CHECK(out == notes_test::text("AB"));
}

TEST_CASE("base64 SIMD and scalar decoders agree with libsodium on 100,000 mutated strings", "[notes][base64]") {
  notes_test::init_sodium();
  notes_test::Rng rng(66);
  const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \n-_";
  for (int i = 0; i < 100000; i++) {
    std::string s = notes_test::to_base64(rng.bytes(rng.below(200)));
    for (std::size_t k = rng.below(3); k > 0 && !s.empty(); k--) {
      const std::size_t pos = rng.below(s.size());
      switch (rng.below(3)) {
        case 0:
          s[pos] = alphabet[rng.below(sizeof alphabet - 1)];
          break;
        case 1:
          s.erase(pos, 1);
          break;
        default:
          s.insert(pos, 1, alphabet[rng.below(sizeof alphabet - 1)]);
          break;
      }
    }
    Bytes ours;
    const Base64Error e = decode(s, &ours);  // also checks SIMD == scalar
    Bytes theirs(s.size() + 1);
    std::size_t len = 0;
    const char* end = nullptr;
    const int rc = sodium_base642bin(theirs.data(), theirs.size(), s.data(), s.size(), nullptr, &len, &end,
                                     sodium_base64_VARIANT_ORIGINAL);
    const bool sodium_ok = rc == 0 && end == s.data() + s.size();
    INFO("input \"" << s << "\"");
    REQUIRE((e == Base64Error::ok) == sodium_ok);
    if (sodium_ok) REQUIRE(ours == Bytes(theirs.begin(), theirs.begin() + len));
  }
}

TEST_CASE("a batch reports malformed base64 per note and opens the rest", "[notes][base64]") {
  auto [rng, device_key] = notes_test::batch_start(67);
  std::vector<notes_test::Note> notes;
  for (int i = 0; i < 8; i++) {
    const std::string id = "n" + std::to_string(i);
    notes.push_back(notes_test::encode(
        id, notes_test::seal_raw_with_libsodium(id, notes_test::text("title"), notes_test::text(std::string(90, 'b')),
                                                device_key, rng.bytes(104))));
  }
  using F = NoteField;
  using P = NoteProblem;
  notes[0].title.insert(10, " ");                   // whitespace: wrong length
  notes[1].body[20] = '\n';                         // whitespace in place of a character
  notes[2].key = notes[2].key.substr(0, 95) + "=";  // padding where a character belongs... still 96
  notes[3].title = notes[3].title.substr(0, notes[3].title.size() - 4);  // 2 or 3 bytes short: a wrong tag
  notes[4].body.pop_back();                                              // missing padding
  notes[5].key = notes[5].key.substr(0, 92);                             // wrong length for a key
  notes[6].title = "";                                                   // empty
  const notes_test::Opened r = notes_test::open_notes(notes, device_key);
  CHECK(static_cast<int>(r.status[0]) == notes_test::status(F::title, P::base64_length));
  CHECK(static_cast<int>(r.status[1]) == notes_test::status(F::body, P::base64_character));
  CHECK(r.status[2] != 0);
  CHECK(static_cast<int>(r.status[3]) == notes_test::status(F::title, P::authentication));
  CHECK(static_cast<int>(r.status[4]) == notes_test::status(F::body, P::base64_length));
  CHECK(static_cast<int>(r.status[5]) == notes_test::status(F::key, P::wrong_size));
  CHECK(static_cast<int>(r.status[6]) == notes_test::status(F::title, P::wrong_size));
  CHECK(r.status[7] == 0);
  CHECK(r.titles[7] == "title");
}
