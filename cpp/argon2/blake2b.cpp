// BLAKE2b per RFC 7693 section 3. Not on Argon2's hot path (that is the
// BlaMka permutation in fill_block_*.cpp), so it stays plain and portable.
#include "argon2/blake2b.h"

#include <cstring>

#include "common/secure_erase.h"

namespace memento::blake2b {
namespace {

constexpr std::uint64_t kIv[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

constexpr std::uint8_t kSigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

inline std::uint64_t rotr64(std::uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

inline std::uint64_t load64_le(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

inline void store64_le(std::uint8_t* p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

inline void mix(std::uint64_t* v, int a, int b, int c, int d, std::uint64_t x, std::uint64_t y) {
  v[a] = v[a] + v[b] + x;
  v[d] = rotr64(v[d] ^ v[a], 32);
  v[c] = v[c] + v[d];
  v[b] = rotr64(v[b] ^ v[c], 24);
  v[a] = v[a] + v[b] + y;
  v[d] = rotr64(v[d] ^ v[a], 16);
  v[c] = v[c] + v[d];
  v[b] = rotr64(v[b] ^ v[c], 63);
}

void compress(State& s, const std::uint8_t* block, bool last) {
  std::uint64_t m[16];
  std::uint64_t v[16];
  for (int i = 0; i < 16; ++i) m[i] = load64_le(block + 8 * i);
  for (int i = 0; i < 8; ++i) {
    v[i] = s.h[i];
    v[i + 8] = kIv[i];
  }
  v[12] ^= s.t[0];
  v[13] ^= s.t[1];
  if (last) v[14] = ~v[14];
  for (const auto& sg : kSigma) {
    mix(v, 0, 4, 8, 12, m[sg[0]], m[sg[1]]);
    mix(v, 1, 5, 9, 13, m[sg[2]], m[sg[3]]);
    mix(v, 2, 6, 10, 14, m[sg[4]], m[sg[5]]);
    mix(v, 3, 7, 11, 15, m[sg[6]], m[sg[7]]);
    mix(v, 0, 5, 10, 15, m[sg[8]], m[sg[9]]);
    mix(v, 1, 6, 11, 12, m[sg[10]], m[sg[11]]);
    mix(v, 2, 7, 8, 13, m[sg[12]], m[sg[13]]);
    mix(v, 3, 4, 9, 14, m[sg[14]], m[sg[15]]);
  }
  for (int i = 0; i < 8; ++i) s.h[i] ^= v[i] ^ v[i + 8];
  // The message words carry password bytes when hashing H0.
  secure_erase(m, sizeof m);
  secure_erase(v, sizeof v);
}

void add_to_counter(State& s, std::uint64_t n) {
  s.t[0] += n;
  if (s.t[0] < n) ++s.t[1];
}

}  // namespace

void init(State& s, std::size_t outlen, const std::uint8_t* key, std::size_t keylen) {
  std::memset(&s, 0, sizeof s);
  for (int i = 0; i < 8; ++i) s.h[i] = kIv[i];
  // Parameter block word 0: digest length, key length, fanout 1, depth 1.
  s.h[0] ^= 0x01010000ULL ^ (static_cast<std::uint64_t>(keylen) << 8) ^ outlen;
  s.outlen = outlen;
  if (keylen > 0) {
    std::uint8_t block[kBlockBytes] = {};
    std::memcpy(block, key, keylen);
    update(s, block, kBlockBytes);
    secure_erase(block, sizeof block);
  }
}

void update(State& s, const std::uint8_t* in, std::size_t inlen) {
  while (inlen > 0) {
    // The final block must go through compress with the last-block flag, so a
    // full buffer is only compressed once more input shows it was not the last.
    if (s.buflen == kBlockBytes) {
      add_to_counter(s, kBlockBytes);
      compress(s, s.buf, false);
      s.buflen = 0;
    }
    std::size_t take = kBlockBytes - s.buflen;
    if (take > inlen) take = inlen;
    std::memcpy(s.buf + s.buflen, in, take);
    s.buflen += take;
    in += take;
    inlen -= take;
  }
}

void final(State& s, std::uint8_t* out) {
  add_to_counter(s, s.buflen);
  std::memset(s.buf + s.buflen, 0, kBlockBytes - s.buflen);
  compress(s, s.buf, true);
  std::uint8_t digest[kMaxOutBytes];
  for (int i = 0; i < 8; ++i) store64_le(digest + 8 * i, s.h[i]);
  std::memcpy(out, digest, s.outlen);
  secure_erase(digest, sizeof digest);
  secure_erase(&s, sizeof s);
}

void hash(std::uint8_t* out, std::size_t outlen, const std::uint8_t* in, std::size_t inlen, const std::uint8_t* key,
          std::size_t keylen) {
  State s;
  init(s, outlen, key, keylen);
  update(s, in, inlen);
  final(s, out);
}

}  // namespace memento::blake2b
