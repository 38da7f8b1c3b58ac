// Every way a texture call can fail, as one stable integer shared with the JS
// worker, which turns it into a RangeError / Error carrying message().
#pragma once

namespace memento::texture {

enum class Status : int {
  ok = 0,
  kind_unknown = 1,        // kind must be 0 (stone-wall) or 1 (vault-face)
  size_out_of_range = 2,   // size must be 1..4096
  state_too_small = 3,     // the state buffer is smaller than state_size()
  state_not_prepared = 4,  // render before a successful prepare
  band_out_of_range = 5,   // need y0 < y1 <= size
  null_pointer = 6,        // a state or map address is null
};

const char* message(Status status);
// Same, for a code that crossed the JS boundary; unknown codes get a generic text.
const char* message(int code);

}  // namespace memento::texture
