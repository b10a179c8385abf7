// The smallest right-to-left display firmware: a Hebrew and an Arabic line
// through a ParagraphBox<MonoFramebuffer, 64> into a 128x64 framebuffer (a
// Unifont subset: ASCII, Hebrew letters, Arabic letters and their forms).
// Built at -Os; its flash is the figure docs/display.md gives.
#include <cstdint>

#include "paragraph_minimal_font.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/paragraph_box.h"
#include "utf8mcu_bsp/semihosting.h"

int main() {
  using namespace utf8mcu::display;
  static std::uint8_t pixels[mono_buffer_size(128, 64)];
  MonoFramebuffer screen(pixels, 128, 64);
  static ParagraphBox<MonoFramebuffer, 64> box(screen, fonts::kParagraphMinimalFont, Rect{0, 0, 128, 64}, kLitOnDark);
  // שלום עולם 123 / مرحبا بالعالم
  static const char kText[] = "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xD7\xA2\xD7\x95\xD7\x9C\xD7\x9D 123\n"
                              "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 \xD8\xA8\xD8\xA7\xD9\x84\xD8\xB9\xD8\xA7\xD9\x84\xD9\x85";
  utf8mcu::Decoder decoder;
  decoder.push(reinterpret_cast<const std::uint8_t*>(kText), sizeof kText - 1, box);
  decoder.finish(box);
  box.finish();
  // Both lines end at the right edge (right-to-left), so the drawing cannot be dropped.
  int lit_lines = 0;
  for (int line = 0; line < 2; ++line) {
    bool lit = false;
    for (int y = line * 16; y < line * 16 + 16 && !lit; ++y) lit = screen.get_pixel(127, y) || screen.get_pixel(126, y);
    lit_lines += lit ? 1 : 0;
  }
  const char* verdict = lit_lines == 2 ? "paragraph_minimal: OK\n" : "paragraph_minimal: FAIL\n";
  std::size_t size = 0;
  while (verdict[size] != '\0') ++size;
  utf8mcu_bsp::semihosting::console_write(verdict, size);
  return lit_lines == 2 ? 0 : 1;
}
