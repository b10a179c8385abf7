#pragma once
/// @file
/// Bitmap fonts generated at build time by lib/display/tools/make_font.py from
/// BDF fonts (e.g. Debian's xfonts-base misc-fixed fonts), GNU Unifont .hex and
/// unifont_upper.otf: any size up to 25 rows per line, monospaced or
/// proportional, with the glyph subset the application chooses. Each glyph is
/// stored cropped to its ink; tables live in flash and a lookup reads no RAM.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/internal/target.h"

namespace utf8mcu::display {

/// Line height of GNU Unifont, the default font (kDefaultFont.line_height):
/// other fonts have their own (Font::line_height, FontChain::line_height()).
inline constexpr int kGlyphHeight = 16;
/// Unifont's narrow cell (kDefaultFont.cell_width); wide glyphs take two.
inline constexpr int kCellWidth = 8;

/// Most rows a line (and so a glyph column) may have: a column shifted
/// within a display page must fit 32 bits.
inline constexpr int kMaxLineHeight = 25;

/// One glyph, as found in a font: its ink (a box `width` x `height` placed
/// `x_offset` pixels right of the pen and `top` rows below the line top),
/// how far it moves the pen, and the height of the line it is drawn in.
/// The ink columns, left to right, `height` bits each, are a little-endian
/// bit stream from bit `first_bit` (0-7) of `bits[0]` (bit 0 of a column =
/// its top row). `bits == nullptr` when the font has no glyph for the code point.
struct Glyph {
  const std::uint8_t* bits = nullptr;
  std::uint8_t first_bit = 0;    ///< where the ink starts in bits[0]
  std::uint8_t width = 0;        ///< ink columns (0 for a blank glyph such as SPACE)
  std::uint8_t height = 0;       ///< ink rows
  std::uint8_t top = 0;          ///< rows from the line top to the ink's first row
  std::int16_t x_offset = 0;     ///< ink's first column relative to the pen
  std::uint8_t advance = 0;      ///< pen movement in pixels; 0 for a combining mark
  std::uint8_t line_height = 0;  ///< rows of the line (the glyph's cell)

  constexpr bool found() const noexcept { return bits != nullptr; }
};

namespace detail {
/// load_le32() (4 bytes little-endian, one load where the core allows
/// unaligned ones), always inlined: a glyph reads one per ink column and per
/// record header, and at -Os GCC would call it. A copy rather than
/// load_le32() itself always inlined, which moves GCC's inlining choices in
/// the decoder's span push.
[[gnu::always_inline]] constexpr std::uint32_t font_word(const std::uint8_t* p) noexcept {
  return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
         (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}
}  // namespace detail

/// Reads the ink columns of a Glyph one after the other.
class InkColumns {
 public:
  constexpr explicit InkColumns(const Glyph& glyph) noexcept
      : bits_(glyph.bits), position_(glyph.first_bit), height_(glyph.height),
        mask_((std::uint32_t{1} << glyph.height) - 1u) {}

  /// The next column: bit r is ink row r. Reads 4 whole bytes from the one
  /// holding the column's first bit (tables end with 3 spare bytes); one
  /// unaligned load where the core has them.
  constexpr std::uint32_t take() noexcept { return take_unmasked() & mask_; }
  /// The next column without the mask: bits from `height` up are the next
  /// columns' (for a caller that masks them away later).
  [[gnu::always_inline]] constexpr std::uint32_t take_unmasked() noexcept {
    const std::uint32_t column = detail::font_word(bits_ + (position_ >> 3)) >> (position_ & 7u);
    position_ += height_;
    return column;
  }
  /// Skips `columns` columns.
  constexpr void skip(unsigned columns) noexcept { position_ += columns * height_; }
  /// Starts every following column `rows` rows lower (rows < height): its
  /// first rows unread.
  constexpr void skip_bits(unsigned rows) noexcept { position_ += rows; }
  /// The bits of a column: `height` ones.
  constexpr std::uint32_t mask() const noexcept { return mask_; }

