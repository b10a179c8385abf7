// Fuzz target: the Terminal through its public API, flushed into the
// datasheet controller models (test/display/panel_models.h). Any bytes
// (escape and CSI sequences, `ESC % @` / `ESC % G` charset switches,
// controls, cursor moves, scrolling; a dictionary of them), code points put
// directly (surrogates and values above U+10FFFF too), and between them
// flushes through strips of 2-300 bytes, flushes whose bus fails at a chosen
// transaction, invalidate(), the cursor shown and hidden, clear() and
// finish(); consoles of 2 x 1 to 40 x 8 cells (one with PageCells: lines
// of one panel page), in a hostile font
// (fuzz_display_support.h) and a cell pitch from the input; SSD1306, SH1106,
// SSD0323 and ST77xx panels.
//
// Checks: no undefined behaviour, no access outside any buffer; the models
// see no unknown command and no write outside their RAM; a flush returns
// the failure the bus reported, or kOk, and after kOk nothing is dirty; the
// cursor stays on the grid (its column may be one past the last); every cell
// reads back (cell(), mark_of()); and after the last flush the panel shows
// what draw() draws of the console into a framebuffer of the panel's size
// (the strips sent since the first flush add up to a whole redraw).
//
// Input: [console 1] [panel 1] [cell pitch 1] [font 8] then operations: an
// operation byte from the end, its text from the front (FuzzedDataProvider).
//
// Built a second time as fuzz_terminal_unicode (UTF8MCU_FUZZ_TERMINAL_UNICODE=1):
// the same run and checks on consoles with the Unicode opt-ins of
// terminal_unicode.h: grapheme-cluster units, rows in visual order (by
// P2-P3, or right to left), both, and visual order alone.

#include <cstring>
#include <new>

#include "fuzz_display_support.h"
#include "panel_models.h"
#include "utf8mcu/display/panel/ssd0323.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/panel/st77xx.h"
#include "utf8mcu/display/terminal.h"
#if UTF8MCU_FUZZ_TERMINAL_UNICODE
#include "utf8mcu/display/terminal_unicode.h"
#endif

