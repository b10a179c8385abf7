// Glyphs against GNU Unifont's own .hex data (sampled by a separate script),
// glyph lookup edge cases, and the hex box drawn for code points without a glyph.
#include "display_test_support.h"
#include "display_test_font_6x13.h"
#include "glyph_samples.h"
#include "synthetic_font.h"
#if defined(UTF8MCU_DISPLAY_TEST_EMOJI)
#include "display_test_font_emoji.h"
#endif

namespace {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;

int hex_value(char digit) {
  if (digit >= '0' && digit <= '9') return digit - '0';
  if (digit >= 'A' && digit <= 'F') return digit - 'A' + 10;
  if (digit >= 'a' && digit <= 'f') return digit - 'a' + 10;
  return -1;
}

std::size_t text_length(const char* text) {
  std::size_t n = 0;
  while (text[n] != '\0') ++n;
  return n;
}

/// Pixel (x, y) of a Unifont .hex glyph: rows of 2 (narrow) or 4 (wide) hex
/// digits, most significant bit = left pixel.
bool hex_pixel(const char* hex, int width, int x, int y) {
  const int digits_per_row = width / 4;
  const int digit = hex_value(hex[y * digits_per_row + x / 4]);
  return ((digit >> (3 - x % 4)) & 1) != 0;
}

bool font_has(char32_t code_point) { return find_glyph(kDefaultFont, code_point).found(); }

UTEST(DisplayFont, GlyphsMatchUnifontSamples) {
  static std::uint8_t buffer[mono_buffer_size(16, 16)];
  MonoFramebuffer picture(buffer, 16, 16);
  const Clip everywhere{0, 0, 16, 16};
  std::size_t compared = 0;
  for (const GlyphSample& sample : kGlyphSamples) {
    const Glyph glyph = find_glyph(kDefaultFont, sample.code_point);
    if (!glyph.found()) continue;
    ++compared;
    const int width = static_cast<int>(text_length(sample.hex) * 4 / 16);
    EXPECT_EQ(glyph.advance, sample.x_offset != 0 ? 0 : width);
    picture.clear();
    // Marks are drawn left of the pen: put the pen where Unifont's column 0 lands at x = 0.
    const int pen = -sample.x_offset;
    draw_glyph(picture, glyph, pen, 0, everywhere, kLitOnDark, false);
    int wrong = 0;
    for (int y = 0; y < kDefaultFont.line_height; ++y) {
      for (int x = 0; x < width; ++x) wrong += picture.get_pixel(x, y) != hex_pixel(sample.hex, width, x, y);
    }
    if (wrong != 0) {
      utest::log() << "  U+" << utest::hex(static_cast<std::uint32_t>(sample.code_point), 4) << ": " << wrong
                   << " pixels differ from " << sample.hex << '\n';
      display_test::print_picture(picture, 0, 16);
    }
    EXPECT_EQ(wrong, 0);
  }
  utest::log() << "  " << compared << " of " << sizeof kGlyphSamples / sizeof kGlyphSamples[0]
               << " sampled Unifont glyphs are in the '" << kDefaultFont.name << "' font; all compared\n";
  EXPECT_GE(compared, 6u);
}

// What each glyph set must hold (from docs/display.md), checked by code point.
UTEST(DisplayFont, GlyphSetHasItsBlocks) {
  const char32_t every_set[] = {U' ', U'A', U'z', U'~', 0xA0, 0xE9, 0xFF, 0xFFFD};
  for (char32_t c : every_set) EXPECT_TRUE(font_has(c));
  EXPECT_FALSE(font_has(0x7F));  // DEL: a control, drawn as a hex box
  EXPECT_FALSE(font_has(0x1F600));  // nothing above the BMP: Unifont's plane 0 file
#if defined(UTF8MCU_DISPLAY_TEST_SET_europe) || defined(UTF8MCU_DISPLAY_TEST_SET_cjk)
  const char32_t europe[] = {0x0141, 0x0301, 0x03A9, 0x0416, 0x04FF, 0x2014, 0x20AC, 0x2192, 0x2500, 0x257F, 0x2588};
  for (char32_t c : europe) EXPECT_TRUE(font_has(c));
#else
  EXPECT_FALSE(font_has(0x0141));
#endif
#if defined(UTF8MCU_DISPLAY_TEST_SET_cjk)
  const char32_t cjk[] = {0x3001, 0x3042, 0x30A2, 0x4E2D, 0x7684, 0x4E00, 0xFF01};
  for (char32_t c : cjk) EXPECT_TRUE(font_has(c));
#else
  EXPECT_FALSE(font_has(0x4E2D));
#endif
}

UTEST(DisplayFont, LookupEdges) {
  // Around the first range, ranges' ends, and values no font holds.
  EXPECT_FALSE(font_has(0x0000));
  EXPECT_FALSE(font_has(0x001F));
  EXPECT_TRUE(font_has(0x0020));
  EXPECT_TRUE(font_has(0x007E));
  EXPECT_FALSE(font_has(0x0080));
  EXPECT_FALSE(font_has(0x009F));
  EXPECT_TRUE(font_has(0x00A0));
  EXPECT_FALSE(font_has(0xFFFC));
  EXPECT_TRUE(font_has(0xFFFD));
  EXPECT_FALSE(font_has(0xFFFE));
  EXPECT_FALSE(font_has(0x10FFFF));
  EXPECT_FALSE(font_has(0x110000));
  EXPECT_FALSE(font_has(0xFFFFFFFF));
  const Glyph a = find_glyph(kDefaultFont, U'A');
  EXPECT_EQ(a.advance, 8);  // Unifont's 'A': ink in columns 1-6, rows 4-13
  EXPECT_EQ(a.width, 6);
  EXPECT_EQ(a.x_offset, 1);
  EXPECT_EQ(a.top, 4);
  EXPECT_EQ(a.height, 10);
  EXPECT_EQ(a.line_height, 16);
}

UTEST(DisplayFont, CombiningMarksOverlayThePreviousCell) {
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

UTEST(DisplayFont, MissingGlyphsDrawHexBoxes) {
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

UTEST(DisplayFont, InvisibleAndNonScalarValues) {
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

// A hand-made table (records written out bit by bit): a valid glyph, one whose
// ink would lie below its 16-row line, one whose ink runs past the table, and
// an anchor past the end: only the first is found, nothing is read outside.
UTEST(DisplayFont, CorruptTablesFindNothing) {
  static const std::uint32_t kKeys[] = {0x41u << 11 | 2};  // U+0041..U+0043
  static const std::uint16_t kRunGlyphs[] = {0};
  static const std::uint16_t kAnchors[] = {0};
  static const std::uint16_t kFarAnchors[] = {0xFFFF};
  // 'A': 1x1 ink, advance one cell; 'B': 25 rows from row 20; 'C': 31x25, cut off.
  static const std::uint8_t kGlyphs[] = {0x21, 0x00, 0xB0, 0x21, 0x53, 0xB0, 0xFF, 0xFF,
                                         0xFF, 0x3F, 0x03, 0x30, 0x00, 0x00, 0x00};
  const Font font{kKeys, kRunGlyphs, kAnchors, kGlyphs, 1, sizeof kGlyphs, 16, 14, 8, 0, "corrupt"};
  const Glyph a = find_glyph(font, U'A');
  EXPECT_TRUE(a.found());
  EXPECT_EQ(a.width, 1);
  EXPECT_EQ(a.advance, 8);
  EXPECT_FALSE(find_glyph(font, U'B').found());
  EXPECT_FALSE(find_glyph(font, U'C').found());
  EXPECT_FALSE(find_glyph(font, U'D').found());
  const Font far{kKeys, kRunGlyphs, kFarAnchors, kGlyphs, 1, sizeof kGlyphs, 16, 14, 8, 0, "corrupt"};
  EXPECT_FALSE(find_glyph(far, U'A').found());
  const Font tiny{kKeys, kRunGlyphs, kAnchors, kGlyphs, 1, 3, 16, 14, 8, 0, "corrupt"};
  EXPECT_FALSE(find_glyph(tiny, U'A').found());
}

// A record of ink columns without rows (make_font.py writes a blank glyph as
// width 0) is corrupt: drawing it read each column as 4 bytes from the end of
// the record, here one byte past the table. Not found.
UTEST(DisplayFont, InkColumnsWithoutRowsFindNothing) {
  static display_test::SyntheticFont<2, 16> glyphs(8);
  glyphs = display_test::SyntheticFont<2, 16>(8);
  ASSERT_TRUE(glyphs.add(U'A', 1, 10, 0, 0, 0, 0x3FFu));  // 23 + 10 bits
  ASSERT_TRUE(glyphs.add(U'B', 5, 0, 0, 0, 9, 0));        // 23 + 8 bits: ends on byte 8
  const Font font = glyphs.font(16, 12);
  EXPECT_EQ(font.glyphs_size, 8u + 3u);
  EXPECT_TRUE(find_glyph(font, U'A').found());
  EXPECT_FALSE(find_glyph(font, U'B').found());
}

// Default_Ignorable_Code_Point, written out from DerivedCoreProperties.txt
// (Unicode 15.0), and the skin-tone modifiers: nothing drawn, no advance.
UTEST(DisplayFont, IgnorablesDrawNothing) {
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
UTEST(DisplayFont, SmallFontsDrawOneRowHexBoxes) {
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
UTEST(DisplayFont, FallbackChainSharesTheBaseline) {
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
UTEST(DisplayFont, EmojiFromTheEmojiFontAreGlyphs) {
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
  display_test::feed_bytes(text, text_length(text), box);
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

UTEST(DisplayFont, Constexpr) {
  static_assert(make_hex_box(0x1F600).bits[0] == 0xFF, "frame: left column, rows 0-7");
  static_assert((make_hex_box(0x1F600).bits[1] & 0x7F) == 0x7F, "frame: left column, rows 8-14");
  static_assert(make_hex_box(0x1F600).width == 15 && make_hex_box(0x1F600).advance == 16, "column 15 stays blank");
  static_assert(is_control(0x00) && is_control(0x1F) && is_control(0x7F) && is_control(0x9F), "Cc");
  static_assert(detail::kIgnorableBmpBlocks == 0x8000005Du, "blocks 0, 2, 3, 4, 6 and 31 of the BMP");
  static_assert(is_ignorable(0xFE0F) && !is_ignorable(0x4E00) && is_ignorable(0xE0001), "ignorables");
  static_assert(!is_control(0x20) && !is_control(0xA0), "not Cc");
  static_assert(mono_buffer_size(128, 64) == 1024 && mono_buffer_size(128, 60) == 1024, "pages of 8 rows");
  static_assert(mono_buffer_size(-1, 64) == 0, "negative sizes are empty");
  static_assert(rgb565(255, 255, 255) == 0xFFFF && rgb565(255, 0, 0) == 0xF800, "RGB565");
  static_assert(pbm_size(128, 64) == 10 + 1024, "\"P4\\n128 64\\n\" + pixels");
  EXPECT_TRUE(true);
}

}  // namespace
