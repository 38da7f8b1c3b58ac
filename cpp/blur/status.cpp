#include "blur/status.h"

namespace memento::blur {

const char* message(Status status) {
  switch (status) {
    case Status::ok:
      return "ok";
    case Status::width_too_large:
      return "width must be at most 32767 pixels";
    case Status::height_too_large:
      return "height must be at most 32767 pixels";
    case Status::image_too_large:
      return "width * height must be at most 134217728 pixels";
    case Status::radius_too_large:
      return "radius must be at most 255";
    case Status::pixels_too_small:
      return "pixels must hold width * height * 4 bytes";
    case Status::rect_outside_width:
      return "rect.x + rect.width must be at most the image's width";
    case Status::rect_outside_height:
      return "rect.y + rect.height must be at most the image's height";
    case Status::quality_unknown:
      return "quality must be 0 (exact) or 1 (quarter)";
    case Status::output_too_small:
      return "output must hold rect.width * rect.height * 4 bytes";
    case Status::scratch_too_small:
      return "scratch is smaller than the scratch size reported for these parameters";
  }
  return "unknown blur error";
}

const char* message(int code) { return message(static_cast<Status>(code)); }

}  // namespace memento::blur
