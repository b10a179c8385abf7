// font.h: glyph lookup at its edges, tables that are corrupt or hold records
// the generator never writes (built from font.h's format in
// synthetic_font.h), and what is constant at compile time.
#include "display_test_support.h"
#include "synthetic_font.h"

namespace {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;

bool font_has(char32_t code_point) { return find_glyph(kDefaultFont, code_point).found(); }

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
