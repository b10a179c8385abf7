#pragma once
/// @file
/// The Terminal's cell grid: the text of a console as kColumns x kRows cells
/// of units, the cursor, and which cells changed since they were last sent.
/// It knows nothing of bytes, escape sequences or panels: the Terminal feeds
/// it code points (through the layout stage, layout.h) and the escape
/// parser's actions, and terminal_render.h draws it.
///
/// A cell holds a unit (layout.h, step (a)): a character as a glyph ordinal
/// of the grid's FontChain (find_chain_glyph()) or a hex box, and up to
/// kMaxCellMarks combining marks over it, which live in a pool of
/// kMarkSlots slots shared by the whole grid. A mark past the bound, or one
/// that finds no free slot, is drawn over a blank cell of its own, so none
/// is lost.
///
/// A cell, 16 bits:
///
///     15      14     13 ................................ 0
///     [dirty] [0]    [glyph ordinal + 1 in the chain; 0 = blank]
///     [dirty] [1][0] [hex box, first cell: code point bits 12-0]
///     [dirty] [1][1] [a following cell of a wide character or hex box;
///                     a hex box's second cell: code point bits 20-13]
///
/// RAM: 2 bytes per cell, 4 per mark slot, one dirty bit per row, the font
/// pointers (8 bytes), the cursor (3 bytes). No heap.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/display/font.h"
#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/render.h"
#include "utf8mcu/internal/divide.h"

namespace utf8mcu::display {

template <int kColumns, int kRows, int kMarkSlots>
class ClusterGrid;

/// Cell position of the cursor.
struct TerminalCursor {
  int column;  ///< 0 .. columns; == columns when a full line waits to wrap
  int row;     ///< 0 .. rows - 1
};

/// kColumns x kRows cells of units (see the file comment). kPageLines:
/// one font (no FontChain) and lines of one panel page, 8 rows whatever the
/// font's line height (PageCells, terminal.h).
template <int kColumns, int kRows, int kMarkSlots = 2, bool kPageLines = false>
class CellGrid {
  // Two columns at least: a hex box keeps its code point in two cells.
  static_assert(kColumns >= 2 && kColumns <= 255 && kRows >= 1 && kRows <= 255, "2 to 255 columns, 1 to 255 rows");
  static_assert(kMarkSlots >= 1 && kMarkSlots <= 64, "1 to 64 mark slots");

 public:
  static constexpr int kColumnCount = kColumns;
  static constexpr int kRowCount = kRows;
  static constexpr int kCellCount = kColumns * kRows;
  /// Glyphs of the chain a cell can name (ordinals 0 .. kMaxGlyphs - 1); a
  /// glyph past them is drawn as a hex box.
  static constexpr std::uint32_t kMaxGlyphs = 0x3FFF;
  /// Most combining marks a cell holds over its character.
  static constexpr int kMaxCellMarks = 2;
  /// True if lines are panel pages (kPageLines): a FontChain is not taken.
  static constexpr bool kPageLineCells = kPageLines;

  /// A blank grid of `font`'s glyphs (which must outlive the grid, as fonts
  /// in flash do), or of the chain `chain` points to when it is not null
  /// (the chain must then outlive the grid too); every cell dirty.
  // NOLINTNEXTLINE(cppcoreguidelines-pro-type-member-init): the body sets every cell.
  CellGrid(const Font& font, const FontChain* chain) noexcept : font_(&font), chain_(chain) {
    for (int i = 0; i < kCellCount; ++i) cells_[i] = kDirtyBit;
    for (auto& row_bits : dirty_rows_) row_bits = 0xFF;
  }

  /// The grid's fonts as the chain functions of layout.h take them: the
  /// chain, or its one font as a chain of one, without a copy of either.
  class Fonts {
   public:
    constexpr Fonts(const Font* font, const FontChain* chain) noexcept : font_(font), chain_(chain) {}
    constexpr int size() const noexcept { return chain() != nullptr ? chain()->size() : 1; }
    constexpr const Font& font(int index) const noexcept { return chain() != nullptr ? chain()->font(index) : *font_; }
    constexpr int baseline() const noexcept {
      return chain() != nullptr ? chain()->baseline()
                                : (font_->baseline > kMaxLineHeight ? kMaxLineHeight : font_->baseline);
    }
    constexpr int line_height() const noexcept {
      return chain() != nullptr ? chain()->line_height()
                                : (font_->line_height > kMaxLineHeight ? kMaxLineHeight : font_->line_height);
    }

