// The TextBox screen of the panel example: word-wrapped text in a box of the
// whole 128x64 panel, drawn by the lm3s6965evb firmware straight to the OLED
// through one 128-byte page strip (draw_text_to_panel()) and by panel_render
// --text-box into a framebuffer on the host; panel_e2e compares the two.
#pragma once

#include <cstddef>

namespace text_box_screen {

// German, Greek and Japanese words wrapped by the box, a full stop that
// stays with its ideograph, a combining mark and a control drawn as a hex box.
inline constexpr char kText[] =
    "Word wrap on the OLED: Gr\xC3\xBC\xC3\x9F" "e, \xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5! "
    "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE3\x80\x82 cafe\xCC\x81 \x01";
inline constexpr std::size_t kSize = sizeof(kText) - 1;

}  // namespace text_box_screen
