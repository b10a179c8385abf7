// A serial console on a real panel controller, for QEMU's lm3s6965evb: bytes
// arrive on the PL011 UART0 (receive interrupt -> ByteRing), a RingReader
// hands them undecoded to the Terminal (its UTF-8 decoder, or ISO-8859-1
// after ESC % @: the charset switch acts on bytes, so the terminal decodes)
// into 16 x 4 cells, and changed cells are flushed in page strips to the
// SSD0323 OLED over SSI0.
//
// Protocol with the host (test/display/panel_e2e.py, tools/panel-demo.sh):
//   out: "panel_terminal: ready\n" on the UART once the receiver runs;
//   in:  a 4-byte little-endian length, then that many bytes of text;
//   out: "panel_terminal: drawn\n" once all of it is on the OLED; the host
//        takes the monitor's screendump now;
//   in:  one byte: measure (instructions and bus bytes per typed character,
//        printed on stdout through semihosting as [measure] lines), exit 0.
#include <cstddef>
#include <cstdint>

#include "../common/decimal.h"
#include "lm3s6965_oled.h"
#include "panel_terminal_font.h"
#include "panel_terminal_font_5x8.h"
#include "utf8mcu/display/panel/ssd0323.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/pl011_uart.h"
#include "utf8mcu/port/uart_port.h"
#include "utf8mcu_bsp/board.h"
#include "utf8mcu_bsp/semihosting.h"

namespace {

using namespace utf8mcu::display;
using utf8mcu::port::ByteRing;
using utf8mcu::port::RingReader;
using utf8mcu::port::RxOverflow;
using utf8mcu::port::UartPort;
using utf8mcu::port::UartReceiver;

constexpr const utf8mcu::port::Pl011Uart& kUartConfig = utf8mcu::port::kLm3s6965Uart0;
constexpr UartPort kUart = utf8mcu::port::make_pl011_uart_port(kUartConfig);
constexpr std::uint32_t kBaud = 115200;

using RxRing = ByteRing<64>;
using Console = Terminal<16, 4>;

// The console's RAM: cells + decoder + escape state, the strip, the driver.
constexpr std::size_t kStripBytes = 128;
static_assert(sizeof(Console) + kStripBytes + sizeof(Ssd0323) <= 512, "a 128x64 console in 512 bytes of RAM");

RxRing rx_ring;
UartReceiver<RxRing, RxOverflow::kHold> receiver{kUart, rx_ring};
RingReader<RxRing> reader{rx_ring};
Console console(fonts::kPanelFont);
std::uint8_t strip[kStripBytes];

// Bus bytes, counted for the [measure] lines.
std::uint32_t bus_bytes = 0;
PanelStatus counted_commands(void* context, const std::uint8_t* bytes, std::size_t size) {
  bus_bytes += static_cast<std::uint32_t>(size);
  return lm3s6965_oled::write_commands(context, bytes, size);
}
PanelStatus counted_data(void* context, const std::uint8_t* bytes, std::size_t size) {
  bus_bytes += static_cast<std::uint32_t>(size);
  return lm3s6965_oled::write_data(context, bytes, size);
}
constexpr PanelBus kOledBus{&counted_commands, &counted_data, nullptr, nullptr, nullptr};
Ssd0323 panel(kOledBus);

void print(const char* text) {
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  utf8mcu_bsp::semihosting::console_write(text, size);
}

void print_number(std::uint32_t value) {
  char text[example::kMaxDecimalDigits];
  utf8mcu_bsp::semihosting::console_write(text, example::format_decimal(value, text));
}

void say(const char* text) {
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  (void)utf8mcu::port::write_all(kUart, reinterpret_cast<const std::uint8_t*>(text), size);
}

[[noreturn]] void fail(const char* why) {
  print("panel_terminal: ");
  print(why);
  print("\n");
  utf8mcu_bsp::semihosting::exit(1);
}

void wait_for_data() {
  __asm__ volatile("cpsid i" ::: "memory");
  if (rx_ring.size() == 0) __asm__ volatile("wfi" ::: "memory");
  __asm__ volatile("cpsie i" ::: "memory");
}

void flush() {
  const PanelStatus status = console.flush(panel, strip, sizeof(strip));
  if (status != PanelStatus::kOk) fail(panel_status_name(status));
}

// ---- SysTick (exact instruction counts under QEMU -icount shift=0) ----------

volatile std::uint32_t& systick(std::uintptr_t offset) {
  return *reinterpret_cast<volatile std::uint32_t*>(0xE000E010u + offset);
}
constexpr std::uintptr_t kSysTickCtrl = 0x0;
constexpr std::uintptr_t kSysTickLoad = 0x4;
constexpr std::uintptr_t kSysTickValue = 0x8;
std::uint32_t ticks_since(std::uint32_t start) { return (start - systick(kSysTickValue)) & 0xFFFFFFu; }

// An SSD1306 whose bus only counts bytes: the driver's and the terminal's own
// cost, without the SSI wait of a real bus.
std::uint32_t null_bus_bytes = 0;
PanelStatus count_only(void*, const std::uint8_t*, std::size_t size) {
  null_bus_bytes += static_cast<std::uint32_t>(size);
  return PanelStatus::kOk;
}
constexpr PanelBus kNullBus{&count_only, &count_only, nullptr, nullptr, nullptr};
// The low-RAM console: 21 x 8 cells of misc-fixed 5x8 glyphs, 6 x 8 pixels each.
using SmallConsole = Terminal<21, 8>;
SmallConsole ssd1306_console(fonts::kPanelFont5x8, 6);

// Instructions (from SysTick ticks) and bus bytes per character typed into
// `target` (write + flush), 48 characters on a blank screen: no scroll.
template <typename Target, typename Panel>
void measure_typing(const char* name, Target& target, Panel& driver, std::uint32_t& bytes,
                    std::uint32_t calibration_ticks, std::uint32_t calibration_instructions) {
  target.put(0x0C);  // clear
  if (target.flush(driver, strip, sizeof(strip)) != PanelStatus::kOk) fail("flush failed");
  constexpr std::uint32_t kTyped = 48;
  bytes = 0;
  const std::uint32_t start = systick(kSysTickValue);
  for (std::uint32_t i = 0; i < kTyped; ++i) {
    target.write(static_cast<std::uint8_t>('a' + i % 26));
    if (target.flush(driver, strip, sizeof(strip)) != PanelStatus::kOk) fail("flush failed");
  }
  const std::uint32_t ticks = ticks_since(start);
  print("[measure] ");
  print(name);
  print(": typed character, write + flush: ");
  print_number(static_cast<std::uint32_t>(std::uint64_t{ticks} * calibration_instructions / calibration_ticks / kTyped));
  print(" instructions, ");
  print_number((bytes + kTyped / 2) / kTyped);
  print(" bus bytes per character\n");
  bytes = 0;
  // Down to the last line (not counted), then one line feed more: a scroll.
  while (target.cursor().row + 1 < Target::kRowCount) target.write('\n');
  if (target.flush(driver, strip, sizeof(strip)) != PanelStatus::kOk) fail("flush failed");
  bytes = 0;
  target.write('\n');
  target.write('x');
  if (target.flush(driver, strip, sizeof(strip)) != PanelStatus::kOk) fail("flush failed");
  print("[measure] ");
  print(name);
  print(": scroll by a line (LF and one character): ");
  print_number(bytes);
  print(" bus bytes; ");
  bytes = 0;
  target.invalidate();
  if (target.flush(driver, strip, sizeof(strip)) != PanelStatus::kOk) fail("flush failed");
  print("whole screen: ");
  print_number(bytes);
  print(" bus bytes\n");
}

void measure() {
  systick(kSysTickLoad) = 0xFFFFFFu;
  systick(kSysTickValue) = 0;
  systick(kSysTickCtrl) = 0x5;  // enable, core clock, no interrupt
  // A loop of exactly 2 instructions per turn (subs, bne) gives instructions per tick.
  constexpr std::uint32_t kTurns = 100000;
  std::uint32_t turns = kTurns;
  const std::uint32_t calibration_start = systick(kSysTickValue);
  __asm__ volatile("1: subs %0, %0, #1\n bne 1b" : "+l"(turns) : : "cc");
  const std::uint32_t calibration_ticks = ticks_since(calibration_start);

  measure_typing("SSD0323 16 x 4 over SSI0", console, panel, bus_bytes, calibration_ticks, 2 * kTurns);
  Ssd1306 ssd1306(kNullBus, kSsd1306_128x64);
  measure_typing("SSD1306 21 x 8 (bus counting only)", ssd1306_console, ssd1306, null_bus_bytes, calibration_ticks,
                 2 * kTurns);
  print("[measure] RAM: terminal 16 x 4 ");
  print_number(sizeof(Console));
  print(" + strip ");
  print_number(kStripBytes);
  print(" + SSD0323 driver ");
  print_number(sizeof(Ssd0323));
  print(" bytes; terminal 21 x 8 ");
  print_number(sizeof(SmallConsole));
  print(" + strip ");
  print_number(kStripBytes);
  print(" + SSD1306 driver ");
  print_number(sizeof(Ssd1306));
  print(" bytes\n");
}

}  // namespace

