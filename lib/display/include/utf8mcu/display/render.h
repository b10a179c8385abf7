#pragma once
/// @file
/// Drawing single code points: every code point has a defined rendering.
///
///   - A glyph from the first font of the chain that has one (font.h), on the
///     chain's baseline. A combining mark (advance 0) is drawn over the
///     previous character, only its set pixels.
///   - Default-ignorable code points (ZWJ, variation selectors, SOFT HYPHEN,
///     U+FEFF, bidi controls, tags ...) and emoji skin-tone modifiers:
///     nothing, no advance (is_ignorable()).
///   - Anything else the fonts lack, C0/C1 controls included: a hex box, as
///     Unifont draws unassigned code points: a frame around the code point's
///     hex digits, 4 in two rows for the BMP, 6 in two rows above it (16x16,
///     in lines of 16 rows or more; one row of digits in shorter lines):
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
/// Width of the 16-row hex box in pixels.
inline constexpr int kHexBoxWidth = 16;

/// A rectangle: top-left corner, width and height in pixels.
struct Rect {
  int x;       ///< left edge, in pixels from the surface's left edge
  int y;       ///< top edge, in pixels from the surface's top edge
  int width;   ///< pixels across
  int height;  ///< pixels down
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

}  // namespace detail

/// Half-open clip rectangle [left, right) x [top, bottom) in clamped
/// coordinates, as draw_glyph() takes it: made once by clip_of() for many
/// glyphs.
struct Clip {
  int left;
  int top;
  int right;
  int bottom;
};

/// The clip rectangle of `rect`, coordinates clamped to +-kMaxCoordinate.
[[nodiscard]] constexpr Clip clip_of(const Rect& rect) noexcept {
  const int left = detail::clamp_coordinate(rect.x);
  const int top = detail::clamp_coordinate(rect.y);
  const int width = rect.width < 0 ? 0 : (rect.width > kMaxCoordinate ? kMaxCoordinate : rect.width);
  const int height = rect.height < 0 ? 0 : (rect.height > kMaxCoordinate ? kMaxCoordinate : rect.height);
  return Clip{left, top, left + width, top + height};
}

namespace detail {

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

/// kHexDigitRows turned column by column, as the renderer reads them: bits
/// 5c .. 5c + 4 are column c (0-2), bit 5c on top. Made at compile time, so
/// a column is one shift and mask.
struct HexDigitColumns {
  std::uint16_t digits[16];
};
constexpr HexDigitColumns make_hex_digit_columns() noexcept {
  HexDigitColumns columns{};
  for (unsigned digit = 0; digit < 16; ++digit) {
    for (int column = 0; column < kHexDigitWidth; ++column) {
      for (int row = 0; row < kHexDigitHeight; ++row) {
        const int bit = (kHexDigitHeight - 1 - row) * kHexDigitWidth + (kHexDigitWidth - 1 - column);
        if (((kHexDigitRows[digit] >> bit) & 1u) != 0) {
          const unsigned at = static_cast<unsigned>(column * kHexDigitHeight + row);
          columns.digits[digit] = static_cast<std::uint16_t>(columns.digits[digit] | (1u << at));
        }
      }
    }
  }
  return columns;
}
inline constexpr HexDigitColumns kHexDigitColumns = make_hex_digit_columns();

/// Column `column` (0-2) of hex digit `digit` as 5 row bits, bit 0 on top.
constexpr std::uint32_t hex_digit_column(unsigned digit, int column) noexcept {
  return (static_cast<std::uint32_t>(kHexDigitColumns.digits[digit & 15u]) >> (column * kHexDigitHeight)) & 0x1Fu;
}

}  // namespace detail

