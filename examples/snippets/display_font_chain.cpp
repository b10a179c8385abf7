// The fallback chain docs/display.md shows, with the fonts made by the
// utf8mcu_display_add_font() snippet in CMakeLists.txt.
#include <cstddef>
#include <cstdint>

#include "utf8mcu/decoder.h"
#include "utf8mcu/display/cluster.h"
#include "utf8mcu/display/display.h"

using namespace utf8mcu::display;

extern MonoFramebuffer screen;  // display_snippets.cpp

// snippet: font-chain
#include "my_font_6x13.h"  // utf8mcu_display_add_font(my_font_6x13 SOURCE 6x13 ...)
#include "my_font_cjk.h"   // utf8mcu_display_add_font(my_font_cjk BLOCKS ... RANGES 0x4E00-0x4FFF)

const FontChain chain(fonts::kMyFont6x13, fonts::kMyFontCjk);  // up to 4 fonts
TextBox chained_box(screen, chain, Rect{0, 0, 128, 64}, kLitOnDark);
// end snippet

// Draws `text` from the start of the box; returns the pen's x after it.
std::size_t draw_with_chain(const char* text) {
  chained_box.clear();
  utf8mcu::Decoder decoder;
  for (std::size_t i = 0; text[i] != '\0'; ++i) (void)decoder.push(static_cast<std::uint8_t>(text[i]), chained_box);
  return static_cast<std::size_t>(chained_box.cursor().x);
}

// snippet: cluster-composition
// "é" sent decomposed: e + U+0301 COMBINING ACUTE ACCENT. my_font_6x13 has no
// glyph for the mark, but it was made with COMPOSITIONS: the pair (e, U+0301)
// gives U+00E9, whose glyph is drawn.
char32_t draw_decomposed_e_acute(int x, int y) {
  const char32_t cluster[] = {U'e', 0x0301};
  const ClusterLook look = look_of_cluster(chain, cluster, 2);
  draw_cluster(screen, look, x, y, clip_of(Rect{0, 0, 128, 64}), kLitOnDark);
  return look.base;  // U+00E9
}
// end snippet
