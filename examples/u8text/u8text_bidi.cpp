// Placeholder until utf8mcu::text has its bidi engine: the modes say so and fail.

#include "u8text.h"

namespace u8text {

int bidi(std::FILE*, std::FILE*, BidiOutput) {
  std::fputs("u8text: the bidi modes are not built yet\n", stderr);
  return 2;
}

}  // namespace u8text