// The BSP routes every interrupt here (exception number = 16 + IRQ).
extern "C" void utf8mcu_bsp_exception(unsigned exception_number) {
  if (exception_number != 16u + kUartConfig.irq) fail("unexpected interrupt");
  receiver.on_interrupt();
}

int main() {
  lm3s6965_oled::init();
  if (panel.init() != PanelStatus::kOk) fail("OLED init failed");
  flush();  // every cell starts dirty: a blank screen
  if (!receiver.start(kBaud)) fail("cannot start the UART");
  say("panel_terminal: ready\n");

  std::uint8_t prefix[4];
  std::size_t have = 0;
  while (have < sizeof(prefix)) {
    wait_for_data();
    have += rx_ring.pop(prefix + have, sizeof(prefix) - have);
    receiver.resume();
  }
  const std::uint32_t length = prefix[0] | (std::uint32_t{prefix[1]} << 8) | (std::uint32_t{prefix[2]} << 16) |
                               (std::uint32_t{prefix[3]} << 24);
  std::uint32_t done = 0;
  auto to_console = [](const std::uint8_t* data, std::size_t size) { console.write(data, size); };
  while (done < length) {
    const std::uint32_t got = static_cast<std::uint32_t>(reader.poll_bytes(to_console, length - done).bytes);
    done += got;
    receiver.resume();
    if (got == 0) {
      flush();  // idle: show what has arrived
      wait_for_data();
    }
  }
  console.finish();
  flush();
  say("panel_terminal: drawn\n");

  std::uint8_t go = 0;
  while (rx_ring.pop(&go, 1) == 0) {
    receiver.resume();
    wait_for_data();
  }
  measure();
  print("panel_terminal: OK\n");
  utf8mcu_bsp::semihosting::exit(0);
}