   private:
    // Known to be null at compile time for page lines: the one-font code only.
    constexpr const FontChain* chain() const noexcept { return kPageLines ? nullptr : chain_; }

    const Font* font_;
    const FontChain* chain_;
  };
  Fonts fonts() const noexcept { return Fonts(font_, chain_); }
  /// Rows of a line: the chain's line height, 1 to kMaxLineHeight; 8 for
  /// page lines.
  int line_height() const noexcept {
    if constexpr (kPageLines) return 8;
    const int height = fonts().line_height();
    return height < 1 ? 1 : height;
  }
  /// The glyph of the grid's ordinal `ordinal` (chain_glyph_at(); for page
  /// lines the one font's glyph_at(), which needs no placing on a chain's line).
  Glyph glyph_of(std::uint32_t ordinal) const noexcept {
    if constexpr (kPageLines) {
      return glyph_at(*font_, ordinal);
    } else {
      return chain_glyph_at(fonts(), ordinal);
    }
  }
  /// The first font's narrow cell width.
  int font_cell_width() const noexcept { return font_->cell_width; }

  // ---- input: units and controls ---------------------------------------------

  /// Places one code point that is not a control (layout.h): a character at
  /// the cursor, a mark on the unit before it, or nothing (ignorables).
  /// `cell_width`: pixels per cell. Cost: step (d)'s glyph lookup.
  void put_text(char32_t code_point, int cell_width) noexcept {
    if (!is_scalar_value(code_point)) code_point = kReplacementCharacter;
    if (code_point == U' ') {
      place(kBlank, 1, 0);
      return;
    }
    const ChainGlyph found = find_glyph_of(code_point);
    if (found.ordinal >= 0 && static_cast<std::uint32_t>(found.ordinal) < kMaxGlyphs) {
      const auto value = static_cast<std::uint16_t>(found.ordinal + 1);
      if (found.glyph.advance == 0) {
        put_mark(value);
      } else {
        place(value, cells_for(found.glyph.advance, cell_width), 0);
      }
      return;
    }
    if (found.ordinal < 0 && !is_control(code_point) && is_ignorable(code_point)) return;  // part of the unit before
    // A hex box: at least two cells, the second holding the code point's high bits.
    const int cells = cells_for(hex_box_advance(code_point, line_height()), cell_width);
    const auto value = static_cast<std::uint32_t>(code_point);
    place(static_cast<std::uint16_t>(kSpecialBit | (value & kLowCodeBitsMask)), cells < 2 ? 2 : cells,
          static_cast<std::uint16_t>(value >> kLowCodeBits));
  }

  /// To the start of the next line; scrolls from the last line.
  void new_line() noexcept {
    column_ = 0;
    if (row_ + 1 < kRows) {
      ++row_;
    } else {
      scroll_up();
    }
  }

  /// To column 0.
  void carriage_return() noexcept { column_ = 0; }

  /// One unit left (the start of a character wider than a cell); nothing erased.
  void back_space() noexcept {
    if (column_ == 0) return;
    const int column = (column_ > kColumns ? kColumns : column_) - 1;
    column_ = static_cast<std::uint8_t>(lead_of(row_ * kColumns + column) - row_ * kColumns);
  }

  /// To the next multiple of 8 columns, at most the last column.
  void tab() noexcept {
    if (column_ >= kColumns - 1) return;
    const int stop = next_tab_stop(column_, 0, 8);
    column_ = static_cast<std::uint8_t>(stop < kColumns - 1 ? stop : kColumns - 1);
  }

  /// Blanks every cell and moves the cursor home.
  void clear() noexcept {
    blank(0, kCellCount);
    column_ = 0;
    row_ = 0;
  }

  // ---- cursor and erasing (the escape parser's actions) -----------------------

