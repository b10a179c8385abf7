// The text module in the Arduino/PlatformIO layout (src/), on the host and on
// every board: grapheme clusters, bidi, a ParagraphBox, a UnicodeTextBox and a
// character LCD, used by text_sketch.cpp through src/ alone. Expected values
// come from Unicode's rules (UAX #29, UAX #9), UnicodeData.txt, JIS X 0201
// and the 6x13 font's BDF source; the engines' full tests are in test/text
// and test/display.
#include <cstddef>
#include <cstdint>

#include "text_sketch.h"
#include "utest/utest.h"

namespace {

// 'A' of the X11 misc-fixed 6x13 font, rows of its BDF source (BITMAP of
// ENCODING 65, bit 7 = column 0).
constexpr std::uint8_t kBdfA[13] = {0x00, 0x00, 0x20, 0x50, 0x88, 0x88, 0x88, 0xF8, 0x88, 0x88, 0x88, 0x00, 0x00};

}  // namespace

UTEST(ArduinoText, GraphemeClusters) {
  const char32_t text[] = {
      U'e', 0x0301,              // GB9: a combining mark stays with its letter
      0x1F1E9, 0x1F1EA, 0x1F1EB,  // GB12/GB13: regional indicators pair up (DE), the third stands alone
      U'a',
      U'\r', U'\n',               // GB3: CR LF is one cluster; GB4/GB5 break around it
      0x1100, 0x1161, 0x11A8,     // GB6/GB7: Hangul L V T is one syllable
  };
  const bool want[] = {false, false, true, false, true, true, true, false, true, false, false};
  bool breaks[sizeof text / sizeof text[0]] = {};
  EXPECT_EQ(text_sketch::grapheme_clusters(text, sizeof text / sizeof text[0], breaks), std::size_t{6});
  for (std::size_t i = 0; i < sizeof want; ++i) EXPECT_EQ(breaks[i], want[i]);
}

UTEST(ArduinoText, BidiLatinThenHebrew) {
  // "ab אב": P2 finds L first (level 0); the space between L and R takes the
  // paragraph's direction (N2); the Hebrew run (level 1) is reversed (L2).
  const char32_t text[] = {U'a', U'b', U' ', 0x05D0, 0x05D1};
  const text_sketch::BidiResult result = text_sketch::reorder(text, 5);
  EXPECT_EQ(result.paragraph_level, 0u);
  ASSERT_EQ(result.size, std::size_t{5});
  const std::uint8_t want[] = {0, 1, 2, 4, 3};
  EXPECT_MEMEQ(result.visual, want, sizeof want);
}

UTEST(ArduinoText, BidiHebrewWithMirroredBrackets) {
  // "א(ב)": P2 finds R first (level 1); the brackets resolve to R (N0) and
  // are drawn mirrored at that odd level (L4, BidiMirroring.txt).
  const char32_t text[] = {0x05D0, U'(', 0x05D1, U')'};
  const text_sketch::BidiResult result = text_sketch::reorder(text, 4);
  EXPECT_EQ(result.paragraph_level, 1u);
  ASSERT_EQ(result.size, std::size_t{4});
  const std::uint8_t want[] = {3, 2, 1, 0};
  EXPECT_MEMEQ(result.visual, want, sizeof want);
  const char32_t glyphs[] = {0x05D0, U')', 0x05D1, U'('};
  EXPECT_MEMEQ(result.glyphs, glyphs, sizeof glyphs);
}

UTEST(ArduinoText, ParagraphBoxAlignsRightToLeftParagraphsRight) {
  // "AB" in a right-to-left paragraph: the last cell (x 42-47) shows B, the
  // one before (x 36-41) A, and the rest of the box stays dark.
  std::uint8_t pixels[text_sketch::kScreenBytes] = {};
  text_sketch::draw_paragraph("AB", 2, pixels);
  for (int y = 0; y < 13; ++y) {
    for (int x = 0; x < 6; ++x) {
      const bool want = ((static_cast<unsigned>(kBdfA[y]) >> (7 - x)) & 1u) != 0;
      EXPECT_EQ(text_sketch::lit(pixels, 36 + x, y), want);
    }
  }
  int lit_left = 0;
  for (int y = 0; y < text_sketch::kScreenHeight; ++y) {
    for (int x = 0; x < 36; ++x) lit_left += text_sketch::lit(pixels, x, y) ? 1 : 0;
  }
  EXPECT_EQ(lit_left, 0);
  int lit_b = 0;
  for (int y = 0; y < 13; ++y) {
    for (int x = 42; x < 48; ++x) lit_b += text_sketch::lit(pixels, x, y) ? 1 : 0;
  }
  EXPECT_TRUE(lit_b > 0);
}

UTEST(ArduinoText, UnicodeTextBoxWrapsByUax14) {
  // The box is 8 cells wide. "abc defghij": the break opportunity after the
  // space (LB18) moves the 7-letter word to the next line, as a line feed
  // would; "abcdefghij" has none (LB28), so it breaks where the line is full.
  std::uint8_t wrapped[text_sketch::kScreenBytes] = {};
  std::uint8_t broken[text_sketch::kScreenBytes] = {};
  text_sketch::draw_unicode_text("abc defghij", 11, wrapped);
  text_sketch::draw_unicode_text("abc\ndefghij", 11, broken);
  EXPECT_MEMEQ(wrapped, broken, sizeof broken);
  text_sketch::draw_unicode_text("abcdefghij", 10, wrapped);
  text_sketch::draw_unicode_text("abcdefgh\nij", 11, broken);
  EXPECT_MEMEQ(wrapped, broken, sizeof broken);
  bool second_line = false;  // the pictures are not both empty
  for (int x = 0; x < text_sketch::kScreenWidth; ++x) second_line = second_line || text_sketch::lit(broken, x, 20);
  EXPECT_TRUE(second_line);
}

UTEST(ArduinoText, CharLcdKanaAndBaseLetters) {
  // ガ (U+30AC) on ROM A00: JIS X 0201 KA (B6) and the voiced mark (DE);
  // ẽ (U+1EBD = e + U+0303, no CGRAM glyph given): its base letter e; then
  // the row is padded with spaces to the module's 16 columns.
  std::uint8_t codes[16] = {};
  ASSERT_EQ(text_sketch::char_lcd_row("\xE3\x82\xAC\xE1\xBA\xBD", 6, codes, sizeof codes), std::size_t{16});
  const std::uint8_t want[16] = {0xB6, 0xDE, 0x65, 0x20, 0x20, 0x20, 0x20, 0x20,
                                 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20};
  EXPECT_MEMEQ(codes, want, sizeof want);
}
