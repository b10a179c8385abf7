// The picture of a 20x4 module for docs/display.md: the back end writes four
// rows through a PCF8574 into the HD44780 model (ROM A02), and the model's
// screen is drawn cell by cell, 5x8 dots with a one-dot gap, as PBM on
// stdout: CGRAM cells from the model's CGRAM, ROM cells from the misc-fixed
// 5x8 glyph of the character the model's ROM table names (close to, not the
// same as, the ROM's own dots).
#include <cstdio>

#include "char_lcd_test_font_5x8.h"
#include "char_lcd_test_glyphs_5x8.h"
#include "hd44780_model.h"
#include "utf8mcu/display/char_lcd.h"
#include "utf8mcu/display/pbm.h"
#include "utf8mcu/display/render.h"

int main() {
  using namespace utf8mcu::display;
  lcd_model::Hd44780Model model(lcd_model::Rom::kA02, 20, 4, true);
  lcd_model::ModelBus into;
  into.model = &model;
  const Pcf8574Link link = into.expander(0x27);
  const Hd44780Bus bus = pcf8574_hd44780_bus(link);
  Hd44780 driver(bus, kHd44780_20x4);
  CharLcd lcd(driver, kCharLcdRomA02, fonts::kCharLcdGlyphs5x8);
  const char* const lines[] = {"Grüße! Ça coûte 9€", "Привет, мир!", "Γειά σου κόσμε", "Tiếng Việt: Đà Nẵng"};
  if (lcd.init() != PanelStatus::kOk) return 1;
  for (int row = 0; row < 4; ++row) {
    std::size_t size = 0;
    while (lines[row][size] != '\0') ++size;
    if (lcd.write_line(row, lines[row], size) != PanelStatus::kOk) return 1;
  }
  constexpr int kBorder = 3;
  constexpr int kWidth = 2 * kBorder + 20 * 6 - 1;
  constexpr int kHeight = 2 * kBorder + 4 * 9 - 1;
  static std::uint8_t buffer[mono_buffer_size(kWidth, kHeight)];
  MonoFramebuffer picture(buffer, kWidth, kHeight);
  for (int row = 0; row < 4; ++row) {
    for (int column = 0; column < 20; ++column) {
      const int x = kBorder + column * 6;
      const int y = kBorder + row * 9;
      const std::uint8_t code = model.code_at(row, column);
      if (code < 0x10) {
        for (int line = 0; line < 8; ++line) {
          for (int dot = 0; dot < 5; ++dot) {
            if (model.glyph_dot(code, line, dot)) picture.set_pixel(x + dot, y + line, true);
          }
        }
      } else {
        draw_code_point(picture, FontChain(fonts::kCharLcdFont5x8), model.character_at(row, column), x, y,
                        Rect{x, y, 5, 8}, kLitOnDark);
      }
    }
  }
  write_pbm(picture, [](const std::uint8_t* data, std::size_t size) { std::fwrite(data, 1, size, stdout); });
  return 0;
}
