// The kernel's UTF-8 to UTF-16 (utf16.h), in the build under test (SIMD or
// scalar), against a reference decoder written the other way round (width
// from the lead's high bits, then the rules on the code point): every 1-, 2-
// and 3-byte sequence and a sample of 4-byte ones, random well-formed text of
// every length and alignment with ill-formed bytes put in, and open_batch
// writing each opened field's units and length, or refusing a call whose
// plaintext is ill-formed. utf16_length (the count alone) is checked against
// the transcoding on every one of those inputs.
#include <catch2/catch.hpp>

#include <algorithm>

#include "notes/utf16.h"
#include "test_notes_support.h"

using namespace memento::notes;
using notes_test::Bytes;
using Units = std::vector<std::uint16_t>;

namespace {

// The reference: false for ill-formed UTF-8 (Unicode 3.9, D92).
bool reference_decode(const Bytes& s, Units* out) {
  out->clear();
  for (std::size_t i = 0; i < s.size();) {
    const std::uint8_t lead = s[i];
    int width = 0;
    while (width < 8 && (lead & (0x80 >> width))) width++;
    if (width == 0)
      width = 1;
    else if (width == 1 || width > 4)
      return false;
    if (i + width > s.size()) return false;
    std::uint32_t cp = width == 1 ? lead : lead & ((1u << (7 - width)) - 1);
    for (int k = 1; k < width; k++) {
      if ((s[i + k] & 0xc0) != 0x80) return false;
      cp = cp << 6 | (s[i + k] & 0x3f);
    }
    const std::uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[width] || (cp >= 0xd800 && cp < 0xe000) || cp > 0x10ffff) return false;
    if (cp < 0x10000) {
      out->push_back(static_cast<std::uint16_t>(cp));
    } else {
      out->push_back(static_cast<std::uint16_t>(0xd800 + ((cp - 0x10000) >> 10)));
      out->push_back(static_cast<std::uint16_t>(0xdc00 + ((cp - 0x10000) & 0x3ff)));
    }
    i += width;
  }
  return true;
}

// The kernel on `s` placed `shift` bytes into its buffer (SIMD loads are unaligned).
bool kernel_decode(const Bytes& s, std::size_t shift, Units* out) {
  Bytes shifted(shift, 0x41);
  shifted.insert(shifted.end(), s.begin(), s.end());
  out->assign(s.size() + 1, 0xaaaa);
  const std::size_t n = utf8_to_utf16(out->data(), shifted.data() + shift, s.size());
  // The count alone (the browsers' lengths) says what the transcoding says,
  // also with `s` inside sixteen-byte steps (ASCII around it: short inputs
  // would only reach its byte-by-byte tail).
  REQUIRE(utf16_length(shifted.data() + shift, s.size()) == n);
  Bytes padded = shifted;
  padded.insert(padded.end(), 16, 0x42);
  REQUIRE(utf16_length(padded.data(), padded.size()) == (n == kIllFormed ? kIllFormed : n + shift + 16));
  if (n == kIllFormed) return false;
  REQUIRE((*out)[s.size()] == 0xaaaa);  // nothing past the room for one unit a byte
  out->resize(n);
  return true;
}

void check_same(const Bytes& s, std::size_t shift = 0) {
  Units expected, got;
  const bool ok = reference_decode(s, &expected);
  REQUIRE(kernel_decode(s, shift, &got) == ok);
  if (ok) REQUIRE(got == expected);
}

Bytes random_utf8(notes_test::Rng& rng, std::size_t max_bytes) {
  Units ignored;
  Bytes s;
  const std::size_t target = rng.below(max_bytes + 1);
  const std::uint32_t widths[4] = {0x80, 0x800, 0x10000, 0x110000};
  const std::size_t mix = rng.below(5);  // from all ASCII to mostly non-ASCII
  while (s.size() < target) {
    const std::size_t w = rng.below(4) < mix ? rng.below(4) : 0;
    std::uint32_t cp = static_cast<std::uint32_t>(rng.below(widths[w]));
    if (cp >= 0xd800 && cp < 0xe000) cp = 0xfeff;
    if (cp < 0x80) {
      s.push_back(static_cast<std::uint8_t>(cp));
    } else if (cp < 0x800) {
      s.insert(s.end(), {static_cast<std::uint8_t>(0xc0 | cp >> 6), static_cast<std::uint8_t>(0x80 | (cp & 0x3f))});
    } else if (cp < 0x10000) {
      s.insert(s.end(), {static_cast<std::uint8_t>(0xe0 | cp >> 12), static_cast<std::uint8_t>(0x80 | (cp >> 6 & 0x3f)),
                         static_cast<std::uint8_t>(0x80 | (cp & 0x3f))});
    } else {
      s.insert(s.end(),
               {static_cast<std::uint8_t>(0xf0 | cp >> 18), static_cast<std::uint8_t>(0x80 | (cp >> 12 & 0x3f)),
                static_cast<std::uint8_t>(0x80 | (cp >> 6 & 0x3f)), static_cast<std::uint8_t>(0x80 | (cp & 0x3f))});
    }
  }
  return s;
}

