// The port layer and the display as the packagings without CMake deliver them
// (Arduino/PlatformIO's src/, the Zephyr module): a ring read into code
// points, and 'A' drawn with the 6x13 font and the width table src/ carries.
// Included by path from those consumer programs.
#pragma once

#include <cstdint>

#include "utf8mcu/display/display.h"
#include "utf8mcu/display/fonts/fixed_6x13.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"

namespace consumer {

// True if the port layer and the display work: "né" then C0 (never in UTF-8)
// through a ring are three code points, one of them U+FFFD; 'A' lights
// pixels; 中 is two cells wide (East_Asian_Width W).
inline bool packaged_parts_work() {
  utf8mcu::port::ByteRing<16> ring;
  const std::uint8_t bytes[] = {0x6E, 0xC3, 0xA9, 0xC0};
  for (const std::uint8_t byte : bytes) (void)ring.push(byte);
  utf8mcu::port::RingReader reader{ring};
  unsigned code_points = 0;
  (void)reader.poll([&code_points](char32_t) { ++code_points; });

  std::uint8_t pixels[utf8mcu::display::mono_buffer_size(32, 16)] = {};
  utf8mcu::display::MonoFramebuffer screen(pixels, 32, 16);
  utf8mcu::display::TextBox box(screen, utf8mcu::display::fonts::kFixed6x13, utf8mcu::display::Rect{0, 0, 32, 16},
                                utf8mcu::display::kLitOnDark);
  box(U'A');
  unsigned lit = 0;
  for (const std::uint8_t column : pixels) lit += column != 0 ? 1u : 0u;

  return code_points == 3 && reader.replacements() == 1 && lit != 0 &&
         utf8mcu::display::display_width(U'\u4E2D') == 2;
}

}  // namespace consumer
