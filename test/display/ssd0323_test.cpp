// panel/ssd0323.h against the SSD0323 model (panel_models.h, from the
// datasheet): pixels travel in pairs, so whoever writes a page must send even
// bounds.
#include <type_traits>

#include "display_test_support.h"
#include "panel_models.h"
#include "utf8mcu/display/panel/ssd0323.h"
#include "utf8mcu/display/terminal.h"
#include "display_test_font_5x8.h"

namespace {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;
using panel_model::Ssd0323Model;

// The driver keeps the bus by reference: a temporary bus does not compile.
static_assert(std::is_constructible<Ssd0323, const PanelBus&>::value, "a named bus");
static_assert(!std::is_constructible<Ssd0323, PanelBus>::value, "a temporary bus");
static_assert(!std::is_constructible<Ssd0323, PanelBus, int, int>::value, "a temporary bus and a size");

// A console of 7-pixel cells (5x8 glyphs) on an SSD0323: one changed cell
// (x 14-20) is sent with the pixel pair (20, 21), so its neighbour's first
// column (x 21, the left stem of 'M') must be sent too. Before, the flush
// sent [14, 21) and the driver wrote pixel 21 dark. The panel must show what
// a whole redraw shows.
UTEST(DisplaySsd0323, ConsoleOfOddCellsKeepsPixelPairs) {
  Ssd0323Model& model = panel_model::fresh_ssd0323();
  const PanelBus bus = model.spi_bus();
  Ssd0323 panel(bus);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  // On the stack: the microbit's static RAM holds the models.
  Terminal<16, 4> console(fonts::kTestFont5x8, 7);
  std::uint8_t strip[128];
  const char first[] = "abcM";
  console.write(reinterpret_cast<const std::uint8_t*>(first), sizeof first - 1);
  ASSERT_EQ(console.flush(panel, strip, sizeof strip), PanelStatus::kOk);
  const char second[] = "\x1b[1;3Hd";
  console.write(reinterpret_cast<const std::uint8_t*>(second), sizeof second - 1);
  ASSERT_EQ(console.flush(panel, strip, sizeof strip), PanelStatus::kOk);
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer expected(pictures.expected, 128, 64);
  console.draw(expected, 0, 0);
  EXPECT_TRUE(expected.get_pixel(21, 2));  // 'M' has a left stem in column 0 of its cell
  int wrong = 0;
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 128; ++x) {
      if (model.level(x, y) != (expected.get_pixel(x, y) ? 15 : 0) && wrong++ == 0) {
        utest::log() << "  first difference at " << x << ", " << y << '\n';
      }
    }
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(model.unknown_commands(), 0);
}

}  // namespace
