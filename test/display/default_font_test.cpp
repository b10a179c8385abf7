// default_font.h: kDefaultFont's glyphs against GNU Unifont's own .hex data
// (sampled by a separate script, make_glyph_samples.py), and the blocks the
// glyph set UTF8MCU_DISPLAY_GLYPH_SET promises.
#include "display_test_support.h"
#include "glyph_samples.h"

namespace {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;
using display_test::text_length;

int hex_value(char digit) {
  if (digit >= '0' && digit <= '9') return digit - '0';
  if (digit >= 'A' && digit <= 'F') return digit - 'A' + 10;
  if (digit >= 'a' && digit <= 'f') return digit - 'a' + 10;
  return -1;
}

/// Pixel (x, y) of a Unifont .hex glyph: rows of 2 (narrow) or 4 (wide) hex
/// digits, most significant bit = left pixel.
bool hex_pixel(const char* hex, int width, int x, int y) {
  const int digits_per_row = width / 4;
  const int digit = hex_value(hex[y * digits_per_row + x / 4]);
  return ((digit >> (3 - x % 4)) & 1) != 0;
}

bool font_has(char32_t code_point) { return find_glyph(kDefaultFont, code_point).found(); }

UTEST(DisplayDefaultFont, GlyphsMatchUnifontSamples) {
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
UTEST(DisplayDefaultFont, GlyphSetHasItsBlocks) {
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

}  // namespace
