// The smallest useful display firmware: four lines of text in the 6x13
// misc-fixed font (printable ASCII and Latin-1) into a 128x64 SSD1306
// framebuffer; a ctest reads its flash size and checks that the Unicode
// width table is not linked (the renderer takes widths from the font).
#include <cstdint>

#include "display_minimal_font.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/display.h"
#include "utf8mcu_bsp/semihosting.h"

int main() {
  using namespace utf8mcu::display;
  static std::uint8_t pixels[mono_buffer_size(128, 64)];
  MonoFramebuffer screen(pixels, 128, 64);
  TextBox box(screen, fonts::kMinimalFont, Rect{0, 0, 128, 64}, kLitOnDark);
  static const char kText[] = "Temperatur 21,5\xC2\xB0" "C\nFeuchte 55 %\nDruck 1013 hPa\nGr\xC3\xBC\xC3\x9F" "e!";
  utf8mcu::Decoder decoder;
  decoder.push(reinterpret_cast<const std::uint8_t*>(kText), sizeof kText - 1, box);
  decoder.finish(box);
  // Something lit in each of the four lines, so the drawing cannot be dropped.
  int lit_lines = 0;
  for (int line = 0; line < 4; ++line) {
    bool lit = false;
    for (int y = line * 13; y < line * 13 + 13 && !lit; ++y) {
      for (int x = 0; x < 128 && !lit; ++x) lit = screen.get_pixel(x, y);
    }
    lit_lines += lit ? 1 : 0;
  }
  const char* verdict = lit_lines == 4 ? "display_minimal: OK\n" : "display_minimal: FAIL\n";
  std::size_t size = 0;
  while (verdict[size] != '\0') ++size;
  utf8mcu_bsp::semihosting::console_write(verdict, size);
  return lit_lines == 4 ? 0 : 1;
}
