// A PlatformIO project's program using utf8mcu through its library.json: the
// core and StreamDecoder (<utf8mcu.h>), the port layer, the CMSDK UART port
// selected with build_flags, the display with the 6x13 font src/ carries,
// and the text module with the tables src/ carries.
#include <utf8mcu.h>

#include <cstdio>

#include "../../app/packaged_parts.h"
#include "utf8mcu/port/cmsdk_uart.h"
#include "utf8mcu/text/bidi.h"
#include "utf8mcu/text/grapheme.h"

namespace {

constexpr utf8mcu::port::UartPort kUart = utf8mcu::port::make_cmsdk_uart_port(utf8mcu::port::kMps2Uart0);
// Kept in the program, so linking needs the port's source, which the library
// builds only with UTF8MCU_PORT_CMSDK_UART.
utf8mcu::port::RxEvent (*volatile g_read_rx)(void*, std::uint8_t*) = kUart.read_rx;

// e U+0301 is one grapheme cluster (UAX #29 GB9); "a א" is a left-to-right
// paragraph (UAX #9 P2: its first strong character is L) whose Hebrew letter
// is at level 1.
bool text_works() {
  utf8mcu::text::GraphemeBreaker breaker;
  const bool first = breaker.push(U'e');
  const bool second = breaker.push(char32_t{0x0301});
  const char32_t text[] = {U'a', U' ', 0x05D0};
  static utf8mcu::text::BidiParagraph<3> paragraph;
  paragraph.resolve(text, 3);
  return !first && !second && paragraph.paragraph_level() == 0 && paragraph.level(2) == 1;
}

}  // namespace

int main() {
  const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
  const bool ok = consumer::packaged_parts_work() && g_read_rx != nullptr && utf8mcu::is_valid(euro, sizeof euro) &&
                  text_works();
  std::printf("platformio: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
