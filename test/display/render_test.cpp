// render.h: font chains (one line for fonts of different heights), the
// appearance of a code point, and drawing one. Fonts the generator refuses to
// make come from synthetic_font.h; expected pixels are written out.
#include "display_test_support.h"
#include "synthetic_font.h"

namespace {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;

// Lit pixels of `picture` outside the rectangle [x0, x1) x [y0, y1).
int lit_outside(const MonoFramebuffer& picture, int x0, int y0, int x1, int y1) {
  int lit = 0;
  for (int y = 0; y < picture.height(); ++y) {
    for (int x = 0; x < picture.width(); ++x) {
      const bool inside = x >= x0 && x < x1 && y >= y0 && y < y1;
      if (!inside && picture.get_pixel(x, y)) ++lit;
    }
  }
  return lit;
}

// A font taller than kMaxLineHeight has no glyph the renderer may draw
// (font.h finds none in it); in a chain it must not stretch the line either.
// Before, the chain's baseline became 25 and the small font's '_' (ink one
// row below its baseline) moved to row 26: drawn at a row 7 of a page, the
// framebuffer shifted its column by 33 bits.
UTEST(DisplayRender, ChainIgnoresFontTallerThanTheLimit) {
  static display_test::SyntheticFont<2, 32> tall_glyphs(8);
  static display_test::SyntheticFont<2, 32> small_glyphs(6);
  tall_glyphs = display_test::SyntheticFont<2, 32>(8);
  small_glyphs = display_test::SyntheticFont<2, 32>(6);
  ASSERT_TRUE(tall_glyphs.add(U'T', 4, 20, 10, 0, 8, 0xFFFFFFFFu));
  ASSERT_TRUE(small_glyphs.add(U'_', 6, 1, 7, 0, 6, 0xFFFFFFFFu));
  const Font tall = tall_glyphs.font(40, 30, "tall");
  const Font small = small_glyphs.font(8, 6, "small");
  EXPECT_FALSE(find_glyph(tall, U'T').found());
  const FontChain chain(tall, small);
  EXPECT_EQ(chain.line_height(), 8);
  EXPECT_EQ(chain.baseline(), 6);
  static std::uint8_t buffer[mono_buffer_size(16, 24)];
  MonoFramebuffer picture(buffer, 16, 24);
  for (int y = 0; y < 8; ++y) {  // every row of a page: every shift
    picture.clear();
    EXPECT_EQ(draw_code_point(picture, chain, U'_', 2, y, Rect{0, 0, 16, 24}, kLitOnDark), 6);
    for (int x = 2; x < 8; ++x) EXPECT_TRUE(picture.get_pixel(x, y + 7));
    EXPECT_EQ(lit_outside(picture, 2, y + 7, 8, y + 8), 0);
  }
  // Nor does a font whose baseline lies below its line: its glyph would
  // start above the chain's line (before, its top wrapped to 247).
  static display_test::SyntheticFont<2, 32> sunk_glyphs(8);
  sunk_glyphs = display_test::SyntheticFont<2, 32>(8);
  ASSERT_TRUE(sunk_glyphs.add(U'S', 4, 9, 0, 0, 8, 0xFFFFFFFFu));
  const Font sunk = sunk_glyphs.font(9, 15, "sunk");
  EXPECT_TRUE(find_glyph(sunk, U'S').found());
  const FontChain with_sunk(small, sunk);
  EXPECT_EQ(with_sunk.line_height(), 8);
  EXPECT_FALSE(with_sunk.find(U'S').found());
  picture.clear();
  EXPECT_EQ(draw_code_point(picture, with_sunk, U'S', 0, 7, Rect{0, 0, 16, 24}, kLitOnDark), 20);
  EXPECT_EQ(lit_outside(picture, 0, 7, 20, 15), 0);
}

// Two fonts within the limit whose lines together span more than it (one
// high above its baseline, one deep below): the chain's line is cut to
// kMaxLineHeight rows, and a glyph that would lie below it is not drawn from
// that font (here: the hex box). Before, 'b' moved to row 43 of the line.
UTEST(DisplayRender, GlyphOutsideTheChainsLineIsNotDrawnFromItsFont) {
  static display_test::SyntheticFont<2, 64> high_glyphs(8);
  static display_test::SyntheticFont<2, 64> deep_glyphs(8);
  high_glyphs = display_test::SyntheticFont<2, 64>(8);
  deep_glyphs = display_test::SyntheticFont<2, 64>(8);
  ASSERT_TRUE(high_glyphs.add(U'A', 4, 20, 4, 0, 8, 0xFFFFFFFFu));
  ASSERT_TRUE(deep_glyphs.add(U'b', 4, 4, 20, 0, 8, 0xFu));
  ASSERT_TRUE(deep_glyphs.add(U'c', 4, 1, 0, 0, 8, 1u));
  const Font high = high_glyphs.font(25, 24, "high");
  const Font deep = deep_glyphs.font(25, 1, "deep");
  const FontChain chain(high, deep);
  EXPECT_EQ(chain.line_height(), kMaxLineHeight);
  EXPECT_EQ(chain.baseline(), 24);
  EXPECT_FALSE(chain.fits());
  EXPECT_TRUE(FontChain(high).fits());
  // 'A' keeps its place; 'c' (ink on its baseline's row above) moves down to
  // the common baseline; 'b' would end 48 rows down.
  EXPECT_EQ(chain.find(U'A').top, 4);
  EXPECT_EQ(chain.find(U'c').top, 23);
  EXPECT_FALSE(chain.find(U'b').found());
  EXPECT_EQ(appearance_of(chain, U'b').rendering, Rendering::kHexBox);
  static std::uint8_t buffer[mono_buffer_size(40, 40)];
  MonoFramebuffer picture(buffer, 40, 40);
  for (int y = 0; y < 8; ++y) {
    picture.clear();
    EXPECT_EQ(draw_code_point(picture, chain, U'b', 0, y, Rect{0, 0, 40, 40}, kLitOnDark), kHexBoxWidth);
    EXPECT_EQ(lit_outside(picture, 0, y, kHexBoxWidth, y + kMaxLineHeight), 0);
  }
}

// The one-row hex box sits inside its line whatever baseline it is given
// (a font's baseline may lie below its line): before, a line of 6 rows with
// a baseline of 200 put the frame 194 rows down, and the framebuffer shifted
// its columns by that.
UTEST(DisplayRender, HexBoxStaysInsideItsLine) {
  for (const int baseline : {0, 5, 6, 7, 40, 200, 255}) {
    const HexBox box = make_hex_box(0x81, 6, baseline);
    EXPECT_EQ(box.top, 0);
    EXPECT_EQ(box.height, 7);
    EXPECT_EQ(make_hex_box(0x81, 13, baseline).top, baseline <= 7 ? (baseline < 6 ? 0 : baseline - 6) : 6);
  }
  static std::uint8_t buffer[mono_buffer_size(24, 24)];
  MonoFramebuffer picture(buffer, 24, 24);
  for (int y = 0; y < 8; ++y) {
    picture.clear();
    const HexBox box = make_hex_box(0x81, 6, 200);
    draw_glyph(picture, box.glyph(), 0, y, clip_of(Rect{0, 0, 24, 24}), kLitOnDark, false);
    EXPECT_TRUE(picture.get_pixel(0, y));  // the frame's corner
    EXPECT_EQ(lit_outside(picture, 0, y, 20, y + 6), 0);
  }
}

// An emoji skin-tone modifier draws nothing and takes no room, even from a
// font that holds a glyph for it (unifont_upper.otf has swatches): before,
// the font's glyph was found before the list of what draws nothing.
UTEST(DisplayRender, SkinToneModifierDrawsNothingFromAnyFont) {
  static display_test::SyntheticFont<8, 256> glyphs(8);
  glyphs = display_test::SyntheticFont<8, 256>(8);
  ASSERT_TRUE(glyphs.add(0x1F3FA, 8, 8, 0, 0, 16, 0xFFFFFFFFu));
  for (char32_t modifier = 0x1F3FB; modifier <= 0x1F3FF; ++modifier) {
    ASSERT_TRUE(glyphs.add(modifier, 8, 8, 0, 0, 16, 0xFFFFFFFFu));
  }
  ASSERT_TRUE(glyphs.add(0x1F400, 8, 8, 0, 0, 16, 0xFFFFFFFFu));
  const Font font = glyphs.font(16, 14);
  static std::uint8_t buffer[mono_buffer_size(32, 16)];
  MonoFramebuffer picture(buffer, 32, 16);
  for (char32_t modifier = 0x1F3FB; modifier <= 0x1F3FF; ++modifier) {
    EXPECT_TRUE(find_glyph(font, modifier).found());
    const Appearance look = appearance_of(font, modifier);
    EXPECT_EQ(look.rendering, Rendering::kNothing);
    EXPECT_EQ(look.advance, 0);
    picture.clear();
    EXPECT_EQ(draw_code_point(picture, font, modifier, 0, 0, Rect{0, 0, 32, 16}, kLitOnDark), 0);
    EXPECT_EQ(lit_outside(picture, 0, 0, 0, 0), 0);
  }
  // Its neighbours are drawn from the font.
  EXPECT_EQ(appearance_of(font, 0x1F3FA).rendering, Rendering::kGlyph);
  EXPECT_EQ(appearance_of(font, 0x1F400).rendering, Rendering::kGlyph);
}

// font_within_limits() in a static_assert: a hand-made font that breaks a
// limit fails the build.
constexpr std::uint32_t kNoKeys[] = {0};
constexpr std::uint16_t kNoOrdinals[] = {0};
constexpr std::uint8_t kNoGlyphs[] = {0, 0, 0, 0};
constexpr Font kTooTall{kNoKeys, kNoOrdinals, kNoOrdinals, kNoGlyphs, 0, 4, 26, 20, 8, 0, "too tall"};
constexpr Font kBaselineBelow{kNoKeys, kNoOrdinals, kNoOrdinals, kNoGlyphs, 0, 4, 16, 17, 8, 0, "baseline below"};
constexpr Font kWithin{kNoKeys, kNoOrdinals, kNoOrdinals, kNoGlyphs, 0, 4, 25, 25, 8, 0, "within"};
static_assert(!font_within_limits(kTooTall), "a line of 26 rows breaks the limit");
static_assert(!font_within_limits(kBaselineBelow), "a baseline below the line breaks it");
static_assert(font_within_limits(kWithin), "25 rows are allowed");
static_assert(!FontChain(kWithin, kTooTall).fits(), "a chain with a font beyond the limit does not fit");

}  // namespace
