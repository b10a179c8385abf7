// Firmware example of utf8mcu::display for the QEMU boards: draws the sample
// screens of examples/display_demo byte by byte (as from a UART) into SSD1306
// framebuffers, dumps them as PBM files through semihosting (a ctest compares
// them with the host's, bit for bit), then measures instructions per glyph
// with SysTick (exact under QEMU -icount shift=0).
#include <cstddef>
#include <cstdint>

#include "../common/decimal.h"
#include "display_firmware_font.h"
#include "display_firmware_font_5x7.h"
#include "display_firmware_font_6x13.h"
#include "display_firmware_font_small.h"
#include "sample_screens.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/display.h"
#include "utf8mcu_bsp/board.h"
#include "utf8mcu_bsp/semihosting.h"
#include "utf8mcu_bsp/systick.h"

namespace {

namespace semihosting = utf8mcu_bsp::semihosting;
using namespace utf8mcu::display;

// ---- output -------------------------------------------------------------------

void print(const char* text) {
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  semihosting::console_write(text, size);
}

void print_number(std::uint32_t value) {
  char text[example::kMaxDecimalDigits];
  semihosting::console_write(text, example::format_decimal(value, text));
}

// Value with one decimal, from tenths.
void print_tenths(std::uint32_t tenths) {
  print_number(tenths / 10);
  const char decimal[2] = {'.', static_cast<char>('0' + tenths % 10)};
  semihosting::console_write(decimal, 2);
}

bool save_pbm(const MonoFramebuffer& screen, const char* path) {
  const int handle = semihosting::open(path, semihosting::kModeWriteBinary);
  if (handle < 0) return false;
  bool ok = true;
  write_pbm(screen, [&](const std::uint8_t* data, std::size_t size) {
    ok = ok && semihosting::write(handle, data, size) == size;
  });
  return semihosting::close(handle) == 0 && ok;
}

// ---- SysTick (utf8mcu_bsp/systick.h) --------------------------------------------

namespace systick = utf8mcu_bsp::systick;
using systick::now;
using systick::ticks_since;

systick::Calibration calibration;  // measured first thing in main()

// Instructions per SysTick tick under -icount shift=0, times 1000: the
// board's clock, or what the calibration measured on a board systick.h does
// not list.
std::uint32_t instructions_per_tick_milli() {
  const std::uint32_t nominal = systick::nominal_per_tick_milli(utf8mcu_bsp::board_name());
  return nominal != 0 ? nominal : calibration.per_tick_milli();
}

// Prints "<label>: N.N instructions per <unit>" for `count` units in `ticks`.
void report(const char* label, std::uint32_t ticks, std::uint32_t count, const char* unit) {
  const std::uint64_t instructions_x10 = std::uint64_t{ticks} * instructions_per_tick_milli() / 100;
  const auto tenths = static_cast<std::uint32_t>((instructions_x10 + count / 2) / count);
  print("[measure] ");
  print(label);
  print(": ");
  print_tenths(tenths);
  print(" instructions per ");
  print(unit);
  print("\n");
}

// ---- measurements ---------------------------------------------------------------

constexpr std::uint32_t kRepeats = 512;

template <typename Draw>
std::uint32_t time_repeats(Draw&& draw) {
  const std::uint32_t start = now();
  for (std::uint32_t i = 0; i < kRepeats; ++i) draw(i);
  return ticks_since(start);
}

// Instruction budgets of the measurements that have one, per glyph drawn by
// code point (lookup and pixels, as u8g2_DrawGlyph()) and per code point of
// the text path: Cortex-M3 at -O2 (mps2-an385) and Cortex-M0+ code at -Os
// (microbit, the display_firmware_os image). Each is a fifth of what u8g2
// takes for the same glyphs and text on that core and level, or, where the
// library is not that fast yet, a regression guard a little above its
// figure (docs/display.md, Speed). Elsewhere only reported.
struct Budget {
  const char* label;
  std::uint32_t m3_o2;
  std::uint32_t m0_os;
};
constexpr Budget kBudgets[] = {
    {"draw_code_point 8x16 A", 1287, 1797},
    {"draw_code_point 8x16 Cyrillic", 2150, 2994},
    {"draw_code_point 16x16 CJK", 3012, 4201},
    {"draw_code_point 6x13 A", 1090, 1528},
    {"draw_code_point 5x7 A", 682, 968},
    {"text path, ASCII", 934, 1301},
    {"text path, ASCII, 6x13", 712, 997},
    {"text path, ASCII, 5x7", 494, 850},
    {"text path, ASCII, 6x13 + Unifont fallback", 712, 997},
    {"text path, Cyrillic", 1120, 1570},
    {"text path, Chinese", 3464, 4823},
};

bool same_text(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

// 0: no budget for `label` on this board at this optimisation level.
std::uint32_t budget_for(const char* label) {
  const char* board = utf8mcu_bsp::board_name();
#if defined(__OPTIMIZE_SIZE__)
  const bool budgeted = same_text(board, "microbit");
#else
  const bool budgeted = same_text(board, "mps2-an385");
#endif
  if (!budgeted) return 0;
  for (const Budget& budget : kBudgets) {
#if defined(__OPTIMIZE_SIZE__)
    if (same_text(budget.label, label)) return budget.m0_os;
#else
    if (same_text(budget.label, label)) return budget.m3_o2;
#endif
  }
  return 0;
}

bool over_budget = false;

// Reports the measurement and checks it against its budget, if any.
void report_checked(const char* label, std::uint32_t ticks, std::uint32_t count, const char* unit) {
  report(label, ticks, count, unit);
  const std::uint32_t budget = budget_for(label);
  if (budget == 0) return;
  const std::uint64_t instructions = std::uint64_t{ticks} * instructions_per_tick_milli() / 1000 / count;
  if (instructions > budget) {
    print("[budget] OVER: ");
    print(label);
    print("\n");
    over_budget = true;
  }
}

// The calibration loop in the units of the other lines: 2.0 instructions per
// iteration when SysTick ticks convert to instructions as assumed.
void report_calibration() {
  report("calibration, 2-instruction loop", calibration.ticks, calibration.instructions / 2, "iteration");
}

// x of the i-th draw: it cycles over the screen in steps of `pitch` so that
// the loop cannot be folded; the glyph cost does not depend on x.
int column_of(std::uint32_t i, std::uint32_t pitch) { return static_cast<int>(i * pitch % 112u); }

// draw_glyph(): the pixels of a glyph looked up beforehand.
void time_glyph(MonoFramebuffer& screen, const char* label, const Glyph& glyph, int y, std::uint32_t pitch) {
  const Clip all{0, 0, screen.width(), screen.height()};
  report(label, time_repeats([&](std::uint32_t i) {
           draw_glyph(screen, glyph, column_of(i, pitch), y, all, kLitOnDark, false);
         }), kRepeats, "glyph");
}

// draw_code_point(): the lookup and the pixels, as u8g2_DrawGlyph() takes a
// glyph; budgeted.
void time_code_point(MonoFramebuffer& screen, const char* label, const FontChain& fonts, char32_t code_point,
                     std::uint32_t pitch) {
  const Rect everywhere{0, 0, screen.width(), screen.height()};
  report_checked(label, time_repeats([&](std::uint32_t i) {
                   draw_code_point(screen, fonts, code_point, column_of(i, pitch), 19, everywhere, kLitOnDark);
                 }), kRepeats, "glyph");
}

void measure_glyphs(MonoFramebuffer& screen, const Font& font) {
  const Glyph latin = find_glyph(font, U'A');
  time_glyph(screen, "draw_glyph 8x16, page-aligned y", latin, 16, 8);
  time_glyph(screen, "draw_glyph 8x16, unaligned y", latin, 19, 8);
  time_glyph(screen, "draw_glyph 8x16 Cyrillic, unaligned y", find_glyph(font, 0x0416), 19, 8);
  time_glyph(screen, "draw_glyph 16x16, unaligned y", find_glyph(font, 0x4E2D), 19, 8);
  time_code_point(screen, "draw_code_point 8x16 A", font, U'A', 8);
  time_code_point(screen, "draw_code_point 8x16 Cyrillic", font, 0x0416, 8);
  time_code_point(screen, "draw_code_point 16x16 CJK", font, 0x4E2D, 8);
  report("find_glyph (binary search)", time_repeats([&](std::uint32_t i) {
           const Glyph found = find_glyph(font, 0x4E00 + (i & 0xFF));
           if (found.found()) screen.set_pixel(0, 0, true);
         }), kRepeats, "lookup");
  report("width_class (binary search)", time_repeats([&](std::uint32_t i) {
           if (width_class(0x300 + (i & 0x3FF)) == WidthClass::kWide) screen.set_pixel(0, 0, true);
         }), kRepeats, "lookup");
  report("hex box U+1F600 (build + draw)", time_repeats([&](std::uint32_t i) {
           draw_code_point(screen, font, 0x1F600, column_of(i, 8), 19, Rect{0, 0, 128, 64}, kLitOnDark);
         }), kRepeats, "box");
}

void measure_small_fonts(MonoFramebuffer& screen) {
  time_glyph(screen, "draw_glyph 6x13, unaligned y", find_glyph(fonts::kFirmwareFont6x13, U'A'), 19, 6);
  time_glyph(screen, "draw_glyph 5x7, unaligned y", find_glyph(fonts::kFirmwareFont5x7, U'A'), 19, 6);
  time_code_point(screen, "draw_code_point 6x13 A", fonts::kFirmwareFont6x13, U'A', 6);
  time_code_point(screen, "draw_code_point 5x7 A", fonts::kFirmwareFont5x7, U'A', 6);
}

// The whole path per code point: bytes -> Decoder -> TextBox -> glyph -> pixels.
void measure_text(MonoFramebuffer& screen, const FontChain& font, const char* label, const char* text) {
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  std::uint32_t code_points = 0;
  utf8mcu::Decoder counter;
  auto count = [&](char32_t) { ++code_points; };
  counter.push(reinterpret_cast<const std::uint8_t*>(text), size, count);
  constexpr std::uint32_t kRounds = 16;
  const std::uint32_t start = now();
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    TextBox box(screen, font, Rect{0, 0, screen.width(), screen.height()}, kLitOnDark);
    utf8mcu::Decoder decoder;
    for (std::size_t i = 0; i < size; ++i) decoder.push(static_cast<std::uint8_t>(text[i]), box);
    decoder.finish(box);
  }
  report_checked(label, ticks_since(start), kRounds * code_points, "code point");
}

}  // namespace

