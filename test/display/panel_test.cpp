// Panel drivers: each driver runs against a controller model written from
// the datasheet (panel_models.h), and the model's RAM must equal the expected
// picture, drawn line by line without any terminal layout
// (display_test::draw_line). The terminal's own tests are in terminal_test.cpp.
#include <initializer_list>
#include <new>

#include "panel_test_support.h"

namespace {

using namespace utf8mcu::display;
using namespace panel_test;

UTEST(Panel, Ssd1306FamilyOverSpi) {
  for (const Ssd1306Case& row : kSsd1306Cases) {
    utest::log() << "  " << row.name << '\n';
    Ssd1306Model& model = fresh_ssd1306(row.kind);
    const PanelBus bus = model.spi_bus();
    Ssd1306 panel(bus, row.config);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    EXPECT_TRUE(model.display_on());
    EXPECT_EQ(model.multiplex(), int{row.config.height});
    Console& console = fresh_console();
    write_text(console, kScreenText);
    ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
    EXPECT_FALSE(console.dirty());
    const MonoFramebuffer expected = expected_screen();
    EXPECT_TRUE(model_shows(model, row.config.column_offset, row.config.width, row.config.height, expected));
    EXPECT_EQ(model.unknown_commands(), 0);
    EXPECT_EQ(model.data_overruns(), 0);
  }
}

UTEST(Panel, Ssd1306OverI2c) {
  for (const bool one_command_per_control : {false, true}) {
    Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
    model.set_i2c_address(0x3D);
    I2cPanelLink link;
    link.transfer = [](void* context, std::uint8_t address, std::uint8_t control, const std::uint8_t* bytes,
                       std::size_t size) {
      return static_cast<Ssd1306Model*>(context)->i2c_transfer(address, control, bytes, size);
    };
    link.context = &model;
    link.address = 0x3D;
    link.one_command_per_control = one_command_per_control;
    const PanelBus bus = i2c_panel_bus(link);
    Ssd1306 panel(bus, kSsd1306_128x64);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    Console& console = fresh_console();
    write_text(console, kScreenText);
    ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
    const MonoFramebuffer expected = expected_screen();
    EXPECT_TRUE(model_shows(model, 0, 128, 64, expected));
    EXPECT_EQ(model.unknown_commands(), 0);
    // A wrong address is a NAK, returned as such.
    link.address = 0x3C;
    console.invalidate();
    EXPECT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kNak);
    EXPECT_EQ(panel.init(), PanelStatus::kNak);
  }
}

UTEST(Panel, Ssd0323) {
  Ssd0323Model& model = fresh_ssd0323();
  const PanelBus bus = model.spi_bus();
  Ssd0323 panel(bus);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  EXPECT_TRUE(model.display_on());
  Console& console = fresh_console();
  write_text(console, kScreenText);
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  const MonoFramebuffer expected = expected_screen();
  EXPECT_TRUE(model_shows(model, 128, 64, expected));
  EXPECT_EQ(model.unknown_commands(), 0);
  // Rows 64-79 are not the panel's: untouched.
  EXPECT_EQ(model.level(0, 64), 5);
}

