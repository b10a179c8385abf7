// Placeholder until utf8mcu::text has its segmentation engine: the modes say so and fail.

#include "u8text.h"

namespace u8text {

int graphemes(std::FILE*, std::FILE*) {
  std::fputs("u8text: --graphemes is not built yet\n", stderr);
  return 2;
}

int line_segments(std::FILE*, std::FILE*) {
  std::fputs("u8text: --lines is not built yet\n", stderr);
  return 2;
}

}  // namespace u8text
