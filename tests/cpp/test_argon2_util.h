// Small helpers shared by the Argon2 tests.
#pragma once
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace argon2_test {

inline std::vector<std::uint8_t> from_hex(const std::string& hex) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  }
  return out;
}

inline std::string to_hex(const std::uint8_t* data, std::size_t length) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < length; ++i) {
    out.push_back(digits[data[i] >> 4]);
    out.push_back(digits[data[i] & 15]);
  }
  return out;
}

inline std::string to_hex(const std::vector<std::uint8_t>& v) { return to_hex(v.data(), v.size()); }

inline std::vector<std::uint8_t> random_bytes(std::mt19937_64& rng, std::size_t length) {
  std::vector<std::uint8_t> out(length);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

// Fixed seeds keep failures reproducible; the seed is in each test's output.
inline constexpr std::uint64_t kSeed = 0x6d656d656e746f31ULL;

}  // namespace argon2_test
