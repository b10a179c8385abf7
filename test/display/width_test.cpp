// display_width(), string_width() and fit_width(): table-driven boundary values.
// The whole table is checked against Python's unicodedata by width_check.py.
#include "display_test_support.h"

namespace {

using namespace utf8mcu::display;

struct WidthCase {
  char32_t code_point;
  unsigned width;
  WidthClass width_class;
};

const WidthCase kWidthCases[] = {
    {0x0000, 0, WidthClass::kInvisible},   // NUL (Cc)
    {0x000A, 0, WidthClass::kInvisible},   // LF
    {0x001F, 0, WidthClass::kInvisible},   // last C0
    {0x0020, 1, WidthClass::kNarrow},      // SPACE
    {0x0041, 1, WidthClass::kNarrow},      // A
    {0x007E, 1, WidthClass::kNarrow},      // ~
    {0x007F, 0, WidthClass::kInvisible},   // DEL
    {0x0085, 0, WidthClass::kInvisible},   // NEL (C1)
    {0x009F, 0, WidthClass::kInvisible},   // last C1
    {0x00A0, 1, WidthClass::kNarrow},      // NO-BREAK SPACE
    {0x00AD, 1, WidthClass::kNarrow},      // SOFT HYPHEN: Cf, but 1 as in glibc
    {0x00E9, 1, WidthClass::kNarrow},      // é
    {0x0300, 0, WidthClass::kCombining},   // COMBINING GRAVE ACCENT (Mn)
    {0x036F, 0, WidthClass::kCombining},   // last of Combining Diacritical Marks
    {0x0370, 1, WidthClass::kNarrow},      // Greek
    {0x0488, 0, WidthClass::kCombining},   // COMBINING CYRILLIC HUNDRED THOUSANDS SIGN (Me)
    {0x0600, 0, WidthClass::kInvisible},   // ARABIC NUMBER SIGN (Cf)
    {0x1160, 0, WidthClass::kCombining},   // HANGUL JUNGSEONG FILLER
    {0x11FF, 0, WidthClass::kCombining},   // last Hangul final consonant
    {0x1100, 2, WidthClass::kWide},        // HANGUL CHOSEONG KIYEOK (W)
    {0x200B, 0, WidthClass::kInvisible},   // ZERO WIDTH SPACE
    {0x200D, 0, WidthClass::kInvisible},   // ZERO WIDTH JOINER
    {0x2028, 1, WidthClass::kNarrow},      // LINE SEPARATOR (Zl): a break in TextBox
    {0x2060, 0, WidthClass::kInvisible},   // WORD JOINER
    {0x2500, 1, WidthClass::kNarrow},      // BOX DRAWINGS LIGHT HORIZONTAL (Ambiguous)
    {0x3000, 2, WidthClass::kWide},        // IDEOGRAPHIC SPACE (F)
    {0x3099, 0, WidthClass::kCombining},   // COMBINING KATAKANA-HIRAGANA VOICED SOUND MARK
    {0x4E00, 2, WidthClass::kWide},        // first CJK unified ideograph
    {0x9FFF, 2, WidthClass::kWide},        // last of the block (default W)
    {0xAC00, 2, WidthClass::kWide},        // Hangul syllable
    {0xD7A3, 2, WidthClass::kWide},        // last Hangul syllable
    {0xD800, 1, WidthClass::kNarrow},      // surrogate: not a scalar value, shown as U+FFFD
    {0xE000, 1, WidthClass::kNarrow},      // private use (Ambiguous)
    {0xFE0F, 0, WidthClass::kCombining},   // VARIATION SELECTOR-16 (Mn)
    {0xFEFF, 0, WidthClass::kInvisible},   // BOM / ZERO WIDTH NO-BREAK SPACE
    {0xFF01, 2, WidthClass::kWide},        // FULLWIDTH EXCLAMATION MARK
    {0xFF61, 1, WidthClass::kNarrow},      // HALFWIDTH IDEOGRAPHIC FULL STOP
    {0xFFFD, 1, WidthClass::kNarrow},      // REPLACEMENT CHARACTER (Ambiguous)
    {0xFFFF, 1, WidthClass::kNarrow},      // noncharacter
    {0x10000, 1, WidthClass::kNarrow},     // LINEAR B SYLLABLE B008 A
    {0x1F1E6, 1, WidthClass::kNarrow},     // REGIONAL INDICATOR SYMBOL LETTER A (N)
    {0x1F600, 2, WidthClass::kWide},       // GRINNING FACE
    {0x1F3FB, 2, WidthClass::kWide},       // skin tone modifier (Sk, W)
    {0x20000, 2, WidthClass::kWide},       // CJK Extension B
    {0x2FFFD, 2, WidthClass::kWide},       // plane 2 default W
    {0x2FFFE, 1, WidthClass::kNarrow},     // plane 2 noncharacter
    {0x3FFFD, 2, WidthClass::kWide},       // plane 3 default W
    {0x40000, 1, WidthClass::kNarrow},     // unassigned plane 4
    {0xE0001, 0, WidthClass::kInvisible},  // LANGUAGE TAG (Cf)
    {0xE0100, 0, WidthClass::kCombining},  // VARIATION SELECTOR-17 (Mn)
    {0xF0000, 1, WidthClass::kNarrow},     // plane 15 private use
    {0x10FFFF, 1, WidthClass::kNarrow},    // last code point
    {0x110000, 1, WidthClass::kNarrow},    // beyond Unicode: shown as U+FFFD
    {0xFFFFFFFF, 1, WidthClass::kNarrow},
};

UTEST(DisplayWidth, BoundaryValues) {
  for (const WidthCase& row : kWidthCases) {
    const unsigned width = display_width(row.code_point);
    const WidthClass width_class_value = width_class(row.code_point);
    if (width != row.width || width_class_value != row.width_class) {
      utest::log() << "  U+" << utest::hex(static_cast<std::uint32_t>(row.code_point), 4) << '\n';
    }
    EXPECT_EQ(width, row.width);
    EXPECT_EQ(width_class_value, row.width_class);
  }
}

UTEST(DisplayWidth, WideCharactersTakeTwoCellsEverywhere) {
  // display_width and the renderer agree for glyphs the font has.
  const char32_t wide[] = {0x4E2D, 0x3042, 0xFF21, 0x3000};
  for (char32_t c : wide) {
    EXPECT_EQ(display_width(c), 2u);
    const Appearance look = appearance_of(kDefaultFont, c);
    // In the font: a 16-pixel glyph; missing: a 16-pixel hex box. Two cells either way.
    EXPECT_EQ(look.advance, 2 * kDefaultFont.cell_width);
  }
  EXPECT_EQ(appearance_of(kDefaultFont, U'A').advance, kDefaultFont.cell_width);
}

UTEST(DisplayWidth, StringWidth) {
  EXPECT_EQ(string_width("", 0), 0u);
  EXPECT_EQ(string_width("abc", 3), 3u);
  EXPECT_EQ(string_width("\xE4\xB8\xAD\xE6\x96\x87" "abc", 9), 7u);  // 中文abc
  EXPECT_EQ(string_width("e\xCC\x81", 3), 1u);                        // e + combining acute
  EXPECT_EQ(string_width("\xF0\x9F\x98\x80", 4), 2u);                 // U+1F600
  EXPECT_EQ(string_width("a\xE2\x80\x8B" "b", 5), 2u);                // ZWSP
  EXPECT_EQ(string_width("\xC3\x28", 2), 2u);                         // U+FFFD '('
  EXPECT_EQ(string_width("\xE4\xB8", 2), 1u);                         // truncated: one U+FFFD
  EXPECT_EQ(string_width("\xF0\x80\x80\x80", 4), 4u);                 // four maximal subparts
  EXPECT_EQ(string_width(static_cast<const std::uint8_t*>(nullptr), 0), 0u);
}

UTEST(DisplayWidth, FitWidthCutsOnCodePointBoundaries) {
  const auto* text = reinterpret_cast<const std::uint8_t*>("\xE4\xB8\xAD\xE6\x96\x87" "abc");  // 中文abc
  struct Row {
    std::size_t max_width, bytes, width;
  };
  const Row rows[] = {{0, 0, 0}, {1, 0, 0}, {2, 3, 2}, {3, 3, 2}, {4, 6, 4}, {5, 7, 5}, {7, 9, 7}, {99, 9, 7}};
  for (const Row& row : rows) {
    const FitResult fit = fit_width(text, 9, row.max_width);
    EXPECT_EQ(fit.bytes, row.bytes);
    EXPECT_EQ(fit.width, row.width);
  }
  // A combining mark stays with its base; a broken sequence counts as one U+FFFD.
  const auto* accented = reinterpret_cast<const std::uint8_t*>("e\xCC\x81x");
  EXPECT_EQ(fit_width(accented, 4, 1).bytes, 3u);
  const auto* broken = reinterpret_cast<const std::uint8_t*>("a\xE4\xB8" "b");
  EXPECT_EQ(fit_width(broken, 4, 2).bytes, 3u);
  EXPECT_EQ(fit_width(broken, 4, 3).bytes, 4u);
  EXPECT_EQ(fit_width(static_cast<const std::uint8_t*>(nullptr), 5, 3).bytes, 0u);
  // The char form: 中文abc (6 bytes of CJK, width 4) in 5 cells is 中文a.
  const FitResult chars = fit_width("\xE4\xB8\xAD\xE6\x96\x87" "abc", 9, 5);
  EXPECT_EQ(chars.bytes, 7u);
  EXPECT_EQ(chars.width, 5u);
  EXPECT_EQ(fit_width("e\xCC\x81x", 4, 1).bytes, 3u);
  EXPECT_EQ(fit_width(static_cast<const char*>(nullptr), 5, 3).bytes, 0u);
}

}  // namespace
