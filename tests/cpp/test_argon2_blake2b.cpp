// BLAKE2b: RFC 7693 and the official keyed known answers, then libsodium's
// crypto_generichash on random keys, lengths and update splits.
#include <catch2/catch.hpp>
#include <sodium.h>

#include "argon2/blake2b.h"
#include "test_argon2_util.h"

using namespace argon2_test;
namespace b2 = memento::blake2b;

namespace {

std::string blake2b_hex(std::size_t outlen, const std::vector<std::uint8_t>& in,
                        const std::vector<std::uint8_t>& key = {}) {
  std::vector<std::uint8_t> out(outlen);
  b2::hash(out.data(), outlen, in.data(), in.size(), key.data(), key.size());
  return to_hex(out);
}

std::vector<std::uint8_t> sequence(std::size_t n) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i);
  return v;
}

}  // namespace

TEST_CASE("BLAKE2b-512 of \"abc\" matches RFC 7693 appendix A", "[blake2b]") {
  CHECK(blake2b_hex(64, {'a', 'b', 'c'}) ==
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
        "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");
}

TEST_CASE("BLAKE2b-512 of the empty string matches the known digest", "[blake2b]") {
  CHECK(blake2b_hex(64, {}) ==
        "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
        "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce");
}

TEST_CASE("keyed BLAKE2b-512 matches the official blake2b-kat entries", "[blake2b]") {
  const auto key = sequence(64);
  CHECK(blake2b_hex(64, sequence(0), key) ==
        "10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786"
        "b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568");
  CHECK(blake2b_hex(64, sequence(1), key) ==
        "961f6dd1e4dd30f63901690c512e78e4b45e4742ed197c3c5e45c549fd25f2e4"
        "187b0bc9fe30492b16b0d0bc4ef9b0f34c7003fac09a5ef1532e69430234cebd");
  CHECK(blake2b_hex(64, sequence(2), key) ==
        "da2cfbe2d8409a0f38026113884f84b50156371ae304c4430173d08a99d9fb1b"
        "983164a3770706d537f49e0c916d9f32b95cc37a95b99d857436f0232c88a965");
}

TEST_CASE("BLAKE2b equals libsodium generichash for random keys, lengths and update splits", "[blake2b]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed);
  for (int i = 0; i < 2000; ++i) {
    const std::size_t outlen = 1 + rng() % 64;
    const std::size_t keylen = (rng() % 3 == 0) ? 0 : 1 + rng() % 64;
    const std::size_t inlen = rng() % 600;  // crosses 0..4 block boundaries
    const auto key = random_bytes(rng, keylen);
    const auto in = random_bytes(rng, inlen);
    std::vector<std::uint8_t> ours(outlen), theirs(outlen);
    b2::State s;
    b2::init(s, outlen, key.data(), keylen);
    std::size_t pos = 0;
    while (pos < inlen) {
      const std::size_t take = std::min<std::size_t>(inlen - pos, rng() % 200);
      b2::update(s, in.data() + pos, take);
      pos += take;
    }
    b2::final(s, ours.data());
    crypto_generichash(theirs.data(), outlen, in.data(), inlen, keylen ? key.data() : nullptr, keylen);
    INFO("case " << i << " outlen " << outlen << " keylen " << keylen << " inlen " << inlen);
    REQUIRE(to_hex(ours) == to_hex(theirs));
  }
}