// An RGB565 panel of 32 x 16 pixels at offset (2, 1) in a 36 x 20 RAM (small
// for the microbit): the window lands where the offsets say, in the configured
// colours, and nothing outside it is touched.
UTEST(Panel, St77xxWindowedWrites) {
  auto& model = panel_model::fresh_dcs<36, 20>(0x1234);
  const PanelBus bus = panel_model::spi_bus_of(model);
  const St77xxConfig config{32, 16, 2, 1, 0x00, true, 0xFFE0, 0x001F};  // yellow on blue
  St77xx panel(bus, config);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  EXPECT_TRUE(model.display_on());
  EXPECT_FALSE(model.sleeping());
  EXPECT_EQ(model.colmod(), 0x55);
  static Terminal<4, 1> console;
  console = Terminal<4, 1>();
  const char text[] = "r\xC3\xBC\xE4\xB8\xAD";
  console.write(reinterpret_cast<const std::uint8_t*>(text), sizeof(text) - 1);
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer expected(pictures.expected, 128, 64);
  const char* const lines[] = {"r\xC3\xBC\xE4\xB8\xAD", nullptr};
  draw_expected(expected, lines, 1);
  int wrong = 0;
  for (int y = 0; y < 20; ++y) {
    for (int x = 0; x < 36; ++x) {
      const bool inside = x >= 2 && x < 34 && y >= 1 && y < 17;
      const std::uint16_t want = !inside ? 0x1234 : (expected.get_pixel(x - 2, y - 1) ? 0xFFE0 : 0x001F);
      if (model.pixel(x, y) != want && wrong++ == 0) utest::log() << "  first difference at " << x << ", " << y << '\n';
    }
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(model.unknown_commands(), 0);
  EXPECT_EQ(model.overruns(), 0);
  // One typed character: 2 pages of an 8 x 8 window, CASET, RASET and RAMWR
  // with their 8 parameter bytes, 2 bytes per pixel.
  model.counters() = panel_model::BusCounters();
  console.write('\r');
  console.write('!');
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  EXPECT_EQ(model.counters().command_bytes, std::size_t{2 * 3});
  EXPECT_EQ(model.counters().data_bytes, std::size_t{2 * (8 + 8 * 8 * 2)});
}

// Bytes over the bus for one typed character (its 8x16 cell: 2 pages of 8
// columns) and for a whole screen, from the datasheets' addressing commands.
UTEST(Panel, BusBytesPerCharacter) {
  {
    Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
    const PanelBus bus = model.spi_bus();
    Ssd1306 panel(bus, kSsd1306_128x64);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    Console& console = fresh_console();
    model.counters() = panel_model::BusCounters();
    ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
    EXPECT_EQ(model.counters().bus_bytes(), std::size_t{8 * (3 + 128)});  // whole screen: 1,048
    model.counters() = panel_model::BusCounters();
    console.write('x');
    ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
    EXPECT_EQ(model.counters().command_bytes, std::size_t{2 * 3});
    EXPECT_EQ(model.counters().data_bytes, std::size_t{2 * 8});
    // Nothing changed: nothing sent.
    model.counters() = panel_model::BusCounters();
    ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
    EXPECT_EQ(model.counters().bus_bytes(), std::size_t{0});
  }
  {
    Ssd0323Model& model = fresh_ssd0323();
    const PanelBus bus = model.spi_bus();
    Ssd0323 panel(bus);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    Console& console = fresh_console();
    model.counters() = panel_model::BusCounters();
    ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
    EXPECT_EQ(model.counters().bus_bytes(), std::size_t{8 * (6 + 8 * 64)});  // whole screen: 4,144
    model.counters() = panel_model::BusCounters();
    console.write('x');
    ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
    EXPECT_EQ(model.counters().command_bytes, std::size_t{2 * 6});
    EXPECT_EQ(model.counters().data_bytes, std::size_t{2 * 8 * 4});
  }
}

// A write that fails comes back as a status; the cells stay dirty and the
// next flush sends them.
UTEST(Panel, FailingWriteIsReturned) {
  for (std::size_t fail_at = 1; fail_at <= 6; ++fail_at) {
    Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
    const PanelBus bus = model.spi_bus();
    Ssd1306 panel(bus, kSsd1306_128x64);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    Console& console = fresh_console();
    write_text(console, kScreenText);
    model.counters() = panel_model::BusCounters();
    model.counters().fail_after = fail_at;
    model.counters().failure = fail_at % 2 == 0 ? PanelStatus::kTimeout : PanelStatus::kNak;
    EXPECT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), model.counters().failure);
    EXPECT_TRUE(console.dirty());
    model.counters().fail_after = 0;
    ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
    const MonoFramebuffer expected = expected_screen();
    EXPECT_TRUE(model_shows(model, 0, 128, 64, expected));
  }
  PanelBus empty;
  Ssd1306 panel(empty, kSsd1306_128x64);
  EXPECT_EQ(panel.init(), PanelStatus::kNoBus);
}

// Strips narrower than the panel give the same picture.
UTEST(Panel, NarrowStrips) {
  for (const std::size_t strip_size : {std::size_t{2}, std::size_t{6}, std::size_t{10}, std::size_t{64}}) {
    Ssd0323Model& model = fresh_ssd0323();
    const PanelBus bus = model.spi_bus();
    Ssd0323 panel(bus);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    Console& console = fresh_console();
    write_text(console, kScreenText);
    std::uint8_t strip[64 + 2];
    strip[strip_size] = 0xEE;  // guard byte
    ASSERT_EQ(console.flush(panel, strip, strip_size), PanelStatus::kOk);
    EXPECT_EQ(strip[strip_size], 0xEE);
    const MonoFramebuffer expected = expected_screen();
    EXPECT_TRUE(model_shows(model, 128, 64, expected));
  }
  Console& console = fresh_console();
  Ssd0323Model& model = fresh_ssd0323();
  const PanelBus bus = model.spi_bus();
  Ssd0323 panel(bus);
  EXPECT_EQ(console.flush(panel, nullptr, 128), PanelStatus::kBusError);
  EXPECT_EQ(console.flush(panel, g_strip, 1), PanelStatus::kBusError);
}

// Terminal::draw() (a full framebuffer) equals what flush() sends.
UTEST(Panel, DrawEqualsFlush) {
  Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  Ssd1306 panel(bus, kSsd1306_128x64);
  Console& console = fresh_console();
  write_text(console, "one\ntwo\nthree\nfour\nfive \xE4\xB8\xAD\xCC\x81 e\xCC\x81\n\x1B[1;3Hxy\x01");
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer drawn(pictures.actual, 128, 64);
  console.draw(drawn, 0, 0);
  EXPECT_TRUE(model_shows(model, 0, 128, 64, drawn));
}

}  // namespace
