// libFuzzer target for the batch parser: arbitrary bytes become a device key,
// a note count, offsets (some in range, some not) and the input buffer; open
// must never read or write out of bounds (ASan), must zero what it does not
// return, in both input formats (base64, and the decoded bytes a page that
// decodes the base64 sends), and the SIMD base64 decoder must agree with the
// scalar one.
#include <cstdint>
#include <cstring>
#include <vector>

#include "notes/base64.h"
#include "notes/batch.h"

using namespace memento::notes;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 33) return 0;
  const std::uint8_t* device_key = data;
  const std::size_t count = 1 + data[32] % 4;
  data += 33;
  size -= 33;
  const std::size_t header = count * kOpenFieldsIn;
  if (size < header) return 0;
  std::vector<std::uint8_t> in(data + header, data + size);
  std::vector<std::uint32_t> fields(header);
  // One byte per offset or length: small values land inside the input, 255 means "far outside".
  for (std::size_t i = 0; i < header; i++) fields[i] = data[i] == 255 ? 0xfffffff0u : data[i];
  std::size_t cap = 0;
  for (std::size_t i = 0; i < count; i++) cap += open_capacity(fields[i * 8 + 5]) + open_capacity(fields[i * 8 + 7]);
  std::vector<std::uint8_t> out(cap % 4096, 0);
  std::vector<std::uint32_t> out_fields(count * kOpenFieldsOut);
  std::vector<std::uint8_t> status(count);
  const std::size_t used = open_batch(device_key, in.data(), in.size(), fields.data(), count, out.data(), out.size(),
                                      out_fields.data(), status.data());
  if (used > out.size()) __builtin_trap();
  for (std::size_t i = used; i < out.size(); i++) {
    if (out[i] != 0) __builtin_trap();  // a refused note left bytes behind
  }

  // The same offsets over the same bytes taken as decoded fields (the output
  // sized by their raw lengths, as the page sizes it).
  std::size_t raw_cap = 0;
  for (std::size_t i = 0; i < count; i++) raw_cap += std::size_t{fields[i * 8 + 5]} + fields[i * 8 + 7];
  std::vector<std::uint8_t> raw_out(raw_cap % 4096, 0);
  const std::size_t raw_used = open_batch(device_key, in.data(), in.size(), fields.data(), count, raw_out.data(),
                                          raw_out.size(), out_fields.data(), status.data(), nullptr, true);
  if (raw_used > raw_out.size()) __builtin_trap();
  for (std::size_t i = raw_used; i < raw_out.size(); i++) {
    if (raw_out[i] != 0) __builtin_trap();
  }

  std::vector<std::uint8_t> a(base64_decoded_capacity(in.size()) + 1), b(a.size());
  std::size_t na = 0, nb = 0;
  const char* text = reinterpret_cast<const char*>(in.data());
  const Base64Error ea = base64_decode(a.data(), &na, text, in.size());
  const Base64Error eb = base64_decode_scalar(b.data(), &nb, text, in.size());
  if (ea != eb || na != nb || std::memcmp(a.data(), b.data(), na) != 0) __builtin_trap();
  return 0;
}
