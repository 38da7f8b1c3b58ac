// Every way a blur call can fail, as one stable integer code shared with the
// JS worker, in the project's ranges (cpp/common/status.h): each a bad
// parameter, named first in its message ("radius must be ...").
#pragma once

#include "common/status.h"

namespace memento::blur {

#define MEMENTO_BLUR_STATUS(X)                                                         \
  X(width_too_large, 1, "width must be at most 32767 pixels")                          \
  X(height_too_large, 2, "height must be at most 32767 pixels")                        \
  X(image_too_large, 3, "width * height must be at most 134217728 pixels")             \
  X(radius_too_large, 4, "radius must be at most 255")                                 \
  X(pixels_too_small, 5, "pixels must hold width * height * 4 bytes")                  \
  X(rect_outside_width, 6, "rect.x + rect.width must be at most the image's width")    \
  X(rect_outside_height, 7, "rect.y + rect.height must be at most the image's height") \
  X(quality_unknown, 8, "quality must be 0 (exact) or 1 (quarter)")                    \
  X(output_too_small, 9, "output must hold rect.width * rect.height * 4 bytes")        \
  X(scratch_too_small, 10, "scratch is smaller than the scratch size reported for these parameters")

MEMENTO_STATUS(MEMENTO_BLUR_STATUS, "unknown blur error", false)

}  // namespace memento::blur
