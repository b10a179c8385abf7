#pragma once
/// @file
/// Drawing single code points: every code point has a defined rendering.
///
///   - A glyph from the font: 8 or 16 pixels wide, 16 high. A combining mark
///     (Unifont draws it with a negative x offset) is drawn over the previous
///     character, only its set pixels, and does not advance the pen.
///   - Invisible code points (format characters such as U+200B, U+FEFF; see
///     width.h): nothing, no advance.
///   - Anything else the font lacks, C0/C1 controls included: a 16x16 hex box,
///     as Unifont draws unassigned code points: a frame around the code point's
///     hex digits, 4 in two rows for the BMP, 6 in two rows above it:
///
///         U+0081             U+1F600
///         ###############.   ###############.
///         #.............#.   #.............#.
///         #..###...###..#.   #.###..#..###.#.   3x5-pixel digits from a
///         #..#.#...#.#..#.   #.#.#.##..#...#.   16-entry built-in font
///         #..#.#...#.#..#.   #.#.#..#..###.#.   (32 bytes)
///           ...                ...
///   - Values that are not Unicode scalar values (surrogates, above U+10FFFF;
///     the decoder never produces them): drawn as U+FFFD.
///
/// Coordinates may be anything: drawing is clipped to a rectangle and to the
/// surface. Positions beyond +-kMaxCoordinate are clamped to it.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/display/font.h"
#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/width.h"

namespace utf8mcu::display {

/// Coordinates are clamped to +-kMaxCoordinate, so that sums of a coordinate
/// and a few widths can never overflow an int.
inline constexpr int kMaxCoordinate = 1 << 24;
/// Width of a hex box in pixels (two cells).
inline constexpr int kHexBoxWidth = 16;

/// A rectangle: top-left corner, width and height in pixels.
struct Rect {
  int x;
  int y;
  int width;
  int height;
};

/// Colours of text: glyph pixels in `foreground`, the rest of each glyph cell
/// in `background`.
template <typename Color>
struct TextStyle {
  Color foreground;
  Color background;
};

/// Lit pixels on a dark background, for a MonoFramebuffer.
inline constexpr TextStyle<bool> kLitOnDark{true, false};

namespace detail {

constexpr int clamp_coordinate(int value) noexcept {
  return value < -kMaxCoordinate ? -kMaxCoordinate : (value > kMaxCoordinate ? kMaxCoordinate : value);
}

/// Half-open clip rectangle [left, right) x [top, bottom), clamped coordinates.
struct Clip {
  int left;
  int top;
  int right;
  int bottom;
};

constexpr Clip clip_of(const Rect& rect) noexcept {
  const int left = clamp_coordinate(rect.x);
  const int top = clamp_coordinate(rect.y);
  const int width = rect.width < 0 ? 0 : (rect.width > kMaxCoordinate ? kMaxCoordinate : rect.width);
  const int height = rect.height < 0 ? 0 : (rect.height > kMaxCoordinate ? kMaxCoordinate : rect.height);
  return Clip{left, top, left + width, top + height};
}

/// 3x5 hex digits, rows top to bottom, 3 bits per row, MSB = left pixel.
inline constexpr std::uint16_t kHexDigitRows[16] = {
    0b111'101'101'101'111,  // 0
    0b010'110'010'010'111,  // 1
    0b111'001'111'100'111,  // 2
    0b111'001'111'001'111,  // 3
    0b101'101'111'001'001,  // 4
    0b111'100'111'001'111,  // 5
    0b111'100'111'101'111,  // 6
    0b111'001'001'001'001,  // 7
    0b111'101'111'101'111,  // 8
    0b111'101'111'001'111,  // 9
    0b010'101'111'101'101,  // A
    0b110'101'110'101'110,  // B
    0b011'100'100'100'011,  // C
    0b110'101'101'101'110,  // D
    0b111'100'111'100'111,  // E
    0b111'100'111'100'100,  // F
};
inline constexpr int kHexDigitWidth = 3;
inline constexpr int kHexDigitHeight = 5;

/// Column `column` (0-2) of hex digit `digit` as 5 row bits, bit 0 on top.
constexpr std::uint16_t hex_digit_column(unsigned digit, int column) noexcept {
  std::uint16_t bits = 0;
  for (int row = 0; row < kHexDigitHeight; ++row) {
    const int bit = (kHexDigitHeight - 1 - row) * kHexDigitWidth + (kHexDigitWidth - 1 - column);
    if (((kHexDigitRows[digit & 15u] >> bit) & 1u) != 0) bits = static_cast<std::uint16_t>(bits | (1u << row));
  }
  return bits;
}

}  // namespace detail

/// The 16x16 hex box of `code_point` in Glyph column format (2 bytes per
/// column). Frame: columns 0-14, rows 0-14 (column and row 15 stay blank, so
/// boxes side by side or on consecutive lines do not merge). Digits: rows 2-6
/// and 8-12; two per row from column 3 (BMP) or three from column 2.
struct HexBox {
  std::uint8_t columns[2 * kHexBoxWidth];

