// ParagraphBox on the boards: the host demo's right-to-left screen
// (examples/display_demo/rtl_screen.h), dumped through semihosting as
// display_128x64_rtl.pbm (a ctest compares it with the golden framebuffer),
// then instructions per code point of typical right-to-left lines (a Hebrew
// line with digits and Latin, an Arabic line with harakat, a Persian line
// with Persian digits), each laid out and drawn as one paragraph into a
// 128x64 framebuffer, timed with SysTick (exact under QEMU -icount shift=0),
// and the box's RAM. Built at -O2 and -Os.
#include <cstddef>
#include <cstdint>

#include "../common/decimal.h"
#include "paragraph_measure_font.h"
#include "rtl_screen.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/paragraph_box.h"
#include "utf8mcu/display/pbm.h"
#include "utf8mcu_bsp/board.h"
#include "utf8mcu_bsp/semihosting.h"
#include "utf8mcu_bsp/systick.h"

namespace {

namespace semihosting = utf8mcu_bsp::semihosting;
namespace systick = utf8mcu_bsp::systick;
using namespace utf8mcu::display;

using Box = ParagraphBox<MonoFramebuffer, 64>;

void print(const char* text) {
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  semihosting::console_write(text, size);
}

void print_number(std::uint32_t value) {
  char text[example::kMaxDecimalDigits];
  semihosting::console_write(text, example::format_decimal(value, text));
}

bool save_pbm(const MonoFramebuffer& picture, const char* path) {
  const int handle = semihosting::open(path, semihosting::kModeWriteBinary);
  if (handle < 0) return false;
  bool ok = true;
  write_pbm(picture, [&](const std::uint8_t* data, std::size_t size) {
    ok = ok && semihosting::write(handle, data, size) == size;
  });
  return semihosting::close(handle) == 0 && ok;
}

std::uint8_t pixels[mono_buffer_size(128, 64)];
MonoFramebuffer screen(pixels, 128, 64);
Box box(screen, fonts::kParagraphMeasureFont, Rect{0, 0, 128, 64}, kLitOnDark);

// Lays out and draws `text` (one paragraph) kRounds times; prints the
// instructions per code point. False if nothing was drawn.
bool measure(const systick::Calibration& calibration, const char* label, const char* text) {
  constexpr std::uint32_t kRounds = 16;
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  std::uint32_t code_points = 0;
  utf8mcu::Decoder counter;
  counter.push(reinterpret_cast<const std::uint8_t*>(text), size, [&](char32_t) { ++code_points; });
  const std::uint32_t begin = systick::now();
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    box.home();
    utf8mcu::Decoder decoder;
    decoder.push(reinterpret_cast<const std::uint8_t*>(text), size, box);
    box.finish();
  }
  const std::uint64_t instructions = calibration.instructions_in(systick::ticks_since(begin), kRounds);
  print("[measure] ParagraphBox, ");
  print(label);
  print(": ");
  print_number(static_cast<std::uint32_t>((instructions + code_points / 2) / code_points));
  print(" instructions per code point (");
  print_number(code_points);
  print(" code points, ");
  print_number(static_cast<std::uint32_t>(instructions));
  print(" per paragraph)\n");
  bool lit = false;
  for (int x = 0; x < 128 && !lit; ++x) {
    for (int y = 0; y < 16 && !lit; ++y) lit = screen.get_pixel(x, y);
  }
  return lit;
}

}  // namespace

int main() {
  sample_screens::draw_right_to_left(screen, fonts::kParagraphMeasureFont);
  if (!save_pbm(screen, "display_128x64_rtl.pbm")) {
    print("paragraph_measure: cannot write display_128x64_rtl.pbm\n");
    return 1;
  }
  systick::start();
  const systick::Calibration calibration = systick::calibrate();
  if (!calibration.plausible(utf8mcu_bsp::board_name())) {
    print("paragraph_measure: SysTick does not count instructions (run QEMU with -icount shift=0)\n");
    return 1;
  }
  print("[measure] sizeof(ParagraphBox<MonoFramebuffer, 64>): ");
  print_number(sizeof(Box));
  print(" bytes on ");
  print(utf8mcu_bsp::board_name());
  print("\n");
  // שלום עולם, 123 abc! / مَرْحَبًا بِالْعَالَمِ 123 / سلام دنیا ۱۲۳۴
  const bool ok =
      measure(calibration, "Hebrew with digits and Latin",
              "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xD7\xA2\xD7\x95\xD7\x9C\xD7\x9D, 123 abc!") &&
      measure(calibration, "Arabic with harakat",
              "\xD9\x85\xD9\x8E\xD8\xB1\xD9\x92\xD8\xAD\xD9\x8E\xD8\xA8\xD9\x8B\xD8\xA7 "
              "\xD8\xA8\xD9\x90\xD8\xA7\xD9\x84\xD9\x92\xD8\xB9\xD9\x8E\xD8\xA7\xD9\x84\xD9\x8E\xD9\x85\xD9\x90 123") &&
      measure(calibration, "Persian with Persian digits",
              "\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85 \xD8\xAF\xD9\x86\xDB\x8C\xD8\xA7 \xDB\xB1\xDB\xB2\xDB\xB3\xDB\xB4");
  print(ok ? "paragraph_measure: OK\n" : "paragraph_measure: nothing drawn\n");
  return ok ? 0 : 1;
}
