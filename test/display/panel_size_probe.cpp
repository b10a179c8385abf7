// Entry points of a 128x64 console (Terminal<21, 8>: 6 x 8 cells, the SSD1306
// driver, the decoder inside the terminal) for panel_size.sh: compiled for the board at
// -O2 and -Os, not run. The marker array's size is the console's RAM.
#include <cstdint>

#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/terminal.h"

namespace {
using Console = utf8mcu::display::Terminal<21, 8>;
using utf8mcu::display::PanelStatus;
using utf8mcu::display::Ssd1306;
constexpr std::size_t kStripBytes = 128;
}  // namespace

extern "C" {

// RAM: cells, decoder and escape state, one page strip, the driver.
extern const unsigned char utf8mcu_panel_console_ram[sizeof(Console) + kStripBytes + sizeof(Ssd1306)];
const unsigned char utf8mcu_panel_console_ram[sizeof(Console) + kStripBytes + sizeof(Ssd1306)] = {};

void panel_size_write(Console* console, std::uint8_t byte) { console->write(byte); }

PanelStatus panel_size_flush(Console* console, Ssd1306* panel, std::uint8_t* strip) {
  return console->flush(*panel, strip, kStripBytes);
}

PanelStatus panel_size_init(Ssd1306* panel) { return panel->init(); }

}  // extern "C"