/// The hex box of `code_point`, as a Glyph. In lines of 16 rows or more: 16x16
/// (frame in columns 0-14 and rows 0-14, so boxes side by side or on
/// consecutive lines do not merge; digits in rows 2-6 and 8-12, two per row
/// from column 3 (BMP) or three from column 2). In shorter lines a one-row
/// box: frame of 7 rows ending on the baseline, the 4 or 6 digits in a row,
/// advance 20 or 28.
struct HexBox {
  std::uint8_t bits[(kHexBoxWidth * kHexBoxWidth + 7) / 8];  // 29 bytes used at most: 3 spare for InkColumns
  std::uint8_t width;
  std::uint8_t height;
  std::uint8_t top;
  std::uint8_t advance;
  std::uint8_t line_height;

  constexpr Glyph glyph() const noexcept {
    Glyph glyph;
    glyph.bits = bits;
    glyph.width = width;
    glyph.height = height;
    glyph.top = top;
    glyph.advance = advance;
    glyph.line_height = line_height;
    return glyph;
  }
};

/// Advance of the hex box in a line of `line_height` rows.
[[nodiscard]] constexpr int hex_box_advance(char32_t code_point, int line_height) noexcept {
  if (line_height >= 16) return kHexBoxWidth;
  return static_cast<std::uint32_t>(code_point) > 0xFFFF ? 28 : 20;
}

/// Where the hex box of a code point sits in a line: its ink's width,
/// height and top row (hex_box_shape()); hex_box_column() gives its columns.
struct HexBoxShape {
  std::uint8_t width;
  std::uint8_t height;
  std::uint8_t top;
  std::uint8_t advance;
};

/// The shape of `code_point`'s hex box in a line of `line_height` rows with
/// its baseline `baseline` rows down.
[[nodiscard]] constexpr HexBoxShape hex_box_shape(char32_t code_point, int line_height = 16, int baseline = 14) noexcept {
  const bool tall = line_height >= 16;
  const int digits = static_cast<std::uint32_t>(code_point) > 0xFFFF ? 6 : 4;
  HexBoxShape shape{static_cast<std::uint8_t>(tall ? 15 : 2 + 4 * digits + 1), static_cast<std::uint8_t>(tall ? 15 : 7),
                    0, static_cast<std::uint8_t>(hex_box_advance(code_point, line_height))};
  if (!tall) {
    // The frame's last row on the row above the baseline, inside the line
    // (from its top row when the line is shorter than the frame, whatever
    // the baseline says).
    int top = baseline - 6;
    if (top + 7 > line_height) top = line_height - 7;
    shape.top = static_cast<std::uint8_t>(top < 0 ? 0 : top);
  }
  return shape;
}

/// Column `x` (0 .. shape width - 1) of `code_point`'s hex box: bit r = row
/// r of the box (from its top row). The two layouts differ only in these
/// numbers (one shared loop keeps the code small): 16x16 with two rows of 2
/// or 3 digits, or one row of all.
[[nodiscard]] constexpr std::uint32_t hex_box_column(char32_t code_point, int line_height, int x) noexcept {
  const auto value = static_cast<std::uint32_t>(code_point);
  const int digits = value > 0xFFFF ? 6 : 4;
  const bool tall = line_height >= 16;
  const int per_row = tall ? digits / 2 : digits;
  const int first_column = tall && digits == 4 ? 3 : 2;
  const int spacing = tall && digits == 4 ? 6 : 4;  // digit width plus gap
  const int width = tall ? 15 : 2 + 4 * digits + 1;
  const int height = tall ? 15 : 7;
  std::uint32_t bits = x == 0 || x == width - 1 ? (std::uint32_t{1} << height) - 1u  // sides
                                                : 1u | (std::uint32_t{1} << (height - 1));  // top and bottom rows
  for (int i = 0; i < digits; ++i) {
    const int left = first_column + (i < per_row ? i : i - per_row) * spacing;  // i < 2 * per_row
    if (x < left || x >= left + detail::kHexDigitWidth) continue;
    const unsigned digit = (value >> (4 * (digits - 1 - i))) & 15u;
    const int row = i < per_row ? (tall ? 2 : 1) : 8;
    bits |= detail::hex_digit_column(digit, x - left) << row;
  }
  return bits;
}

