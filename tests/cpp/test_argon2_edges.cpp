// Hostile lengths for each step of Argon2id, against libsodium: BLAKE2b inputs
// that end exactly on a 128-byte block (the final block must stay buffered),
// its 128-bit byte counter carrying, H0 inputs of exactly one and two blocks,
// H' at every output length where its 32-byte chunking changes (65..1024
// bytes, beyond the random cases' 128), and the RFC vector computed twice on
// the same memory.
#include <catch2/catch.hpp>
#include <sodium.h>

#include <cstring>
#include <limits>

#include "argon2/argon2.h"
#include "argon2/blake2b.h"
#include "test_argon2_util.h"

using namespace argon2_test;
namespace a2 = memento::argon2;
namespace b2 = memento::blake2b;

namespace {

std::string sodium_argon2id(std::size_t outlen, const std::vector<std::uint8_t>& password,
                            const std::vector<std::uint8_t>& salt, std::uint32_t t, std::uint32_t m) {
  std::vector<std::uint8_t> out(outlen);
  REQUIRE(crypto_pwhash(out.data(), outlen, reinterpret_cast<const char*>(password.data()), password.size(),
                        salt.data(), t, static_cast<std::size_t>(m) * 1024, crypto_pwhash_ALG_ARGON2ID13) == 0);
  return to_hex(out);
}

std::string our_argon2id(std::size_t outlen, const std::vector<std::uint8_t>& password,
                         const std::vector<std::uint8_t>& salt, std::uint32_t t, std::uint32_t m) {
  std::vector<std::uint8_t> out(outlen);
  const a2::Inputs in{password.data(), password.size(), salt.data(), salt.size(), nullptr, 0, nullptr, 0};
  REQUIRE(a2::argon2id_hash(out.data(), outlen, in, t, m, 1) == a2::Status::ok);
  return to_hex(out);
}

// Feeds `in` to our BLAKE2b in pieces of `piece` bytes (0: one call), with an
// empty update between pieces: neither may compress the block that ends the input.
std::string our_blake2b_in_pieces(std::size_t outlen, const std::vector<std::uint8_t>& in,
                                  const std::vector<std::uint8_t>& key, std::size_t piece) {
  b2::State s;
  b2::init(s, outlen, key.data(), key.size());
  const std::size_t step = piece == 0 ? std::max<std::size_t>(in.size(), 1) : piece;
  for (std::size_t pos = 0; pos < in.size(); pos += step) {
    b2::update(s, in.data() + pos, std::min(step, in.size() - pos));
    b2::update(s, in.data(), 0);
  }
  std::vector<std::uint8_t> out(outlen);
  b2::final(s, out.data());
  return to_hex(out);
}

std::string sodium_blake2b(std::size_t outlen, const std::vector<std::uint8_t>& in,
                           const std::vector<std::uint8_t>& key) {
  std::vector<std::uint8_t> out(outlen);
  crypto_generichash(out.data(), outlen, in.data(), in.size(), key.empty() ? nullptr : key.data(), key.size());
  return to_hex(out);
}

// libsodium 1.0.18's blake2b_state behind the opaque crypto_generichash_state:
// h[8], then the counter t[2] at byte 64 (checked by the test before use).
constexpr std::size_t kSodiumCounterOffset = 64;

}  // namespace

TEST_CASE("BLAKE2b equals libsodium on inputs ending exactly on a block edge, in every split", "[blake2b][edges]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed);
  for (const std::size_t inlen : {0, 1, 127, 128, 129, 255, 256, 257, 384, 640, 1024, 1025}) {
    const auto in = random_bytes(rng, inlen);
    for (const std::size_t keylen : {0, 1, 64}) {
      const auto key = random_bytes(rng, keylen);
      for (const std::size_t outlen : {1, 32, 63, 64}) {
        for (const std::size_t piece : {0, 1, 16, 64, 127, 128, 129, 256}) {
          INFO("inlen " << inlen << " keylen " << keylen << " outlen " << outlen << " piece " << piece);
          REQUIRE(our_blake2b_in_pieces(outlen, in, key, piece) == sodium_blake2b(outlen, in, key));
        }
      }
    }
  }
}

