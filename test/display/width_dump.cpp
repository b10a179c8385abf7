// Host tool for width_check.py: for every code point U+0000..U+10FFFF, writes
// four characters, its width class digit (0 invisible, 1 narrow, 2 wide,
// 3 combining), its display_width digit, 1 if the renderer treats it as
// ignorable (no cell, nothing drawn; is_ignorable()), else 0, and 1 if a
// TextBox never starts a line with it (no_break_before(), kinsoku), else 0;
// then a newline.
#include <cstdio>

#include "utf8mcu/display/render.h"
#include "utf8mcu/display/text_box.h"
#include "utf8mcu/display/width.h"

constexpr unsigned kPerCodePoint = 4;

int main() {
  static char line[kPerCodePoint * 0x110000 + 1];
  for (char32_t code_point = 0; code_point <= 0x10FFFF; ++code_point) {
    const auto width_class = static_cast<unsigned>(utf8mcu::display::width_class(code_point));
    char* const out = line + kPerCodePoint * code_point;
    out[0] = static_cast<char>('0' + width_class);
    out[1] = static_cast<char>('0' + utf8mcu::display::display_width(code_point));
    out[2] = utf8mcu::display::is_ignorable(code_point) ? '1' : '0';
    out[3] = utf8mcu::display::no_break_before(code_point) ? '1' : '0';
  }
  line[kPerCodePoint * 0x110000] = '\n';
  return std::fwrite(line, 1, sizeof line, stdout) == sizeof line ? 0 : 1;
}