/// The hex box of `code_point` as a glyph's packed ink (HexBox above), from
/// hex_box_shape() and hex_box_column().
[[nodiscard]] constexpr HexBox make_hex_box(char32_t code_point, int line_height = 16, int baseline = 14) noexcept {
  const HexBoxShape shape = hex_box_shape(code_point, line_height, baseline);
  HexBox box{};
  box.line_height = static_cast<std::uint8_t>(line_height);
  box.advance = shape.advance;
  box.width = shape.width;
  box.height = shape.height;
  box.top = shape.top;
  // Pack the columns as a glyph's ink bits: `height` (<= 15) bits per column,
  // each spread over at most 3 bytes.
  unsigned position = 0;
  for (int x = 0; x < shape.width; ++x, position += shape.height) {
    const std::uint32_t shifted = hex_box_column(code_point, line_height, x) << (position & 7u);
    for (unsigned k = 0; k < 3; ++k) {
      box.bits[(position >> 3) + k] = static_cast<std::uint8_t>(box.bits[(position >> 3) + k] | (shifted >> (8 * k)));
    }
  }
  return box;
}

/// True for the C0 and C1 controls and DEL (general category Cc).
[[nodiscard]] constexpr bool is_control(char32_t code_point) noexcept {
  return code_point < 0x20 || (code_point >= 0x7F && code_point <= 0x9F);
}

namespace detail {
/// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.0), as
/// first..last pairs; plus the emoji skin-tone modifiers U+1F3FB..U+1F3FF,
/// which modify the emoji before them and have no cell of their own here.
inline constexpr std::uint32_t kIgnorableRanges[][2] = {
    {0x00AD, 0x00AD},   {0x034F, 0x034F},   {0x061C, 0x061C},   {0x115F, 0x1160}, {0x17B4, 0x17B5},
    {0x180B, 0x180F},   {0x200B, 0x200F},   {0x202A, 0x202E},   {0x2060, 0x206F}, {0x3164, 0x3164},
    {0xFE00, 0xFE0F},   {0xFEFF, 0xFEFF},   {0xFFA0, 0xFFA0},   {0xFFF0, 0xFFF8}, {0x1BCA0, 0x1BCA3},
    {0x1D173, 0x1D17A}, {0x1F3FB, 0x1F3FF}, {0xE0000, 0xE0FFF},
};
inline constexpr std::size_t kIgnorableRangeCount = sizeof kIgnorableRanges / sizeof kIgnorableRanges[0];

/// Bit b set if the BMP's 2048-code-point block b (U+0000..U+07FF is block 0)
/// holds an ignorable code point: most BMP text needs one test, no scan.
constexpr std::uint32_t ignorable_bmp_blocks() noexcept {
  std::uint32_t blocks = 0;
  for (std::size_t i = 0; i < kIgnorableRangeCount; ++i) {
    for (std::uint32_t block = kIgnorableRanges[i][0] >> 11; block <= (kIgnorableRanges[i][1] >> 11) && block < 32;
         ++block) {
      blocks |= std::uint32_t{1} << block;
    }
  }
  return blocks;
}
inline constexpr std::uint32_t kIgnorableBmpBlocks = ignorable_bmp_blocks();

/// kIgnorableRanges as is_ignorable() reads them, one word each (half the
/// bytes), in the layout of a font's run keys:
///
///     31 ........... 11  10 ........... 0
///     [ first code pt ]  [ last - first ]
///
/// a range longer than 2048 code points split into pieces.
constexpr std::size_t ignorable_run_count() noexcept {
  std::size_t count = 0;
  for (std::size_t i = 0; i < kIgnorableRangeCount; ++i) {
    count += (kIgnorableRanges[i][1] - kIgnorableRanges[i][0]) / 2048 + 1;
  }
  return count;
}
struct IgnorableRuns {
  std::uint32_t keys[ignorable_run_count()];
};
constexpr IgnorableRuns make_ignorable_runs() noexcept {
  IgnorableRuns runs{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < kIgnorableRangeCount; ++i) {
    for (std::uint32_t first = kIgnorableRanges[i][0];; first += 2048) {
      const std::uint32_t span = kIgnorableRanges[i][1] - first;
      runs.keys[n++] = (first << 11) | (span < 2048 ? span : 2047u);
      if (span < 2048) break;
    }
  }
  return runs;
}
inline constexpr IgnorableRuns kIgnorableRuns = make_ignorable_runs();

}  // namespace detail

