#include "argon2/self_test.h"

#include <cstdint>

#include "argon2/argon2.h"

namespace memento::argon2 {

bool self_test() {
  std::uint8_t password[32], salt[16], secret[8], ad[12];
  for (auto& b : password) b = 0x01;
  for (auto& b : salt) b = 0x02;
  for (auto& b : secret) b = 0x03;
  for (auto& b : ad) b = 0x04;
  static constexpr std::uint8_t kExpected[32] = {
      0x0d, 0x64, 0x0d, 0xf5, 0x8d, 0x78, 0x76, 0x6c, 0x08, 0xc0, 0x37, 0xa3, 0x4a, 0x8b, 0x53, 0xc9,
      0xd0, 0x1e, 0xf0, 0x45, 0x2d, 0x75, 0xb6, 0x5e, 0xb5, 0x25, 0x20, 0xe9, 0x6b, 0x01, 0xe6, 0x59,
  };
  std::uint8_t tag[32] = {};
  const Inputs inputs{password, sizeof password, salt, sizeof salt, secret, sizeof secret, ad, sizeof ad};
  if (argon2id_hash(tag, sizeof tag, inputs, 3, 32, 4) != Status::ok) return false;
  std::uint8_t diff = 0;
  for (int i = 0; i < 32; ++i) diff |= tag[i] ^ kExpected[i];
  return diff == 0;
}

}  // namespace memento::argon2
