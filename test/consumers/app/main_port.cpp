// A C++ program using the port layer, a platform port and the display module
// as a user's project would: bytes go through a ByteRing and a RingReader to a
// TextBox that draws them, and the platform port is linked (not run: no
// device here). test/consumers builds it against each form of the package;
// it passes when it prints "app_port: ok". Where the package has the text
// module (CONSUMER_WITH_TEXT), it also counts the grapheme clusters shown.
#include <cstddef>
#include <cstdint>

#include "consumer.h"
#include "utf8mcu/display/display.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#if defined(CONSUMER_WITH_TEXT)
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/unicode_version.h"
#endif
#if defined(CONSUMER_ON_BOARD)
#include "utf8mcu/port/cmsdk_uart.h"
// The port's functions are referenced from this table, so the link needs the library.
utf8mcu::port::UartPort g_uart = utf8mcu::port::make_cmsdk_uart_port(utf8mcu::port::kMps2Uart0);
#else
#include "utf8mcu/port/posix_serial.h"
#endif

namespace {

std::uint8_t g_pixels[utf8mcu::display::mono_buffer_size(64, 16)];

}  // namespace

int main() {
  using namespace utf8mcu::display;
  // G r ü (2 bytes) ß (2) e, space, € (3), then a truncated € (E2 82) at the end
  const std::uint8_t text[] = {0x47, 0x72, 0xC3, 0xBC, 0xC3, 0x9F, 0x65, 0x20, 0xE2, 0x82, 0xAC, 0xE2, 0x82};
  utf8mcu::port::ByteRing<32> ring;
  const std::size_t queued = ring.push(text, sizeof text);

  MonoFramebuffer screen(g_pixels, 64, 16);
  TextBox box(screen, kDefaultFont, Rect{0, 0, 64, 16}, kLitOnDark);
  std::size_t shown = 0;
  char32_t last = 0;
  std::size_t clusters = 0;
#if defined(CONSUMER_WITH_TEXT)
  utf8mcu::text::GraphemeBreaker breaker;
#endif
  utf8mcu::port::RingReader<decltype(ring)> reader(ring);
  (void)reader.finish([&](char32_t code_point) {
    box(code_point);
    ++shown;
    last = code_point;
#if defined(CONSUMER_WITH_TEXT)
    const bool boundary = breaker.push(code_point);
    if (shown == 1 || boundary) ++clusters;
#else
    ++clusters;
#endif
  });
#if defined(CONSUMER_WITH_TEXT)
  const bool text_linked = utf8mcu::text::kUnicodeVersion.major >= 15;
#else
  const bool text_linked = true;
#endif
  std::size_t lit = 0;
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 64; ++x) lit += screen.get_pixel(x, y) ? 1u : 0u;
  }

#if defined(CONSUMER_ON_BOARD)
  const bool port_linked = g_uart.read_rx != nullptr;
#else
  const bool port_linked = utf8mcu::port::posix_serial_open("/nonexistent/tty", 115200) == -1;
#endif
  const bool ok = queued == sizeof text && shown == 8 && last == 0xFFFD && reader.replacements() == 1 &&
                  lit > 0 && display_width(U'\u20AC') == 1 && port_linked && clusters == 8 && text_linked;
  consumer_print(ok ? "app_port: ok\n" : "app_port: FAILED\n");
  return ok ? 0 : 1;
}
