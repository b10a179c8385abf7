// The terminal's Unicode opt-ins as docs/display.md shows them, between the
// "snippet:" markers, run as a plain program on the host and on every board
// (exit status 0, or the number of the first check that failed). Edit it
// here, then run `python3 tools/check-snippets.py --update`.
#include <cstddef>
#include <cstdint>

#include "snippet_checks.h"

// snippet: terminal-unicode
#include "utf8mcu/display/terminal_unicode.h"  // links utf8mcu::text

using namespace utf8mcu::display;

// 16 x 4 cells of Unifont: units are grapheme clusters, each row is shown
// in visual order (its direction by its first strong character).
UnicodeTerminal<16, 4> console;

// A plain console (no escape parser) with clusters only:
Terminal<16, 4, 2, NoEscapes, GraphemeCells> plain_console;
// end snippet

namespace {

using snippets::check;

template <typename Console, std::size_t N>
void type(Console& target, const char (&text)[N]) {
  target.write(reinterpret_cast<const std::uint8_t*>(text), N - 1);
}

void check_clusters_and_visual_rows() {
  // U+1F44D U+1F3FD (thumbs up, medium skin tone): one unit; BS goes back over it.
  type(console, "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD");
  check(console.cell(0, 0) == 0x1F44D);
  check(console.cursor().column >= 2);
  type(console, "\b");
  check(console.cursor().column == 0);
  // Hebrew: stored in logical order (hex boxes where the font has no Hebrew).
  type(console, "\r\n\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D");
  check(console.cell(0, 1) == 0x05E9);
  check(console.cursor().column >= 4);
  type(plain_console, "e\xCC\x81");
  check(plain_console.mark_of(0, 0) == 0x0301 || plain_console.cell(1, 0) == 0x0301);
}

}  // namespace

int main() {
  check_clusters_and_visual_rows();
  return snippets::checks().first_failed;
}