namespace detail {
/// What a FontChain holds in place of a font that takes no part: no glyphs.
inline constexpr Font kNoGlyphs{nullptr, nullptr, nullptr, nullptr, 0, 0, 0, 0, 8, 0, "no glyphs"};

/// U+1F3FB..U+1F3FF: drawn as nothing even by a font that has a glyph for
/// one (a hand-made font, or unifont_upper.otf's swatches).
constexpr bool is_skin_tone_modifier(char32_t code_point) noexcept {
  return static_cast<std::uint32_t>(code_point) - 0x1F3FBu <= 0x1F3FFu - 0x1F3FBu;
}
}  // namespace detail

/// True if `code_point` takes no cell and draws nothing: a default-ignorable
/// code point (ZWJ, ZWNJ, variation selectors, SOFT HYPHEN, bidi controls, tags,
/// Hangul fillers, U+FEFF ...) or an emoji skin-tone modifier. One test for
/// most of the BMP (its 2048-code-point blocks without any), else a linear
/// scan that stops at the first range above.
[[nodiscard]] constexpr bool is_ignorable(char32_t code_point) noexcept {
  const auto value = static_cast<std::uint32_t>(code_point);
  if (value < 0x10000 && ((detail::kIgnorableBmpBlocks >> (value >> 11)) & 1u) == 0) return false;
  for (const std::uint32_t key : detail::kIgnorableRuns.keys) {
    const std::uint32_t first = key >> 11;
    if (value < first) return false;
    if (value - first <= (key & 0x7FFu)) return true;
  }
  return false;
}

/// Up to kMaxChainFonts fonts tried in order for each code point (e.g. a
/// 6x13 font for text, then Unifont for what it lacks; the hex box after the
/// last). Lines are as high as the fonts need, with one baseline: every
/// font's glyphs sit on it. At most kMaxLineHeight rows: a font beyond
/// font_within_limits(), or one that reaches further below the baseline than
/// such a line leaves room for (fonts high above and deep below their
/// baselines together), takes no part: font(i) is then an empty font, and
/// fits() is false (a constexpr chain can static_assert it). Implicitly made
/// from one Font. 20 bytes on Cortex-M; copies are cheap and it refers to the
/// fonts (which live in flash).
class FontChain {
 public:
  /// Most fonts a chain holds.
  static constexpr int kMaxChainFonts = 4;

  /// A chain of one font. Implicit on purpose: a Font is a chain of one
  /// wherever a chain is taken. The fonts are kept by address (they live in
  /// flash); the line is measured here, once.
  // cppcheck-suppress noExplicitConstructor
  constexpr FontChain(const Font& font) noexcept  // NOLINT(google-explicit-constructor)
      : fonts_{&font, nullptr, nullptr, nullptr}, count_(1) {
    measure();
  }
  /// `first`, then `second` for what `first` lacks.
  constexpr FontChain(const Font& first, const Font& second) noexcept
      : fonts_{&first, &second, nullptr, nullptr}, count_(2) { measure(); }
  /// Three fonts, tried in this order.
  constexpr FontChain(const Font& first, const Font& second, const Font& third) noexcept
      : fonts_{&first, &second, &third, nullptr}, count_(3) { measure(); }
  /// Four fonts (kMaxChainFonts), tried in this order.
  constexpr FontChain(const Font& first, const Font& second, const Font& third, const Font& fourth) noexcept
      : fonts_{&first, &second, &third, &fourth}, count_(4) { measure(); }

