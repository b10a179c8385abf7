#pragma once
// The text module and the Unicode display parts as a sketch uses them through
// src/ (text_sketch.cpp); text_layout_test.cpp checks what they give.
#include <cstddef>
#include <cstdint>

namespace text_sketch {

/// Grapheme cluster boundaries of `text`: breaks[i] is true if a cluster
/// starts at text[i] (false for text[0]). Returns the number of clusters.
std::size_t grapheme_clusters(const char32_t* text, std::size_t count, bool* breaks);

/// One paragraph of at most 16 code points through BidiParagraph: its level,
/// the visual order of the whole paragraph as one line, and the glyph (L4)
/// of each code point in logical order.
struct BidiResult {
  unsigned paragraph_level;
  std::size_t size;
  std::uint8_t visual[16];
  char32_t glyphs[16];
};
BidiResult reorder(const char32_t* text, std::size_t count);

/// The framebuffer draw_*() draw into: 8 cells of the 6x13 font, 2 lines.
inline constexpr int kScreenWidth = 48;
inline constexpr int kScreenHeight = 32;
inline constexpr std::size_t kScreenBytes = 192;
/// Clear `pixels` (kScreenBytes) and draw UTF-8 `text` (`size` bytes) with the
/// 6x13 font src/ carries: draw_paragraph() in a ParagraphBox whose paragraphs
/// are right to left, draw_unicode_text() in a UnicodeTextBox.
void draw_paragraph(const char* text, std::size_t size, std::uint8_t* pixels);
void draw_unicode_text(const char* text, std::size_t size, std::uint8_t* pixels);
/// The pixel at (x, y) of what draw_*() drew.
bool lit(const std::uint8_t* pixels, int x, int y);

/// Writes UTF-8 `text` to the first row of a 16x1 HD44780 module with the A00
/// ROM (8-bit bus, stand-in strobes): returns how many display data bytes
/// were sent, the first `capacity` of them in `codes`.
std::size_t char_lcd_row(const char* text, std::size_t size, std::uint8_t* codes, std::size_t capacity);

}  // namespace text_sketch
