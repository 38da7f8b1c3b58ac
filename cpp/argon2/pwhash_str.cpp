// libsodium's Argon2id hash strings: writing, reading (the same acceptance
// rules as libsodium's argon2_decode_string) and verifying.
#include "argon2/pwhash_str.h"

#include <cstdlib>
#include <cstring>

#include "argon2/argon2.h"
#include "argon2/base64.h"
#include "common/secure_erase.h"

namespace memento::argon2 {
namespace {

constexpr char kPrefix[] = "$argon2id$";

// Reads the string left to right; every method consumes only on success.
class Reader {
 public:
  Reader(const char* str, std::size_t length) : p_(str), end_(str + length) {}

  bool literal(const char* text) {
    const std::size_t n = std::strlen(text);
    if (static_cast<std::size_t>(end_ - p_) < n || std::memcmp(p_, text, n) != 0) return false;
    p_ += n;
    return true;
  }

  // Decimal below 2^32 with no leading zero ("0" itself is fine), as libsodium's
  // decode_decimal plus its UINT32_MAX check.
  bool number(std::uint32_t& out) {
    const char* start = p_;
    std::uint64_t value = 0;
    bool overflow = false;
    while (p_ < end_ && *p_ >= '0' && *p_ <= '9') {
      if (!overflow) {
        value = value * 10 + static_cast<std::uint64_t>(*p_ - '0');
        overflow = value > 0xffffffffULL;
      }
      ++p_;
    }
    if (p_ == start || (*start == '0' && p_ - start > 1) || overflow) return false;
    out = static_cast<std::uint32_t>(value);
    return true;
  }

  // A run of base64 characters; false when it is not canonical.
  bool base64_run(const char*& chars, std::size_t& count, std::size_t& bytes) {
    const base64::Span span = base64::scan(p_, static_cast<std::size_t>(end_ - p_));
    if (!span.canonical) return false;
    chars = p_;
    count = span.chars;
    bytes = span.bytes;
    p_ += span.chars;
    return true;
  }

  bool at_end() const { return p_ == end_; }
  bool at(char c) const { return p_ < end_ && *p_ == c; }

