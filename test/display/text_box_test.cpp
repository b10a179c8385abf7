// TextBox layout: wrap positions, wide characters, never splitting a UTF-8
// sequence, streaming equivalence, controls, combining marks, clipping.
// Expected pictures are drawn line by line without any layout (draw_line).
#include "display_test_support.h"
#include "display_test_font_cu12.h"

namespace {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;
using display_test::Random;

struct LayoutCase {
  const char* text;
  int box_width;
  const char* lines[4];  // expected lines, top to bottom (nullptr ends)
  char32_t needs = 0;    // skipped unless the font has this glyph (0: always run)
};

// Box of `box_width` x 64 pixels at (0, 0); 8 pixels per narrow cell.
const LayoutCase kLayoutCases[] = {
    {"aaa bbb cccc dd", 64, {"aaa bbb", "cccc dd"}},
    {"abcdefghijk", 64, {"abcdefgh", "ijk"}},                      // longer than a line: break at the edge
    {"ab cdefghijk", 64, {"ab", "cdefghij", "k"}},                 // moved first, then broken
    {"abcdefgh ij", 64, {"abcdefgh", "ij"}},                       // the space at the edge is dropped
    {"abc    def", 64, {"abc", "def"}},
    {"a\nb\r\nc", 64, {"a", "b", "c"}},                            // LF, and CR LF as one break
    {"a\n\nb", 64, {"a", "", "b"}},
    {"a\xE2\x80\xA8" "b\xC2\x85" "c", 64, {"a", "b", "c"}},        // LINE SEPARATOR, NEL
    {"abc\rX", 64, {"Xbc"}},                                       // CR: to the start of the line
    {"ab\bX", 64, {"aX"}},                                          // BS: back over one unit, no erase
    {"ab\b\bX", 64, {"aX"}},                                        // once: the second BS does nothing
    {"abcdefgh\bX", 64, {"abcdefgX"}},                              // at the end of a full line
    {"a\nbc\x0C" "d\ne", 64, {"d", "e"}},                           // FF: a new page (box cleared, home)
    {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD", 64,  // 中文中文中
     {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87", "\xE4\xB8\xAD"}},
    {"ab \xE4\xB8\xAD\xE6\x96\x87", 48, {"ab \xE4\xB8\xAD", "\xE6\x96\x87"}},  // a break between ideographs
    {"abcdefge\xCC\x81h", 64, {"abcdefge\xCC\x81", "h"}, 0x0301},  // the mark stays on its line
    {"abc defge\xCC\x81", 64, {"abc", "defge\xCC\x81"}, 0x0301},    // and moves with its word
    {"abcde\xE2\x80\x8B" "fghij", 64, {"abcde", "fghij"}},          // ZERO WIDTH SPACE: a break
    {"abcde\xC2\xA0" "fghij", 64, {"abcde\xC2\xA0" "fg", "hij"}},   // NO-BREAK SPACE: none
    {"a\xE2\x82" "b", 64, {"a\xEF\xBF\xBD" "b"}},                   // truncated sequence: U+FFFD
    {"a\x01" "b", 64, {"a\x01" "b"}},                               // control: hex box
    {"\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80", 64,
     {"\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80"}},
    // Kinsoku: 。 (U+3002) never starts a line; the ideograph before it moves with it.
    {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87\xE3\x80\x82", 64,  // 中文中文。
     {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD", "\xE6\x96\x87\xE3\x80\x82"}},
    // The same for ） U+FF09 and for an ASCII '!' after an ideograph.
    {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87\xEF\xBC\x89", 64,
     {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD", "\xE6\x96\x87\xEF\xBC\x89"}},
    {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87!", 64,
     {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD", "\xE6\x96\x87!"}},
    // An opening bracket may start a line: 「 (U+300C) is no closing punctuation.
    {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87\xE3\x80\x8C", 64,
     {"\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87", "\xE3\x80\x8C"}},
    // Default-ignorables take no cell and draw nothing: ZWJ, VS16, SOFT HYPHEN,
    // WORD JOINER, a tag character, VS-17; so do skin-tone modifiers.
    {"a\xE2\x80\x8D\xEF\xB8\x8F" "b\xC2\xAD" "c\xE2\x81\xA0\xF3\xA0\x80\xA1\xF3\xA0\x84\x80" "d", 64, {"abcd"}},
    {"\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD" "x", 64, {"\xF0\x9F\x91\x8D" "x"}},                // 👍🏽x
    {"\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xEF\xB8\x8F", 64, {"\xF0\x9F\x91\xA8\xF0\x9F\x91\xA9"}},  // 👨‍👩️
};

void draw_expected(MonoFramebuffer& picture, const Rect& area, const char* const* lines, int count) {
  for (int i = 0; i < count && lines[i] != nullptr; ++i) {
    display_test::draw_line(picture, lines[i], area.x, area.y + i * kDefaultFont.line_height, area);
  }
}

UTEST(DisplayTextBox, WrapPositions) {
  for (const LayoutCase& row : kLayoutCases) {
    if (row.needs != 0 && !find_glyph(kDefaultFont, row.needs).found()) continue;
    display_test::Pictures& pictures = display_test::fresh_pictures();
    MonoFramebuffer actual(pictures.actual, display_test::kWidth, display_test::kHeight);
    MonoFramebuffer expected(pictures.expected, display_test::kWidth, display_test::kHeight);
    const Rect area{0, 0, row.box_width, 64};
    TextBox box(actual, kDefaultFont, area, kLitOnDark);
    std::size_t size = 0;
    while (row.text[size] != '\0') ++size;
    display_test::feed_bytes(row.text, size, box);
    draw_expected(expected, area, row.lines, 4);
    const bool same = display_test::same_picture(actual, expected);
    if (!same) utest::log() << "  text: \"" << row.text << "\"\n";
    EXPECT_TRUE(same);
  }
}

UTEST(DisplayTextBox, SmallWordBufferBreaksLongWordsInPlace) {
  // With room for 4 code points, a 5-letter word cannot be moved: it breaks
  // where the line is full instead.
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer actual(pictures.actual, 128, 64);
  MonoFramebuffer expected(pictures.expected, 128, 64);
  const Rect area{0, 0, 64, 64};
  TextBox<MonoFramebuffer, 4> box(actual, kDefaultFont, area, kLitOnDark);
  const char text[] = "ab cdefghij";
  display_test::feed_bytes(text, display_test::literal_size(text), box);
  const char* const lines[] = {"ab cdefg", "hij"};
  draw_expected(expected, area, lines, 2);
  EXPECT_TRUE(display_test::same_picture(actual, expected));
}

// A proportional font (ClearlyU cu12, whose G, M, W or Ç advance twice its
// SPACE or more): no Latin-1 glyph counts as wide, so a word that does not fit
// moves to the next line whole instead of breaking at such a letter.
UTEST(DisplayTextBox, ProportionalFontsWrapWholeWords) {
  const FontChain font(fonts::kTestFontCu12);
  int wide = 0;
  for (char32_t c = 0x21; c <= 0xFF; ++c) {
    const Appearance look = appearance_of(font, c);
    if (look.rendering == Rendering::kGlyph && look.width_class == WidthClass::kWide) {
      if (++wide <= 3) utest::log() << "  code point " << static_cast<unsigned>(c) << " (decimal) counts as wide\n";
    }
  }
  EXPECT_EQ(wide, 0);
  auto advance = [&](char32_t c) { return static_cast<int>(appearance_of(font, c).advance); };
  EXPECT_GE(advance(U'G'), 2 * advance(U' '));  // what made it wide before
  const int first_word = advance(U'o') + advance(U'k');
  const int second_word = advance(U'G') + advance(0xFC) + 3 * advance(U'e');
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer actual(pictures.actual, display_test::kWidth, display_test::kHeight);
  MonoFramebuffer expected(pictures.expected, display_test::kWidth, display_test::kHeight);
  // One pixel short of both words on one line.
  const Rect area{0, 0, first_word + advance(U' ') + second_word - 1, display_test::kHeight};
  TextBox box(actual, font, area, kLitOnDark);
  const char text[] = "ok G\xC3\xBC" "eee";
  display_test::feed_bytes(text, display_test::literal_size(text), box);
  display_test::draw_line(expected, "ok", 0, 0, area, font);
  display_test::draw_line(expected, "G\xC3\xBC" "eee", 0, font.line_height(), area, font);
  EXPECT_TRUE(display_test::same_picture(actual, expected));
}

UTEST(DisplayTextBox, WideCharactersTakeTwoCells) {
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer picture(pictures.actual, 128, 64);
  TextBox box(picture, kDefaultFont, Rect{0, 0, 128, 64}, kLitOnDark);
  box.put(U'A');
  EXPECT_EQ(box.cursor().x, 1 * kDefaultFont.cell_width);
  box.put(0x4E2D);  // 中
  EXPECT_EQ(box.cursor().x, 3 * kDefaultFont.cell_width);
  box.put(0xFF21);  // FULLWIDTH LATIN CAPITAL LETTER A
  EXPECT_EQ(box.cursor().x, 5 * kDefaultFont.cell_width);
  box.put(0xFEFF);  // invisible: no cell
  EXPECT_EQ(box.cursor().x, 5 * kDefaultFont.cell_width);
  box.put(0x0301);  // combining: no cell, or a hex box if the font lacks the mark
  EXPECT_EQ(box.cursor().x, (find_glyph(kDefaultFont, 0x0301).found() ? 5 : 7) * kDefaultFont.cell_width);
  box.put(U'\n');
  EXPECT_EQ(box.cursor().x, 0);
  EXPECT_EQ(box.cursor().y, kDefaultFont.line_height);
  box.put(U'\t');
  EXPECT_EQ(box.cursor().x, 4 * kDefaultFont.cell_width);
  box.put(U'x');
  box.put(U'\t');
  EXPECT_EQ(box.cursor().x, 8 * kDefaultFont.cell_width);
}

// Text with 2-, 3- and 4-byte sequences in a 56-pixel box, pushed in every
// way: the layout sees code points only, so the pictures are all the same.
UTEST(DisplayTextBox, NoSequenceIsSplit) {
  struct Case {
    const char* text;
    const char* lines[2];
  };
  const Case cases[] = {
      {"\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9",  // é x 9
       {"\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9", "\xC3\xA9\xC3\xA9"}},
      // U+FFFD x 9, well-formed: a 3-byte character every glyph set has.
      {"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD",
       {"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD", "\xEF\xBF\xBD\xEF\xBF\xBD"}},
      {"\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80",
       {"\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80\xF0\x9F\x98\x80"}},
  };
  const Rect area{0, 0, 56, 64};
  for (const Case& row : cases) {
    std::size_t size = 0;
    while (row.text[size] != '\0') ++size;
    display_test::Pictures& pictures = display_test::fresh_pictures();
    MonoFramebuffer expected(pictures.expected, 128, 64);
    draw_expected(expected, area, row.lines, 2);
    MonoFramebuffer actual(pictures.actual, 128, 64);
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(row.text);
    // split == size: one push of everything; otherwise two pushes cut at `split`.
    for (std::size_t split = 0; split <= size; ++split) {
      actual.clear();
      TextBox box(actual, kDefaultFont, area, kLitOnDark);
      utf8mcu::Decoder decoder;
      decoder.push(bytes, split, box);
      decoder.push(bytes + split, size - split, box);
      decoder.finish(box);
      if (!display_test::same_picture(actual, expected)) {
        utest::log() << "  split at byte " << split << '\n';
        UTEST_FAIL("picture differs");
      }
    }
    actual.clear();
    TextBox box(actual, kDefaultFont, area, kLitOnDark);
    display_test::feed_bytes(row.text, size, box);  // one byte at a time
    EXPECT_TRUE(display_test::same_picture(actual, expected));
  }
}

// Random well-formed and ill-formed text: byte-at-a-time, span, and C-style
// callback with random chunks all give the same picture.
UTEST(DisplayTextBox, StreamingEquivalence) {
  static const char* const kPieces[] = {"a", "Z", " ", " ", "\n", "\xC3\xA9", "\xCE\xA9", "\xD0\x96", "\xE4\xB8\xAD",
                                        "\xE2\x94\x80", "\xF0\x9F\x98\x80", "e\xCC\x81", "\xE2\x82", "\xFF", "\t",
                                        "\xE2\x80\x8B", "word", "longerword"};
  Random random(42);
  const int rounds = utest::kReduced ? 10 : 40;
  char text[200];
  for (int round = 0; round < rounds; ++round) {
    std::size_t size = 0;
    while (true) {
      const char* piece = kPieces[random.next() % (sizeof kPieces / sizeof kPieces[0])];
      std::size_t n = 0;
      while (piece[n] != '\0') ++n;
      if (size + n > sizeof text) break;
      for (std::size_t i = 0; i < n; ++i) text[size++] = piece[i];
    }
    const Rect area{random.between(-8, 8), random.between(-8, 8), random.between(40, 130), random.between(20, 70)};
    display_test::Pictures& pictures = display_test::fresh_pictures();
    MonoFramebuffer expected(pictures.expected, 128, 64);
    MonoFramebuffer actual(pictures.actual, 128, 64);
    {
      TextBox box(expected, kDefaultFont, area, kLitOnDark);
      display_test::feed_bytes(text, size, box);
    }
    {
      TextBox box(actual, kDefaultFont, area, kLitOnDark);
      utf8mcu::Decoder decoder;
      decoder.push(reinterpret_cast<const std::uint8_t*>(text), size, box);
      decoder.finish(box);
    }
    EXPECT_TRUE(display_test::same_picture(actual, expected));
    actual.clear();
    {
      TextBox box(actual, kDefaultFont, area, kLitOnDark);
      const utf8mcu::CodePointCallback sink = box.callback();
      utf8mcu::Decoder decoder;
      std::size_t done = 0;
      while (done < size) {
        std::size_t chunk = static_cast<std::size_t>(random.between(1, 7));
        if (chunk > size - done) chunk = size - done;
        decoder.push(reinterpret_cast<const std::uint8_t*>(text) + done, chunk, sink);
        done += chunk;
      }
      decoder.finish(sink);
    }
    EXPECT_TRUE(display_test::same_picture(actual, expected));
    if (utest::current_test_failed()) return;
  }
}

UTEST(DisplayTextBox, ClipsToTheBoxAndReportsOverflow) {
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer picture(pictures.actual, 128, 64);
  picture.clear();
  const Rect area{10, 6, 50, 20};  // one whole line and 4 rows of the next
  TextBox box(picture, kDefaultFont, area, kLitOnDark);
  box.clear();
  picture.clear();  // only the text's own pixels from here on
  const char text[] = "The quick brown fox jumps over the lazy dog \xE4\xB8\xAD\xE6\x96\x87 MMMMMMMMMMMMMMMMMMMM";
  display_test::feed_bytes(text, display_test::literal_size(text), box);
  EXPECT_TRUE(box.overflowed());
  int outside = 0;
  int inside = 0;
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 128; ++x) {
      const bool in_box = x >= 10 && x < 60 && y >= 6 && y < 26;
      if (picture.get_pixel(x, y)) (in_box ? inside : outside) += 1;
    }
  }
  EXPECT_EQ(outside, 0);
  EXPECT_GT(inside, 50);

  TextBox fits(picture, kDefaultFont, Rect{0, 40, 128, 16}, kLitOnDark);
  const char short_text[] = "one line";
  display_test::feed_bytes(short_text, display_test::literal_size(short_text), fits);
  EXPECT_FALSE(fits.overflowed());
  fits.put(U'\n');
  EXPECT_FALSE(fits.overflowed());  // an empty line below draws nothing
  fits.put(U'x');
  EXPECT_TRUE(fits.overflowed());
}

UTEST(DisplayTextBox, ClearAndHome) {
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer picture(pictures.actual, 128, 64);
  picture.clear(true);
  TextBox box(picture, kDefaultFont, Rect{8, 8, 16, 16}, kLitOnDark);
  box.clear();
  int lit = 0;
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 128; ++x) lit += picture.get_pixel(x, y);
  }
  EXPECT_EQ(lit, 128 * 64 - 16 * 16);
  box.put(U'a');
  EXPECT_EQ(box.cursor().x, 16);
  box.home();
  EXPECT_EQ(box.cursor().x, 8);
  EXPECT_EQ(box.cursor().y, 8);
}

UTEST(DisplayTextBox, EndlessTextStaysBounded) {
  // A stream that never ends must not overflow the pen's coordinates.
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer picture(pictures.actual, 128, 64);
  TextBox box(picture, kDefaultFont, Rect{0, 0, 128, 64}, kLitOnDark);
  for (int i = 0; i < 5000; ++i) {
    box.put(U'\n');
    box.put(U'x');
  }
  EXPECT_TRUE(box.overflowed());
  EXPECT_LE(box.cursor().y, 64 + kDefaultFont.line_height);
}

}  // namespace
