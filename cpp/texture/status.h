// Every way a texture call can fail, as one stable integer code shared with
// the JS worker, in the project's ranges (cpp/common/status.h).
#pragma once

#include "common/status.h"

namespace memento::texture {

#define MEMENTO_TEXTURE_STATUS(X)                                                             \
  X(kind_unknown, 1, "kind must be 'stone-wall' or 'vault-face'")                             \
  X(size_out_of_range, 2, "size must be an integer from 1 to 4096")                           \
  X(state_too_small, 3, "the texture state buffer is smaller than texture_state_size()")      \
  X(state_not_prepared, 4, "the texture state was not prepared (call texture_prepare first)") \
  X(band_out_of_range, 5, "band rows must satisfy y0 < y1 <= size")                           \
  X(null_pointer, 6, "a state or map address is null")

MEMENTO_STATUS(MEMENTO_TEXTURE_STATUS, "unknown texture error", false)

}  // namespace memento::texture
