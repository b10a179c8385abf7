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
//   in:  't': the TextBox screen, answered "panel_terminal: text box\n";
//        'p': the ParagraphBox screen, answered "panel_terminal: paragraphs\n";
//        'q': measure (instructions and bus bytes per typed character,
//        printed on stdout through semihosting as [measure] lines), exit 0.
#include <cstddef>
#include <cstdint>

#include "lm3s6965_oled.h"
#include "panel_terminal_font.h"
#include "panel_terminal_font_5x8.h"
#include "panel_typing.h"
#include "text_box_screen.h"
#include "utf8mcu/display/panel/ssd0323.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu/display/text_box.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/pl011_uart.h"
#include "utf8mcu/port/uart_port.h"
#include "utf8mcu_bsp/board.h"
#include "utf8mcu_bsp/semihosting.h"
#include "utf8mcu_bsp/systick.h"
#if UTF8MCU_PANEL_PARAGRAPHS  // with utf8mcu::text
#include "panel_paragraph_font.h"
#include "paragraph_screen.h"
#include "utf8mcu/display/paragraph_box.h"
#endif

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

using panel_typing::print;

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

// The low-RAM console, measured on an SSD1306 whose bus only counts bytes
// (panel_measure runs the same on other boards).
panel_typing::SmallConsole ssd1306_console(fonts::kPanelFont5x8, panel_typing::kSmallConsolePitch);

void report(const char* name, const panel_typing::Figures& figures) {
  if (figures.status != PanelStatus::kOk) fail(panel_status_name(figures.status));
  panel_typing::print_figures(name, figures);
}

void measure() {
  namespace systick = utf8mcu_bsp::systick;
  systick::start();
  const systick::Calibration calibration = systick::calibrate();
  panel_typing::print_calibration(calibration, utf8mcu_bsp::board_name());
  if (!calibration.plausible(utf8mcu_bsp::board_name())) fail("SysTick does not count instructions (-icount shift=0)");

  report("SSD0323 16 x 4 over SSI0",
         panel_typing::measure(console, panel, strip, sizeof(strip), bus_bytes, calibration));
  report("SSD1306 21 x 8 (bus counting only)",
         panel_typing::measure_ssd1306(ssd1306_console, strip, sizeof(strip), calibration));
  panel_typing::print_ram("16 x 4", sizeof(Console), kStripBytes, "SSD0323", sizeof(Ssd0323));
  panel_typing::print_ram("21 x 8", sizeof(panel_typing::SmallConsole), kStripBytes, "SSD1306", sizeof(Ssd1306));
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

  // 't': the TextBox screen, 'p': the ParagraphBox screen, each straight to
  // the OLED through the same strip (no framebuffer); then 'q': the measurements.
  for (std::uint8_t command = 0; command != 'q';) {
    while (rx_ring.pop(&command, 1) == 0) {
      receiver.resume();
      wait_for_data();
    }
    if (command == 't') {
      const PanelStatus status = draw_text_to_panel(panel, strip, sizeof(strip), fonts::kPanelFont,
                                                    Rect{0, 0, 128, 64}, text_box_screen::kText, text_box_screen::kSize);
      if (status != PanelStatus::kOk) fail(panel_status_name(status));
      say("panel_terminal: text box\n");
    }
#if UTF8MCU_PANEL_PARAGRAPHS
    if (command == 'p') {
      const PanelStatus status =
          draw_paragraphs_to_panel(panel, strip, sizeof(strip), fonts::kPanelParagraphFont, Rect{0, 0, 128, 64},
                                   paragraph_screen::kText, paragraph_screen::kSize);
      if (status != PanelStatus::kOk) fail(panel_status_name(status));
      say("panel_terminal: paragraphs\n");
    }
#endif
  }
  console.invalidate();  // the panel shows the text box now
  measure();
  print("panel_terminal: OK\n");
  utf8mcu_bsp::semihosting::exit(0);
}
