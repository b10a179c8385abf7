// render.h: drawing a code point (glyph, combining mark, nothing, or hex box),
// font chains (one line for fonts of different heights, fallback in order),
// emoji from an EMOJI font. Fonts the generator refuses to make come from
// synthetic_font.h; expected pixels are written out or drawn from other
// fonts' glyphs.
#include <initializer_list>

#include "display_test_support.h"
#include "display_test_font_6x13.h"
#include "synthetic_font.h"
#include "utf8mcu/display/text_box.h"
#if defined(UTF8MCU_DISPLAY_TEST_EMOJI)
#include "display_test_font_emoji.h"
#endif

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
// kMaxLineHeight rows on the high font's baseline, and the deep font, whose
// line would reach below it, takes no part (its glyphs become hex boxes).
// Before, its 'b' moved to row 43 of the line.
// font(index) outside [0, size()) is the last font, never a null or stray pointer.
UTEST(DisplayRender, ChainFontIndexOutsideIsTheLastFont) {
  const FontChain two(fonts::kTestFont6x13, kDefaultFont);
  EXPECT_EQ(two.size(), 2);
  EXPECT_TRUE(&two.font(0) == &fonts::kTestFont6x13);
  EXPECT_TRUE(&two.font(1) == &kDefaultFont);
  EXPECT_TRUE(&two.font(2) == &kDefaultFont);
  EXPECT_TRUE(&two.font(FontChain::kMaxChainFonts) == &kDefaultFont);
  EXPECT_TRUE(&two.font(-1) == &kDefaultFont);
  const FontChain one(fonts::kTestFont6x13);
  EXPECT_TRUE(&one.font(3) == &fonts::kTestFont6x13);
}

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
  // 'A' keeps its place; 'b' would end 48 rows down, and 'c' goes with its font.
  EXPECT_EQ(chain.find(U'A').top, 4);
  EXPECT_FALSE(chain.find(U'b').found());
  EXPECT_FALSE(chain.find(U'c').found());
  EXPECT_EQ(chain.font(1).run_count, 0u);
  EXPECT_EQ(FontChain(deep).find(U'c').top, 0);
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
  // In a text box too: the emoji advances, the modifier after it does not.
  picture.clear();
  TextBox<MonoFramebuffer> box(picture, font, Rect{0, 0, 32, 16}, kLitOnDark);
  box.put(0x1F3FA);
  box.put(0x1F3FD);
  EXPECT_EQ(box.cursor().x, 16);
  EXPECT_EQ(lit_outside(picture, 0, 0, 16, 16), 0);
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

UTEST(DisplayRender, CombiningMarksOverlayThePreviousCell) {
  const Glyph acute = find_glyph(kDefaultFont, 0x0301);
  if (!acute.found()) {
    utest::log() << "  (no combining marks in this glyph set)\n";
    return;
  }
  EXPECT_EQ(acute.advance, 0);
  EXPECT_LT(acute.x_offset, 0);  // Unifont: -8 plus the blank columns left of the ink
  EXPECT_GE(acute.x_offset, -8);
}

// Expected hex boxes, drawn by hand from the 3x5 digit shapes (docs/display.md).
const char* const kBoxU0081[16] = {
    "###############.",
    "#.............#.",
    "#..###...###..#.",  // 0 0
    "#..#.#...#.#..#.",
    "#..#.#...#.#..#.",
    "#..#.#...#.#..#.",
    "#..###...###..#.",
    "#.............#.",
    "#..###....#...#.",  // 8 1
    "#..#.#...##...#.",
    "#..###....#...#.",
    "#..#.#....#...#.",
    "#..###...###..#.",
    "#.............#.",
    "###############.",
    "................",
};
const char* const kBoxU1F600[16] = {
    "###############.",
    "#.............#.",
    "#.###..#..###.#.",  // 0 1 F
    "#.#.#.##..#...#.",
    "#.#.#..#..###.#.",
    "#.#.#..#..#...#.",
    "#.###.###.#...#.",
    "#.............#.",
    "#.###.###.###.#.",  // 6 0 0
    "#.#...#.#.#.#.#.",
    "#.###.#.#.#.#.#.",
    "#.#.#.#.#.#.#.#.",
    "#.###.###.###.#.",
    "#.............#.",
    "###############.",
    "................",
};

