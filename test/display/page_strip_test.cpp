// The one road to a panel (page_strip.h): a TextBox drawn through a 128-byte
// page strip shows on the controller models what the same box shows in a
// framebuffer, whose own road to the panel is flush_framebuffer(); strips of
// any size; hostile coordinates never write outside the strip.
#include <climits>
#include <cstdint>
#include <initializer_list>

#include "panel_test_support.h"
#include "utf8mcu/display/page_strip.h"
#include "utf8mcu/display/text_box.h"

namespace {

using namespace utf8mcu::display;
using namespace panel_test;

// Four lines, the second wrapped by the box (it is 128 pixels wide).
const char kBoxText[] = "Hello, panel\nword wrap on a strip\n\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5";

// The framebuffer's road: flush_framebuffer() sends its pages as they are.
UTEST(PageStrip, FramebufferFlush) {
  Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  Ssd1306 panel(bus, kSsd1306_128x64);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  const MonoFramebuffer expected = expected_screen();
  model.counters() = panel_model::BusCounters();
  ASSERT_EQ(flush_framebuffer(panel, expected), PanelStatus::kOk);
  EXPECT_EQ(model.counters().bus_bytes(), std::size_t{8 * (3 + 128)});
  EXPECT_TRUE(model_shows(model, 0, 128, 64, expected));
  // A failing write comes back.
  model.counters() = panel_model::BusCounters();
  model.counters().fail_after = 3;
  model.counters().failure = PanelStatus::kNak;
  EXPECT_EQ(flush_framebuffer(panel, expected), PanelStatus::kNak);
}

// A TextBox through one strip equals the same box in a framebuffer, on the
// SSD1306 (strips of 128, 10 and 2 bytes) and the SSD0323 models; the plain
// lines equal draw_line()'s pictures, which no layout draws.
UTEST(PageStrip, TextBoxOnPanels) {
  const Rect area{0, 0, 128, 64};
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer framebuffer(pictures.actual, 128, 64);
  {
    TextBox<MonoFramebuffer> box(framebuffer, kDefaultFont, area, kLitOnDark);
    display_test::feed_bytes(kBoxText, sizeof(kBoxText) - 1, box);
  }
  MonoFramebuffer lines(pictures.expected, 128, 64);
  display_test::draw_line(lines, "Hello, panel", 0, 0, area);
  display_test::draw_line(lines, "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5", 0, 48, area);
  bool plain_lines_match = true;
  for (const int y : {0, 48}) {
    for (int row = y; row < y + 16; ++row) {
      for (int x = 0; x < 128; ++x) plain_lines_match = plain_lines_match && framebuffer.get_pixel(x, row) == lines.get_pixel(x, row);
    }
  }
  EXPECT_TRUE(plain_lines_match);
  for (const std::size_t strip_size : {std::size_t{128}, std::size_t{10}, std::size_t{2}}) {
    Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
    const PanelBus bus = model.spi_bus();
    Ssd1306 panel(bus, kSsd1306_128x64);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    std::uint8_t strip[128 + 1];
    strip[strip_size] = 0xEE;  // guard byte
    ASSERT_EQ(draw_text_to_panel(panel, strip, strip_size, kDefaultFont, area, kBoxText, sizeof(kBoxText) - 1),
              PanelStatus::kOk);
    EXPECT_EQ(strip[strip_size], 0xEE);
    EXPECT_TRUE(model_shows(model, 0, 128, 64, framebuffer));
    EXPECT_EQ(model.data_overruns(), 0);
  }
  Ssd0323Model& model = fresh_ssd0323();
  const PanelBus bus = model.spi_bus();
  Ssd0323 panel(bus);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  ASSERT_EQ(draw_text_to_panel(panel, g_strip, sizeof(g_strip), kDefaultFont, area, kBoxText, sizeof(kBoxText) - 1),
            PanelStatus::kOk);
  EXPECT_TRUE(model_shows(model, 128, 64, framebuffer));
  EXPECT_EQ(draw_text_to_panel(panel, g_strip, 1, kDefaultFont, area, kBoxText, 4), PanelStatus::kBusError);
  EXPECT_EQ(draw_text_to_panel(panel, nullptr, 128, kDefaultFont, area, kBoxText, 4), PanelStatus::kBusError);
}

// A strip stands for its columns of one page: drawing elsewhere, at any
// coordinate, leaves it and the bytes around it alone.
UTEST(PageStrip, HostileCoordinates) {
  struct Guarded {
    std::uint8_t before[8];
    std::uint8_t strip[16];
    std::uint8_t after[8];
  };
  static Guarded guarded;
  for (auto& byte : guarded.before) byte = 0xA5;
  for (auto& byte : guarded.after) byte = 0xA5;
  PageStrip strip(guarded.strip, 32, 16, 2);  // columns 32-47, rows 16-23
  EXPECT_EQ(strip.x(), 32);
  EXPECT_EQ(strip.y(), 16);
  strip.clear(false);
  const int kPositions[] = {INT_MIN, INT_MIN + 1, -(1 << 24) - 1, -1, 0, 31, 48, 1 << 24, INT_MAX - 1, INT_MAX};
  for (const int x : kPositions) {
    for (const int y : kPositions) {
      strip.fill_rect(x, y, INT_MAX, INT_MAX, true);
      strip.set_pixel(x, y, true);
      strip.draw_column(x, y, 0xFFFFFFFFu, 0xFFFFFFFFu, true, true);
      const Rect clip{x, y, 100, 100};
      draw_code_point(strip, kDefaultFont, U'M', x, y, clip, kLitOnDark);
    }
  }
  for (const auto byte : guarded.before) EXPECT_EQ(byte, 0xA5);
  for (const auto byte : guarded.after) EXPECT_EQ(byte, 0xA5);
  // Its own pixels are where they belong.
  strip.clear(false);
  strip.set_pixel(33, 17, true);
  EXPECT_EQ(guarded.strip[1], 0x02);
  EXPECT_TRUE(strip.get_pixel(33, 17));
  EXPECT_FALSE(strip.get_pixel(33, 9));
}

}  // namespace