  constexpr Glyph glyph() const noexcept {
    return Glyph{columns, GlyphShape{kHexBoxWidth, 0, kHexBoxWidth}};
  }
};

constexpr HexBox make_hex_box(char32_t code_point) noexcept {
  std::uint16_t column_bits[kHexBoxWidth] = {};
  constexpr std::uint16_t kFrameSide = 0x7FFF;                      // rows 0-14
  constexpr std::uint16_t kFrameEdges = (1u << 0) | (1u << 14);     // top and bottom rows
  column_bits[0] = kFrameSide;
  column_bits[14] = kFrameSide;
  for (int x = 1; x < 14; ++x) column_bits[x] = kFrameEdges;
  const auto value = static_cast<std::uint32_t>(code_point);
  const int digits = value > 0xFFFF ? 6 : 4;
  const int per_row = digits / 2;
  const int first_column = per_row == 2 ? 3 : 2;
  const int spacing = per_row == 2 ? 6 : 4;  // digit width plus gap
  for (int i = 0; i < digits; ++i) {
    const unsigned digit = (value >> (4 * (digits - 1 - i))) & 15u;
    const int row = i < per_row ? 2 : 8;
    const int left = first_column + (i % per_row) * spacing;
    for (int c = 0; c < detail::kHexDigitWidth; ++c) {
      column_bits[left + c] = static_cast<std::uint16_t>(column_bits[left + c] | (detail::hex_digit_column(digit, c) << row));
    }
  }
  HexBox box{};
  for (int x = 0; x < kHexBoxWidth; ++x) {
    box.columns[2 * x] = static_cast<std::uint8_t>(column_bits[x] & 0xFF);
    box.columns[2 * x + 1] = static_cast<std::uint8_t>(column_bits[x] >> 8);
  }
  return box;
}

/// True for the C0 and C1 controls and DEL (general category Cc).
constexpr bool is_control(char32_t code_point) noexcept {
  return code_point < 0x20 || (code_point >= 0x7F && code_point <= 0x9F);
}

/// How a code point is drawn.
enum class Rendering : std::uint8_t {
  kNothing,  ///< invisible: no pixels, no advance
  kGlyph,    ///< the font's glyph (a combining mark if advance == 0)
  kHexBox,   ///< not in the font, or a control: a hex box, advance 16
};

/// What drawing a code point will do, known before any pixel is touched (the
/// layout needs the advance to decide where to wrap).
struct Appearance {
  Glyph glyph;            ///< valid for kGlyph
  char32_t code_point;    ///< what is drawn (U+FFFD for a non-scalar value)
  Rendering rendering;
  WidthClass width_class;
  std::uint8_t advance;   ///< pixels the pen moves: 0, 8 or 16
  std::int8_t x_offset;   ///< where the glyph starts, relative to the pen
};

/// The appearance of `code_point` in `font`. Cost: a width-table lookup (skipped
/// for printable ASCII) and a glyph lookup.
inline Appearance appearance_of(const Font& font, char32_t code_point) noexcept {
  if (!is_scalar_value(code_point)) code_point = kReplacementCharacter;
  const bool printable_ascii = code_point >= 0x20 && code_point < 0x7F;
  const WidthClass width = printable_ascii ? WidthClass::kNarrow : width_class(code_point);
  Appearance look{Glyph{}, code_point, Rendering::kHexBox, width, kHexBoxWidth, 0};
  if (is_control(code_point)) return look;
  if (width == WidthClass::kInvisible) {
    look.rendering = Rendering::kNothing;
    look.advance = 0;
    return look;
  }
  const Glyph glyph = find_glyph(font, code_point);
  if (glyph.found()) {
    look.glyph = glyph;
    look.rendering = Rendering::kGlyph;
    look.advance = glyph.shape.advance;
    look.x_offset = glyph.shape.x_offset;
  }
  return look;
}

/// Draws glyph columns with the top-left corner at (x, y), clipped to `clip`
/// (and by the surface to itself). `transparent`: only the set pixels are
/// drawn (for combining marks); otherwise the whole cell.
template <typename Surface>
void draw_glyph(Surface& surface, const Glyph& glyph, int x, int y, const detail::Clip& clip,
                const TextStyle<typename Surface::Color>& style, bool transparent) noexcept {
  if (!glyph.found()) return;
  x = detail::clamp_coordinate(x);
  y = detail::clamp_coordinate(y);
  // Rows inside the clip rectangle, as a mask over the glyph's 16 rows.
  std::uint32_t rows = 0xFFFF;
  if (clip.top > y) rows = clip.top - y >= kGlyphHeight ? 0 : (rows << (clip.top - y)) & 0xFFFFu;
  if (y + kGlyphHeight > clip.bottom) {
    const int cut = y + kGlyphHeight - clip.bottom;
    rows = cut >= kGlyphHeight ? 0 : rows & (0xFFFFu >> cut);
  }
  if (rows == 0) return;
  const int width = glyph.shape.width;
  const int first = clip.left > x ? clip.left - x : 0;
  const int end = clip.right - x < width ? clip.right - x : width;
  if (first >= end) return;
  surface.draw_columns(x, y, glyph.columns, first, end, static_cast<std::uint16_t>(rows), transparent,
                       style.foreground, style.background);
}

/// Draws a code point as appearance_of() describes it, with the pen at (x, y)
/// (top of the line). Returns the advance in pixels.
template <typename Surface>
int draw_appearance(Surface& surface, const Appearance& look, int x, int y, const detail::Clip& clip,
                    const TextStyle<typename Surface::Color>& style) noexcept {
  switch (look.rendering) {
    case Rendering::kNothing:
      break;
    case Rendering::kGlyph:
      draw_glyph(surface, look.glyph, x + look.x_offset, y, clip, style, look.advance == 0);
      break;
    case Rendering::kHexBox: {
      const HexBox box = make_hex_box(look.code_point);
      draw_glyph(surface, box.glyph(), x, y, clip, style, false);
      break;
    }
  }
  return look.advance;
}

/// Draws one code point at (x, y), clipped to `clip_rect`; returns the advance.
template <typename Surface>
int draw_code_point(Surface& surface, const Font& font, char32_t code_point, int x, int y, const Rect& clip_rect,
                    const TextStyle<typename Surface::Color>& style) noexcept {
  return draw_appearance(surface, appearance_of(font, code_point), x, y, detail::clip_of(clip_rect), style);
}

}  // namespace utf8mcu::display