  /// Rows of the chain's line: from the highest ascent of its fonts to the
  /// lowest descent (at most kMaxLineHeight).
  constexpr int line_height() const noexcept { return line_height_; }
  /// Rows from the top of the chain's line to the common baseline.
  constexpr int baseline() const noexcept { return baseline_; }
  /// The first font's narrow cell (tab stops are 4 of them).
  constexpr int cell_width() const noexcept { return fonts_[0]->cell_width; }
  /// Fonts in the chain (1 to kMaxChainFonts).
  constexpr int size() const noexcept { return count_; }
  /// Font `index` of the chain (0 is the first tried); an index outside
  /// [0, size()) gives the last font.
  constexpr const Font& font(int index) const noexcept {
    const auto last = static_cast<unsigned>(count_ - 1);
    const auto at = static_cast<unsigned>(index);
    return *fonts_[at < last ? at : last];
  }
  /// True if every font takes part: each within font_within_limits(), and
  /// all of their lines inside one of kMaxLineHeight rows on the common
  /// baseline.
  constexpr bool fits() const noexcept { return fits_; }

  /// The glyph of the first font that has one, placed on the chain's line (top moved to the common baseline,
  /// line_height the chain's); `wide` is set if it advances two of its font's
  /// cells or more.
  [[nodiscard]] constexpr Glyph find(char32_t code_point, bool* wide = nullptr) const noexcept {
    for (int i = 0; i < count_; ++i) {
      Glyph glyph = find_glyph(*fonts_[i], code_point);
      if (!glyph.found()) continue;
      glyph.top = static_cast<std::uint8_t>(glyph.top + baseline_ - fonts_[i]->baseline);
      glyph.line_height = line_height_;
      if (wide != nullptr) *wide = glyph.advance >= 2 * fonts_[i]->cell_width;
      return glyph;
    }
    return {};
  }

 private:
  constexpr void measure() noexcept {
    int above = 0;
    int below = 0;
    for (int i = 0; i < count_; ++i) {
      const Font& font = *fonts_[i];
      if (!font_within_limits(font)) continue;
      if (font.baseline > above) above = font.baseline;
      if (font.line_height - font.baseline > below) below = font.line_height - font.baseline;
    }
    // above <= kMaxLineHeight: each baseline lies inside its font's line.
    baseline_ = static_cast<std::uint8_t>(above);
    line_height_ = static_cast<std::uint8_t>(above + below > kMaxLineHeight ? kMaxLineHeight : above + below);
    // A font takes part if its whole line lies inside the chain's: its glyphs
    // (inside its line, font.h) then are too, and find() needs no test.
    fits_ = true;
    for (int i = 0; i < count_; ++i) {
      const Font& font = *fonts_[i];
      if (font_within_limits(font) && above - font.baseline + font.line_height <= line_height_) continue;
      fonts_[i] = &detail::kNoGlyphs;
      fits_ = false;
    }
  }

  const Font* fonts_[kMaxChainFonts];
  std::uint8_t count_;
  std::uint8_t line_height_ = 0;
  std::uint8_t baseline_ = 0;
  bool fits_ = false;
};

/// How a code point is drawn.
enum class Rendering : std::uint8_t {
  kNothing,  ///< invisible: no pixels, no advance
  kGlyph,    ///< the font's glyph (a combining mark if advance == 0)
  kHexBox,   ///< not in the font, or a control: a hex box
};

