// Every way a blur call can fail, as one stable integer code shared with the
// JS worker, which turns it into a RangeError carrying message().
#pragma once

namespace memento::blur {

enum class Status : int {
  ok = 0,
  // Parameters: each code names the parameter at fault.
  width_too_large = 1,
  height_too_large = 2,
  image_too_large = 3,
  radius_too_large = 4,
  pixels_too_small = 5,
  rect_outside_width = 6,
  rect_outside_height = 7,
  quality_unknown = 8,
  output_too_small = 9,
  scratch_too_small = 10,
};

// A sentence for the user, naming the parameter first ("radius must be ...").
const char* message(Status status);
// Same, for a code that crossed the JS boundary; unknown codes get a generic text.
const char* message(int code);

}  // namespace memento::blur
