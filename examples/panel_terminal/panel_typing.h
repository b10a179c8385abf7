#pragma once
// The typed-character workload behind the [measure] lines of panel_terminal
// (lm3s6965evb) and panel_measure (any board): characters typed one at a time
// into a Terminal on a blank screen, each followed by a flush of what it
// changed; then a scroll by one line and a whole-screen flush, in bus bytes.
// Instructions come from SysTick under QEMU -icount shift=0.

#include <cstddef>
#include <cstdint>

#include "../common/decimal.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu_bsp/semihosting.h"
#include "utf8mcu_bsp/systick.h"

namespace panel_typing {

using utf8mcu::display::PanelStatus;

/// Characters typed: two lines and a bit of a 21-column console, no scroll.
constexpr std::uint32_t kTypedCharacters = 48;

struct Figures {
  std::uint32_t instructions_per_character = 0;  // write + flush, rounded
  std::uint32_t typed_bus_bytes = 0;             // all the typed characters took
  std::uint32_t bus_bytes_per_character = 0;     // rounded
  std::uint32_t scroll_bus_bytes = 0;            // LF on the last line and one character
  std::uint32_t screen_bus_bytes = 0;            // everything, after invalidate()
  PanelStatus status = PanelStatus::kOk;         // the first failing flush, if any
};

/// Runs the workload on `console` (any Terminal) and `panel` (any driver).
/// `bus_bytes` is the counter the panel's bus adds its bytes to.
template <typename Console, typename Panel>
Figures measure(Console& console, Panel& panel, std::uint8_t* strip, std::size_t strip_size,
                std::uint32_t& bus_bytes, const utf8mcu_bsp::systick::Calibration& calibration) {
  namespace systick = utf8mcu_bsp::systick;
  Figures figures;
  auto flush = [&] {
    const PanelStatus status = console.flush(panel, strip, strip_size);
    if (status != PanelStatus::kOk && figures.status == PanelStatus::kOk) figures.status = status;
  };
  console.put(0x0C);  // FF: clear and home
  flush();
  bus_bytes = 0;
  const std::uint32_t begin = systick::now();
  for (std::uint32_t i = 0; i < kTypedCharacters; ++i) {
    console.write(static_cast<std::uint8_t>('a' + i % 26));
    flush();
  }
  const std::uint32_t ticks = systick::ticks_since(begin);
  figures.instructions_per_character =
      static_cast<std::uint32_t>(calibration.instructions_in(ticks, kTypedCharacters));
  figures.typed_bus_bytes = bus_bytes;
  figures.bus_bytes_per_character = (bus_bytes + kTypedCharacters / 2) / kTypedCharacters;

  // Down to the last line (not counted), then one line feed more: a scroll.
  while (console.cursor().row + 1 < Console::kRowCount) console.write('\n');
  flush();
  bus_bytes = 0;
  console.write('\n');
  console.write('x');
  flush();
  figures.scroll_bus_bytes = bus_bytes;

  bus_bytes = 0;
  console.invalidate();
  flush();
  figures.screen_bus_bytes = bus_bytes;
  return figures;
}

/// A PanelBus write that adds `size` to the std::uint32_t `context` points
/// to and never fails: the driver's and the terminal's own cost, without the
/// waits of a real bus.
inline PanelStatus count_only(void* context, const std::uint8_t*, std::size_t size) {
  *static_cast<std::uint32_t*>(context) += static_cast<std::uint32_t>(size);
  return PanelStatus::kOk;
}

/// The low-RAM 128x64 console of the figures: 21 x 8 cells of misc-fixed 5x8
/// glyphs in 6 x 8 pixels (constructed with kSmallConsolePitch).
using SmallConsole = utf8mcu::display::Terminal<21, 8>;
/// The same console with PageCells (lines of one panel page, one font).
using PageConsole = utf8mcu::display::Terminal<21, 8, 2, utf8mcu::display::EscapeParser, utf8mcu::display::PageCells>;
constexpr int kSmallConsolePitch = 6;

/// The workload on `console` (a SmallConsole or PageConsole) and a 128x64
/// SSD1306 whose bus only counts.
template <typename Console>
Figures measure_ssd1306(Console& console, std::uint8_t* strip, std::size_t strip_size,
                        const utf8mcu_bsp::systick::Calibration& calibration) {
  std::uint32_t bus_bytes = 0;
  const utf8mcu::display::PanelBus bus{&count_only, &count_only, nullptr, nullptr, &bus_bytes};
  utf8mcu::display::Ssd1306 panel(bus, utf8mcu::display::kSsd1306_128x64);
  return measure(console, panel, strip, strip_size, bus_bytes, calibration);
}

inline void print(const char* text) {
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  utf8mcu_bsp::semihosting::console_write(text, size);
}

inline void print_number(std::uint32_t value) {
  char text[example::kMaxDecimalDigits];
  utf8mcu_bsp::semihosting::console_write(text, example::format_decimal(value, text));
}

/// Prints a [measure] line of the RAM of a console: its terminal (named
/// `terminal`), a strip and a driver (named `driver`), each `sizeof` given.
inline void print_ram(const char* terminal, std::size_t terminal_bytes, std::size_t strip_bytes, const char* driver,
                      std::size_t driver_bytes) {
  print("[measure] RAM: terminal ");
  print(terminal);
  print(" ");
  print_number(static_cast<std::uint32_t>(terminal_bytes));
  print(" + strip ");
  print_number(static_cast<std::uint32_t>(strip_bytes));
  print(" + ");
  print(driver);
  print(" driver ");
  print_number(static_cast<std::uint32_t>(driver_bytes));
  print(" = ");
  print_number(static_cast<std::uint32_t>(terminal_bytes + strip_bytes + driver_bytes));
  print(" bytes\n");
}

/// Prints what the SysTick calibration measured on `board`.
inline void print_calibration(const utf8mcu_bsp::systick::Calibration& calibration, const char* board) {
  print("[measure] calibration: ");
  print_number(calibration.instructions);
  print(" instructions in ");
  print_number(calibration.ticks);
  print(" SysTick ticks on ");
  print(board);
  print("\n");
}

/// Prints the two [measure] lines of `figures` for the console named `name`.
inline void print_figures(const char* name, const Figures& figures) {
  print("[measure] ");
  print(name);
  print(": typed character, write + flush: ");
  print_number(figures.instructions_per_character);
  print(" instructions, ");
  print_number(figures.bus_bytes_per_character);
  print(" bus bytes per character\n[measure] ");
  print(name);
  print(": scroll by a line (LF and one character): ");
  print_number(figures.scroll_bus_bytes);
  print(" bus bytes; whole screen: ");
  print_number(figures.screen_bus_bytes);
  print(" bus bytes\n");
}

}  // namespace panel_typing