int differing_pixels(const MonoFramebuffer& picture, int x0, const char* const (&art)[16]) {
  int wrong = 0;
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) wrong += picture.get_pixel(x0 + x, y) != (art[y][x] == '#');
  }
  return wrong;
}

UTEST(DisplayRender, MissingGlyphsDrawHexBoxes) {
  static std::uint8_t buffer[mono_buffer_size(48, 16)];
  MonoFramebuffer picture(buffer, 48, 16);
  picture.clear();
  const Rect all{0, 0, 48, 16};
  // A C1 control (4 digits) and an emoji above the BMP (6 digits).
  EXPECT_EQ(draw_code_point(picture, kDefaultFont, 0x0081, 0, 0, all, kLitOnDark), 16);
  EXPECT_EQ(draw_code_point(picture, kDefaultFont, 0x1F600, 16, 0, all, kLitOnDark), 16);
  EXPECT_EQ(differing_pixels(picture, 0, kBoxU0081), 0);
  EXPECT_EQ(differing_pixels(picture, 16, kBoxU1F600), 0);
  if (utest::current_test_failed()) display_test::print_picture(picture, 0, 16);
}

UTEST(DisplayRender, InvisibleAndNonScalarValues) {
  static std::uint8_t buffer[mono_buffer_size(32, 16)];
  MonoFramebuffer picture(buffer, 32, 16);
  picture.clear();
  const Rect all{0, 0, 32, 16};
  // Format characters draw nothing and do not advance.
  EXPECT_EQ(draw_code_point(picture, kDefaultFont, 0x200B, 0, 0, all, kLitOnDark), 0);
  EXPECT_EQ(draw_code_point(picture, kDefaultFont, 0xFEFF, 0, 0, all, kLitOnDark), 0);
  for (std::size_t i = 0; i < picture.size_bytes(); ++i) EXPECT_EQ(buffer[i], 0u);
  // A surrogate or a value above U+10FFFF is drawn as U+FFFD.
  static std::uint8_t replacement_buffer[mono_buffer_size(32, 16)];
  MonoFramebuffer replacement(replacement_buffer, 32, 16);
  replacement.clear();
  draw_code_point(replacement, kDefaultFont, 0xFFFD, 0, 0, all, kLitOnDark);
  draw_code_point(replacement, kDefaultFont, 0xFFFD, 8, 0, all, kLitOnDark);
  EXPECT_EQ(draw_code_point(picture, kDefaultFont, 0xD800, 0, 0, all, kLitOnDark), 8);
  EXPECT_EQ(draw_code_point(picture, kDefaultFont, 0x110000, 8, 0, all, kLitOnDark), 8);
  EXPECT_MEMEQ(buffer, replacement_buffer, sizeof buffer);
}

