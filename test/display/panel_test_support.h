// Helpers shared by the panel driver tests (panel_test.cpp) and the terminal
// tests (terminal_test.cpp): controller models in static storage, comparing
// a model's RAM with an expected picture, and a console of each size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#include "display_test_support.h"
#include "panel_models.h"
#include "utf8mcu/display/panel/i2c_panel_bus.h"
#include "utf8mcu/display/panel/ssd0323.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/panel/st77xx.h"
#include "utf8mcu/display/terminal.h"

namespace panel_test {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;
using panel_model::Ssd0323Model;
using panel_model::Ssd1306Model;

using Console = Terminal<16, 4>;
// 21 x 8 cells of 6 x 8 pixels: misc-fixed 5x8 glyphs in 6-pixel cells.
using SmallConsole = Terminal<21, 8>;
constexpr int kSmallPitch = 6;

// The RAM budget of a 128x64 console: cells, decoder and escape state (the
// Terminal), one page strip, and the driver; of 32-bit cores (pointers are
// larger on the host). panel_size.sh checks it on the firmware builds too.
constexpr std::size_t kStripBytes = 128;
static_assert(sizeof(void*) > 4 || sizeof(SmallConsole) + kStripBytes + sizeof(Ssd1306) <= 512,
              "128x64 console of 21 x 8 cells within 512 bytes of RAM");
static_assert(sizeof(Console) + kStripBytes + sizeof(Ssd1306) <= 512, "128x64 console within 512 bytes of RAM");
static_assert(sizeof(Console) + kStripBytes + sizeof(Ssd0323) <= 512, "128x64 console within 512 bytes of RAM");

template <typename AnyConsole, std::size_t N>
inline void write_text(AnyConsole& console, const char (&text)[N]) {
  console.write(reinterpret_cast<const std::uint8_t*>(text), N - 1);
}

// Draws `lines` (UTF-8, one per text row, nullptr ends) into `expected`.
inline void draw_expected(MonoFramebuffer& expected, const char* const* lines, int count) {
  const Rect area{0, 0, 128, 64};
  for (int i = 0; i < count && lines[i] != nullptr; ++i) display_test::draw_line(expected, lines[i], 0, i * 16, area);
}

// Pixels of the model's visible area against `expected`; prints the first difference.
inline bool model_shows(const Ssd1306Model& model, int column_offset, int width, int height, const MonoFramebuffer& expected) {
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (model.pixel(x + column_offset, y) != expected.get_pixel(x, y)) {
        utest::log() << "  first difference at x " << x << ", y " << y << '\n';
        return false;
      }
    }
  }
  return true;
}

inline bool model_shows(const Ssd0323Model& model, int width, int height, const MonoFramebuffer& expected) {
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (model.level(x, y) != (expected.get_pixel(x, y) ? 15 : 0)) {
        utest::log() << "  first difference at x " << x << ", y " << y << '\n';
        return false;
      }
    }
  }
  return true;
}

// Four rows: German, Greek and CJK (hex boxes unless the font has them), a
// line that wraps, and the character that wrapped.
inline const char kScreenText[] =
    "Gr\xC3\xBC\xC3\x9F Gott!\r\n"
    "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xE4\xB8\xAD\xE6\x96\x87\n"
    "abcdefghijklmnopq";
inline const char* const kScreenLines[] = {"Gr\xC3\xBC\xC3\x9F Gott!", "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xE4\xB8\xAD\xE6\x96\x87",
                                    "abcdefghijklmnop", "q", nullptr};

// kScreenLines drawn line by line into a fresh 128x64 picture.
inline MonoFramebuffer expected_screen() {
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer expected(pictures.expected, 128, 64);
  draw_expected(expected, kScreenLines, 4);
  return expected;
}

struct Ssd1306Case {
  const char* name;
  Ssd1306Config config;
  Ssd1306Model::Kind kind;
};

inline const Ssd1306Case kSsd1306Cases[] = {
    {"SSD1306 128x64", kSsd1306_128x64, Ssd1306Model::Kind::kSsd1306},
    {"SSD1306 128x32", kSsd1306_128x32, Ssd1306Model::Kind::kSsd1306},
    {"SH1106 128x64", kSh1106_128x64, Ssd1306Model::Kind::kSh1106},
};

// Models are large for the microbit's stack: static storage, reset per use
// (one of each per test program, panel_models.h).
using panel_model::fresh_ssd0323;
using panel_model::fresh_ssd1306;

inline std::uint8_t g_strip[kStripBytes];

// One console for all tests (static storage is scarce on the microbit), blank.
inline Console& fresh_console() {
  alignas(Console) static unsigned char storage[sizeof(Console)];
  return *new (storage) Console();
}

}  // namespace panel_test
