// Every tampered byte is refused, per note: each single-bit flip of the
// wrapped key, the nonces, the tags, the ciphertexts and the associated data
// (the id); every truncation; a note moved to another id. The notes around a
// tampered one still open, and no byte of the tampered one reaches the output.
#include <catch2/catch.hpp>

#include <algorithm>

#include "test_notes_support.h"

using namespace memento::notes;
using notes_test::Bytes;
using notes_test::Note;
using notes_test::RawNote;

namespace {

struct Vault {
  Bytes device_key;
  std::vector<Note> notes;
  std::vector<std::string> titles, bodies;
  RawNote victim;  // notes[1], decoded
};

Vault make_vault() {
  notes_test::init_sodium();
  notes_test::Rng rng(99);
  Vault v;
  v.device_key = rng.bytes(32);
  const char* ids[] = {"note-0", "note-\xc3\xa9t\xc3\xa9", "note-2"};
  for (int i = 0; i < 3; i++) {
    std::string title = "Title " + std::to_string(i);
    std::string body(100 + 150 * i, 'a' + i);
    RawNote raw = notes_test::seal_raw_with_libsodium(ids[i], Bytes(title.begin(), title.end()),
                                                      Bytes(body.begin(), body.end()), v.device_key, rng.bytes(104));
    v.notes.push_back(notes_test::encode(ids[i], raw));
    v.titles.push_back(title);
    v.bodies.push_back(body);
    if (i == 1) v.victim = raw;
  }
  return v;
}

// The victim (notes[1]) must fail with `expected` (any failure when 0xff) while the others open,
// and the output holds exactly the other notes' plaintexts, the rest of it zero.
void check_only_victim_fails(const Vault& v, const std::vector<Note>& notes, std::uint8_t expected) {
  const notes_test::Opened r = notes_test::open_notes(notes, v.device_key);
  if (expected == 0xff)
    CHECK(r.status[1] != 0);
  else
    CHECK(static_cast<int>(r.status[1]) == static_cast<int>(expected));
  for (int i : {0, 2}) {
    CHECK(r.status[i] == 0);
    CHECK(r.titles[i] == v.titles[i]);
    CHECK(r.bodies[i] == v.bodies[i]);
  }
  CHECK(r.used == v.titles[0].size() + v.bodies[0].size() + v.titles[2].size() + v.bodies[2].size());
  CHECK(std::all_of(r.out.begin() + r.used, r.out.end(), [](std::uint8_t b) { return b == 0; }));
  for (int k = 0; k < 4; k++) CHECK(r.out_fields[kOpenFieldsOut + k] == 0);
}

std::uint8_t auth(NoteField f) { return notes_test::status(f, NoteProblem::authentication); }

}  // namespace

TEST_CASE("an untampered vault opens every note", "[notes][tamper]") {
  const Vault v = make_vault();
  const notes_test::Opened r = notes_test::open_notes(v.notes, v.device_key);
  for (int i = 0; i < 3; i++) {
    CHECK(r.status[i] == 0);
    CHECK(r.titles[i] == v.titles[i]);
    CHECK(r.bodies[i] == v.bodies[i]);
  }
}

TEST_CASE("refuses a note whose wrapped key has any single bit flipped", "[notes][tamper]") {
  const Vault v = make_vault();
  for (std::size_t bit = 0; bit < v.victim.key.size() * 8; bit++) {
    Bytes key = v.victim.key;
    key[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    std::vector<Note> notes = v.notes;
    notes[1].key = notes_test::to_base64(key);
    INFO("bit " << bit);
    check_only_victim_fails(v, notes, auth(NoteField::key));
  }
}

TEST_CASE("refuses a note whose title or body nonce, ciphertext or tag has any single bit flipped", "[notes][tamper]") {
  const Vault v = make_vault();
  for (NoteField field : {NoteField::title, NoteField::body}) {
    const Bytes& raw = field == NoteField::title ? v.victim.title : v.victim.body;
    for (std::size_t bit = 0; bit < raw.size() * 8; bit++) {
      Bytes tampered = raw;
      tampered[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      std::vector<Note> notes = v.notes;
      (field == NoteField::title ? notes[1].title : notes[1].body) = notes_test::to_base64(tampered);
      INFO("field " << static_cast<int>(field) << " bit " << bit);
      check_only_victim_fails(v, notes, auth(field));
    }
  }
}

TEST_CASE("refuses a note whose id (the associated data) has any single bit flipped", "[notes][tamper]") {
  const Vault v = make_vault();
  for (std::size_t bit = 0; bit < v.notes[1].id.size() * 8; bit++) {
    std::vector<Note> notes = v.notes;
    notes[1].id[bit / 8] = static_cast<char>(notes[1].id[bit / 8] ^ (1 << (bit % 8)));
    INFO("bit " << bit);
    check_only_victim_fails(v, notes, auth(NoteField::title));
  }
}

TEST_CASE("refuses every truncation of every field, as text and as decoded bytes", "[notes][tamper]") {
  const Vault v = make_vault();
  for (int field = 0; field < 3; field++) {
    const std::string& whole = field == 0 ? v.notes[1].key : field == 1 ? v.notes[1].title : v.notes[1].body;
    const Bytes& raw = field == 0 ? v.victim.key : field == 1 ? v.victim.title : v.victim.body;
    for (std::size_t len = 0; len < whole.size(); len++) {
      std::vector<Note> notes = v.notes;
      (field == 0 ? notes[1].key : field == 1 ? notes[1].title : notes[1].body) = whole.substr(0, len);
      INFO("field " << field << " text length " << len);
      check_only_victim_fails(v, notes, 0xff);
    }
    for (std::size_t len = 0; len < raw.size(); len++) {
      std::vector<Note> notes = v.notes;
      (field == 0   ? notes[1].key
       : field == 1 ? notes[1].title
                    : notes[1].body) = notes_test::to_base64(Bytes(raw.begin(), raw.begin() + static_cast<long>(len)));
      INFO("field " << field << " byte length " << len);
      check_only_victim_fails(v, notes, 0xff);
    }
  }
}

TEST_CASE("refuses a note moved to another id, and a title and body swapped", "[notes][tamper]") {
  const Vault v = make_vault();
  std::vector<Note> moved = v.notes;
  moved[1].id = v.notes[0].id;
  check_only_victim_fails(v, moved, auth(NoteField::title));

  std::vector<Note> swapped = v.notes;
  std::swap(swapped[1].title, swapped[1].body);
  check_only_victim_fails(v, swapped, auth(NoteField::title));

  std::vector<Note> foreign_body = v.notes;  // the body of another note under this note's key
  foreign_body[1].body = v.notes[2].body;
  check_only_victim_fails(v, foreign_body, auth(NoteField::body));

  std::vector<Note> foreign_key = v.notes;  // another note's wrapped key: the key opens, the title does not
  foreign_key[1].key = v.notes[0].key;
  check_only_victim_fails(v, foreign_key, auth(NoteField::title));
}

TEST_CASE("a wrong device key fails every note on its wrapped key", "[notes][tamper]") {
  const Vault v = make_vault();
  Bytes wrong = v.device_key;
  wrong[31] ^= 0x80;
  const notes_test::Opened r = notes_test::open_notes(v.notes, wrong);
  for (int i = 0; i < 3; i++) CHECK(static_cast<int>(r.status[i]) == auth(NoteField::key));
  CHECK(r.used == 0);
  CHECK(std::all_of(r.out.begin(), r.out.end(), [](std::uint8_t b) { return b == 0; }));
}
