// The sample screens of the display examples, shared by the host demo and the
// firmware (examples/display_firmware), so both draw the same pictures from the
// same bytes and a test can compare them bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>

#include "utf8mcu/decoder.h"
#include "utf8mcu/display/display.h"

namespace sample_screens {

// UTF-8 as it would arrive from a UART, ill-formed parts included:
// "\xE2\x82" is a truncated euro sign and "\xC0\xAF" an over-long '/', each
// shown as U+FFFD; U+1F600 has no glyph (Unifont's plane 0 file), so it shows
// as a hex box.
inline constexpr char kSmallText[] =
    "Gr\xC3\xBC\xC3\x9F" "e \xCE\x95\xCE\xBB\xCE\xBB\xCE\xAC\xCE\xB4\xCE\xB1\n"  // Grüße Ελλάδα
    "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 \xE4\xBD\xA0\xE5\xA5\xBD\n"     // Привет 你好
    "\xF0\x9F\x98\x80 bad:\xE2\x82!\xC0\xAF\n"                                        // 😀 bad:�!��
    "\xE2\x94\x9C\xE2\x94\x80\xE2\x94\xBC\xE2\x94\x80\xE2\x94\xA4 \xE2\x86\x90\xE2\x86\x92 9,50\xE2\x82\xAC";  // ├─┼─┤ ←→ 9,50€

inline constexpr char kLargeText[] =
    "\xE2\x94\x8C\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80"
    "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80"
    "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80"
    "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x90\n"
    "\xE2\x94\x82 utf8mcu \xE2\x86\x92 UTF-8 on a 256x128 \xE2\x94\x82\n"  // │ utf8mcu → UTF-8 on ... │
    "\xE2\x94\x94\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80"
    "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80"
    "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80"
    "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x98\n"
    // Ça coûte 9 € au café. Καλημέρα κόσμε! Съешь же ещё этих булок.
    "\xC3\x87" "a co\xC3\xBBte 9 \xE2\x82\xAC au cafe\xCC\x81. "
    "\xCE\x9A\xCE\xB1\xCE\xBB\xCE\xB7\xCE\xBC\xCE\xAD\xCF\x81\xCE\xB1 \xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5! "
    "\xD0\xA1\xD1\x8A\xD0\xB5\xD1\x88\xD1\x8C \xD0\xB6\xD0\xB5 \xD0\xB5\xD1\x89\xD1\x91 "
    "\xD1\x8D\xD1\x82\xD0\xB8\xD1\x85 \xD0\xB1\xD1\x83\xD0\xBB\xD0\xBE\xD0\xBA.\n"
    // 你好，世界！我们在这里。 こんにちは 😀 🚀
    "\xE4\xBD\xA0\xE5\xA5\xBD\xEF\xBC\x8C\xE4\xB8\x96\xE7\x95\x8C\xEF\xBC\x81"
    "\xE6\x88\x91\xE4\xBB\xAC\xE5\x9C\xA8\xE8\xBF\x99\xE9\x87\x8C\xE3\x80\x82"
    "\xE3\x81\x93\xE3\x82\x93\xE3\x81\xAB\xE3\x81\xA1\xE3\x81\xAF \xF0\x9F\x98\x80 \xF0\x9F\x9A\x80\n"
    // Broken: <F0 9F 98> <C0 AF> <ED A0 80> end.
    "Broken: \xF0\x9F\x98 \xC0\xAF \xED\xA0\x80 end.";

// The 21 x 6 screen of a 6x10 font on 128x64: a code point the font lacks
// (U+4E2D, U+1F600) is a one-row hex box; the ZWJ and VS16 between the two
// emoji draw nothing.
inline constexpr char kTerminalText[] =
    "Gr\xC3\xBC\xC3\x9F" "e, \xCE\x95\xCE\xBB\xCE\xBB\xCE\xAC\xCE\xB4\xCE\xB1! "          // Grüße, Ελλάδα!
    "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82\n"                                  // Привет
    "21\xC2\xB0" "C  55 % rH  9,50 \xE2\x82\xAC\n"                                             // 21°C  55 % rH  9,50 €
    "\xE2\x94\x9C\xE2\x94\x80\xE2\x94\x80\xE2\x94\xBC\xE2\x94\x80\xE2\x94\x80\xE2\x94\xA4 "  // ├──┼──┤
    "\xE2\x86\x90\xE2\x86\x92\xE2\x86\x91\xE2\x86\x93 ok \xE2\x9C\x93\n"                     // ←→↑↓ ok ✓
    "na\xC3\xAFve caf\xC3\xA9 \xC3\x91" "and\xC3\xBA \xC2\xBD\n"                                  // naïve café Ñandú ½
    "\xE4\xB8\xAD \xF0\x9F\x98\x80\xE2\x80\x8D\xEF\xB8\x8F bad:\xE2\x82!\xC0\xAF\n"             // 中 😀‍️ bad:�!��
    "\xD0\xA1\xD1\x8A\xD0\xB5\xD1\x88\xD1\x8C \xD0\xB6\xD0\xB5 \xD0\xB5\xD1\x89\xD1\x91 "      // Съешь же ещё
    "\xD1\x8D\xD1\x82\xD0\xB8\xD1\x85";                                                    // этих

inline constexpr int kSmallWidth = 128;
inline constexpr int kSmallHeight = 64;
inline constexpr int kLargeWidth = 256;
inline constexpr int kLargeHeight = 128;

/// Feeds `text` to a text box over the whole surface one byte at a time, as a
/// UART interrupt handler would.
template <typename Surface>
void draw_text(Surface& surface, const utf8mcu::display::FontChain& font, const char* text, std::size_t size) {
  using utf8mcu::display::TextBox;
  TextBox box(surface, font, utf8mcu::display::Rect{0, 0, surface.width(), surface.height()},
              utf8mcu::display::kLitOnDark);
  box.clear();
  utf8mcu::Decoder decoder;
  for (std::size_t i = 0; i < size; ++i) decoder.push(static_cast<std::uint8_t>(text[i]), box);
  decoder.finish(box);
}

inline void draw_terminal(utf8mcu::display::MonoFramebuffer& screen, const utf8mcu::display::Font& font) {
  draw_text(screen, font, kTerminalText, sizeof kTerminalText - 1);
}

inline void draw_small(utf8mcu::display::MonoFramebuffer& screen, const utf8mcu::display::Font& font) {
  draw_text(screen, font, kSmallText, sizeof kSmallText - 1);
}

inline void draw_large(utf8mcu::display::MonoFramebuffer& screen, const utf8mcu::display::Font& font) {
  draw_text(screen, font, kLargeText, sizeof kLargeText - 1);
}

}  // namespace sample_screens
