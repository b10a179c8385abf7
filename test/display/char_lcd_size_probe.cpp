// Entry points of the character-LCD back end on a 20x4 module over a PCF8574
// backpack, one ROM (UTF8MCU_PROBE_ROM: kCharLcdRomA00 or kCharLcdRomA02),
// CharLcd or (UTF8MCU_PROBE_COMPOSE) ComposingCharLcd, for
// char_lcd_size.sh: compiled for the board at -Os, not run. The marker
// array's size is the back end's RAM.
#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/char_lcd.h"

namespace {
#ifdef UTF8MCU_PROBE_COMPOSE
using CharLcd = utf8mcu::display::ComposingCharLcd;
#else
using utf8mcu::display::CharLcd;
#endif
using utf8mcu::display::Hd44780;
using utf8mcu::display::PanelStatus;
}  // namespace

extern "C" {

// RAM: the back end and the driver (the bus and link structs can be const).
extern const unsigned char utf8mcu_char_lcd_ram[sizeof(CharLcd) + sizeof(Hd44780)];
const unsigned char utf8mcu_char_lcd_ram[sizeof(CharLcd) + sizeof(Hd44780)] = {};

PanelStatus char_lcd_size_write(CharLcd* lcd, int row, const char* text, std::size_t size) {
  return lcd->write_line(row, text, size);
}

PanelStatus char_lcd_size_write_code_points(CharLcd* lcd, int row, const char32_t* code_points, std::size_t size) {
  return lcd->write_line(row, code_points, size);
}

PanelStatus char_lcd_size_init(CharLcd* lcd) { return lcd->init(); }

PanelStatus char_lcd_size_show(Hd44780* driver, const utf8mcu::display::CharLcdGlyphs* glyphs, const char* text,
                              std::size_t size) {
  CharLcd lcd(*driver, utf8mcu::display::UTF8MCU_PROBE_ROM, *glyphs);
  return lcd.write_line(0, text, size);
}

utf8mcu::display::Hd44780Bus char_lcd_size_bus(const utf8mcu::display::Pcf8574Link* link) {
  return utf8mcu::display::pcf8574_hd44780_bus(*link);
}

}  // extern "C"
