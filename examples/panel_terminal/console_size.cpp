// The flash and RAM of a whole serial console on an SSD1306, as a firmware
// image: UART port (PL011) -> receive interrupt -> ByteRing -> RingReader ->
// terminal (21 x 8 cells of misc-fixed 5x8, Latin-1) -> Ssd1306 driver over a
// PanelBus. Built three times at one optimisation level (console_size.sh):
//
//   UTF8MCU_CONSOLE_VARIANT 0  the same image without the console: the
//                              baseline (vector table, startup, main)
//   UTF8MCU_CONSOLE_VARIANT 1  PageCells, no escape parser: the console of
//                              the budgets (one font in lines of one page)
//   UTF8MCU_CONSOLE_VARIANT 2  PageCells with the escape parser
//   UTF8MCU_CONSOLE_VARIANT 3  PlainConsole with grapheme-cluster units
//   UTF8MCU_CONSOLE_VARIANT 4  PlainConsole with rows in visual order
//   UTF8MCU_CONSOLE_VARIANT 5  PlainConsole with both (terminal_unicode.h)
//   UTF8MCU_CONSOLE_VARIANT 6  PlainConsole (CharacterCells, no escape parser)
//   UTF8MCU_CONSOLE_VARIANT 7  Terminal (CharacterCells, the escape parser)
//
// The console's figures are an image's sections minus the baseline's. The
// image is linked, not run: main() reaches the console only behind a flag
// the linker cannot see through, so nothing of it is dropped.
#include <cstddef>
#include <cstdint>

#if UTF8MCU_CONSOLE_VARIANT != 0
#include "console_size_font.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/pl011_uart.h"
#include "utf8mcu/port/uart_port.h"
#endif
#if UTF8MCU_CONSOLE_VARIANT >= 3 && UTF8MCU_CONSOLE_VARIANT <= 5
#include "utf8mcu/display/terminal_unicode.h"
#endif

// Set by a debugger, never by the program: keeps the console reachable.
extern "C" {
volatile std::uint32_t utf8mcu_console_size_run = 0;
}

#if UTF8MCU_CONSOLE_VARIANT != 0
namespace {

using namespace utf8mcu::display;
using utf8mcu::port::ByteRing;
using utf8mcu::port::RingReader;
using utf8mcu::port::RxOverflow;
using utf8mcu::port::UartPort;
using utf8mcu::port::UartReceiver;

constexpr const utf8mcu::port::Pl011Uart& kUartConfig = utf8mcu::port::kLm3s6965Uart0;
constexpr UartPort kUart = utf8mcu::port::make_pl011_uart_port(kUartConfig);

#if UTF8MCU_CONSOLE_VARIANT == 1
using Console = Terminal<21, 8, 2, NoEscapes, PageCells>;
#elif UTF8MCU_CONSOLE_VARIANT == 2
using Console = Terminal<21, 8, 2, EscapeParser, PageCells>;
#elif UTF8MCU_CONSOLE_VARIANT == 3
using Console = Terminal<21, 8, 2, NoEscapes, GraphemeCells>;
#elif UTF8MCU_CONSOLE_VARIANT == 4
using Console = Terminal<21, 8, 2, NoEscapes, UnicodeCells<false, RowOrder::kVisual>>;
#elif UTF8MCU_CONSOLE_VARIANT == 5
using Console = Terminal<21, 8, 2, NoEscapes, BidiCells>;
#elif UTF8MCU_CONSOLE_VARIANT == 6
using Console = PlainConsole<21, 8>;
#else
using Console = Terminal<21, 8>;
#endif
using RxRing = ByteRing<64>;

RxRing rx_ring;
UartReceiver<RxRing, RxOverflow::kHold> receiver{kUart, rx_ring};
RingReader<RxRing> reader{rx_ring};
Console console(fonts::kConsoleSizeFont, 6);
std::uint8_t strip[128];

// The platform's SPI writes: a data register each.
volatile std::uint8_t* const kSpiData = reinterpret_cast<volatile std::uint8_t*>(0x40008008u);
PanelStatus spi_write(void*, const std::uint8_t* bytes, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) *kSpiData = bytes[i];
  return PanelStatus::kOk;
}
constexpr PanelBus kBus{&spi_write, &spi_write, nullptr, nullptr, nullptr};
Ssd1306 panel(kBus, kSsd1306_128x64);

void run_console() {
  if (panel.init() != PanelStatus::kOk || !receiver.start(115200)) return;
  auto to_console = [](const std::uint8_t* data, std::size_t size) { console.write(data, size); };
  for (;;) {
    if (reader.poll_bytes(to_console, 64).bytes == 0) (void)console.flush(panel, strip, sizeof(strip));
    receiver.resume();
  }
}

}  // namespace

extern "C" void utf8mcu_bsp_exception(unsigned /*exception_number*/) { receiver.on_interrupt(); }
#endif

int main() {
#if UTF8MCU_CONSOLE_VARIANT != 0
  if (utf8mcu_console_size_run != 0) run_console();
#endif
  return 0;
}
