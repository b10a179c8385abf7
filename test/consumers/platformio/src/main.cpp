// A PlatformIO project's program using utf8mcu through its library.json: the
// core and StreamDecoder (<utf8mcu.h>), the port layer, the CMSDK UART port
// selected with build_flags, and the display with the 6x13 font src/ carries.
#include <utf8mcu.h>

#include <cstdio>

#include "utf8mcu/display/display.h"
#include "utf8mcu/display/fonts/fixed_6x13.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/cmsdk_uart.h"
#include "utf8mcu/port/ingest.h"

namespace {

constexpr utf8mcu::port::UartPort kUart = utf8mcu::port::make_cmsdk_uart_port(utf8mcu::port::kMps2Uart0);
// Kept in the program, so linking needs the port's source, which the library
// builds only with UTF8MCU_PORT_CMSDK_UART.
utf8mcu::port::RxEvent (*volatile g_read_rx)(void*, std::uint8_t*) = kUart.read_rx;

struct Counter {
  unsigned code_points = 0;
  void operator()(char32_t) { ++code_points; }
};

}  // namespace

int main() {
  // "né" then C0 (never in UTF-8): three code points, one of them U+FFFD.
  utf8mcu::port::ByteRing<16> ring;
  const std::uint8_t bytes[] = {0x6E, 0xC3, 0xA9, 0xC0};
  for (const std::uint8_t byte : bytes) (void)ring.push(byte);
  utf8mcu::port::RingReader reader{ring};
  Counter counter;
  (void)reader.poll(counter);

  std::uint8_t pixels[utf8mcu::display::mono_buffer_size(32, 16)] = {};
  utf8mcu::display::MonoFramebuffer screen(pixels, 32, 16);
  utf8mcu::display::TextBox box(screen, utf8mcu::display::fonts::kFixed6x13, utf8mcu::display::Rect{0, 0, 32, 16},
                                utf8mcu::display::kLitOnDark);
  box(U'A');
  unsigned lit = 0;
  for (const std::uint8_t column : pixels) lit += column != 0 ? 1u : 0u;

  const bool ok = counter.code_points == 3 && reader.replacements() == 1 && lit != 0 && g_read_rx != nullptr &&
                  utf8mcu::display::display_width(U'\u4E2D') == 2;
  std::printf("platformio: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
