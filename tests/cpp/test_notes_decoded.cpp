// open_batch with decoded fields (a page that decodes the base64 itself,
// common/notes-decoded.js) against open_batch with the same notes in base64:
// every status, offset, UTF-16 length and output byte the same, for intact
// notes and for notes damaged at each step the kernel checks after decoding
// (sizes around the limits, flipped bits in key, nonce, ciphertext and tag,
// moved ids, empty fields).
#include <algorithm>
#include <catch2/catch.hpp>

#include "test_notes_support.h"

using namespace memento::notes;
using notes_test::Bytes;

namespace {

struct Case {
  std::string id;
  notes_test::RawNote raw;
};

struct Result {
  std::vector<std::uint8_t> status;
  std::vector<std::uint32_t> out_fields, lengths;
  Bytes out;
  std::size_t used = 0, units = 0;
};

Result open(const std::vector<Case>& cases, const Bytes& device_key, bool decoded, std::size_t cap) {
  std::string in;
  std::vector<std::uint32_t> fields;
  for (const Case& c : cases) {
    const std::string parts[4] = {
        c.id, decoded ? std::string(c.raw.key.begin(), c.raw.key.end()) : notes_test::to_base64(c.raw.key),
        decoded ? std::string(c.raw.title.begin(), c.raw.title.end()) : notes_test::to_base64(c.raw.title),
        decoded ? std::string(c.raw.body.begin(), c.raw.body.end()) : notes_test::to_base64(c.raw.body)};
    for (const std::string& part : parts) {
      fields.push_back(static_cast<std::uint32_t>(in.size()));
      fields.push_back(static_cast<std::uint32_t>(part.size()));
      in += part;
    }
  }
  Result r;
  r.status.assign(cases.size(), 0xff);
  r.out_fields.assign(cases.size() * kOpenFieldsOut, 0xdeadbeef);
  r.lengths.assign(cases.size() * kOpenUtf16Out, 0xdeadbeef);
  r.out.assign(cap, 0);
  Utf16Out utf16{nullptr, r.lengths.data(), 0};
  r.used = open_batch(device_key.data(), reinterpret_cast<const std::uint8_t*>(in.data()), in.size(), fields.data(),
                      cases.size(), r.out.data(), r.out.size(), r.out_fields.data(), r.status.data(), &utf16, decoded);
  r.units = utf16.used;
  return r;
}

Bytes flipped(Bytes b, notes_test::Rng& rng) {
  if (!b.empty()) b[rng.below(b.size())] ^= static_cast<std::uint8_t>(1u << rng.below(8));
  return b;
}

Bytes resized(Bytes b, std::size_t n, notes_test::Rng& rng) {
  const std::size_t old = b.size();
  b.resize(n);
  for (std::size_t i = old; i < n; i++) b[i] = static_cast<std::uint8_t>(rng.next());
  return b;
}

}  // namespace

