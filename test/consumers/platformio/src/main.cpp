// A PlatformIO project's program using utf8mcu through its library.json: the
// core and StreamDecoder (<utf8mcu.h>), the port layer, the CMSDK UART port
// selected with build_flags, and the display with the 6x13 font src/ carries.
#include <utf8mcu.h>

#include <cstdio>

#include "../../app/packaged_parts.h"
#include "utf8mcu/port/cmsdk_uart.h"

namespace {

constexpr utf8mcu::port::UartPort kUart = utf8mcu::port::make_cmsdk_uart_port(utf8mcu::port::kMps2Uart0);
// Kept in the program, so linking needs the port's source, which the library
// builds only with UTF8MCU_PORT_CMSDK_UART.
utf8mcu::port::RxEvent (*volatile g_read_rx)(void*, std::uint8_t*) = kUart.read_rx;

}  // namespace

int main() {
  const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
  const bool ok = consumer::packaged_parts_work() && g_read_rx != nullptr && utf8mcu::is_valid(euro, sizeof euro);
  std::printf("platformio: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