/// What drawing a code point will do, known before any pixel is touched (the
/// layout needs the advance to decide where to wrap).
struct Appearance {
  Glyph glyph;                                   ///< valid for kGlyph
  char32_t code_point = 0;                       ///< what is drawn (U+FFFD for a non-scalar value)
  Rendering rendering = Rendering::kNothing;
  WidthClass width_class = WidthClass::kInvisible;  ///< from the glyph: kCombining if it advances 0, kWide if 2 cells or more (and hex boxes)
  std::uint8_t advance = 0;      ///< pixels the pen moves
  std::int8_t x_offset = 0;      ///< kept for callers of the 16-row format: always 0 (the glyph has its own)
  std::uint8_t line_height = 0;  ///< rows of the line
  std::uint8_t baseline = 0;     ///< rows from the line top to the baseline
};

/// The appearance of `code_point` in `fonts` (a Font converts to a chain of
/// one). Cost: a glyph lookup per font tried, and the ignorable test for a
/// code point no font has (fonts made by make_font.py never hold ignorable
/// code points, so those always draw nothing). No Unicode width table is
/// used: widths come from the fonts.
[[nodiscard]] constexpr Appearance appearance_of(const FontChain& fonts, char32_t code_point) noexcept {
  if (!is_scalar_value(code_point)) code_point = kReplacementCharacter;
  const auto line_height = static_cast<std::uint8_t>(fonts.line_height());
  const auto baseline = static_cast<std::uint8_t>(fonts.baseline());
  if (!is_control(code_point)) {
    // Fonts from make_font.py hold no ignorable code point, so only a code
    // point without a glyph needs the ignorable test; a skin-tone modifier
    // (ignorable here) is not looked up, as a hand-made font may have one.
    bool wide = false;
    const Glyph glyph = detail::is_skin_tone_modifier(code_point) ? Glyph{} : fonts.find(code_point, &wide);
    if (glyph.found()) {
      const WidthClass width_class =
          glyph.advance == 0 ? WidthClass::kCombining : (wide ? WidthClass::kWide : WidthClass::kNarrow);
      return Appearance{glyph, code_point, Rendering::kGlyph, width_class, glyph.advance, 0, line_height, baseline};
    }
    if (is_ignorable(code_point)) {
      return Appearance{Glyph{}, code_point, Rendering::kNothing, WidthClass::kInvisible, 0, 0, line_height, baseline};
    }
  }
  return Appearance{Glyph{},  code_point, Rendering::kHexBox, WidthClass::kWide,
                    static_cast<std::uint8_t>(hex_box_advance(code_point, fonts.line_height())), 0, line_height, baseline};
}

/// Columns of a glyph's cell for Surface::draw_columns(): column 0 is the
/// cell's left edge; columns [ink_begin, ink_end) hold the ink, shifted down
/// by `shift` rows; the others are blank.
class GlyphCellColumns {
 public:
  constexpr GlyphCellColumns(const Glyph& glyph, int ink_begin, int shift) noexcept
      : ink_(glyph), ink_begin_(ink_begin), ink_end_(ink_begin + glyph.width), shift_(static_cast<unsigned>(shift)) {}

  constexpr int ink_begin() const noexcept { return ink_begin_; }
  constexpr int ink_end() const noexcept { return ink_end_; }
  /// The next ink column's rows (bit r = row r of the cell).
  constexpr std::uint32_t take_ink() noexcept { return ink_.take() << shift_; }
  /// Skips `columns` ink columns.
  constexpr void skip_ink(int columns) noexcept { ink_.skip(static_cast<unsigned>(columns)); }
  /// The ink columns not shifted (a copy, at the next ink column), and the
  /// shift take_ink() applies: for surfaces that place columns themselves.
  constexpr InkColumns ink() const noexcept { return ink_; }
  constexpr unsigned ink_shift() const noexcept { return shift_; }

  /// Column after column from 0, blank or ink: for surfaces that draw
  /// column by column (SurfaceBase).
  constexpr std::uint32_t next() noexcept {
    const int column = column_++;
    if (column < ink_begin_ || column >= ink_end_) return 0;
    return take_ink();
  }

