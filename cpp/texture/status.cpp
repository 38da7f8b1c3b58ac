#include "texture/status.h"

namespace memento::texture {

const char* message(Status status) {
  switch (status) {
    case Status::ok:
      return "ok";
    case Status::kind_unknown:
      return "kind must be 'stone-wall' or 'vault-face'";
    case Status::size_out_of_range:
      return "size must be an integer from 1 to 4096";
    case Status::state_too_small:
      return "the texture state buffer is smaller than texture_state_size()";
    case Status::state_not_prepared:
      return "the texture state was not prepared (call texture_prepare first)";
    case Status::band_out_of_range:
      return "band rows must satisfy y0 < y1 <= size";
    case Status::null_pointer:
      return "a state or map address is null";
  }
  return "unknown texture error";
}

const char* message(int code) { return message(static_cast<Status>(code)); }

}  // namespace memento::texture