int main() {
  static std::uint8_t small_pixels[mono_buffer_size(sample_screens::kSmallWidth, sample_screens::kSmallHeight)];
  static std::uint8_t large_pixels[mono_buffer_size(sample_screens::kLargeWidth, sample_screens::kLargeHeight)];
  MonoFramebuffer small_screen(small_pixels, sample_screens::kSmallWidth, sample_screens::kSmallHeight);
  MonoFramebuffer large_screen(large_pixels, sample_screens::kLargeWidth, sample_screens::kLargeHeight);
  const Font& font = fonts::kFirmwareFont;

  systick::start();
  calibration = systick::calibrate();
  if (!calibration.plausible(utf8mcu_bsp::board_name())) {
    print("display_firmware: SysTick does not count instructions (run QEMU with -icount shift=0)\n");
    return 1;
  }
  const std::uint32_t start = now();
  sample_screens::draw_small(small_screen, font);
  const std::uint32_t small_ticks = ticks_since(start);
  sample_screens::draw_large(large_screen, font);
  if (!save_pbm(small_screen, "display_128x64.pbm") || !save_pbm(large_screen, "display_256x128.pbm")) {
    print("display_firmware: cannot write the framebuffer dumps\n");
    return 1;
  }
  // The 21-column screen reuses the small framebuffer once the first picture is saved.
  sample_screens::draw_terminal(small_screen, fonts::kFirmwareFontSmall);
  if (!save_pbm(small_screen, "display_128x64_6x10.pbm")) {
    print("display_firmware: cannot write the framebuffer dumps\n");
    return 1;
  }
  print("display_firmware: wrote display_128x64.pbm, display_256x128.pbm and display_128x64_6x10.pbm on ");
  print(utf8mcu_bsp::board_name());
  print("\n");
  report("128x64 sample screen, whole", small_ticks, 1, "screen");

  // Measurements draw over the small screen, already saved.
  report_calibration();
  measure_glyphs(small_screen, font);
  constexpr const char* kEnglish = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs.";
  measure_text(large_screen, font, "text path, ASCII", kEnglish);
  measure_small_fonts(small_screen);
  measure_text(large_screen, fonts::kFirmwareFont6x13, "text path, ASCII, 6x13", kEnglish);
  measure_text(large_screen, fonts::kFirmwareFont5x7, "text path, ASCII, 5x7", kEnglish);
  measure_text(large_screen, FontChain(fonts::kFirmwareFont6x13, font), "text path, ASCII, 6x13 + Unifont fallback",
               kEnglish);
  measure_text(large_screen, font, "text path, Cyrillic",
               "\xD0\xA1\xD1\x8A\xD0\xB5\xD1\x88\xD1\x8C \xD0\xB6\xD0\xB5 \xD0\xB5\xD1\x89\xD1\x91 "
               "\xD1\x8D\xD1\x82\xD0\xB8\xD1\x85 \xD0\xBC\xD1\x8F\xD0\xB3\xD0\xBA\xD0\xB8\xD1\x85 "
               "\xD1\x84\xD1\x80\xD0\xB0\xD0\xBD\xD1\x86\xD1\x83\xD0\xB7\xD1\x81\xD0\xBA\xD0\xB8\xD1\x85 "
               "\xD0\xB1\xD1\x83\xD0\xBB\xD0\xBE\xD0\xBA");
  measure_text(large_screen, font, "text path, Chinese",
               "\xE4\xBD\xA0\xE5\xA5\xBD\xEF\xBC\x8C\xE4\xB8\x96\xE7\x95\x8C\xEF\xBC\x81\xE6\x88\x91\xE4\xBB\xAC"
               "\xE5\x9C\xA8\xE8\xBF\x99\xE9\x87\x8C\xE3\x80\x82\xE4\xB8\xAD\xE5\x9B\xBD\xE4\xBA\xBA\xE7\x9A\x84"
               "\xE6\x97\xB6\xE5\x80\x99\xE6\x88\x91\xE4\xBB\xAC\xE4\xB8\x8D\xE4\xB8\x80\xE5\xAE\x9A\xE8\xA6\x81");
  if (over_budget) {
    print("display_firmware: instruction budget exceeded\n");
    return 1;
  }
  print("display_firmware: OK\n");
  return 0;
}
