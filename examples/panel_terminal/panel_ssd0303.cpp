// The SSD1306 family's page-addressed commands against QEMU's SSD0303 model
// on lm3s811evb (96x16, I2C address 0x3D; every command byte in its own
// transaction with control byte 0x80): a 16 x 2 Terminal of 6 x 8 cells draws
// ssd0303_screen.h through the Ssd1306 driver, then the firmware waits for
// test/display/ssd0303_e2e.py to take the monitor's screendump.
#include <cstddef>
#include <cstdint>

#include "lm3s811_oled.h"
#include "panel_terminal_font_5x8.h"
#include "ssd0303_screen.h"
#include "utf8mcu/display/panel/i2c_panel_bus.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu_bsp/semihosting.h"

namespace {

using namespace utf8mcu::display;

constexpr I2cPanelLink kLink{&lm3s811_oled::transfer, nullptr, 0x3D, true};
const PanelBus kBus = i2c_panel_bus(kLink);
Terminal<ssd0303_screen::kColumns, ssd0303_screen::kRows> console(fonts::kPanelFont5x8, ssd0303_screen::kCellWidth);
std::uint8_t strip[96];

void print(const char* text) {
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  utf8mcu_bsp::semihosting::console_write(text, size);
}

}  // namespace

int main() {
  lm3s811_oled::init();
  Ssd1306 panel(kBus, kSsd0303_96x16);
  if (panel.init() != PanelStatus::kOk) {
    print("panel_ssd0303: OLED init failed\n");
    utf8mcu_bsp::semihosting::exit(1);
  }
  console.write(reinterpret_cast<const std::uint8_t*>(ssd0303_screen::kText), ssd0303_screen::kSize);
  console.finish();
  const PanelStatus status = console.flush(panel, strip, sizeof(strip));
  print(status == PanelStatus::kOk ? "panel_ssd0303: drawn\n" : "panel_ssd0303: flush failed\n");
  // QEMU's screendump needs the machine running: wait until the test stops it.
  for (;;) __asm__ volatile("wfi" ::: "memory");
}
