// The figures of a 128x64 serial console on any board: terminal (21 x 8 cells
// of misc-fixed 5x8 in 6 x 8 pixels, its UTF-8 decoder; with CharacterCells
// and with PageCells) + SSD1306 driver, on
// a bus that only counts bytes, so no board peripheral is needed: semihosting
// output and SysTick only. Built at -O2 and -Os (panel_measure, panel_measure_os)
// and run under QEMU -icount shift=0, where SysTick counts instructions.
//
// Prints the same [measure] lines as panel_terminal (same workload:
// panel_typing.h), then checks them: the SysTick calibration against the
// board's clock, the bus bytes against what the SSD1306's page addressing
// needs, and the instructions per typed character against this core's and
// optimisation level's budget. Ends with "panel_measure: OK" (exit 0) or
// exits 1.
#include <cstddef>
#include <cstdint>

#include "panel_terminal_font_5x8.h"
#include "panel_typing.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu_bsp/board.h"
#include "utf8mcu_bsp/semihosting.h"
#include "utf8mcu_bsp/systick.h"

namespace {

using panel_typing::print;
using panel_typing::print_number;
using utf8mcu::display::PanelStatus;
using utf8mcu::display::Ssd1306;

// Instructions per typed character (write + flush of its page), a regression
// guard a little above what this core and optimisation level take today
// (docs/display.md); a count, the same on every machine under -icount.
// kPageBudget: the same for the PageCells console.
#if defined(__ARM_ARCH_6M__) && defined(__OPTIMIZE_SIZE__)
constexpr const char* kBuild = "Cortex-M0+ code, -Os";
constexpr std::uint32_t kInstructionBudget = 3350;
constexpr std::uint32_t kPageBudget = 2850;
#elif defined(__ARM_ARCH_6M__)
constexpr const char* kBuild = "Cortex-M0+ code, -O2";
constexpr std::uint32_t kInstructionBudget = 4000;
constexpr std::uint32_t kPageBudget = 3450;
#elif defined(__OPTIMIZE_SIZE__)
constexpr const char* kBuild = "Cortex-M3, -Os";
constexpr std::uint32_t kInstructionBudget = 2250;
constexpr std::uint32_t kPageBudget = 1950;
#else
constexpr const char* kBuild = "Cortex-M3, -O2";
constexpr std::uint32_t kInstructionBudget = 2420;
constexpr std::uint32_t kPageBudget = 2200;
#endif

// Fewer instructions than this per character cannot be a real measurement:
// the flush alone renders six glyph columns and sends nine bytes.
constexpr std::uint32_t kInstructionFloor = 100;

// What the SSD1306's page addressing sends (its datasheet's command table):
// 3 command bytes (B0h + page, 00h + low column, 10h + high column) before
// each run of columns in a page, one data byte per column.
constexpr std::uint32_t kPageCommandBytes = 3;
constexpr std::uint32_t kCellColumns = panel_typing::kSmallConsolePitch;
// A typed character: its own cell in its page.
constexpr std::uint32_t kTypedBytes = kPageCommandBytes + kCellColumns;
// The scroll after typing 48 characters: a..u on line 1, v..p on line 2
// (all 21 cells different from line 1), v..z and a blank on line 3, `x`
// on line 8. Lines 1 and 2 take the next line's text (21 changed cells
// each), line 3 loses its 6 characters, line 8 gets `x`.
constexpr std::uint32_t kScrollBytes = 2 * (kPageCommandBytes + 21 * kCellColumns) +
                                       (kPageCommandBytes + 6 * kCellColumns) + kTypedBytes;
// Everything: 8 pages of 128 columns.
constexpr std::uint32_t kScreenBytes = 8 * (kPageCommandBytes + 128);
static_assert(panel_typing::kTypedCharacters == 48, "kScrollBytes describes 48 typed characters");

constexpr std::size_t kStripBytes = 128;
panel_typing::SmallConsole small_console(utf8mcu::display::fonts::kPanelFont5x8, panel_typing::kSmallConsolePitch);
panel_typing::PageConsole page_console(utf8mcu::display::fonts::kPanelFont5x8, panel_typing::kSmallConsolePitch);
std::uint8_t strip[kStripBytes];

bool failed = false;

void check(bool ok, const char* what, std::uint32_t measured, std::uint32_t expected) {
  if (ok) return;
  print("panel_measure: FAIL: ");
  print(what);
  print(": ");
  print_number(measured);
  print(", expected ");
  print_number(expected);
  print("\n");
  failed = true;
}

// The workload on `console`, its figures printed and checked against the
// bus bytes and `budget`.
template <typename Console>
void measure_and_check(Console& console, const char* kind, const char* title, std::uint32_t budget,
                       const utf8mcu_bsp::systick::Calibration& calibration) {
  const panel_typing::Figures figures = panel_typing::measure_ssd1306(console, strip, sizeof(strip), calibration);
  panel_typing::print_figures(title, figures);
  panel_typing::print_ram("21 x 8", sizeof(Console), kStripBytes, "SSD1306", sizeof(Ssd1306));

  check(figures.status == PanelStatus::kOk, "flush status", static_cast<std::uint32_t>(figures.status), 0);
  check(figures.typed_bus_bytes == panel_typing::kTypedCharacters * kTypedBytes, "bus bytes of the typed characters",
        figures.typed_bus_bytes, panel_typing::kTypedCharacters * kTypedBytes);
  check(figures.scroll_bus_bytes == kScrollBytes, "bus bytes of a scroll", figures.scroll_bus_bytes, kScrollBytes);
  check(figures.screen_bus_bytes == kScreenBytes, "bus bytes of a whole screen", figures.screen_bus_bytes,
        kScreenBytes);
  const std::uint32_t instructions = figures.instructions_per_character;
  check(instructions >= kInstructionFloor, "instructions per typed character (too few to be real)", instructions,
        kInstructionFloor);

  print("[budget] ");
  print(kBuild);
  print(kind);
  print(": instructions per typed character (write + flush) ");
  print_number(instructions);
  print(" <= ");
  print_number(budget);
  print(instructions <= budget ? ": pass\n" : ": FAIL\n");
  if (instructions > budget) failed = true;
}

}  // namespace

int main() {
  namespace systick = utf8mcu_bsp::systick;
  const char* board = utf8mcu_bsp::board_name();
  systick::start();
  const systick::Calibration calibration = systick::calibrate();
  panel_typing::print_calibration(calibration, board);
  if (!calibration.plausible(board)) {
    print("panel_measure: FAIL: SysTick does not count instructions as this board's clock should (run QEMU with "
          "-icount shift=0)\n");
    return 1;
  }

  measure_and_check(small_console, "", "SSD1306 21 x 8 (bus counting only)", kInstructionBudget, calibration);
  measure_and_check(page_console, " (PageCells)", "SSD1306 21 x 8, PageCells (bus counting only)", kPageBudget,
                    calibration);

  if (failed) return 1;
  print("panel_measure: OK\n");
  return 0;
}
