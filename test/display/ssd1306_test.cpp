// panel/ssd1306.h against the SSD1306/SH1106 model (panel_models.h, from the
// datasheets' command tables): one page strip lands in the page and columns
// its address commands name, the SH1106's column offset included, and
// nothing outside the panel is written.
#include <initializer_list>
#include <type_traits>

#include "display_test_support.h"
#include "panel_models.h"
#include "utf8mcu/display/panel/ssd1306.h"

namespace {

using namespace utf8mcu::display;
using panel_model::Ssd1306Model;

// The driver keeps the bus by reference: a named bus is taken, a temporary
// (say `Ssd1306 oled(i2c_panel_bus(link), ...)`) does not compile.
static_assert(std::is_constructible<Ssd1306, const PanelBus&, const Ssd1306Config&>::value, "a named bus");
static_assert(!std::is_constructible<Ssd1306, PanelBus, const Ssd1306Config&>::value, "a temporary bus");
static_assert(!std::is_constructible<Ssd1306, const PanelBus&&, const Ssd1306Config&>::value, "a const temporary");

// Columns 10-19 of page 2 from a strip of 10 bytes (0x01, 0x02, 0x04 ...).
UTEST(DisplaySsd1306, PageStripLandsWhereItsAddressSays) {
  for (const bool sh1106 : {false, true}) {
    Ssd1306Model& model = panel_model::fresh_ssd1306(sh1106 ? Ssd1306Model::Kind::kSh1106 : Ssd1306Model::Kind::kSsd1306);
    const PanelBus bus = model.spi_bus();
    Ssd1306 panel(bus, sh1106 ? kSh1106_128x64 : kSsd1306_128x64);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    EXPECT_TRUE(model.display_on());
    std::uint8_t strip[10];
    for (int i = 0; i < 10; ++i) strip[i] = static_cast<std::uint8_t>(1u << (i % 8));
    ASSERT_EQ(panel.write_page(2, 10, 20, strip), PanelStatus::kOk);
    const int offset = sh1106 ? 2 : 0;  // the SH1106 shows RAM columns 2-129
    int wrong = 0;
    for (int page = 0; page < 8; ++page) {
      for (int column = 0; column < model.ram_columns(); ++column) {
        const bool written = page == 2 && column >= 10 + offset && column < 20 + offset;
        const std::uint8_t want = written ? strip[column - 10 - offset] : std::uint8_t{0xA5};
        if (model.ram(page, column) != want) ++wrong;
      }
    }
    EXPECT_EQ(wrong, 0);
    EXPECT_EQ(model.unknown_commands(), 0);
    EXPECT_EQ(model.data_overruns(), 0);
  }
}

// Parts outside the panel are not sent: a page past the last, columns left
// of 0 and right of the width; a null strip sends nothing.
UTEST(DisplaySsd1306, OutsideThePanelNothingIsSent) {
  Ssd1306Model& model = panel_model::fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  Ssd1306 panel(bus, kSsd1306_128x32);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  EXPECT_EQ(model.multiplex(), 32);
  model.counters() = panel_model::BusCounters();
  std::uint8_t strip[140];
  for (std::uint8_t& byte : strip) byte = 0x3C;
  EXPECT_EQ(panel.write_page(4, 0, 128, strip), PanelStatus::kOk);   // 128x32: pages 0-3
  EXPECT_EQ(panel.write_page(-1, 0, 128, strip), PanelStatus::kOk);
  EXPECT_EQ(panel.write_page(0, 0, 128, nullptr), PanelStatus::kOk);
  EXPECT_EQ(model.counters().bus_bytes(), std::size_t{0});
  // Columns -4 .. 135: only 0-127 go, from the strip's fifth byte.
  strip[4] = 0x81;
  EXPECT_EQ(panel.write_page(1, -4, 136, strip), PanelStatus::kOk);
  EXPECT_EQ(model.counters().data_bytes, std::size_t{128});
  EXPECT_EQ(model.ram(1, 0), 0x81);
  EXPECT_EQ(model.ram(1, 127), 0x3C);
  EXPECT_EQ(model.data_overruns(), 0);
}

}  // namespace
