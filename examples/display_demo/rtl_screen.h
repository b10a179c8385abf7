// The right-to-left sample screen of the display examples (with
// utf8mcu::text): a ParagraphBox over a 128x64 framebuffer, drawn by the host
// demo and by the paragraph_measure firmware (examples/display_firmware) from
// the same bytes, so a test compares them bit for bit (display_128x64_rtl.pbm).
#pragma once

#include <cstddef>
#include <cstdint>

#include "utf8mcu/decoder.h"
#include "utf8mcu/display/paragraph_box.h"

namespace sample_screens {

// A Hebrew line with digits; Arabic with harakat and a lam-alef, in joined
// forms, wrapped by the box; Persian with Persian digits:
//   שלום! 21°C 55%
//   مَرْحَبًا بِكُمْ في المكتبة لا
//   قیمت ۱۲۳ تومان
inline constexpr char kRightToLeftText[] =
    "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D! 21\xC2\xB0" "C 55%\n"
    "\xD9\x85\xD9\x8E\xD8\xB1\xD9\x92\xD8\xAD\xD9\x8E\xD8\xA8\xD9\x8B\xD8\xA7 \xD8\xA8\xD9\x90\xD9\x83\xD9\x8F\xD9\x85\xD9\x92 "
    "\xD9\x81\xD9\x8A \xD8\xA7\xD9\x84\xD9\x85\xD9\x83\xD8\xAA\xD8\xA8\xD8\xA9 \xD9\x84\xD8\xA7\n"
    "\xD9\x82\xDB\x8C\xD9\x85\xD8\xAA \xDB\xB1\xDB\xB2\xDB\xB3 \xD8\xAA\xD9\x88\xD9\x85\xD8\xA7\xD9\x86";

/// Feeds kRightToLeftText to a ParagraphBox over the whole screen one byte at
/// a time, as a UART interrupt handler would.
inline void draw_right_to_left(utf8mcu::display::MonoFramebuffer& screen, const utf8mcu::display::Font& font) {
  using namespace utf8mcu::display;
  static ParagraphBox<MonoFramebuffer, 64> box(screen, font, Rect{0, 0, screen.width(), screen.height()}, kLitOnDark);
  box.clear();
  utf8mcu::Decoder decoder;
  for (std::size_t i = 0; i < sizeof kRightToLeftText - 1; ++i) {
    decoder.push(static_cast<std::uint8_t>(kRightToLeftText[i]), box);
  }
  decoder.finish(box);
  box.finish();
}

}  // namespace sample_screens