// Default_Ignorable_Code_Point, written out from DerivedCoreProperties.txt
// (Unicode 15.0), and the skin-tone modifiers: nothing drawn, no advance.
UTEST(DisplayRender, IgnorablesDrawNothing) {
  static const char32_t kRanges[][2] = {
      {0x00AD, 0x00AD}, {0x034F, 0x034F}, {0x061C, 0x061C}, {0x115F, 0x1160}, {0x17B4, 0x17B5},
      {0x180B, 0x180F}, {0x200B, 0x200F}, {0x202A, 0x202E}, {0x2060, 0x206F}, {0x3164, 0x3164},
      {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF}, {0xFFA0, 0xFFA0}, {0xFFF0, 0xFFF8}, {0x1BCA0, 0x1BCA3},
      {0x1D173, 0x1D17A}, {0x1F3FB, 0x1F3FF}, {0xE0000, 0xE0FFF},
  };
  static std::uint8_t buffer[mono_buffer_size(32, 16)];
  MonoFramebuffer picture(buffer, 32, 16);
  picture.clear();
  const Rect all{0, 0, 32, 16};
  for (const auto& range : kRanges) {
    const char32_t samples[] = {range[0], range[1], static_cast<char32_t>((range[0] + range[1]) / 2)};
    for (char32_t c : samples) {
      EXPECT_EQ(draw_code_point(picture, kDefaultFont, c, 8, 0, all, kLitOnDark), 0);
      EXPECT_TRUE(is_ignorable(c));
    }
    // Just outside each range: not ignorable (U+2065 and U+1F3FA are in or next to others).
    EXPECT_FALSE(is_ignorable(range[0] - 1) && range[0] - 1 != 0x2065);
    EXPECT_FALSE(is_ignorable(range[1] + 1));
  }
  for (std::size_t i = 0; i < picture.size_bytes(); ++i) EXPECT_EQ(buffer[i], 0u);
  EXPECT_FALSE(is_ignorable(U'A'));
  EXPECT_FALSE(is_ignorable(0x0301));  // a combining mark: drawn over its base
  EXPECT_FALSE(is_ignorable(0x1F600));
}

// The one-row hex box of lines under 16 rows (6x13: 13 rows, baseline 11):
// rows 5-11, digits 0 0 8 1, advance 20. Drawn by hand from the digit shapes.
UTEST(DisplayRender, SmallFontsDrawOneRowHexBoxes) {
  static const char* const kArt[7] = {
      "###################",
      "#.###.###.###..#..#",
      "#.#.#.#.#.#.#.##..#",
      "#.#.#.#.#.###..#..#",
      "#.#.#.#.#.#.#..#..#",
      "#.###.###.###.###.#",
      "###################",
  };
  static std::uint8_t buffer[mono_buffer_size(24, 16)];
  MonoFramebuffer picture(buffer, 24, 16);
  picture.clear();
  const FontChain small(fonts::kTestFont6x13);
  EXPECT_EQ(small.line_height(), 13);
  EXPECT_EQ(draw_code_point(picture, small, 0x0081, 0, 0, Rect{0, 0, 24, 16}, kLitOnDark), 20);
  int wrong = 0;
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 24; ++x) {
      const bool want = y >= 5 && y < 12 && x < 19 && kArt[y - 5][x] == '#';
      wrong += picture.get_pixel(x, y) != want;
    }
  }
  EXPECT_EQ(wrong, 0);
  if (wrong != 0) display_test::print_picture(picture, 0, 16);
  EXPECT_EQ(appearance_of(small, 0x1F600).advance, 28);  // 6 digits
}

// A 6x13 font with Unifont as its fallback: one line height (the taller
// font's), one baseline; each glyph as its own font draws it, moved to it.
UTEST(DisplayRender, FallbackChainSharesTheBaseline) {
  const FontChain chain(fonts::kTestFont6x13, kDefaultFont);
  EXPECT_EQ(chain.baseline(), 14);     // Unifont's; 6x13's is 11
  EXPECT_EQ(chain.line_height(), 16);  // both descend 2 rows
  EXPECT_EQ(chain.cell_width(), 6);
  EXPECT_EQ(appearance_of(chain, U'A').advance, 6);        // from 6x13
  EXPECT_EQ(appearance_of(chain, 0x00E9).advance, 8);      // é: only Unifont has it here
  EXPECT_EQ(appearance_of(chain, 0xE000).rendering, Rendering::kHexBox);
  EXPECT_EQ(appearance_of(chain, 0xE000).advance, 16);
  static std::uint8_t actual_buffer[mono_buffer_size(48, 24)];
  static std::uint8_t expected_buffer[mono_buffer_size(48, 24)];
  MonoFramebuffer actual(actual_buffer, 48, 24);
  MonoFramebuffer expected(expected_buffer, 48, 24);
  actual.clear();
  expected.clear();
  const Rect all{0, 0, 48, 24};
  TextBox box(actual, chain, all, kLitOnDark);
  display_test::feed_bytes("A\xC3\xA9" "B", 4, box);  // AéB
  // Expected: each font alone, 6x13 three rows lower (14 - 11).
  draw_code_point(expected, fonts::kTestFont6x13, U'A', 0, 3, all, kLitOnDark);
  draw_code_point(expected, kDefaultFont, 0x00E9, 6, 0, all, kLitOnDark);
  draw_code_point(expected, fonts::kTestFont6x13, U'B', 14, 3, all, kLitOnDark);
  EXPECT_TRUE(display_test::same_picture(actual, expected));
  EXPECT_EQ(box.cursor().x, 20);
  box.put(U'\n');
  EXPECT_EQ(box.cursor().y, 16);
}

