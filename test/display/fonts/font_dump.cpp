// Host tool for check_fonts.py: draws every glyph of the test fonts on its
// own and prints where its pixels landed, relative to the pen and the line top:
//
//     font <name> <line height> <baseline> <cell width>
//     U+0041 <advance> <x>,<y> <x>,<y> ...
//
// The checker compares these with its own reading of the source fonts.
#include <cstdio>

#include "test_font_10x20.h"
#include "test_font_5x7.h"
#include "test_font_6x13.h"
#include "test_font_cu12.h"
#include "test_font_unifont.h"
#include "utf8mcu/display/display.h"

namespace {

using namespace utf8mcu::display;

constexpr int kWidth = 128;
constexpr int kHeight = 32;
constexpr int kPen = 48;

void dump(const Font& font) {
  static std::uint8_t pixels[mono_buffer_size(kWidth, kHeight)];
  MonoFramebuffer picture(pixels, kWidth, kHeight);
  std::printf("font %s %d %d %d\n", font.name, font.line_height, font.baseline, font.cell_width);
  const Clip all{0, 0, kWidth, kHeight};
  for (char32_t code_point = 0; code_point <= 0x10FFFF; ++code_point) {
    const Glyph glyph = find_glyph(font, code_point);
    if (!glyph.found()) continue;
    picture.clear();
    draw_glyph(picture, glyph, kPen, 0, all, kLitOnDark, glyph.advance == 0);
    std::printf("U+%04X %d", static_cast<unsigned>(code_point), glyph.advance);
    for (int y = 0; y < kHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        if (picture.get_pixel(x, y)) std::printf(" %d,%d", x - kPen, y);
      }
    }
    std::printf("\n");
  }
}

}  // namespace

int main() {
  dump(fonts::kFont5x7);
  dump(fonts::kFont6x13);
  dump(fonts::kFont10x20);
  dump(fonts::kFontCu12);
  dump(fonts::kFontUnifont);
  return 0;
}
