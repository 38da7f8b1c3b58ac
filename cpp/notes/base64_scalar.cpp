// The scalar twin of base64_simd.cpp.
#include "notes/base64.h"

namespace memento::notes {

Base64Error base64_decode(std::uint8_t* out, std::size_t* decoded, const char* in, std::size_t len) {
  return base64_decode_scalar(out, decoded, in, len);
}

}  // namespace memento::notes