TEST_CASE("decoded fields open exactly as their base64: every status, length and byte", "[notes][decoded]") {
  auto [rng, device_key] = notes_test::batch_start(1203);
  std::vector<Case> cases;
  std::size_t damaged = 0;
  for (int i = 0; i < 1200; i++) {
    Case c{"n" + std::to_string(i) + (i % 7 == 0 ? "\xc3\xa9" : ""), {}};
    // Titles and bodies around 16-byte blocks and Poly1305's 64-byte steps, and long ones.
    const std::size_t body_len = i % 5 == 0 ? 16 * rng.below(20) : rng.below(3000);
    c.raw = notes_test::seal_raw_with_libsodium(c.id, notes_test::text(notes_test::random_text(rng, 90)),
                                                notes_test::text(notes_test::random_text(rng, body_len)), device_key,
                                                rng.bytes(104));
    switch (i % 16) {
      case 1:
        c.raw.key = flipped(c.raw.key, rng);
        break;
      case 2:
        c.raw.title = flipped(c.raw.title, rng);
        break;
      case 3:
        c.raw.body = flipped(c.raw.body, rng);
        break;
      case 4:
        c.raw.key = resized(c.raw.key, 71 + 2 * rng.below(2), rng);
        break;  // 71 or 73 bytes
      case 5:
        c.raw.title = resized(c.raw.title, 39 + rng.below(2), rng);
        break;  // 39: too short; 40: a wrong tag
      case 6:
        c.raw.body = resized(c.raw.body, rng.below(41), rng);
        break;
      case 7:
        c.id += "x";
        break;  // moved to another id
      case 8:
        c.raw.key.clear();
        break;
      case 9:
        std::swap(c.raw.title, c.raw.body);
        break;
      default:
        break;
    }
    if (i % 16 >= 1 && i % 16 <= 9) damaged++;
    cases.push_back(std::move(c));
  }
  std::size_t cap = 0;
  for (const Case& c : cases) {
    cap += open_capacity(notes_test::to_base64(c.raw.title).size()) +
           open_capacity(notes_test::to_base64(c.raw.body).size());
  }
  const Result b64 = open(cases, device_key, false, cap);
  const Result raw = open(cases, device_key, true, cap);
  std::size_t refused = 0;
  for (std::size_t i = 0; i < cases.size(); i++) {
    INFO("note " << i);
    CHECK(static_cast<int>(raw.status[i]) == static_cast<int>(b64.status[i]));
    refused += b64.status[i] != 0;
  }
  CHECK(refused >= damaged - damaged / 8);  // a flipped bit always refuses; a resized field sometimes keeps its size
  CHECK(raw.used == b64.used);
  CHECK(raw.units == b64.units);
  CHECK(raw.out_fields == b64.out_fields);
  CHECK(raw.lengths == b64.lengths);
  CHECK(raw.out == b64.out);  // the plaintexts, and zeros everywhere else: nothing of a refused note stays
}

TEST_CASE("a decoded note needs room for its sealed title and body where it opens, and is refused short of it",
          "[notes][decoded]") {
  auto [rng, device_key] = notes_test::batch_start(1204);
  std::vector<Case> cases;
  std::size_t plain_before_last = 0;
  for (int i = 0; i < 40; i++) {
    const Bytes title = notes_test::text(notes_test::random_text(rng, 40)),
                body = notes_test::text(notes_test::random_text(rng, 500));
    if (i < 39) plain_before_last += title.size() + body.size();
    cases.push_back({std::to_string(i),
                     notes_test::seal_raw_with_libsodium(std::to_string(i), title, body, device_key, rng.bytes(104))});
  }
  // Each note opens onto the output after the plaintexts before it, and needs its whole sealed title and body there.
  const std::size_t need = plain_before_last + cases.back().raw.title.size() + cases.back().raw.body.size();
  const Result exact = open(cases, device_key, true, need);
  for (std::size_t i = 0; i < cases.size(); i++) CHECK(static_cast<int>(exact.status[i]) == 0);
  const Result short_by_one = open(cases, device_key, true, need - 1);
  for (std::size_t i = 0; i + 1 < cases.size(); i++) CHECK(static_cast<int>(short_by_one.status[i]) == 0);
  CHECK(static_cast<int>(short_by_one.status.back()) == notes_test::status(NoteField::layout, NoteProblem::no_room));
  CHECK(short_by_one.used == plain_before_last);
  CHECK(std::all_of(short_by_one.out.begin() + static_cast<long>(short_by_one.used), short_by_one.out.end(),
                    [](std::uint8_t b) { return b == 0; }));
}

TEST_CASE("a decoded note refused on its body leaves nothing of its opened title behind", "[notes][decoded]") {
  auto [rng, device_key] = notes_test::batch_start(1205);
  const Bytes title = notes_test::text(std::string(300, 't')), body = notes_test::text(std::string(200, 'b'));
  Case victim{"v", notes_test::seal_raw_with_libsodium("v", title, body, device_key, rng.bytes(104))};
  victim.raw.body.back() ^= 1;  // the tag: the title opens first, then the body fails
  for (bool decoded : {true, false}) {
    INFO((decoded ? "decoded" : "base64"));
    const Result r = open({victim}, device_key, decoded, 2000);
    CHECK(static_cast<int>(r.status[0]) == notes_test::status(NoteField::body, NoteProblem::authentication));
    CHECK(r.used == 0);
    CHECK(std::all_of(r.out.begin(), r.out.end(), [](std::uint8_t b) { return b == 0; }));
  }
}
