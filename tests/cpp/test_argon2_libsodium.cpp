// Byte-identical to libsodium crypto_pwhash(..., ALG_ARGON2ID13) (p = 1, no
// secret or ad) on random passwords, parameters and output lengths.
#include <catch2/catch.hpp>
#include <sodium.h>

#include "argon2/argon2.h"
#include "test_argon2_util.h"

using namespace argon2_test;
namespace a2 = memento::argon2;

namespace {

// Mostly small m so 10,000 cases stay quick; a few reach 4 MiB.
std::uint32_t random_m_kib(std::mt19937_64& rng) {
  const auto r = rng() % 100;
  if (r < 80) return 8 + rng() % 57;    // 8..64 KiB
  if (r < 97) return 65 + rng() % 448;  // 65..512 KiB
  return 513 + rng() % 3584;            // 513..4096 KiB
}

std::vector<std::uint8_t> random_password(std::mt19937_64& rng) {
  auto password = random_bytes(rng, rng() % 129);
  // Make NUL and bytes >= 0x80 certain in some cases, not just likely.
  if (!password.empty() && rng() % 4 == 0) password[rng() % password.size()] = 0x00;
  if (!password.empty() && rng() % 4 == 0) password[rng() % password.size()] = 0xff;
  return password;
}

}  // namespace

// The scalar and SIMD builds take 10,000 cases; the SIMD build's four other
// switch settings (tests/cpp/argon2.cmake) the first 2,500 of the same cases:
// each case runs a setting's whole code path, so a quarter of them checks it as
// well (the full 10,000 under every setting took 44 s more of CI's native suite).
#ifndef MEMENTO_TEST_LIBSODIUM_CASES
#define MEMENTO_TEST_LIBSODIUM_CASES 10000
#define MEMENTO_TEST_LIBSODIUM_CASES_TEXT "10,000"
#endif

TEST_CASE("Argon2id equals libsodium crypto_pwhash on " MEMENTO_TEST_LIBSODIUM_CASES_TEXT " random cases",
          "[argon2][libsodium]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed);
  for (int i = 0; i < MEMENTO_TEST_LIBSODIUM_CASES; ++i) {
    const auto password = random_password(rng);
    const auto salt = random_bytes(rng, crypto_pwhash_SALTBYTES);
    const std::uint32_t t = 1 + rng() % 4;
    std::uint32_t m = random_m_kib(rng);
    if (i == 0) m = 8;
    if (i == 1) m = 4096;
    const std::size_t outlen = 16 + rng() % 113;  // 16..128

    std::vector<std::uint8_t> ours(outlen), theirs(outlen);
    const a2::Inputs in{password.data(), password.size(), salt.data(), salt.size(), nullptr, 0, nullptr, 0};
    REQUIRE(a2::argon2id_hash(ours.data(), outlen, in, t, m, 1) == a2::Status::ok);
    REQUIRE(crypto_pwhash(theirs.data(), outlen, reinterpret_cast<const char*>(password.data()), password.size(),
                          salt.data(), t, static_cast<std::size_t>(m) * 1024, crypto_pwhash_ALG_ARGON2ID13) == 0);
    INFO("case " << i << " (seed " << kSeed << "): t=" << t << " m=" << m << " outlen=" << outlen
                 << " password=" << to_hex(password));
    REQUIRE(to_hex(ours) == to_hex(theirs));
  }
}