  /// Cursor to (column, row), each clamped to the grid.
  void move_cursor(int column, int row) noexcept {
    column_ = static_cast<std::uint8_t>(column < 0 ? 0 : (column >= kColumns ? kColumns - 1 : column));
    row_ = static_cast<std::uint8_t>(row < 0 ? 0 : (row >= kRows ? kRows - 1 : row));
  }
  /// Cursor moved by (columns, rows) from where it shows, clamped.
  void move_cursor_by(int columns, int rows) noexcept {
    move_cursor((column_ >= kColumns ? kColumns - 1 : column_) + columns, row_ + rows);
  }
  /// Erase in display: below the cursor (0), above (1), everything (2, 3).
  void erase_in_display(int mode) noexcept { erase(mode == 3 ? 2 : mode, 0, kCellCount); }
  /// Erase in line: to its end (0), to the cursor (1), the whole line (2).
  void erase_in_line(int mode) noexcept { erase(mode, row_ * kColumns, row_ * kColumns + kColumns); }

  /// Shows or hides the cursor (the renderer draws it).
  void set_cursor_visible(bool visible) noexcept { cursor_visible_ = visible; }
  [[nodiscard]] bool cursor_visible() const noexcept { return cursor_visible_; }

  [[nodiscard]] TerminalCursor cursor() const noexcept { return TerminalCursor{column_, row_}; }
  /// The cell the cursor shows on: the last column while a full line waits.
  [[nodiscard]] int cursor_cell() const noexcept {
    return row_ * kColumns + (column_ >= kColumns ? kColumns - 1 : column_);
  }

  // ---- reading -----------------------------------------------------------------

  /// The code point in a cell: U+0020 when blank (or when it holds only a
  /// combining mark), 0 for the other cells of a character wider than one
  /// cell, and 0 outside the grid.
  [[nodiscard]] char32_t cell(int column, int row) const noexcept {
    if (!inside(column, row)) return 0;
    const int i = row * kColumns + column;
    const std::uint16_t value = content(i);
    if ((value & kSpecialBit) != 0) return (value & kContinuationBit) != 0 ? 0 : hex_box_code_point(i);
    if (value == kBlank || lone_mark(value)) return U' ';
    return chain_code_point_of(fonts(), value - 1u);
  }

  /// Combining mark `n` (0 .. kMaxCellMarks - 1, in the order they came)
  /// drawn over a cell's character, or 0.
  [[nodiscard]] char32_t mark_of(int column, int row, int n = 0) const noexcept {
    if (!inside(column, row)) return 0;
    const int i = row * kColumns + column;
    const std::uint16_t value = content(i);
    const bool lone = lone_mark(value);  // the cell's own "character" is its first mark
    if (lone && n == 0) return chain_code_point_of(fonts(), value - 1u);
    const std::uint16_t mark = mark_at(i, lone ? n - 1 : n);
    return mark == 0 ? 0 : chain_code_point_of(fonts(), mark - 1u);
  }

  // ---- for the renderer (terminal_render.h) -------------------------------------

  /// Cell `i`'s content without its dirty bit.
  std::uint16_t content(int i) const noexcept { return static_cast<std::uint16_t>(cells_[i] & ~kDirtyBit); }
  /// True for the second and later cells of a wide character or hex box.
  bool continuation(int i) const noexcept {
    return (cells_[i] & (kSpecialBit | kContinuationBit)) == (kSpecialBit | kContinuationBit);
  }
  /// True for the first cell of a hex box.
  static constexpr bool is_hex_box(std::uint16_t value) noexcept { return (value & kSpecialBit) != 0; }
  /// The code point of the hex box that starts at cell `i`.
  char32_t hex_box_code_point(int i) const noexcept {
    const std::uint32_t high = i + 1 < kCellCount && continuation(i + 1) ? (content(i + 1) & 0xFFu) : 0u;
    return static_cast<char32_t>((content(i) & kLowCodeBitsMask) | (high << kLowCodeBits));
  }
  /// Mark `n` of cell `i` (its chain ordinal + 1), 0 if none.
  std::uint16_t mark_at(int i, int n = 0) const noexcept {
    for (const MarkSlot& slot : marks_) {
      if (slot.mark != 0 && slot.cell == i && (slot.mark >> kMarkIndexShift) == n) {
        return static_cast<std::uint16_t>(slot.mark & kOrdinalMask);
      }
    }
    return 0;
  }
  bool is_dirty(int i) const noexcept { return (cells_[i] & kDirtyBit) != 0; }
  bool row_dirty(int row) const noexcept { return (dirty_rows_[row >> 3] & (1u << (row & 7))) != 0; }
  void set_dirty(int i) noexcept {
    cells_[i] = static_cast<std::uint16_t>(cells_[i] | kDirtyBit);
    const std::uint32_t row = utf8mcu::detail::divide_below<kColumns, kCellCount>(static_cast<std::uint32_t>(i));
    dirty_rows_[row >> 3] = static_cast<std::uint8_t>(dirty_rows_[row >> 3] | (1u << (row & 7)));
  }
  /// True if some cell changed since the last mark_clean().
  bool dirty() const noexcept {
    for (const std::uint8_t row_bits : dirty_rows_) {
      if (row_bits != 0) return true;
    }
    return false;
  }
  /// Every cell sent: clears the dirty bits.
  void mark_clean() noexcept {
    for (int row = 0; row < kRows; ++row) {
      if (!row_dirty(row)) continue;
      for (int i = row * kColumns; i < (row + 1) * kColumns; ++i) cells_[i] = content(i);
    }
    for (auto& row_bits : dirty_rows_) row_bits = 0;
  }
  /// First cell of the character that covers cell `i`.
  int lead_of(int i) const noexcept {
    while (i > 0 && i % kColumns != 0 && continuation(i)) --i;
    return i;
  }
  /// One past the last cell of the character that starts at or covers `i`.
  int end_of(int i) const noexcept {
    ++i;
    while (i > 0 && i < kCellCount && i % kColumns != 0 && continuation(i)) ++i;
    return i;
  }

