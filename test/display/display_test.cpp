// display.h, the umbrella header: it alone gives the display module (this
// file includes nothing else of the library): width, the default font, a
// framebuffer, a text box and a screenshot, each used once with results
// written out here.
#include "utest/utest.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/display.h"

namespace {

using namespace utf8mcu::display;

UTEST(DisplayUmbrella, EveryPartOfTheModule) {
  // width.h: East Asian Wide takes two cells, a combining mark none.
  EXPECT_EQ(display_width(U'A'), 1);
  EXPECT_EQ(display_width(0x4E2D), 2);
  EXPECT_EQ(display_width(0x0301), 0);
  // default_font.h: Unifont, 16-row lines, 8-pixel cells.
  EXPECT_EQ(kDefaultFont.line_height, 16);
  EXPECT_EQ(kDefaultFont.cell_width, 8);
  // framebuffer.h, text_box.h, render.h: "Hi" in a 32x16 box.
  static std::uint8_t buffer[mono_buffer_size(32, 16)];
  MonoFramebuffer picture(buffer, 32, 16);
  picture.clear();
  TextBox<MonoFramebuffer> box(picture, kDefaultFont, Rect{0, 0, 32, 16}, kLitOnDark);
  utf8mcu::Decoder decoder;
  const std::uint8_t text[] = {'H', 'i'};
  decoder.push(text, sizeof text, box);
  EXPECT_EQ(box.cursor().x, 16);
  int lit = 0;
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 32; ++x) lit += picture.get_pixel(x, y) ? 1 : 0;
  }
  EXPECT_GT(lit, 10);
  // pbm.h
  EXPECT_EQ(pbm_size(32, 16), std::size_t{9 + 4 * 16});  // "P4\n32 16\n", then 16 rows of 4 bytes
}

}  // namespace