// open_batch over `notes` with UTF-16 out, into buffers that show what it
// leaves unwritten: the units 0x5555 (none given when !with_units: lengths
// only), the lengths 0xdeadbeef, the UTF-8 out zeros.
struct Utf16Opened {
  Bytes out;
  std::vector<std::uint8_t> status;
  Units units;
  std::vector<std::uint32_t> lengths;
  std::size_t used;
};

Utf16Opened open_utf16(const std::vector<notes_test::Note>& notes, const Bytes& device_key, bool with_units) {
  const auto [in, fields, cap] = notes_test::pack_notes(notes);
  Utf16Opened r{Bytes(cap), std::vector<std::uint8_t>(notes.size()), Units(cap, 0x5555),
                std::vector<std::uint32_t>(notes.size() * kOpenUtf16Out, 0xdeadbeef), 0};
  std::vector<std::uint32_t> of(notes.size() * kOpenFieldsOut);
  Utf16Out utf16{with_units ? r.units.data() : nullptr, r.lengths.data(), 0};
  open_batch(device_key.data(), reinterpret_cast<const std::uint8_t*>(in.data()), in.size(), fields.data(),
             notes.size(), r.out.data(), r.out.size(), of.data(), r.status.data(), &utf16);
  r.used = utf16.used;
  return r;
}

}  // namespace

TEST_CASE("UTF-8 to UTF-16 agrees with the reference on every 1-, 2- and 3-byte sequence and 4-byte samples",
          "[notes][utf16]") {
  for (std::uint32_t a = 0; a < 256; a++) check_same({static_cast<std::uint8_t>(a)});
  for (std::uint32_t a = 0; a < 65536; a++)
    check_same({static_cast<std::uint8_t>(a >> 8), static_cast<std::uint8_t>(a)});
  for (std::uint32_t a = 0xc0 << 16; a < (1u << 24); a++) {
    check_same({static_cast<std::uint8_t>(a >> 16), static_cast<std::uint8_t>(a >> 8), static_cast<std::uint8_t>(a)});
  }
  notes_test::Rng rng(24);
  for (int round = 0; round < 2000000; round++) {
    // A lead F0..F7 or so, then bytes near the continuation range.
    const std::uint8_t lead = static_cast<std::uint8_t>(0xee + rng.below(10));
    const auto near = [&] {
      return static_cast<std::uint8_t>(rng.below(8) == 0 ? rng.below(256) : 0x70 + rng.below(0x60));
    };
    check_same({lead, near(), near(), near()});
  }
}

TEST_CASE(
    "UTF-8 to UTF-16 of random text equals the reference at every length and alignment, ill-formed bytes included",
    "[notes][utf16]") {
  notes_test::Rng rng(21);
  const Bytes bad[] = {{0x80},
                       {0xc3},
                       {0xe2, 0x82},
                       {0xf0, 0x9f, 0x94},
                       {0xc0, 0x80},
                       {0xed, 0xa0, 0x80},
                       {0xf4, 0x90, 0x80, 0x80},
                       {0xff},
                       {0xe0, 0x9f, 0x80}};
  for (int round = 0; round < 6000; round++) {
    Bytes s = random_utf8(rng, round < 2000 ? 40 : 3000);
    INFO("round " << round << " bytes " << s.size());
    check_same(s, rng.below(16));
    if (round % 3 == 0) {
      // Put an ill-formed piece between two code points (never inside one: it could then be well-formed).
      std::size_t at = rng.below(s.size() + 1);
      while (at < s.size() && (s[at] & 0xc0) == 0x80) at++;
      const Bytes& piece = bad[rng.below(sizeof bad / sizeof bad[0])];
      s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), piece.begin(), piece.end());
      Units ignored;
      REQUIRE_FALSE(reference_decode(s, &ignored));
      check_same(s, rng.below(16));
    }
  }
}

