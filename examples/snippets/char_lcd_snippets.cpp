// The character-LCD code docs/display.md shows, between the "snippet:"
// markers: compiled on the host and for every board's core, not linked (the
// I2C and delay functions are the platform's).

#include <cstddef>
#include <cstdint>

#include "char_lcd_snippet_font.h"
#include "utf8mcu/display/panel.h"

utf8mcu::display::PanelStatus i2c_write(void* context, std::uint8_t address, const std::uint8_t* bytes,
                                        std::size_t size);
void delay_us(void* context, std::uint32_t microseconds);
extern int i2c0;

// snippet: char-lcd
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/char_lcd.h"
using namespace utf8mcu::display;

const Pcf8574Link link{&i2c_write, &delay_us, &i2c0, 0x27, true};  // the platform's two functions
const Hd44780Bus bus = pcf8574_hd44780_bus(link);
Hd44780 driver(bus, kHd44780_20x4);
// CGRAM glyphs for what the ROM lacks: utf8mcu_display_add_font(... SOURCE 5x8 RANGES ... CHAR_LCD)
CharLcd lcd(driver, kCharLcdRomA02, fonts::kCharLcdGlyphs5x8);
utf8mcu::Decoder decoder;

PanelStatus start() { return lcd.init(); }  // once: clears the module, waits for it

PanelStatus show(const char* text, std::size_t size, const std::uint8_t* bytes, std::size_t n) {
  const PanelStatus status = lcd.write_line(0, text, size);  // UTF-8, or code points
  if (status != PanelStatus::kOk) return status;
  CharLcd::Line line = lcd.line(1);  // or row 1 as a decoder's code point sink:
  decoder.push(bytes, n, line);
  decoder.finish(line);
  return line.finish();
}
// end snippet
