#pragma once
/// @file
/// Bitmap fonts generated from GNU Unifont (lib/display/tools/make_font.py):
/// 16 pixels high, 8 (narrow) or 16 (wide) pixels wide, searched by code point
/// in sorted ranges. Tables live in flash; a lookup reads no RAM.

#include <cstddef>
#include <cstdint>

namespace utf8mcu::display {

/// Height of every glyph, and so of a text line, in pixels.
inline constexpr int kGlyphHeight = 16;
/// Width of one display cell (a narrow glyph); wide glyphs take two.
inline constexpr int kCellWidth = 8;

/// Geometry shared by the glyphs of a range. Unifont draws a combining mark
/// `x_offset` pixels left of the pen (over the character before it) and does
/// not advance the pen.
struct GlyphShape {
  std::uint8_t width;   ///< pixels: 8 or 16
  std::int8_t x_offset; ///< 0 for spacing glyphs, negative for combining marks
  std::uint8_t advance; ///< pen movement in pixels: `width`, or 0 for a mark
};

/// One glyph: `columns` holds 2 bytes per pixel column, left to right. Byte 0
/// is rows 0-7, byte 1 rows 8-15; bit 0 is the upper row, as in a SSD1306 page
/// byte. `columns == nullptr` when the font has no glyph for the code point.
struct Glyph {
  const std::uint8_t* columns = nullptr;
  GlyphShape shape{0, 0, 0};

  constexpr bool found() const noexcept { return columns != nullptr; }
  /// Column `x` (0 .. shape.width - 1): bit r is row r.
  constexpr std::uint16_t column(int x) const noexcept {
    const std::size_t i = 2u * static_cast<std::size_t>(x);
    return static_cast<std::uint16_t>(columns[i] | (columns[i + 1] << 8));
  }
};

/// A generated font. All pointers are to const tables; `Font` itself is a
/// constant-initialised aggregate, so it lives in flash too.
///
/// Range key bits (one uint32 per run of consecutive code points):
///
///     31 ........... 11  10 9 8  7 ...... 0
///     [ first code pt ]  [shape]  [count-1]
///
/// Keys sort by first code point, so a binary search over the raw keys finds
/// the range. `range_offsets[i]` is where range i's bitmaps start, in 16-byte
/// units (a narrow glyph is 16 bytes, a wide one 32).
struct Font {
  const std::uint32_t* range_keys;
  const std::uint16_t* range_offsets;
  const GlyphShape* shapes;
  const std::uint8_t* bitmaps;
  std::uint32_t range_count;
  std::uint32_t bitmap_size;
  const char* name;
};

namespace detail {
inline constexpr unsigned kRangeFirstShift = 11;
inline constexpr unsigned kRangeShapeShift = 8;
inline constexpr std::uint32_t kRangeShapeMask = 7;
inline constexpr std::uint32_t kRangeCountMask = 0xFF;
}  // namespace detail

/// Looks up `code_point`; returns a Glyph with `found() == false` if the font
/// has none. Binary search: about log2(range_count) + 1 steps (10 for the
/// 517-range cjk set), no RAM besides the stack.
constexpr Glyph find_glyph(const Font& font, char32_t code_point) noexcept {
  if (code_point > 0x1FFFFF || font.range_count == 0) return {};
  // The largest key whose first code point is <= code_point.
  const std::uint32_t probe = (static_cast<std::uint32_t>(code_point) << detail::kRangeFirstShift) |
                              ((std::uint32_t{1} << detail::kRangeFirstShift) - 1);
  std::uint32_t low = 0;
  std::uint32_t high = font.range_count;  // answer in [low, high)
  if (font.range_keys[0] > probe) return {};
  while (high - low > 1) {
    const std::uint32_t middle = low + (high - low) / 2;
    if (font.range_keys[middle] <= probe) {
      low = middle;
    } else {
      high = middle;
    }
  }
  const std::uint32_t key = font.range_keys[low];
  const std::uint32_t index = static_cast<std::uint32_t>(code_point) - (key >> detail::kRangeFirstShift);
  if (index > (key & detail::kRangeCountMask)) return {};
  const GlyphShape shape = font.shapes[(key >> detail::kRangeShapeShift) & detail::kRangeShapeMask];
  // Glyphs in a range share one width: 2 bytes per column each.
  const std::uint32_t offset = std::uint32_t{font.range_offsets[low]} * 16u + index * 2u * shape.width;
  if (offset + 2u * shape.width > font.bitmap_size) return {};  // a corrupt table draws a hex box
  return Glyph{font.bitmaps + offset, shape};
}

}  // namespace utf8mcu::display