TEST_CASE("open_batch writes each opened field as UTF-16 with its length, or stops at an ill-formed one",
          "[notes][utf16]") {
  auto [rng, device_key] = notes_test::batch_start(23);
  for (const bool with_bad : {false, true}) {
    std::vector<notes_test::Note> notes;
    std::vector<Bytes> titles, bodies;
    for (int i = 0; i < 300; i++) {
      const std::string id = "u" + std::to_string(i);
      titles.push_back(random_utf8(rng, 80));
      bodies.push_back(random_utf8(rng, 3000));
      if (with_bad && i == 150) bodies.back().push_back(0xc3);  // truncated at the very end
      notes.push_back(notes_test::encode(
          id, notes_test::seal_raw_with_libsodium(id, titles.back(), bodies.back(), device_key, rng.bytes(104))));
    }
    notes[7].body[50] = notes[7].body[50] == 'A' ? 'B' : 'A';  // tampered: fails authentication
    const Utf16Opened opened = open_utf16(notes, device_key, true);
    CHECK(opened.status[7] != 0);
    CHECK(opened.lengths[14] == 0);
    CHECK(opened.lengths[15] == 0);
    if (with_bad) {
      REQUIRE(opened.used == kIllFormed);
      // Every note still opens; no UTF-16 unit of any plaintext is left behind (no count goes back to erase them by).
      CHECK(opened.status[150] == 0);
      for (std::size_t k = 0; k < opened.units.size(); k++) {
        if (opened.units[k] != 0 && opened.units[k] != 0x5555) FAIL("unit " << k << " left behind");
      }
      continue;
    }
    Units expected;
    for (std::size_t i = 0; i < notes.size(); i++) {
      if (i == 7) continue;
      REQUIRE(opened.status[i] == 0);
      Units title, body;
      REQUIRE(reference_decode(titles[i], &title));
      REQUIRE(reference_decode(bodies[i], &body));
      CHECK(opened.lengths[2 * i] == title.size());
      CHECK(opened.lengths[2 * i + 1] == body.size());
      expected.insert(expected.end(), title.begin(), title.end());
      expected.insert(expected.end(), body.begin(), body.end());
    }
    REQUIRE(opened.used == expected.size());
    CHECK(Units(opened.units.begin(), opened.units.begin() + static_cast<std::ptrdiff_t>(expected.size())) == expected);
  }
}

TEST_CASE("open_batch with lengths only writes the lengths the UTF-16 has, or stops at an ill-formed field",
          "[notes][utf16]") {
  auto [rng, device_key] = notes_test::batch_start(24);
  for (const bool with_bad : {false, true}) {
    std::vector<notes_test::Note> notes;
    for (int i = 0; i < 60; i++) {
      const std::string id = "l" + std::to_string(i);
      Bytes body = random_utf8(rng, 600);
      if (with_bad && i == 41) body.insert(body.begin(), 0x80);  // a lone continuation byte first
      notes.push_back(notes_test::encode(
          id, notes_test::seal_raw_with_libsodium(id, random_utf8(rng, 80), body, device_key, rng.bytes(104))));
    }
    notes[9].title[60] = notes[9].title[60] == 'A' ? 'B' : 'A';  // tampered: fails authentication
    const Utf16Opened counted = open_utf16(notes, device_key, false);
    const Utf16Opened transcoded = open_utf16(notes, device_key, true);
    CHECK(counted.status[9] != 0);
    CHECK(transcoded.status[9] != 0);
    CHECK(std::count(counted.units.begin(), counted.units.end(), 0x5555) ==
          static_cast<std::ptrdiff_t>(counted.units.size()));
    CHECK(counted.used == transcoded.used);
    CHECK(counted.out == transcoded.out);  // the UTF-8 is the same either way
    if (with_bad) {
      CHECK(counted.used == kIllFormed);
      continue;
    }
    CHECK(counted.lengths == transcoded.lengths);
  }
}
