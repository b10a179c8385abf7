// Uses what the Zephyr module glue provides: the core's include directory,
// the C API library, the port layer and the display with its tables.
#include <cstdint>
#include <cstdio>

#include "utf8mcu/decoder.h"
#include "utf8mcu/display/display.h"
#include "utf8mcu/display/fonts/fixed_6x13.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/utf8mcu_c.h"

int main() {
  // € (E2 82 AC)
  const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
  char32_t decoded = 0;
  utf8mcu::Decoder decoder;
  (void)decoder.push(euro, sizeof euro, [&decoded](char32_t c) { decoded = c; });
  bool ok = decoded == 0x20AC && utf8mcu_is_valid(euro, sizeof euro) &&
            utf8mcu_count_code_points(euro, sizeof euro) == 1;

  // The port layer: the same bytes through a ring, decoded by a reader.
  utf8mcu::port::ByteRing<16> ring;
  for (const std::uint8_t byte : euro) ok = ring.push(byte) && ok;
  utf8mcu::port::RingReader reader{ring};
  char32_t from_ring = 0;
  (void)reader.poll([&from_ring](char32_t c) { from_ring = c; });
  ok = ok && from_ring == 0x20AC;

  // The display: € is not in the Latin-1 font, so it draws as a hex box; 'A'
  // of 6x13 lights pixels; 中 is two cells wide (East_Asian_Width W).
  std::uint8_t pixels[utf8mcu::display::mono_buffer_size(32, 16)] = {};
  utf8mcu::display::MonoFramebuffer screen(pixels, 32, 16);
  utf8mcu::display::TextBox box(screen, utf8mcu::display::fonts::kFixed6x13, utf8mcu::display::Rect{0, 0, 32, 16},
                                utf8mcu::display::kLitOnDark);
  box(U'A');
  unsigned lit = 0;
  for (const std::uint8_t column : pixels) lit += column != 0 ? 1u : 0u;
  ok = ok && lit != 0 && utf8mcu::display::display_width(U'\u4E2D') == 2;

  std::printf("zephyr module: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