namespace {

using namespace utf8mcu::display;
using panel_model::BusCounters;

constexpr std::size_t kStripSizes[] = {0, 1, 2, 3, 8, 16, 128, 300};

// A panel driver and the model behind it, as one interface for the run:
// state(x, y) of a visible pixel is 1 lit, 0 dark, -1 any other value.
struct Ssd1306Rig {
  panel_model::Ssd1306Model model;
  PanelBus bus;
  Ssd1306 panel;
  int column_offset;
  Ssd1306Rig(panel_model::Ssd1306Model::Kind kind, const Ssd1306Config& config)
      : model(kind), bus(model.spi_bus()), panel(bus, config), column_offset(config.column_offset) {
    model.fill(0xA5);
  }
  BusCounters& counters() { return model.counters(); }
  bool clean() const { return model.unknown_commands() == 0 && model.data_overruns() == 0; }
  int state(int x, int y) const { return model.pixel(x + column_offset, y) ? 1 : 0; }
  bool margins_untouched() const { return true; }
};

struct Ssd0323Rig {
  panel_model::Ssd0323Model model;
  PanelBus bus;
  Ssd0323 panel;
  Ssd0323Rig() : bus(model.spi_bus()), panel(bus) { model.fill(0x5A); }
  BusCounters& counters() { return model.counters(); }
  bool clean() const { return model.unknown_commands() == 0; }
  int state(int x, int y) const {
    const int level = model.level(x, y);
    return level == 15 ? 1 : (level == 0 ? 0 : -1);
  }
  bool margins_untouched() const { return true; }
};

// 48 x 24 pixels at (2, 1) of a 52 x 28 RAM.
struct St77xxRig {
  panel_model::DcsModel<52, 28> model;
  PanelBus bus;
  St77xx panel;
  static constexpr St77xxConfig kConfig{48, 24, 2, 1, 0x00, false, 0xFFE0, 0x001F};
  St77xxRig() : bus(panel_model::spi_bus_of(model)), panel(bus, kConfig) { model.fill(0x1234); }
  BusCounters& counters() { return model.counters(); }
  bool clean() const { return model.unknown_commands() == 0 && model.overruns() == 0; }
  int state(int x, int y) const {
    const std::uint16_t pixel = model.pixel(x + 2, y + 1);
    return pixel == 0xFFE0 ? 1 : (pixel == 0x001F ? 0 : -1);
  }
  bool margins_untouched() const {
    for (int y = 0; y < 28; ++y) {
      for (int x = 0; x < 52; ++x) {
        const bool inside = x >= 2 && x < 50 && y >= 1 && y < 25;
        if (!inside && model.pixel(x, y) != 0x1234) return false;
      }
    }
    return true;
  }
};

// True if the panel shows `picture`; prints both if not and
// UTF8MCU_FUZZ_PRINT is set (to look at a crash input).
template <typename Rig>
UTF8MCU_FUZZ_UNINSTRUMENTED bool panel_shows(const Rig& rig, const MonoFramebuffer& picture) {
  bool same = rig.margins_untouched();
  for (int y = 0; y < picture.height(); ++y) {
    for (int x = 0; x < picture.width(); ++x) same = same && rig.state(x, y) == (picture.get_pixel(x, y) ? 1 : 0);
  }
  if (!same && std::getenv("UTF8MCU_FUZZ_PRINT") != nullptr) {
    for (int y = 0; y < picture.height(); ++y) {
      for (int x = 0; x < picture.width(); ++x) std::fputc("?.#"[rig.state(x, y) + 1], stderr);
      std::fputs("   ", stderr);
      for (int x = 0; x < picture.width(); ++x) std::fputc(picture.get_pixel(x, y) ? '#' : '.', stderr);
      std::fputc('\n', stderr);
    }
  }
  return same;
}

template <typename Console>
UTF8MCU_FUZZ_UNINSTRUMENTED void check_cells(const Console& console) {
  const TerminalCursor cursor = console.cursor();
  UTF8MCU_FUZZ_CHECK(cursor.column >= 0 && cursor.column <= Console::kColumnCount);
  UTF8MCU_FUZZ_CHECK(cursor.row >= 0 && cursor.row < Console::kRowCount);
  for (int row = -1; row <= Console::kRowCount; ++row) {
    for (int column = -1; column <= Console::kColumnCount; ++column) {
      const char32_t value = console.cell(column, row);
      const char32_t mark = console.mark_of(column, row);
      const bool inside = row >= 0 && row < Console::kRowCount && column >= 0 && column < Console::kColumnCount;
      if (!inside) UTF8MCU_FUZZ_CHECK(value == 0 && mark == 0);
      UTF8MCU_FUZZ_CHECK(value <= 0x10FFFF && mark <= 0x10FFFF);
    }
  }
}

template <typename Console, typename Rig>
void run(FuzzedDataProvider& input, Console& console, Rig& rig) {
  UTF8MCU_FUZZ_CHECK(rig.panel.init() == PanelStatus::kOk);
  std::vector<std::uint8_t> strip(300);
  while (input.remaining_bytes() > 0) {
    const auto op = input.ConsumeIntegral<std::uint8_t>();
    switch (op >> 5) {
      default: {  // 0-3: bytes
        const std::vector<std::uint8_t> bytes = input.ConsumeBytes<std::uint8_t>(1 + (op & 63));
        console.write(bytes.data(), bytes.size());
        break;
      }
      case 4:
      case 5: {  // a flush through a strip of its own size; case 5: the bus fails
        const std::size_t strip_size = kStripSizes[op & 7];
        std::vector<std::uint8_t> exact(strip_size);
        rig.counters().fail_after = 0;
        if ((op >> 5) == 5) {
          rig.counters().transactions = 0;
          rig.counters().fail_after = 1 + ((op >> 3) & 3);
          rig.counters().failure = (op & 8) != 0 ? PanelStatus::kTimeout : PanelStatus::kNak;
        }
        const PanelStatus status = console.flush(rig.panel, strip_size == 0 ? nullptr : exact.data(), strip_size);
        if (strip_size < 2) {
          UTF8MCU_FUZZ_CHECK(status == PanelStatus::kBusError);
        } else if (status == PanelStatus::kOk) {
          UTF8MCU_FUZZ_CHECK(!console.dirty());
        } else {
          UTF8MCU_FUZZ_CHECK(rig.counters().fail_after != 0 && status == rig.counters().failure);
        }
        rig.counters().fail_after = 0;
        UTF8MCU_FUZZ_CHECK(rig.clean());
        break;
      }
      case 6: {  // a code point, any 32-bit value
        console.put(static_cast<char32_t>(input.ConsumeIntegral<std::uint32_t>() >> ((op & 3) * 8)));
        break;
      }
      case 7:
        switch (op & 7) {
          case 0: console.invalidate(); break;
          case 1: console.set_cursor_visible(true); break;
          case 2: console.set_cursor_visible(false); break;
          case 3: console.clear(); break;
          case 4: console.finish(); break;
          case 5: check_cells(console); break;
          default: {  // the rest of the input as text
            const std::vector<std::uint8_t> bytes = input.ConsumeRemainingBytes<std::uint8_t>();
            console.write(bytes.data(), bytes.size());
            break;
          }
        }
        break;
    }
    const TerminalCursor cursor = console.cursor();
    UTF8MCU_FUZZ_CHECK(cursor.column >= 0 && cursor.column <= Console::kColumnCount);
    UTF8MCU_FUZZ_CHECK(cursor.row >= 0 && cursor.row < Console::kRowCount);
  }
  check_cells(console);
  UTF8MCU_FUZZ_CHECK(console.flush(rig.panel, strip.data(), 128) == PanelStatus::kOk);
  UTF8MCU_FUZZ_CHECK(rig.clean());
  // The panel shows the console as draw() draws it.
  const int width = rig.panel.width();
  const int height = rig.panel.height();
  std::vector<std::uint8_t> pixels(mono_buffer_size(width, height));
  MonoFramebuffer picture(pixels.data(), width, height);
  console.draw(picture, 0, 0);
  UTF8MCU_FUZZ_CHECK(panel_shows(rig, picture));
}

template <typename Console>
void run_on_panel(FuzzedDataProvider& input, std::uint8_t panel, const Font& font, int cell_width) {
  // Consoles and models are large: on the heap, where ASan sees their edges.
  auto console = std::make_unique<Console>(font, cell_width);
  switch (panel % 5) {
    case 0: {
      auto rig = std::make_unique<Ssd1306Rig>(panel_model::Ssd1306Model::Kind::kSsd1306, kSsd1306_128x64);
      run(input, *console, *rig);
      break;
    }
    case 1: {
      auto rig = std::make_unique<Ssd1306Rig>(panel_model::Ssd1306Model::Kind::kSsd1306, kSsd1306_128x32);
      run(input, *console, *rig);
      break;
    }
    case 2: {
      auto rig = std::make_unique<Ssd1306Rig>(panel_model::Ssd1306Model::Kind::kSh1106, kSh1106_128x64);
      run(input, *console, *rig);
      break;
    }
    case 3: {
      auto rig = std::make_unique<Ssd0323Rig>();
      run(input, *console, *rig);
      break;
    }
    default: {
      auto rig = std::make_unique<St77xxRig>();
      run(input, *console, *rig);
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  const auto shape = input.ConsumeIntegral<std::uint8_t>();
  const auto panel = input.ConsumeIntegral<std::uint8_t>();
  const int cell_width = input.ConsumeIntegralInRange(0, 40);
  const std::unique_ptr<fuzz::HostileFont> font = fuzz::make_font(input);
#if UTF8MCU_FUZZ_TERMINAL_UNICODE
  using RightToLeft = UnicodeCells<true, RowOrder::kRightToLeft>;
  using VisualOnly = UnicodeCells<false, RowOrder::kVisual>;
  switch (shape % 4) {
    case 0: run_on_panel<UnicodeTerminal<21, 8>>(input, panel, font->font, cell_width); break;
    case 1: run_on_panel<Terminal<16, 4, 2, NoEscapes, GraphemeCells>>(input, panel, font->font, cell_width); break;
    case 2: run_on_panel<Terminal<2, 1, 1, EscapeParser, RightToLeft>>(input, panel, font->font, cell_width); break;
    default: run_on_panel<Terminal<40, 3, 64, EscapeParser, VisualOnly>>(input, panel, font->font, cell_width); break;
  }
  return 0;
#endif
  switch (shape % 5) {
    case 0: run_on_panel<Terminal<21, 8>>(input, panel, font->font, cell_width); break;
    case 1: run_on_panel<Terminal<16, 4>>(input, panel, font->font, cell_width); break;
    case 2: run_on_panel<Terminal<2, 1, 1>>(input, panel, font->font, cell_width); break;
    case 3: run_on_panel<Terminal<21, 8, 2, EscapeParser, PageCells>>(input, panel, font->font, cell_width); break;
    default: run_on_panel<Terminal<40, 3, 64>>(input, panel, font->font, cell_width); break;
  }
  return 0;
}
