// libFuzzer target for the hash-string reader and verifier. Input: the string,
// optionally followed by 0xff 0xfe and a password. Checks, beyond no crash
// under ASan/UBSan: a string that parses re-encodes to the same bytes (the
// format is canonical, as libsodium's reader requires), and verification of
// a cheap parsed string returns 0 or 1.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "argon2/base64.h"
#include "argon2/pwhash_str.h"

namespace a2 = memento::argon2;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::size_t str_length = size;
  const std::uint8_t* password = nullptr;
  std::size_t password_length = 0;
  for (std::size_t i = 0; i + 1 < size; ++i) {
    if (data[i] == 0xff && data[i + 1] == 0xfe) {
      str_length = i;
      password = data + i + 2;
      password_length = size - i - 2;
      break;
    }
  }
  // An exact-size copy so ASan sees any read past the end of the string.
  std::vector<char> str(data, data + str_length);

  a2::HashString h;
  if (a2::parse_hash_string(str.data(), str.size(), h) != a2::Status::ok) {
    if (a2::pwhash_str_verify(str.data(), str.size(), password, password_length) >= 0) std::abort();
    return 0;
  }
  std::vector<std::uint8_t> salt(h.salt_bytes), hash(h.hash_bytes);
  a2::base64::decode(salt.data(), h.salt_b64, h.salt_chars);
  a2::base64::decode(hash.data(), h.hash_b64, h.hash_chars);
  std::vector<char> again(str.size() + 1);
  const std::size_t n = a2::encode_hash_string(again.data(), again.size(), h.t, h.m, h.p, salt.data(), salt.size(),
                                               hash.data(), hash.size());
  if (n != str.size() || std::memcmp(again.data(), str.data(), n) != 0) std::abort();

  if (static_cast<std::uint64_t>(h.m) * h.t <= 256) {
    const int verdict = a2::pwhash_str_verify(str.data(), str.size(), password, password_length);
    if (verdict != 0 && verdict != 1) std::abort();
  }
  return 0;
}
