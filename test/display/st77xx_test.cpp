// panel/st77xx.h against the DCS model (panel_models.h, from the ST7735 /
// ST7789 command tables): a mono page strip becomes an RGB565 window at the
// panel's offsets, lit pixels in the foreground colour, the others in the
// background; the RAM around the window keeps its values.
#include <type_traits>

#include "display_test_support.h"
#include "panel_models.h"
#include "utf8mcu/display/panel/st77xx.h"

namespace {

using namespace utf8mcu::display;

// The driver keeps the bus by reference: a temporary bus does not compile.
static_assert(std::is_constructible<St77xx, const PanelBus&, const St77xxConfig&>::value, "a named bus");
static_assert(!std::is_constructible<St77xx, PanelBus, const St77xxConfig&>::value, "a temporary bus");

UTEST(DisplaySt77xx, PageStripBecomesAColourWindow) {
  auto& model = panel_model::fresh_dcs<36, 20>(0x1234);
  const PanelBus bus = panel_model::spi_bus_of(model);
  const St77xxConfig config{32, 16, 2, 1, 0x00, false, 0xF800, 0x07E0};  // red on green
  St77xx panel(bus, config);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  EXPECT_EQ(model.colmod(), 0x55);  // 16 bits per pixel
  // Columns 3-7 of page 1 (rows 8-15): column c has row 8 + c - 3 lit.
  const std::uint8_t strip[] = {0x01, 0x02, 0x04, 0x08, 0x10};
  ASSERT_EQ(panel.write_page(1, 3, 8, strip), PanelStatus::kOk);
  int wrong = 0;
  for (int y = 0; y < 20; ++y) {
    for (int x = 0; x < 36; ++x) {
      const int panel_x = x - 2;  // the panel's pixel (panel_x, panel_y) is RAM (x, y)
      const int panel_y = y - 1;
      const bool inside = panel_x >= 3 && panel_x < 8 && panel_y >= 8 && panel_y < 16;
      const std::uint16_t want = !inside ? 0x1234 : (panel_y - 8 == panel_x - 3 ? 0xF800 : 0x07E0);
      if (model.pixel(x, y) != want && wrong++ == 0) utest::log() << "  first difference at " << x << ", " << y << '\n';
    }
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(model.overruns(), 0);
  EXPECT_EQ(model.unknown_commands(), 0);
  // Past the last page or the right edge: nothing.
  model.counters() = panel_model::BusCounters();
  EXPECT_EQ(panel.write_page(2, 0, 5, strip), PanelStatus::kOk);
  EXPECT_EQ(panel.write_page(1, 32, 37, strip), PanelStatus::kOk);
  EXPECT_EQ(model.counters().bus_bytes(), std::size_t{0});
}

}  // namespace
