// The batch entry points: sealing with fixed randomness gives libsodium's
// notes byte for byte; libsodium's notes open; bad offsets and a short output
// are reported, not overrun.
#include <catch2/catch.hpp>

#include "test_notes_support.h"

using namespace memento::notes;
using notes_test::Bytes;
using notes_test::Note;
using notes_test::random_text;

namespace {

struct SealInput {
  std::string in;
  std::vector<std::uint32_t> fields;
  Bytes random;
  std::size_t capacity = 0;
};

void add(SealInput& s, const std::string& id, const std::string& title, const std::string& body, const Bytes& random) {
  for (const std::string* f : {&id, &title, &body}) {
    s.fields.push_back(static_cast<std::uint32_t>(s.in.size()));
    s.fields.push_back(static_cast<std::uint32_t>(f->size()));
    s.in += *f;
  }
  s.random.insert(s.random.end(), random.begin(), random.end());
  s.capacity += seal_capacity(title.size(), body.size());
}

}  // namespace

TEST_CASE("sealing a batch with fixed randomness gives libsodium's notes byte for byte", "[notes][batch]") {
  auto [rng, device_key] = notes_test::batch_start(5);
  SealInput s;
  std::vector<Note> expected;
  for (int i = 0; i < 300; i++) {
    const std::string id = "id-" + std::to_string(i) + random_text(rng, 6);
    const std::string title = random_text(rng, 80), body = random_text(rng, 3000);
    const Bytes random = rng.bytes(kSealRandomBytes);
    add(s, id, title, body, random);
    expected.push_back(notes_test::encode(
        id,
        notes_test::seal_raw_with_libsodium(id, notes_test::text(title), notes_test::text(body), device_key, random)));
  }
  Bytes out(s.capacity);
  std::vector<std::uint32_t> of(300 * kSealFieldsOut);
  const std::size_t used =
      seal_batch(device_key.data(), reinterpret_cast<const std::uint8_t*>(s.in.data()), s.in.size(), s.fields.data(),
                 300, s.random.data(), out.data(), out.size(), of.data());
  REQUIRE(used == s.capacity);
  for (int i = 0; i < 300; i++) {
    const char* base = reinterpret_cast<const char*>(out.data());
    const std::uint32_t* f = &of[i * kSealFieldsOut];
    INFO("note " << i);
    CHECK(std::string(base + f[0], f[1]) == expected[i].key);
    CHECK(std::string(base + f[2], f[3]) == expected[i].title);
    CHECK(std::string(base + f[4], f[5]) == expected[i].body);
  }
}

TEST_CASE("a batch of 20,000 libsodium notes opens to the right texts", "[notes][batch]") {
  auto [rng, device_key] = notes_test::batch_start(6);
  std::vector<Note> notes;
  std::vector<std::string> titles, bodies;
  for (int i = 0; i < 20000; i++) {
    const std::string id = std::to_string(i);
    titles.push_back(random_text(rng, 60));
    bodies.push_back(random_text(rng, 1500));
    notes.push_back(notes_test::encode(
        id, notes_test::seal_raw_with_libsodium(id, notes_test::text(titles.back()), notes_test::text(bodies.back()),
                                                device_key, rng.bytes(104))));
  }
  const notes_test::Opened r = notes_test::open_notes(notes, device_key);
  std::size_t wrong = 0;
  for (int i = 0; i < 20000; i++) {
    if (r.status[i] != 0 || r.titles[i] != titles[i] || r.bodies[i] != bodies[i]) {
      if (wrong++ < 3) FAIL_CHECK("note " << i << " status " << static_cast<int>(r.status[i]));
    }
  }
  CHECK(wrong == 0);
}

TEST_CASE("offsets outside the input are reported per note, a short output is refused", "[notes][batch]") {
  auto [rng, device_key] = notes_test::batch_start(8);
  const std::string in(200, 'A');
  const std::uint32_t fields[16] = {0, 1, 0, 96, 96, 8, 104, 0xffffffff,  //
                                    0, 1, 0, 96, 96, 8, 190, 20};
  std::uint8_t status[2];
  std::uint32_t of[2 * kOpenFieldsOut];
  Bytes out(1000);
  open_batch(device_key.data(), reinterpret_cast<const std::uint8_t*>(in.data()), in.size(), fields, 2, out.data(),
             out.size(), of, status);
  CHECK(static_cast<int>(status[0]) == notes_test::status(NoteField::layout, NoteProblem::out_of_bounds));
  CHECK(static_cast<int>(status[1]) == notes_test::status(NoteField::layout, NoteProblem::out_of_bounds));

  SealInput s;
  add(s, "id", "title", "body", rng.bytes(kSealRandomBytes));
  Bytes small(s.capacity - 1);
  std::uint32_t sof[6];
  CHECK(seal_batch(device_key.data(), reinterpret_cast<const std::uint8_t*>(s.in.data()), s.in.size(), s.fields.data(),
                   1, s.random.data(), small.data(), small.size(), sof) == kSealFailed);
}

TEST_CASE("notes sealed by the batch open again", "[notes][batch]") {
  notes_test::Rng rng(9);
  const Bytes device_key = rng.bytes(32);
  SealInput s;
  std::vector<std::string> titles, bodies, ids;
  for (int i = 0; i < 50; i++) {
    ids.push_back("x" + std::to_string(i));
    titles.push_back(random_text(rng, 100));
    bodies.push_back(random_text(rng, 5000));
    add(s, ids.back(), titles.back(), bodies.back(), rng.bytes(kSealRandomBytes));
  }
  Bytes out(s.capacity);
  std::vector<std::uint32_t> of(50 * kSealFieldsOut);
  REQUIRE(seal_batch(device_key.data(), reinterpret_cast<const std::uint8_t*>(s.in.data()), s.in.size(),
                     s.fields.data(), 50, s.random.data(), out.data(), out.size(), of.data()) == s.capacity);
  std::vector<Note> notes;
  const char* base = reinterpret_cast<const char*>(out.data());
  for (int i = 0; i < 50; i++) {
    const std::uint32_t* f = &of[i * kSealFieldsOut];
    notes.push_back(
        {ids[i], std::string(base + f[0], f[1]), std::string(base + f[2], f[3]), std::string(base + f[4], f[5])});
  }
  const notes_test::Opened r = notes_test::open_notes(notes, device_key);
  for (int i = 0; i < 50; i++) {
    CHECK(r.status[i] == 0);
    CHECK(r.titles[i] == titles[i]);
    CHECK(r.bodies[i] == bodies[i]);
  }
}