#if defined(UTF8MCU_DISPLAY_TEST_EMOJI)
// Emoji from unifont_upper.otf (an EMOJI font, host builds) behind Unifont:
// drawn as 16-pixel glyphs, not hex boxes; the skin-tone modifier, VS16 and ZWJ
// of an emoji sequence take no room and draw nothing. (display_fonts_vs_sources
// checks the emoji's pixels against the OTF.)
UTEST(DisplayRender, EmojiFromTheEmojiFontAreGlyphs) {
  const FontChain chain(kDefaultFont, fonts::kTestFontEmoji);
  // Made from strings with U+1F3FD, the font holds no skin-tone modifier
  // (before, the OTF's swatch went in and was drawn).
  EXPECT_TRUE(find_glyph(fonts::kTestFontEmoji, 0x1F44D).found());
  for (char32_t modifier = 0x1F3FB; modifier <= 0x1F3FF; ++modifier) {
    EXPECT_FALSE(find_glyph(fonts::kTestFontEmoji, modifier).found());
  }
  for (const char32_t emoji : {char32_t{0x1F44D}, char32_t{0x1F468}, char32_t{0x1F469}, char32_t{0x1F600}}) {
    const Appearance look = appearance_of(chain, emoji);
    EXPECT_TRUE(look.rendering == Rendering::kGlyph);
    EXPECT_EQ(look.advance, 16);
    EXPECT_TRUE(look.width_class == WidthClass::kWide);
  }
  EXPECT_EQ(chain.line_height(), 16);
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer actual(pictures.actual, display_test::kWidth, display_test::kHeight);
  MonoFramebuffer expected(pictures.expected, display_test::kWidth, display_test::kHeight);
  const Rect all{0, 0, 96, 16};
  TextBox box(actual, chain, all, kLitOnDark);
  // 👍🏽 x 😀 VS16 👨 ZWJ 👩
  const char* const text = "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD" "x" "\xF0\x9F\x98\x80\xEF\xB8\x8F"
                           "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9";
  display_test::feed_bytes(text, display_test::text_length(text), box);
  draw_code_point(expected, chain, 0x1F44D, 0, 0, all, kLitOnDark);
  draw_code_point(expected, chain, U'x', 16, 0, all, kLitOnDark);
  draw_code_point(expected, chain, 0x1F600, 24, 0, all, kLitOnDark);
  draw_code_point(expected, chain, 0x1F468, 40, 0, all, kLitOnDark);
  draw_code_point(expected, chain, 0x1F469, 56, 0, all, kLitOnDark);
  EXPECT_TRUE(display_test::same_picture(actual, expected));
  EXPECT_EQ(box.cursor().x, 72);
  // Not the hex box that Unifont alone draws for U+1F600: the emoji drawn at
  // (24, 0) above against the box drawn at (24, 16) below it.
  draw_code_point(expected, kDefaultFont, 0x1F600, 24, 16, Rect{0, 16, 96, 16}, kLitOnDark);
  int lit = 0;
  int differing = 0;
  for (int y = 0; y < 16; ++y) {
    for (int x = 24; x < 40; ++x) {
      lit += actual.get_pixel(x, y) ? 1 : 0;
      differing += actual.get_pixel(x, y) != expected.get_pixel(x, y + 16) ? 1 : 0;
    }
  }
  EXPECT_GT(lit, 20);
  EXPECT_GT(differing, 20);
}
#endif

}  // namespace
