// Parameter validation: every limit, and a message that names the parameter.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "argon2/argon2.h"
#include "argon2/status.h"

namespace a2 = memento::argon2;
using a2::Status;

namespace {

Status check(std::uint32_t t, std::uint32_t m, std::uint32_t p, std::size_t tag, std::size_t salt = 16) {
  static const std::uint8_t byte = 0;
  const a2::Inputs in{&byte, 0, &byte, salt, nullptr, 0, nullptr, 0};
  return a2::validate(a2::Params{t, m, p, tag}, in);
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST_CASE("valid parameters at every edge are accepted", "[argon2][params]") {
  CHECK(check(1, 8, 1, 16, 8) == Status::ok);
  CHECK(check(1, 128, 16, 1024) == Status::ok);
  CHECK(check(0xffffffffu, a2::kMaxMemoryKiB, 16, 32) == Status::ok);
}

TEST_CASE("t = 0 is refused with a message naming t", "[argon2][params]") {
  CHECK(check(0, 64, 1, 32) == Status::t_too_small);
  CHECK(std::string(a2::message(Status::t_too_small)) == "t (iterations) must be at least 1");
}

TEST_CASE("p outside 1..16 is refused with a message naming p", "[argon2][params]") {
  CHECK(check(1, 64, 0, 32) == Status::p_out_of_range);
  CHECK(check(1, 1024, 17, 32) == Status::p_out_of_range);
  CHECK(starts_with(a2::message(Status::p_out_of_range), "p (parallelism"));
}

TEST_CASE("m below 8p or above 2 GiB is refused with a message naming m", "[argon2][params]") {
  CHECK(check(1, 7, 1, 32) == Status::m_too_small);
  CHECK(check(1, 31, 4, 32) == Status::m_too_small);
  CHECK(check(1, a2::kMaxMemoryKiB + 1, 1, 32) == Status::m_too_large);
  CHECK(starts_with(a2::message(Status::m_too_small), "m (memory, KiB)"));
  CHECK(starts_with(a2::message(Status::m_too_large), "m (memory, KiB)"));
}

TEST_CASE("tag lengths outside 16..1024 are refused with a message naming the tag length", "[argon2][params]") {
  CHECK(check(1, 8, 1, 15) == Status::tag_length_out_of_range);
  CHECK(check(1, 8, 1, 1025) == Status::tag_length_out_of_range);
  CHECK(starts_with(a2::message(Status::tag_length_out_of_range), "tag length"));
}

TEST_CASE("a salt under 8 bytes is refused with a message naming the salt", "[argon2][params]") {
  CHECK(check(1, 8, 1, 32, 7) == Status::salt_too_short);
  CHECK(starts_with(a2::message(Status::salt_too_short), "salt"));
}

TEST_CASE("a null buffer with a non-zero length is refused", "[argon2][params]") {
  static const std::uint8_t salt[16] = {};
  const a2::Inputs in{nullptr, 3, salt, 16, nullptr, 0, nullptr, 0};
  CHECK(a2::validate(a2::Params{1, 8, 1, 32}, in) == Status::null_pointer);
}

TEST_CASE("argon2id_hash reports the first invalid parameter and writes nothing", "[argon2][params]") {
  std::uint8_t tag[32] = {};
  static const std::uint8_t salt[16] = {};
  const a2::Inputs in{nullptr, 0, salt, 16, nullptr, 0, nullptr, 0};
  CHECK(a2::argon2id_hash(tag, 32, in, 0, 7, 0) == Status::t_too_small);
  CHECK(a2::argon2id_hash(tag, 32, in, 1, 7, 0) == Status::p_out_of_range);
  CHECK(a2::argon2id_hash(tag, 32, in, 1, 7, 1) == Status::m_too_small);
  CHECK(a2::argon2id_hash(tag, 8, in, 1, 8, 1) == Status::tag_length_out_of_range);
  for (auto b : tag) CHECK(b == 0);
}

TEST_CASE("every status has its own message and negated codes read the same", "[argon2][params]") {
  // The project's ranges (status.h, worker/wasm-status.js): 1-63 RangeError,
  // 64-127 TypeError, 128 OutOfMemoryError, 129-255 InternalError.
  const int codes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 64, 65, 66, 67, 68, 128, 129, 130, 131};
  CHECK(static_cast<int>(Status::ad_too_long) < 64);
  CHECK(static_cast<int>(Status::str_not_argon2id) == 64);
  CHECK(static_cast<int>(Status::out_of_memory) == 128);
  CHECK(static_cast<int>(Status::null_pointer) > 128);
  std::vector<std::string> seen;
  for (int c : codes) {
    const std::string text = a2::message(c);
    CHECK(text != "unknown Argon2 error");
    CHECK(text == a2::message(-c));
    CHECK(std::find(seen.begin(), seen.end(), text) == seen.end());
    seen.push_back(text);
  }
  CHECK(std::string(a2::message(999)) == "unknown Argon2 error");
  CHECK(std::string(a2::message(-2147483647 - 1)) == "unknown Argon2 error");
}
