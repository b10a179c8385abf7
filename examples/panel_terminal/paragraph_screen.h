// The ParagraphBox screen of the panel example: right-to-left and
// mixed-direction paragraphs in a box of the whole 128x64 panel, drawn by the
// lm3s6965evb firmware straight to the OLED through one 128-byte page strip
// (draw_paragraphs_to_panel()) and by panel_render --paragraphs into a
// framebuffer on the host; panel_e2e compares the two with the golden picture.
#pragma once

#include <cstddef>

namespace paragraph_screen {

// Hebrew with digits, Arabic in its joined forms, Persian with Persian
// digits, and a left-to-right line with a Hebrew word in brackets:
//   שלום עולם 123 / مرحبا بالعالم / سلام دنیا ۱۲۳ / OLED: (שלום) 1.5
inline constexpr char kText[] =
    "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xD7\xA2\xD7\x95\xD7\x9C\xD7\x9D 123\n"
    "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 \xD8\xA8\xD8\xA7\xD9\x84\xD8\xB9\xD8\xA7\xD9\x84\xD9\x85\n"
    "\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85 \xD8\xAF\xD9\x86\xDB\x8C\xD8\xA7 \xDB\xB1\xDB\xB2\xDB\xB3\n"
    "OLED: (\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D) 1.5";
inline constexpr std::size_t kSize = sizeof(kText) - 1;

}  // namespace paragraph_screen