 private:
  const std::uint8_t* bits_;
  std::uint32_t position_;
  unsigned height_;
  std::uint32_t mask_;
};

/// A generated font. All pointers are to const tables; `Font` itself is a
/// constant-initialised aggregate, so it lives in flash too.
///
/// Index: one key per run of consecutive code points,
///
///     31 ........... 11  10 ...... 0
///     [ first code pt ]  [ count-1 ]
///
/// sorted, so a binary search finds the run; `run_glyphs[i]` is the ordinal of
/// run i's first glyph; `anchors[n / 8] << anchor_shift` is the bit where
/// record n / 8 * 8 starts in `glyphs`, and the records after it are skipped
/// by their sizes.
///
/// Glyph records follow each other in one little-endian bit stream: a 23-bit
/// header, 8 bits of advance if the header says so, then width x height ink
/// bits (column by column, `height` bits each):
///
///     22 21   20 ..... 15   14 .. 10   9 ... 5   4 ... 0
///     [adv]  [x_offset+32]  [  top  ]  [height]  [width]
///
/// adv: 0 = advance 0, 1 = `cell_width`, 2 = twice that, 3 = 8 bits follow.
/// `glyphs` ends with 3 spare bytes, so a header is read as 4 whole bytes.
///
/// Canonical compositions (optional; none when `compositions` is null): the
/// pairs (first, mark) -> composite of Unicode's canonical composition whose
/// composite the font holds (and the steps to it: e + U+0302 -> U+00EA for
/// U+00EA + U+0301 -> U+1EBF), so that decomposed text draws the precomposed
/// glyph. `composition_words` 32-bit words:
///
///     [0]                mark count M (at most 256)
///     [1 .. M]           mark << 8 | canonical combining class, sorted
///     then per pair      first << 8 | the mark's place among the M (0-based)
///                        (pairs sorted by this word)
///                        composite
struct Font {
  const std::uint32_t* run_keys;
  const std::uint16_t* run_glyphs;
  const std::uint16_t* anchors;
  const std::uint8_t* glyphs;
  std::uint32_t run_count;
  std::uint32_t glyphs_size;    ///< bytes of `glyphs`, the 3 spare ones included
  std::uint8_t line_height;     ///< rows of a line: the chosen glyphs' ascent + descent
  std::uint8_t baseline;        ///< rows from the line top down to the baseline
  std::uint8_t cell_width;      ///< advance of a narrow glyph (the source font's SPACE or 0, or the most common;
                                ///< in a proportional font more than half its widest non-wide glyph)
  std::uint8_t anchor_shift;
  const char* name;
  /// Canonical composition pairs (layout above); nullptr for none. Last, so
  /// that initialisers without them still compile.
  const std::uint32_t* compositions = nullptr;
  std::uint32_t composition_words = 0;  ///< words of `compositions`
};

/// True if `font` keeps the renderer's limits: a line of at most
/// kMaxLineHeight rows with the baseline inside it. make_font.py makes no
/// other font, and its tables assert this at build time; a hand-made font can
/// too (`static_assert(font_within_limits(kMyFont))`). A font beyond the
/// limits is not an error at run time: it has no glyph (find_glyph()), and a
/// FontChain leaves it out of its line.
[[nodiscard]] constexpr bool font_within_limits(const Font& font) noexcept {
  return font.line_height <= kMaxLineHeight && font.baseline <= font.line_height;
}

namespace detail {
inline constexpr unsigned kRunFirstShift = 11;
inline constexpr std::uint32_t kRunCountMask = 0x7FF;
inline constexpr unsigned kAnchorEvery = 8;

inline constexpr unsigned kHeaderBits = 23;
inline constexpr std::uint32_t kFieldMask = 0x1F;          // 5-bit fields
inline constexpr unsigned kInkHeightShift = 5;             // bits 5-9
inline constexpr unsigned kInkTopShift = 10;               // bits 10-14
inline constexpr unsigned kXOffsetShift = 15;              // bits 15-20, biased by 32
inline constexpr std::uint32_t kXOffsetMask = 0x3F;
inline constexpr int kXOffsetBias = 32;
inline constexpr unsigned kAdvanceShift = 21;              // bits 21-22
inline constexpr std::uint32_t kAdvanceExplicit = 3;

/// 25 or more bits of the stream from bit `position` (4 whole bytes).
[[gnu::always_inline]] constexpr std::uint32_t stream_bits(const std::uint8_t* stream, std::uint32_t position) noexcept {
  return font_word(stream + (position >> 3)) >> (position & 7u);
}
[[gnu::always_inline]] constexpr std::uint32_t record_bits(std::uint32_t header) noexcept {
  return kHeaderBits + (((header >> kAdvanceShift) & 3u) == kAdvanceExplicit ? 8u : 0u) +
         (header & kFieldMask) * ((header >> kInkHeightShift) & kFieldMask);
}
}  // namespace detail

/// Number of glyphs in `font` (ordinals run from 0 to this - 1).
[[nodiscard]] constexpr std::uint32_t glyph_count(const Font& font) noexcept {
  if (font.run_count == 0) return 0;
  const std::uint32_t last = font.run_count - 1;
  return std::uint32_t{font.run_glyphs[last]} + (font.run_keys[last] & detail::kRunCountMask) + 1u;
}

/// The ordinal of `code_point`'s glyph in `font` (its place among the
/// glyphs, in code point order), or -1 if the font has none. Fonts hold far
/// fewer glyphs than there are code points, so an ordinal takes fewer bits
/// (a Terminal cell keeps one in 14). Cost: a binary search over the runs (about
/// log2(run_count) + 1 steps; none in the first run, usually printable ASCII).
[[nodiscard]] constexpr std::int32_t find_glyph_ordinal(const Font& font, char32_t code_point) noexcept {
  if (font.run_count == 0) return -1;
  // The first run (usually printable ASCII) is tried before the search.
  const std::uint32_t first_key = font.run_keys[0];
  const std::uint32_t first_index = static_cast<std::uint32_t>(code_point) - (first_key >> detail::kRunFirstShift);
  if (first_index <= (first_key & detail::kRunCountMask)) return static_cast<std::int32_t>(font.run_glyphs[0] + first_index);
  if (code_point > 0x1FFFFF) return -1;
  // The largest key whose first code point is <= code_point.
  const std::uint32_t probe =
      (static_cast<std::uint32_t>(code_point) << detail::kRunFirstShift) | detail::kRunCountMask;
  if (first_key > probe) return -1;
  std::uint32_t low = 0;
  std::uint32_t high = font.run_count;  // answer in [low, high)
  while (high - low > 1) {
    const std::uint32_t middle = low + (high - low) / 2;
    if (font.run_keys[middle] <= probe) {
      low = middle;
    } else {
      high = middle;
    }
  }
  const std::uint32_t key = font.run_keys[low];
  const std::uint32_t index = static_cast<std::uint32_t>(code_point) - (key >> detail::kRunFirstShift);
  if (index > (key & detail::kRunCountMask)) return -1;
  return static_cast<std::int32_t>(font.run_glyphs[low] + index);
}

/// The code point whose glyph has ordinal `ordinal` (the inverse of
/// find_glyph_ordinal()), or 0 if the font has no such ordinal. Cost: a
/// binary search over the runs.
[[nodiscard]] constexpr char32_t code_point_of_ordinal(const Font& font, std::uint32_t ordinal) noexcept {
  if (ordinal >= glyph_count(font)) return 0;
  std::uint32_t low = 0;
  std::uint32_t high = font.run_count;  // the last run starting at or before `ordinal` is in [low, high)
  while (high - low > 1) {
    const std::uint32_t middle = low + (high - low) / 2;
    if (font.run_glyphs[middle] <= ordinal) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return static_cast<char32_t>((font.run_keys[low] >> detail::kRunFirstShift) + (ordinal - font.run_glyphs[low]));
}

namespace detail {
inline constexpr unsigned kCompositionMarkShift = 8;
inline constexpr std::uint32_t kCompositionLowMask = 0xFF;  // combining class, or mark index

/// Marks in `font`'s composition table, bounded by the table's size (a
/// corrupt count cannot make a lookup read past it).
constexpr std::uint32_t composition_marks(const Font& font) noexcept {
  if (font.compositions == nullptr || font.composition_words == 0) return 0;
  const std::uint32_t marks = font.compositions[0];
  return marks < font.composition_words ? marks : font.composition_words - 1u;
}

/// Among `count` entries of `stride` words from word `first` of `font`'s
/// composition table, the place of the first whose key (its first word >>
/// `shift`) is >= `key`; `count` if none is.
constexpr std::uint32_t composition_lower_bound(const Font& font, std::uint32_t first, std::uint32_t count,
                                                std::uint32_t stride, std::uint32_t key, unsigned shift) noexcept {
  std::uint32_t low = 0;
  std::uint32_t high = count;  // the answer is in [low, high]
  while (low < high) {
    const std::uint32_t middle = low + (high - low) / 2;
    if ((font.compositions[first + middle * stride] >> shift) < key) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}
}  // namespace detail

/// The canonical combining class of `mark` as `font`'s composition table has
/// it (0-254), or -1 if the table does not name it (the mark is the second
/// of no pair of the font). Cost: a binary search over the table's marks.
[[nodiscard]] constexpr int composition_class(const Font& font, char32_t mark) noexcept {
  const std::uint32_t marks = detail::composition_marks(font);
  if (marks == 0 || mark > 0x10FFFF) return -1;
  const std::uint32_t index = detail::composition_lower_bound(font, 1, marks, 1, static_cast<std::uint32_t>(mark),
                                                              detail::kCompositionMarkShift);
  if (index == marks) return -1;
  const std::uint32_t word = font.compositions[1 + index];
  if ((word >> detail::kCompositionMarkShift) != static_cast<std::uint32_t>(mark)) return -1;
  return static_cast<int>(word & detail::kCompositionLowMask);
}

/// The canonical composite of `first` followed by `mark` if `font`'s
/// composition table holds the pair, else 0. Cost: two binary searches (the
/// marks, then the pairs); no RAM.
[[nodiscard]] constexpr char32_t canonical_composite(const Font& font, char32_t first, char32_t mark) noexcept {
  const std::uint32_t marks = detail::composition_marks(font);
  if (marks == 0 || first > 0x10FFFF || mark > 0x10FFFF) return 0;
  const std::uint32_t mark_index = detail::composition_lower_bound(font, 1, marks, 1, static_cast<std::uint32_t>(mark),
                                                                   detail::kCompositionMarkShift);
  if (mark_index == marks || (font.compositions[1 + mark_index] >> detail::kCompositionMarkShift) != mark) return 0;
  const std::uint32_t pairs_begin = 1 + marks;
  const std::uint32_t pairs = (font.composition_words - pairs_begin) / 2;
  const std::uint32_t key = static_cast<std::uint32_t>(first) << detail::kCompositionMarkShift | mark_index;
  const std::uint32_t pair = detail::composition_lower_bound(font, pairs_begin, pairs, 2, key, 0);
  if (pair == pairs || font.compositions[pairs_begin + pair * 2] != key) return 0;
  return static_cast<char32_t>(font.compositions[pairs_begin + pair * 2 + 1]);
}

namespace detail {
/// glyph_at() for an ordinal known to be below glyph_count(font).
constexpr Glyph glyph_of_ordinal(const Font& font, std::uint32_t ordinal) noexcept {
  if (font.glyphs_size < 4) return {};
  const std::uint8_t* const stream = font.glyphs;
  // Bits a header may be read from: 4 whole bytes must lie inside the table.
  const std::uint32_t last_header = (font.glyphs_size - 4) * 8 + 7;
  std::uint32_t position = std::uint32_t{font.anchors[ordinal / kAnchorEvery]} << font.anchor_shift;
  std::uint32_t header = 0;
  for (std::uint32_t skip = ordinal % kAnchorEvery;; --skip) {
    if (position > last_header) return {};
    header = stream_bits(stream, position);
    if (skip == 0) break;
    position += record_bits(header);
  }
  const std::uint32_t height = (header >> kInkHeightShift) & kFieldMask;
  const std::uint32_t top = (header >> kInkTopShift) & kFieldMask;
  // The ink must end inside the table too (the spare bytes excluded), and a
  // corrupt header cannot make the renderer shift a column past 32 bits: the
  // ink lies inside the font's line (at most kMaxLineHeight rows). Columns of
  // no rows are corrupt too (a blank glyph has width 0): each is read as 4
  // bytes from where the record ends, which may be the spare bytes' start.
  if (position + record_bits(header) > (font.glyphs_size - 3) * 8 || font.line_height > kMaxLineHeight ||
      top + height > font.line_height || (height == 0 && (header & kFieldMask) != 0)) {
    return {};
  }
  position += kHeaderBits;
  const std::uint32_t advance_class = (header >> kAdvanceShift) & 3u;
  std::uint32_t advance = advance_class * font.cell_width;
  if (advance_class == kAdvanceExplicit) {
    // One byte's bits, from the two bytes that hold them.
    const std::uint8_t* const at = stream + (position >> 3);
    advance = ((std::uint32_t{at[0]} | std::uint32_t{at[1]} << 8) >> (position & 7u)) & 0xFFu;
    position += 8;
  }
  return Glyph{stream + (position >> 3),
               static_cast<std::uint8_t>(position & 7u),
               static_cast<std::uint8_t>(header & kFieldMask),
               static_cast<std::uint8_t>(height),
               static_cast<std::uint8_t>(top),
               static_cast<std::int16_t>(static_cast<int>((header >> kXOffsetShift) & kXOffsetMask) - kXOffsetBias),
               static_cast<std::uint8_t>(advance),
               font.line_height};
}
}  // namespace detail

/// The glyph of ordinal `ordinal` (see find_glyph_ordinal()); `found() ==
/// false` if there is none or the table is corrupt (a record would end
/// outside it). Cost: at most 7 record skips from an anchor; no RAM besides
/// the stack.
[[nodiscard]] constexpr Glyph glyph_at(const Font& font, std::uint32_t ordinal) noexcept {
  return ordinal < glyph_count(font) ? detail::glyph_of_ordinal(font, ordinal) : Glyph{};
}

/// Looks up `code_point`; returns a Glyph with `found() == false` if the font
/// has none (or if the table is corrupt: a record would end outside it).
/// Cost: find_glyph_ordinal() and glyph_at(); no RAM besides the stack.
[[nodiscard]] constexpr Glyph find_glyph(const Font& font, char32_t code_point) noexcept {
  const std::int32_t ordinal = find_glyph_ordinal(font, code_point);
  return ordinal < 0 ? Glyph{} : detail::glyph_of_ordinal(font, static_cast<std::uint32_t>(ordinal));
}

}  // namespace utf8mcu::display
