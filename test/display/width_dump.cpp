// Host tool for width_check.py: for every code point U+0000..U+10FFFF, writes
// three characters, its width class digit (0 invisible, 1 narrow, 2 wide,
// 3 combining), its display_width digit, and 1 if the renderer treats it as
// ignorable (no cell, nothing drawn; is_ignorable()), else 0; then a newline.
#include <cstdio>

#include "utf8mcu/display/render.h"
#include "utf8mcu/display/width.h"

int main() {
  static char line[3 * 0x110000 + 1];
  for (char32_t code_point = 0; code_point <= 0x10FFFF; ++code_point) {
    const auto width_class = static_cast<unsigned>(utf8mcu::display::width_class(code_point));
    line[3 * code_point] = static_cast<char>('0' + width_class);
    line[3 * code_point + 1] = static_cast<char>('0' + utf8mcu::display::display_width(code_point));
    line[3 * code_point + 2] = utf8mcu::display::is_ignorable(code_point) ? '1' : '0';
  }
  line[3 * 0x110000] = '\n';
  return std::fwrite(line, 1, sizeof line, stdout) == sizeof line ? 0 : 1;
}