 private:
  // A grid of grapheme-cluster units (terminal_unicode.h) places its units
  // with the same calls.
  template <int, int, int>
  friend class ClusterGrid;

  static constexpr std::uint16_t kDirtyBit = 0x8000;
  static constexpr std::uint16_t kSpecialBit = 0x4000;
  static constexpr std::uint16_t kContinuationBit = 0x2000;
  static constexpr std::uint16_t kOrdinalMask = 0x3FFF;
  static constexpr std::uint16_t kLowCodeBitsMask = 0x1FFF;
  static constexpr unsigned kLowCodeBits = 13;
  static constexpr std::uint16_t kBlank = 0;
  static constexpr unsigned kMarkIndexShift = 14;  // a slot's mark: bits 15-14 its place on the cell
  static_assert(kMaxCellMarks <= 4, "a mark's place on its cell takes 2 bits");

  // A combining mark over the character of cell `cell`:
  //   mark bits 13-0  the mark's chain ordinal + 1 (0 with bits 15-14 = a free slot)
  //   mark bits 15-14 its place among the cell's marks
  struct MarkSlot {
    std::uint16_t cell;
    std::uint16_t mark;
  };

  static constexpr bool inside(int column, int row) noexcept {
    return column >= 0 && column < kColumns && row >= 0 && row < kRows;
  }

  // Step (d) for a code point that is a scalar value: find_chain_glyph(), or
  // for page lines the same for the one font.
  ChainGlyph find_glyph_of(char32_t code_point) const noexcept {
    if constexpr (kPageLines) {
      const std::int32_t ordinal = is_control(code_point) ? -1 : find_glyph_ordinal(*font_, code_point);
      if (ordinal < 0) return {};
      const Glyph glyph = glyph_at(*font_, static_cast<std::uint32_t>(ordinal));
      if (!glyph.found()) return {};
      return ChainGlyph{ordinal, glyph};
    } else {
      return find_chain_glyph(fonts(), code_point);
    }
  }

  // A glyph cell holding a combining mark of its own (drawn over a blank).
  bool lone_mark(std::uint16_t value) const noexcept {
    return value != kBlank && (value & kSpecialBit) == 0 && glyph_of(value - 1u).advance == 0;
  }

  // Marks of cell `i`.
  int mark_count(int i) const noexcept {
    int count = 0;
    for (const MarkSlot& slot : marks_) count += slot.mark != 0 && slot.cell == i ? 1 : 0;
    return count;
  }
  void drop_marks(int i) noexcept {
    for (MarkSlot& slot : marks_) {
      if (slot.mark == 0 || slot.cell != i) continue;
      slot.mark = 0;
      set_dirty(i);
    }
  }

  // Sets a cell's content (and removes its marks); marks it dirty if that
  // changed anything.
  void store(int i, std::uint16_t value) noexcept {
    drop_marks(i);
    if (content(i) != value) {
      cells_[i] = value;
      set_dirty(i);
    }
  }

