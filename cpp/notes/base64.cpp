#include "notes/base64.h"

#include <initializer_list>

namespace memento::notes {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::uint8_t kInvalid = 0xff;
constexpr std::uint8_t kPad = 0xfe;

struct DecodeTable {
  std::uint8_t v[256];
  constexpr DecodeTable() : v() {
    for (int i = 0; i < 256; i++) v[i] = kInvalid;
    for (int i = 0; i < 64; i++) v[static_cast<std::uint8_t>(kAlphabet[i])] = static_cast<std::uint8_t>(i);
    v[static_cast<std::uint8_t>('=')] = kPad;
  }
};
constexpr DecodeTable kTable;

inline std::uint8_t lookup(char c) { return kTable.v[static_cast<std::uint8_t>(c)]; }

// A quad with any value >= 64: padding in the wrong place, or a bad character.
Base64Error classify(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d) {
  for (std::uint8_t v : {a, b, c, d}) {
    if (v == kInvalid) return Base64Error::bad_character;
  }
  return Base64Error::bad_padding;
}

}  // namespace

void base64_encode(char* out, const std::uint8_t* in, std::size_t n) {
  std::size_t i = 0;
  for (; i + 3 <= n; i += 3, out += 4) {
    const std::uint32_t v = (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8) | in[i + 2];
    out[0] = kAlphabet[v >> 18];
    out[1] = kAlphabet[(v >> 12) & 63];
    out[2] = kAlphabet[(v >> 6) & 63];
    out[3] = kAlphabet[v & 63];
  }
  if (n - i == 1) {
    const std::uint32_t v = std::uint32_t{in[i]} << 16;
    out[0] = kAlphabet[v >> 18];
    out[1] = kAlphabet[(v >> 12) & 63];
    out[2] = '=';
    out[3] = '=';
  } else if (n - i == 2) {
    const std::uint32_t v = (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8);
    out[0] = kAlphabet[v >> 18];
    out[1] = kAlphabet[(v >> 12) & 63];
    out[2] = kAlphabet[(v >> 6) & 63];
    out[3] = '=';
  }
}

Base64Error base64_decode_scalar(std::uint8_t* out, std::size_t* decoded, const char* in, std::size_t len) {
  *decoded = 0;
  if (len % 4 != 0) return Base64Error::bad_length;
  if (len == 0) return Base64Error::ok;
  std::uint8_t* const start = out;
  const std::size_t body = len - 4;
  for (std::size_t i = 0; i < body; i += 4, out += 3) {
    const std::uint8_t a = lookup(in[i]), b = lookup(in[i + 1]), c = lookup(in[i + 2]), d = lookup(in[i + 3]);
    if ((a | b | c | d) & 0xc0) return classify(a, b, c, d);
    const std::uint32_t v = (std::uint32_t{a} << 18) | (std::uint32_t{b} << 12) | (std::uint32_t{c} << 6) | d;
    out[0] = static_cast<std::uint8_t>(v >> 16);
    out[1] = static_cast<std::uint8_t>(v >> 8);
    out[2] = static_cast<std::uint8_t>(v);
  }
  const char* q = in + body;
  const std::uint8_t a = lookup(q[0]), b = lookup(q[1]), c = lookup(q[2]), d = lookup(q[3]);
  if ((a | b) & 0xc0) return classify(a, b, 0, 0);
  if (d == kPad) {
    if (c == kPad) {  // "xx=="
      if (b & 0x0f) return Base64Error::non_canonical;
      out[0] = static_cast<std::uint8_t>((a << 2) | (b >> 4));
      out += 1;
    } else {  // "xxx="
      if (c & 0xc0) return classify(c, 0, 0, 0);
      if (c & 0x03) return Base64Error::non_canonical;
      const std::uint32_t v = (std::uint32_t{a} << 18) | (std::uint32_t{b} << 12) | (std::uint32_t{c} << 6);
      out[0] = static_cast<std::uint8_t>(v >> 16);
      out[1] = static_cast<std::uint8_t>(v >> 8);
      out += 2;
    }
  } else {
    if ((c | d) & 0xc0) return classify(c, d, 0, 0);
    const std::uint32_t v = (std::uint32_t{a} << 18) | (std::uint32_t{b} << 12) | (std::uint32_t{c} << 6) | d;
    out[0] = static_cast<std::uint8_t>(v >> 16);
    out[1] = static_cast<std::uint8_t>(v >> 8);
    out[2] = static_cast<std::uint8_t>(v);
    out += 3;
  }
  *decoded = static_cast<std::size_t>(out - start);
  return Base64Error::ok;
}

}  // namespace memento::notes
