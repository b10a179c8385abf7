// The ParagraphBox code docs/display.md shows, between the "snippet:"
// markers, run as a plain program on the host and on every board (exit
// status 0, or the number of the first check that failed), with the font of
// the utf8mcu_display_add_font() snippet in CMakeLists.txt. Edit it here,
// then run `python3 tools/check-snippets.py --update` to copy it into the docs.
#include <cstddef>
#include <cstdint>

#include "snippet_checks.h"

// snippet: paragraph-box
#include "my_font_rtl.h"  // utf8mcu_display_add_font(my_font_rtl BLOCKS Hebrew Arabic ...)
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/paragraph_box.h"

using namespace utf8mcu::display;

std::uint8_t pixels[mono_buffer_size(128, 64)];
MonoFramebuffer screen(pixels, 128, 64);
// Up to 64 code points a paragraph, kept in the box until its end.
ParagraphBox<MonoFramebuffer, 64> box(screen, fonts::kMyFontRtl, Rect{0, 0, 128, 64}, kLitOnDark);
utf8mcu::Decoder decoder;

// Bytes as they arrive: each paragraph is drawn at its LF.
void on_bytes(const std::uint8_t* data, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) decoder.push(data[i], box);
}
// The end of the text: the paragraph held is drawn too.
void on_end() {
  decoder.finish(box);
  box.finish();
}
// end snippet

namespace {

using snippets::check;

// Lit pixels in columns [left, right) of rows [top, top + 16).
int ink(int left, int right, int top) {
  int count = 0;
  for (int y = top; y < top + 16; ++y) {
    for (int x = left; x < right; ++x) count += screen.get_pixel(x, y) ? 1 : 0;
  }
  return count;
}

}  // namespace

int main() {
  // שלום 123 / مرحبا 123 / abc: two right-to-left paragraphs, aligned right,
  // and a left-to-right one, aligned left.
  static const char text[] = "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D 123\n\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 123\nabc";
  on_bytes(reinterpret_cast<const std::uint8_t*>(text), sizeof text - 1);
  check(box.pending() == 3u);  // "abc" waits for its end
  on_end();
  check(box.pending() == 0u);
  check(ink(0, 56, 0) == 0 && ink(56, 128, 0) > 0);    // 8 glyphs of 8 pixels, at the right
  check(ink(0, 56, 16) == 0 && ink(56, 128, 16) > 0);  // مرحبا 123: 9 glyphs too
  check(ink(0, 24, 32) > 0 && ink(24, 128, 32) == 0);  // abc at the left
  check(!box.overflowed());
  return snippets::checks().first_failed;
}