  // Blanks cells [begin, end) of the grid, and the rest of any character
  // wider than one cell that the range cuts.
  void blank(int begin, int end) noexcept {
    if (begin >= end) return;
    begin = lead_of(begin);
    if (end < kCellCount && end % kColumns != 0 && continuation(end)) end = end_of(end);
    for (int i = begin; i < end; ++i) store(i, kBlank);
  }

  // Blanks cells [first, end) from the cursor (mode 0), up to and with it
  // (1), or all of them (2); nothing for another mode. One body for both
  // erase calls.
  void erase(int mode, int first, int end) noexcept {
    if (mode == 0) first = cursor_cell();
    if (mode == 1) end = cursor_cell() + 1;
    if (mode <= 2) blank(first, end);
  }

  // Cells a character of `advance` pixels takes (step (e), in cells).
  static int cells_for(int advance, int cell_width) noexcept {
    // Counted, not divided: no division routine on ARMv6-M (advances are a
    // few cells).
    int cells = 1;
    for (int covered = cell_width; covered < advance; covered += cell_width) ++cells;
    return cells;
  }

  // Puts a character of `cells` cells at the cursor, wrapping first if it does
  // not fit the rest of the line; `extra` goes into its second cell.
  void place(std::uint16_t value, int cells, std::uint16_t extra) noexcept {
    if (cells > kColumns) cells = kColumns;  // wider than the grid: drawn clipped
    if (column_ + cells > kColumns) new_line();
    const int i = row_ * kColumns + column_;
    // Overwriting part of a wider character blanks the rest of it.
    if (continuation(i)) blank(lead_of(i), i);
    const int end = i + cells;
    if (end < kCellCount && end % kColumns != 0 && continuation(end)) blank(end, end_of(end));
    store(i, value);
    for (int c = 1; c < cells; ++c) {
      store(i + c, static_cast<std::uint16_t>(kSpecialBit | kContinuationBit | (c == 1 ? extra : 0)));
    }
    column_ = static_cast<std::uint8_t>(column_ + cells);
  }

  // A combining mark (`value`: its chain ordinal + 1) joins the unit before
  // the cursor if it has fewer than kMaxCellMarks and a slot is free;
  // otherwise it is drawn over a blank cell of its own, so none is lost.
  void put_mark(std::uint16_t value) noexcept {
    if (column_ > 0) {
      const int i = lead_of(row_ * kColumns + column_ - 1);
      const int count = mark_count(i);
      if (count < kMaxCellMarks) {
        for (MarkSlot& slot : marks_) {
          if (slot.mark != 0) continue;
          slot.cell = static_cast<std::uint16_t>(i);
          slot.mark = static_cast<std::uint16_t>(value | (static_cast<unsigned>(count) << kMarkIndexShift));
          set_dirty(i);
          return;
        }
      }
    }
    place(value, 1, 0);
  }

  // Moves every line up by one; only cells whose content or marks change
  // are dirty.
  void scroll_up() noexcept {
    for (int i = 0; i < kCellCount; ++i) {
      const int from = i + kColumns;
      const std::uint16_t value = from < kCellCount ? content(from) : kBlank;
      bool same = content(i) == value;
      for (int n = 0; same && n < kMaxCellMarks; ++n) {
        same = mark_at(i, n) == (from < kCellCount ? mark_at(from, n) : std::uint16_t{0});
      }
      if (!same) {
        cells_[i] = value;
        set_dirty(i);
      }
    }
    for (MarkSlot& slot : marks_) {
      if (slot.mark == 0) continue;
      if (slot.cell < kColumns) {
        slot.mark = 0;
      } else {
        slot.cell = static_cast<std::uint16_t>(slot.cell - kColumns);
      }
    }
  }

  const Font* font_;
  const FontChain* chain_;
  std::uint16_t cells_[static_cast<std::size_t>(kCellCount)];  // all set by the constructor
  MarkSlot marks_[static_cast<std::size_t>(kMarkSlots)] = {};
  std::uint8_t dirty_rows_[static_cast<std::size_t>((kRows + 7) / 8)] = {};  // bit per row: it holds a dirty cell
  std::uint8_t column_ = 0;
  std::uint8_t row_ = 0;
  bool cursor_visible_ = false;
};

}  // namespace utf8mcu::display