 private:
  const char* p_;
  const char* end_;
};

// Where a run of base64 stopped on something other than the expected
// delimiter: padding gets the base64 message, anything else the syntax one.
Status after_base64(const Reader& r) { return r.at('=') ? Status::str_bad_base64 : Status::str_bad_syntax; }

std::size_t decimal_digits(std::uint32_t v) {
  std::size_t n = 1;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

char* write_decimal(char* out, std::uint32_t v) {
  const std::size_t n = decimal_digits(v);
  for (std::size_t i = n; i-- > 0;) {
    out[i] = static_cast<char>('0' + v % 10);
    v /= 10;
  }
  return out + n;
}

char* write_text(char* out, const char* text) {
  const std::size_t n = std::strlen(text);
  std::memcpy(out, text, n);
  return out + n;
}

// The whole of both tags is always read so the time taken does not reveal
// where they first differ.
bool constant_time_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t length) {
  volatile std::uint8_t diff = 0;
  for (std::size_t i = 0; i < length; ++i) diff = diff | (a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

Status parse_hash_string(const char* str, std::size_t length, HashString& out) {
  Reader r(str, length);
  if (!r.literal(kPrefix)) return Status::str_not_argon2id;
  std::uint32_t version = 0;
  if (!r.literal("v=")) return Status::str_bad_version;
  if (!r.number(version)) return Status::str_bad_number;
  if (version != kVersion) return Status::str_bad_version;
  if (!r.literal("$m=")) return Status::str_bad_syntax;
  if (!r.number(out.m)) return Status::str_bad_number;
  if (!r.literal(",t=")) return Status::str_bad_syntax;
  if (!r.number(out.t)) return Status::str_bad_number;
  if (!r.literal(",p=")) return Status::str_bad_syntax;
  if (!r.number(out.p)) return Status::str_bad_number;
  if (!r.literal("$")) return Status::str_bad_syntax;
  if (!r.base64_run(out.salt_b64, out.salt_chars, out.salt_bytes)) return Status::str_bad_base64;
  if (!r.literal("$")) return after_base64(r);
  if (!r.base64_run(out.hash_b64, out.hash_chars, out.hash_bytes)) return Status::str_bad_base64;
  // libsodium validates the parameters before it looks for trailing characters.
  const Status status = validate(Params{out.t, out.m, out.p, out.hash_bytes});
  if (status != Status::ok) return status;
  if (out.salt_bytes < kMinSaltBytes) return Status::salt_too_short;
  if (!r.at_end()) return after_base64(r);
  return Status::ok;
}

std::size_t encode_hash_string(char* out, std::size_t capacity, std::uint32_t t, std::uint32_t m, std::uint32_t p,
                               const std::uint8_t* salt, std::size_t salt_length, const std::uint8_t* hash,
                               std::size_t hash_length) {
  const std::size_t length = std::strlen(kPrefix) + std::strlen("v=19$m=") + decimal_digits(m) + std::strlen(",t=") +
                             decimal_digits(t) + std::strlen(",p=") + decimal_digits(p) + 1 +
                             base64::encoded_length(salt_length) + 1 + base64::encoded_length(hash_length);
  if (capacity < length + 1) return 0;
  char* o = write_text(out, kPrefix);
  o = write_text(o, "v=");
  o = write_decimal(o, kVersion);
  o = write_text(o, "$m=");
  o = write_decimal(o, m);
  o = write_text(o, ",t=");
  o = write_decimal(o, t);
  o = write_text(o, ",p=");
  o = write_decimal(o, p);
  *o++ = '$';
  base64::encode(o, salt, salt_length);
  o += base64::encoded_length(salt_length);
  *o++ = '$';
  base64::encode(o, hash, hash_length);
  o += base64::encoded_length(hash_length);
  *o = '\0';
  return length;
}

long pwhash_str(char* out, std::size_t capacity, const std::uint8_t* password, std::size_t password_length,
                const std::uint8_t salt[kStrSaltBytes], std::uint32_t t, std::uint32_t m, std::uint32_t p) {
  if (out == nullptr || salt == nullptr) return -static_cast<long>(Status::null_pointer);
  std::uint8_t hash[kStrHashBytes];
  const Inputs inputs{password, password_length, salt, kStrSaltBytes, nullptr, 0, nullptr, 0};
  const Status status = argon2id_hash(hash, sizeof hash, inputs, t, m, p);
  if (status != Status::ok) return -static_cast<long>(status);
  const std::size_t length = encode_hash_string(out, capacity, t, m, p, salt, kStrSaltBytes, hash, sizeof hash);
  secure_erase(hash, sizeof hash);
  if (length == 0) return -static_cast<long>(Status::buffer_too_small);
  return static_cast<long>(length);
}

int pwhash_str_verify(const char* str, std::size_t length, const std::uint8_t* password, std::size_t password_length) {
  if (str == nullptr && length != 0) return -static_cast<int>(Status::null_pointer);
  HashString h;
  Status status = parse_hash_string(str, length, h);
  if (status != Status::ok) return -static_cast<int>(status);
  // A salt may be as long as the string allows; the tag is at most 1 KiB.
  auto* salt = static_cast<std::uint8_t*>(std::malloc(h.salt_bytes));
  if (salt == nullptr) return -static_cast<int>(Status::out_of_memory);
  base64::decode(salt, h.salt_b64, h.salt_chars);
  std::uint8_t expected[kMaxTagBytes];
  std::uint8_t actual[kMaxTagBytes];
  base64::decode(expected, h.hash_b64, h.hash_chars);
  const Inputs inputs{password, password_length, salt, h.salt_bytes, nullptr, 0, nullptr, 0};
  status = argon2id_hash(actual, h.hash_bytes, inputs, h.t, h.m, h.p);
  int result = -static_cast<int>(status);
  if (status == Status::ok) result = constant_time_equal(actual, expected, h.hash_bytes) ? 1 : 0;
  secure_erase(actual, sizeof actual);
  secure_erase(expected, sizeof expected);
  std::free(salt);
  return result;
}

}  // namespace memento::argon2
