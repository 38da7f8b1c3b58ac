// libsodium hash strings: ours verified by libsodium and theirs by ours, wrong
// passwords refused, and malformed strings refused exactly when libsodium
// refuses them.
#include <catch2/catch.hpp>
#include <sodium.h>

#include <cstring>
#include <string>

#include "argon2/argon2.h"
#include "argon2/pwhash_str.h"
#include "test_argon2_util.h"

using namespace argon2_test;
namespace a2 = memento::argon2;
using a2::Status;

namespace {

// A NUL and non-ASCII bytes: the password is bytes, never a C string.
const std::string kPassword("correct horse battery staple \xc3\xa9\x00!", 33);

std::string ours_str(const std::string& password, const std::vector<std::uint8_t>& salt, std::uint32_t t,
                     std::uint32_t m) {
  char out[a2::kStrMaxBytes];
  const long n = a2::pwhash_str(out, sizeof out, reinterpret_cast<const std::uint8_t*>(password.data()),
                                password.size(), salt.data(), t, m);
  REQUIRE(n > 0);
  return std::string(out, static_cast<std::size_t>(n));
}

std::string libsodium_str(const std::string& password, std::uint32_t t, std::uint32_t m) {
  char out[crypto_pwhash_STRBYTES];
  REQUIRE(crypto_pwhash_str_alg(out, password.data(), password.size(), t, static_cast<std::size_t>(m) * 1024,
                                crypto_pwhash_ALG_ARGON2ID13) == 0);
  return out;
}

int ours_verify(const std::string& str, const std::string& password) {
  return a2::pwhash_str_verify(str.data(), str.size(), reinterpret_cast<const std::uint8_t*>(password.data()),
                               password.size());
}

bool libsodium_accepts(const std::string& str, const std::string& password) {
  return crypto_pwhash_argon2id_str_verify(str.c_str(), password.data(), password.size()) == 0;
}

// Reads "key=<digits>" leniently; values past 2^32 come back as UINT64_MAX.
std::uint64_t lenient_number(const std::string& s, const char* key) {
  const auto at = s.find(key);
  if (at == std::string::npos) return 0;
  std::uint64_t v = 0;
  for (std::size_t i = at + std::strlen(key); i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    v = v * 10 + static_cast<std::uint64_t>(s[i] - '0');
    if (v > 0xffffffffULL) return UINT64_MAX;
  }
  return v;
}

// libsodium would spend minutes (huge t) or gigabytes (huge m) on a string that
// parses; such mutants are only checked on our side. Numbers past 2^32 are fine:
// libsodium's parser refuses them before any work.
bool cheap_for_libsodium(const std::string& s) {
  const auto m = lenient_number(s, "m=");
  const auto t = lenient_number(s, "t=");
  return (m <= 65536 || m == UINT64_MAX) && (t <= 16 || t == UINT64_MAX);
}

struct Verdicts {
  int compared = 0;
  int skipped = 0;
};

// libsodium 1.0.18's constant-time base64 reader compares a plain char: where
// char is signed (x86) every byte >= 0x80 compares equal to '/'. Such a string
// is not canonical base64 and we refuse it; libsodium may accept it.
bool has_high_byte(const std::string& s) {
  for (unsigned char c : s) {
    if (c >= 0x80) return true;
  }
  return false;
}

// The accept/refuse verdicts must agree; ours must also never accept a string
// that libsodium refuses (the same thing, stated for the failure message).
void expect_same_verdict(const std::string& mutant, const std::string& password, Verdicts& v) {
  const int ours = ours_verify(mutant, password);
  CHECK(ours <= 1);
  if (!cheap_for_libsodium(mutant)) {
    ++v.skipped;
    CHECK(ours != 1);
    return;
  }
  INFO("mutant: " << mutant << " ours: " << ours << " (" << a2::message(ours) << ")");
  const bool theirs = libsodium_accepts(mutant, password);
  if (has_high_byte(mutant)) {
    CHECK(ours != 1);
    ++v.skipped;
    return;
  }
  ++v.compared;
  CHECK((ours == 1) == theirs);
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("strings from pwhash_str verify with libsodium crypto_pwhash_str_verify", "[argon2][str]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed);
  for (std::uint32_t t : {1u, 2u, 3u}) {
    for (std::uint32_t m : {8u, 64u, 1024u}) {
      const auto salt = random_bytes(rng, 16);
      const std::string s = ours_str(kPassword, salt, t, m);
      INFO(s);
      CHECK(s.rfind("$argon2id$v=19$m=" + std::to_string(m) + ",t=" + std::to_string(t) + ",p=1$", 0) == 0);
      CHECK(crypto_pwhash_str_verify(s.c_str(), kPassword.data(), kPassword.size()) == 0);
      CHECK(crypto_pwhash_str_needs_rehash(s.c_str(), t, static_cast<std::size_t>(m) * 1024) == 0);
    }
  }
}

TEST_CASE("libsodium crypto_pwhash_str_alg strings verify with ours", "[argon2][str]") {
  REQUIRE(sodium_init() >= 0);
  for (std::uint32_t t : {1u, 2u, 4u}) {
    for (std::uint32_t m : {8u, 100u, 2048u}) {
      const std::string s = libsodium_str(kPassword, t, m);
      INFO(s);
      CHECK(ours_verify(s, kPassword) == 1);
    }
  }
}

TEST_CASE("pwhash_str writes exactly libsodium's string for the same salt", "[argon2][str]") {
  REQUIRE(sodium_init() >= 0);
  const std::string theirs = libsodium_str(kPassword, 2, 64);
  a2::HashString h;
  REQUIRE(a2::parse_hash_string(theirs.data(), theirs.size(), h) == Status::ok);
  REQUIRE(h.salt_bytes == 16);
  std::vector<std::uint8_t> salt(16);
  REQUIRE(sodium_base642bin(salt.data(), salt.size(), h.salt_b64, h.salt_chars, nullptr, nullptr, nullptr,
                            sodium_base64_VARIANT_ORIGINAL_NO_PADDING) == 0);
  CHECK(ours_str(kPassword, salt, 2, 64) == theirs);
}

TEST_CASE("wrong passwords are refused by ours and by libsodium", "[argon2][str]") {
  REQUIRE(sodium_init() >= 0);
  const std::vector<std::uint8_t> salt(16, 7);
  const std::string ours = ours_str(kPassword, salt, 1, 16);
  const std::string theirs = libsodium_str(kPassword, 1, 16);
  for (const std::string& wrong : {std::string(), kPassword.substr(0, kPassword.size() - 1), kPassword + "x",
                                   std::string("Correct") + kPassword.substr(7)}) {
    CHECK(ours_verify(ours, wrong) == 0);
    CHECK(ours_verify(theirs, wrong) == 0);
    CHECK_FALSE(libsodium_accepts(ours, wrong));
  }
}

TEST_CASE("strings with p > 1 lanes verify the same in ours and libsodium", "[argon2][str]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed + 1);
  for (std::uint32_t p : {2u, 3u, 4u, 8u}) {
    const auto salt = random_bytes(rng, 16);
    std::uint8_t hash[32];
    const a2::Inputs in{reinterpret_cast<const std::uint8_t*>(kPassword.data()),
                        kPassword.size(),
                        salt.data(),
                        salt.size(),
                        nullptr,
                        0,
                        nullptr,
                        0};
    const std::uint32_t m = 8 * p + 5;
    REQUIRE(a2::argon2id_hash(hash, sizeof hash, in, 2, m, p) == Status::ok);
    char buf[a2::kStrMaxBytes];
    const std::size_t n = a2::encode_hash_string(buf, sizeof buf, 2, m, p, salt.data(), 16, hash, 32);
    REQUIRE(n > 0);
    const std::string s(buf, n);
    INFO(s);
    CHECK(ours_verify(s, kPassword) == 1);
    CHECK(libsodium_accepts(s, kPassword));
  }
}

TEST_CASE("pwhash_str refuses a buffer too small and invalid parameters", "[argon2][str]") {
  const std::vector<std::uint8_t> salt(16, 1);
  char out[a2::kStrMaxBytes];
  const auto* pw = reinterpret_cast<const std::uint8_t*>(kPassword.data());
  CHECK(a2::pwhash_str(out, 50, pw, kPassword.size(), salt.data(), 1, 8) ==
        -static_cast<long>(Status::buffer_too_small));
  CHECK(a2::pwhash_str(out, sizeof out, pw, kPassword.size(), salt.data(), 0, 8) ==
        -static_cast<long>(Status::t_too_small));
  CHECK(a2::pwhash_str(out, sizeof out, pw, kPassword.size(), salt.data(), 1, 7) ==
        -static_cast<long>(Status::m_too_small));
}

TEST_CASE("hand-built malformed strings are refused with the matching code, like libsodium", "[argon2][str]") {
  REQUIRE(sodium_init() >= 0);
  const std::vector<std::uint8_t> salt(16, 9);
  const std::string good = ours_str(kPassword, salt, 1, 8);
  REQUIRE(ours_verify(good, kPassword) == 1);
  const auto salt_b64 = good.substr(27, 22);
  const auto hash_b64 = good.substr(50);
  const std::string head = "$argon2id$v=19$m=8,t=1,p=1$";
  REQUIRE(good == head + salt_b64 + "$" + hash_b64);

  struct Case {
    const char* why;
    std::string str;
    Status expected;
  };
  const Case cases[] = {
      {"argon2i prefix", replace(good, "$argon2id$", "$argon2i$"), Status::str_not_argon2id},
      {"argon2d prefix", replace(good, "$argon2id$", "$argon2d$"), Status::str_not_argon2id},
      {"upper-case prefix", replace(good, "argon2id", "ARGON2ID"), Status::str_not_argon2id},
      {"empty string", "", Status::str_not_argon2id},
      {"missing version", replace(good, "v=19$", ""), Status::str_bad_version},
      {"version 16", replace(good, "v=19", "v=16"), Status::str_bad_version},
      {"version with leading zero", replace(good, "v=19", "v=019"), Status::str_bad_number},
      {"version past 2^32", replace(good, "v=19", "v=4294967315"), Status::str_bad_number},
      {"m with leading zero", replace(good, "m=8,", "m=08,"), Status::str_bad_number},
      {"m empty", replace(good, "m=8,", "m=,"), Status::str_bad_number},
      {"m negative", replace(good, "m=8,", "m=-8,"), Status::str_bad_number},
      {"m with plus sign", replace(good, "m=8,", "m=+8,"), Status::str_bad_number},
      {"m of 2^32", replace(good, "m=8,", "m=4294967296,"), Status::str_bad_number},
      {"m of 2^64", replace(good, "m=8,", "m=18446744073709551616,"), Status::str_bad_number},
      {"m of 0", replace(good, "m=8,", "m=0,"), Status::m_too_small},
      {"m of 7", replace(good, "m=8,", "m=7,"), Status::m_too_small},
      {"t of 0", replace(good, "t=1,", "t=0,"), Status::t_too_small},
      {"t with leading zero", replace(good, "t=1,", "t=01,"), Status::str_bad_number},
      {"t of 2^32", replace(good, "t=1,", "t=4294967296,"), Status::str_bad_number},
      {"p of 0", replace(good, "p=1$", "p=0$"), Status::p_out_of_range},
      {"p of 2 with m=8", replace(good, "p=1$", "p=2$"), Status::m_too_small},
      {"p past 2^32", replace(good, "p=1$", "p=99999999999$"), Status::str_bad_number},
      {"fields reordered", replace(good, "m=8,t=1", "t=1,m=8"), Status::str_bad_syntax},
      {"space after comma", replace(good, "m=8,t=1", "m=8, t=1"), Status::str_bad_syntax},
      {"extra data field", replace(good, "p=1$", "p=1,data=AAAAAAAA$"), Status::str_bad_syntax},
      {"extra keyid field", replace(good, "p=1$", "p=1,keyid=AAAA$"), Status::str_bad_syntax},
      {"extra trailing field", good + "$AAAA", Status::str_bad_syntax},
      {"trailing newline", good + "\n", Status::str_bad_syntax},
      {"trailing NUL", std::string(good).append(1, '\0'), Status::str_bad_syntax},
      {"missing hash", head + salt_b64, Status::str_bad_syntax},
      {"empty hash", head + salt_b64 + "$", Status::tag_length_out_of_range},
      {"empty salt", head + "$" + hash_b64, Status::salt_too_short},
      {"salt of 5 bytes", head + "AAAAAAA$" + hash_b64, Status::salt_too_short},
      {"hash of 15 bytes", head + salt_b64 + "$" + "AAAAAAAAAAAAAAAAAAAA", Status::tag_length_out_of_range},
      {"salt with padding", head + salt_b64 + "==$" + hash_b64, Status::str_bad_base64},
      {"hash with padding", good + "=", Status::str_bad_base64},
      {"salt with a 1-mod-4 tail", head + salt_b64 + "AAA$" + hash_b64, Status::str_bad_base64},
      {"salt with non-zero trailing bits", head + salt_b64.substr(0, 21) + "B$" + hash_b64, Status::str_bad_base64},
      {"hash with non-zero trailing bits", head + salt_b64 + "$" + hash_b64.substr(0, 42) + "B",
       Status::str_bad_base64},
      {"url-safe alphabet in salt", head + salt_b64.substr(0, 8) + "-" + salt_b64.substr(9) + "$" + hash_b64,
       Status::str_bad_syntax},
      {"NUL inside the hash",
       head + salt_b64 + "$" + hash_b64.substr(0, 24) + std::string(1, '\0') + hash_b64.substr(25),
       Status::str_bad_syntax},
  };
  for (const auto& c : cases) {
    INFO(c.why << ": " << c.str);
    const int ours = ours_verify(c.str, kPassword);
    CHECK(ours == -static_cast<int>(c.expected));
    // libsodium reads up to a NUL: a trailing one is the documented difference.
    if (std::string(c.why) != "trailing NUL") CHECK_FALSE(libsodium_accepts(c.str, kPassword));
  }
  CHECK(libsodium_accepts(std::string(good).append(1, '\0'), kPassword));
}

TEST_CASE("a byte >= 0x80 in place of '/' is refused although signed-char libsodium reads it as '/'", "[argon2][str]") {
  REQUIRE(sodium_init() >= 0);
  std::string s;
  for (int i = 0; s.find('/', 27) == std::string::npos; ++i) {
    s = ours_str(kPassword, std::vector<std::uint8_t>(16, static_cast<std::uint8_t>(i)), 1, 8);
  }
  s[s.find('/', 27)] = '\x80';
  CHECK(ours_verify(s, kPassword) < 0);
  const bool char_is_signed = static_cast<char>(0x80) < 0;
  CHECK(libsodium_accepts(s, kPassword) == char_is_signed);
}

TEST_CASE("1,000+ mutated strings are refused exactly when libsodium refuses them", "[argon2][str]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed + 2);
  const std::vector<std::string> bases = {
      ours_str(kPassword, random_bytes(rng, 16), 1, 8),
      ours_str(kPassword, random_bytes(rng, 16), 2, 16),
      ours_str(kPassword, random_bytes(rng, 16), 1, 32),
      libsodium_str(kPassword, 1, 8),
  };
  Verdicts v;
  int mutants = 0;
  for (const auto& base : bases) {
    REQUIRE(ours_verify(base, kPassword) == 1);
    // Every truncation.
    for (std::size_t n = 0; n < base.size(); ++n, ++mutants) {
      expect_same_verdict(base.substr(0, n), kPassword, v);
    }
    // Random byte changes: one to three bytes, mostly ASCII (NUL included),
    // sometimes any byte.
    for (int i = 0; i < 200; ++i, ++mutants) {
      std::string s = base;
      const int changes = 1 + static_cast<int>(rng() % 3);
      for (int c = 0; c < changes; ++c) {
        const auto byte = rng() % 4 == 0 ? rng() % 256 : rng() % 128;
        s[rng() % s.size()] = static_cast<char>(byte);
      }
      expect_same_verdict(s, kPassword, v);
    }
    // Base64-breaking characters at random places.
    for (const char bad : {'=', '-', '_', '.', ' ', '*', '\x80', '\xff'}) {
      for (int i = 0; i < 4; ++i, ++mutants) {
        std::string s = base;
        s[27 + rng() % (s.size() - 27)] = bad;
        expect_same_verdict(s, kPassword, v);
      }
    }
    // Inserted and deleted characters.
    for (int i = 0; i < 30; ++i, mutants += 2) {
      std::string inserted = base;
      inserted.insert(rng() % (base.size() + 1), 1, "$,=0A/+9"[rng() % 8]);
      expect_same_verdict(inserted, kPassword, v);
      std::string deleted = base;
      deleted.erase(rng() % base.size(), 1);
      expect_same_verdict(deleted, kPassword, v);
    }
    // Extra fields and huge numbers.
    for (const std::string& s :
         {base + "$", base + "$AAAA", base + ",", replace(base, ",p=", ",x=1,p="), replace(base, "$v=19", "$v=19$v=19"),
          replace(base, "$m=", "$m=4294967295"), replace(base, "$m=", "$m=99999999999999999999"),
          replace(base, ",t=", ",t=00"), replace(base, ",p=", ",p=18446744073709551615"),
          replace(base, "v=19", "v=4294967296")}) {
      expect_same_verdict(s, kPassword, v);
      ++mutants;
    }
  }
  INFO("mutants " << mutants << " compared with libsodium " << v.compared << " skipped " << v.skipped);
  CHECK(mutants >= 1000);
  CHECK(v.compared >= 1000);
}