 private:
  InkColumns ink_;
  int ink_begin_;
  int ink_end_;
  unsigned shift_;
  int column_ = 0;
};

/// Draws a glyph with the pen at (x, y), y being the top of its line, clipped
/// to `clip` (and by the surface to itself). Opaque: the whole cell (pen to
/// pen + advance, and any ink outside it) x the line's rows, ink in the
/// foreground and the rest in the background. `transparent`: only the set
/// pixels (for combining marks).
template <typename Surface>
void draw_glyph(Surface& surface, const Glyph& glyph, int x, int y, const Clip& clip,
                const TextStyle<typename Surface::Color>& style, bool transparent) noexcept {
  if (!glyph.found()) return;
  const int height = glyph.line_height > kMaxLineHeight ? kMaxLineHeight : glyph.line_height;
  // The cell spans the advance and the ink, whichever reaches further.
  const int ink_left = glyph.x_offset;
  int left = transparent || ink_left < 0 ? ink_left : 0;
  int right = ink_left + glyph.width;
  if (!transparent && glyph.advance > right) right = glyph.advance;
  if (transparent && glyph.width == 0) return;
  // Columns [first, end) of the cell and the rows of the line inside the
  // clip rectangle (compared with the pen so that nothing overflows: the
  // clip is within +-kMaxCoordinate, the cell's sides within 300 pixels of
  // the pen). All of them for a cell inside it, the usual case.
  int first = 0;
  int end = right - left;
  std::uint32_t rows = (std::uint32_t{1} << height) - 1u;
  if (__builtin_expect(x < clip.left - left || x > clip.right - right || y < clip.top || y > clip.bottom - height, 0)) {
    x = detail::clamp_coordinate(x);
    y = detail::clamp_coordinate(y);
    // Rows of the line inside the clip rectangle, [first_row, end_row), as a mask.
    const int first_row = clip.top > y ? clip.top - y : 0;
    const int end_row = y + height > clip.bottom ? clip.bottom - y : height;
    if (first_row >= end_row) return;  // 0 <= first_row < end_row <= height <= 25 below
    rows = ((std::uint32_t{1} << end_row) - 1u) & ~((std::uint32_t{1} << first_row) - 1u);
    if (clip.left > x + left) first = clip.left - (x + left);
    if (clip.right - (x + left) < end) end = clip.right - (x + left);
  }
  if (first >= end || rows == 0) return;
  const GlyphCellColumns columns(glyph, ink_left - left, glyph.top);
  surface.draw_columns(x + left, y, columns, first, end, rows, transparent, style.foreground, style.background);
}

/// Draws a code point as appearance_of() describes it, with the pen at (x, y)
/// (top of the line). Returns the advance in pixels.
template <typename Surface>
int draw_appearance(Surface& surface, const Appearance& look, int x, int y, const Clip& clip,
                    const TextStyle<typename Surface::Color>& style) noexcept {
  switch (look.rendering) {
    case Rendering::kNothing:
      break;
    case Rendering::kGlyph:
      draw_glyph(surface, look.glyph, x, y, clip, style, look.advance == 0);
      break;
    case Rendering::kHexBox: {
      const HexBox box = make_hex_box(look.code_point, look.line_height, look.baseline);
      draw_glyph(surface, box.glyph(), x, y, clip, style, false);
      break;
    }
  }
  return look.advance;
}

/// Draws one code point at (x, y) (the top of its line), clipped to
/// `clip_rect`; returns the advance.
template <typename Surface>
int draw_code_point(Surface& surface, const FontChain& fonts, char32_t code_point, int x, int y, const Rect& clip_rect,
                    const TextStyle<typename Surface::Color>& style) noexcept {
  return draw_appearance(surface, appearance_of(fonts, code_point), x, y, clip_of(clip_rect), style);
}

}  // namespace utf8mcu::display