TEST_CASE("BLAKE2b carries its byte counter from the low into the high word like libsodium", "[blake2b][edges]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed + 1);
  // Start both counters just below 2^64 so that compressing the next blocks wraps t[0].
  for (const std::uint64_t below : {1ULL, 64ULL, 127ULL, 128ULL, 129ULL, 200ULL}) {
    for (const std::size_t inlen : {128, 129, 256, 300}) {
      const auto in = random_bytes(rng, inlen);
      const std::uint64_t start = std::numeric_limits<std::uint64_t>::max() - below + 1;

      b2::State ours;
      b2::init(ours, 64);
      ours.t[0] = start;
      b2::update(ours, in.data(), in.size());
      std::uint8_t our_digest[64];
      b2::final(ours, our_digest);

      crypto_generichash_state theirs;
      REQUIRE(crypto_generichash_init(&theirs, nullptr, 0, 64) == 0);
      // The layout is checked, not trusted: 257 bytes compress one block, so 128 must read there.
      crypto_generichash_state probe = theirs;
      const std::vector<std::uint8_t> two_blocks(257, 0);
      crypto_generichash_update(&probe, two_blocks.data(), two_blocks.size());
      std::uint64_t probe_counter;
      std::memcpy(&probe_counter, reinterpret_cast<unsigned char*>(&probe) + kSodiumCounterOffset, 8);
      REQUIRE(probe_counter == 128);
      std::memcpy(reinterpret_cast<unsigned char*>(&theirs) + kSodiumCounterOffset, &start, 8);
      crypto_generichash_update(&theirs, in.data(), in.size());
      std::uint8_t their_digest[64];
      crypto_generichash_final(&theirs, their_digest, 64);

      INFO("counter starts " << below << " below 2^64, input " << inlen << " bytes");
      REQUIRE(to_hex(our_digest, 64) == to_hex(their_digest, 64));
    }
  }
}

TEST_CASE("H0 inputs of exactly one and two BLAKE2b blocks hash like libsodium", "[argon2][edges]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed + 2);
  const auto salt = random_bytes(rng, crypto_pwhash_SALTBYTES);
  // H0 hashes 40 bytes of parameters and lengths, the password and the 16-byte salt:
  // 56 + password bytes, so 72 and 200 end it exactly on a block edge.
  for (const std::size_t length : {0, 71, 72, 73, 127, 128, 199, 200, 201, 1000}) {
    const auto password = random_bytes(rng, length);
    INFO("password " << length << " bytes");
    REQUIRE(our_argon2id(32, password, salt, 1, 8) == sodium_argon2id(32, password, salt, 1, 8));
  }
}

TEST_CASE("tags of every length where H' changes its chunking equal libsodium, up to 1024 bytes", "[argon2][edges]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed + 3);
  const auto password = random_bytes(rng, 20);
  const auto salt = random_bytes(rng, crypto_pwhash_SALTBYTES);
  // H' writes one 64-byte hash up to 64 bytes, then 32-byte chunks and a last hash of 33..64.
  std::vector<std::size_t> lengths = {16,  17,  31,  32,  33,  63,  64,  65,  95,  96,   97,   127, 128,
                                      129, 159, 160, 161, 255, 256, 257, 511, 512, 1000, 1023, 1024};
  for (int i = 0; i < 100; ++i) lengths.push_back(129 + rng() % 896);
  for (const std::size_t length : lengths) {
    INFO("tag " << length << " bytes");
    REQUIRE(our_argon2id(length, password, salt, 1 + length % 2, 16) ==
            sodium_argon2id(length, password, salt, 1 + length % 2, 16));
  }
}

TEST_CASE("the segmented API gives the same tag twice on memory it has used before", "[argon2][edges]") {
  REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(kSeed + 4);
  const auto password = random_bytes(rng, 33);
  const auto salt = random_bytes(rng, crypto_pwhash_SALTBYTES);
  const a2::Params params{2, 64, 1, 32};
  std::vector<std::uint8_t> memory(a2::memory_bytes(params));
  const a2::Inputs in{password.data(), password.size(), salt.data(), salt.size(), nullptr, 0, nullptr, 0};
  const std::string expected = sodium_argon2id(32, password, salt, 2, 64);
  for (int round = 0; round < 2; ++round) {
    // The first round runs on zeroed memory, the second on random bytes: init and
    // the first pass must overwrite every block before anything reads it.
    if (round == 1) {
      for (auto& b : memory) b = static_cast<std::uint8_t>(rng());
    }
    a2::Context ctx;
    REQUIRE(a2::setup(ctx, params, memory.data()) == a2::Status::ok);
    REQUIRE(a2::init(ctx, in) == a2::Status::ok);
    for (std::uint32_t pass = 0; pass < params.t; ++pass) {
      for (std::uint32_t slice = 0; slice < a2::kSyncPoints; ++slice) {
        REQUIRE(a2::fill_segment(ctx, pass, slice, 0) == a2::Status::ok);
      }
    }
    std::uint8_t tag[32];
    REQUIRE(a2::finalize(ctx, tag, sizeof tag) == a2::Status::ok);
    INFO("round " << round);
    CHECK(to_hex(tag, sizeof tag) == expected);
  }
}
