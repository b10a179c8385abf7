#pragma once
/// @file
/// Unicode's rules for the Terminal (terminal.h), as opt-ins of its Cells
/// parameter; a program using them links utf8mcu::text. The default console
/// (CharacterCells) is not changed by them, in code or in size.
///
///     // 21 x 8 cells, grapheme-cluster units, rows in visual order:
///     UnicodeTerminal<21, 8> console(font, 6);
///     // or each alone, with or without the escape parser:
///     Terminal<21, 8, 2, NoEscapes, UnicodeCells<true, RowOrder::kLogical>> clusters(font, 6);
///     Terminal<21, 8, 2, EscapeParser, UnicodeCells<false, RowOrder::kVisual>> bidi(font, 6);
///
/// Grapheme clusters (UnicodeCells<true, ...>, ClusterGrid): a unit is an
/// extended grapheme cluster (UAX #29, utf8mcu/text/grapheme.h), drawn as
/// cluster.h draws it (look_of_cluster(), draw_cluster()): its base, marks
/// over it, spacing signs after it; an emoji ZWJ sequence, a flag or a
/// skin-tone sequence as its base glyph, no swatch. A unit takes the cells
/// its advance needs and never splits: one that does not fit the rest of the
/// row goes whole to the next, also when a spacing sign makes it wider after
/// it was placed. Backspace, and CSI C / D with the escape parser, move by
/// cluster; a cursor placed inside a wide unit (CSI H, A, B) goes to its
/// first cell.
///
/// A cell remembers a cluster by what draw_cluster() draws of it, not by its
/// code points: the cell's 16 bits hold the first part (the base glyph, or
/// its hex box) and the mark pool holds the others, up to
/// CellGrid::kMaxCellMarks (marks over it, spacing signs after it, each a
/// glyph ordinal). The code points that draw nothing (ZWJ and the rest of a
/// ZWJ sequence, skin-tone modifiers, the second regional indicator,
/// variation selectors) are not kept. So RAM per cell stays 2 bytes, and
/// 4 per mark slot; the open cluster (the one still growing) costs a fixed
/// part: a GraphemeBreaker, its first kOpenCodePoints code points and its
/// cell (sizeof(ClusterGrid) - sizeof(CellGrid); docs/display.md has the
/// figures).
/// A part past the cell's bound, a part no font has (a hex box) or one that
/// finds no free slot is handled as the default console handles a mark: the
/// cluster ends there and the code point, and the rest of the cluster, are
/// placed one by one (a mark joins the unit before the cursor if it has room,
/// else it is drawn over a blank cell of its own); a cluster longer than
/// kOpenCodePoints the same, except the rest of a ZWJ sequence, which draws
/// nothing anyway. A cluster longer than text::kMaxGraphemeCodePoints is cut
/// by the breaker.
///
/// Visual order (UnicodeCells<..., RowOrder::kVisual> and the fixed
/// directions): each row is shown as a paragraph of its own (UAX #9,
/// utf8mcu/text/bidi.h), as terminals with bidi support show it: its
/// direction by P2-P3 of the row's text (left to right if it has no strong
/// character) or fixed; the row's units, blank cells included, reordered by
/// L1-L2 when the row is drawn. The cells stay in logical order: writing,
/// erasing, backspace and the cursor work on logical cells. A unit at an odd
/// level is drawn mirrored (L4: `(` as `)`); Arabic letters are drawn as
/// their presentation forms (utf8mcu/text/joining.h) where the fonts have
/// them, else as they are; a lam-alef ligature is drawn in the lam's cell and
/// the alef's cell stays blank. A paragraph separator inside a row (a control
/// drawn as a hex box) ends a paragraph there; the pieces are ordered each on
/// its own, left to right. The cursor rule: the cursor belongs to its
/// logical cell and is shown at that cell's visual position (so typing
/// right-to-left text moves it leftwards on screen). A change in a row
/// redraws the whole row (any unit may move). RAM: the renderer keeps the
/// row being drawn, 8 bytes per column (code points, unit starts, visual
/// order, the bidi engine's type and level), plus the bidi engine's fixed
/// part (text::BidiParagraph::kFixedBytes); the same whatever the row count.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/display/cluster.h"
#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/page_strip.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/render.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu/display/terminal_grid.h"
#include "utf8mcu/text/bidi.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/joining.h"

namespace utf8mcu::display {

/// How a Terminal shows its rows (see the file comment).
enum class RowOrder : std::uint8_t {
  kLogical,      ///< left to right as stored, as the default console
  kVisual,       ///< each row a paragraph, its direction by P2-P3 of the row
  kLeftToRight,  ///< each row a paragraph of level 0
  kRightToLeft,  ///< each row a paragraph of level 1
};

/// A FontChain of the fonts a grid draws with (CellGrid::fonts()).
template <typename Fonts>
[[nodiscard]] constexpr FontChain chain_of(const Fonts& fonts) noexcept {
  switch (fonts.size()) {
    case 2:
      return FontChain(fonts.font(0), fonts.font(1));
    case 3:
      return FontChain(fonts.font(0), fonts.font(1), fonts.font(2));
    case 4:
      return FontChain(fonts.font(0), fonts.font(1), fonts.font(2), fonts.font(3));
    default:
      return FontChain(fonts.font(0));
  }
}

/// A CellGrid whose units are grapheme clusters (see the file comment). The
/// escape parser and the Terminal call it as they call a CellGrid.
template <int kColumns, int kRows, int kMarkSlots = 2>
class ClusterGrid : public CellGrid<kColumns, kRows, kMarkSlots> {
  using Base = CellGrid<kColumns, kRows, kMarkSlots>;

 public:
  /// Code points of the open cluster kept to draw it again as it grows.
  static constexpr std::size_t kOpenCodePoints = 8;

  using Base::Base;

  /// Places one code point that is not a control: it starts a unit at the
  /// cursor or, if the grapheme breaker finds no boundary before it, joins
  /// the unit placed last (moved whole to the next row if it no longer
  /// fits). Cost: the breaker's step and look_of_cluster() over the open
  /// cluster (at most kOpenCodePoints code points).
  void put_text(char32_t code_point, int cell_width) noexcept {
    if (!is_scalar_value(code_point)) code_point = kReplacementCharacter;
    const bool boundary = breaker_.push(code_point);
    if (!boundary && open_count_ == kOverflowed) {
      Base::put_text(code_point, cell_width);
      return;
    }
    if (!boundary && open_count_ != 0 && this->row_ * kColumns + this->column_ == this->end_of(open_cell_)) {
      join(code_point, cell_width);
      return;
    }
    open_[0] = code_point;
    open_count_ = place_cluster(1, cell_width, false) ? 1 : 0;
  }

  // Everything that moves the cursor, or may erase the open cluster, ends it.
  void new_line() noexcept {
    close();
    Base::new_line();
  }
  void carriage_return() noexcept {
    close();
    Base::carriage_return();
  }
  /// One unit (grapheme cluster) left; nothing erased.
  void back_space() noexcept {
    close();
    Base::back_space();
  }
  void tab() noexcept {
    close();
    Base::tab();
  }
  void clear() noexcept {
    close();
    Base::clear();
  }
  void erase_in_display(int mode) noexcept {
    close();
    Base::erase_in_display(mode);
  }
  void erase_in_line(int mode) noexcept {
    close();
    Base::erase_in_line(mode);
  }
  /// Cursor to (column, row), clamped, then to the first cell of the unit there.
  void move_cursor(int column, int row) noexcept {
    close();
    Base::move_cursor(column, row);
    to_lead();
  }
  /// Cursor `rows` up or down (to the first cell of the unit there), and
  /// `columns` units (grapheme clusters) right or left, within the row.
  void move_cursor_by(int columns, int rows) noexcept {
    close();
    if (rows != 0) Base::move_cursor_by(0, rows);
    const int line = this->row_ * kColumns;
    int at = this->lead_of(this->cursor_cell());
    for (; columns > 0; --columns) {
      const int next = this->end_of(at);
      if (next >= line + kColumns) break;
      at = next;
    }
    for (; columns < 0 && at > line; ++columns) at = this->lead_of(at - 1);
    this->column_ = static_cast<std::uint8_t>(at - line);
  }

 private:
  static constexpr std::uint8_t kOverflowed = 0xFF;  // open_count_: the rest of the cluster goes code point by code point
  using Base::kBlank;
  using Base::kContinuationBit;
  using Base::kLowCodeBits;
  using Base::kLowCodeBitsMask;
  using Base::kMarkIndexShift;
  using Base::kSpecialBit;

  void close() noexcept {
    open_count_ = 0;
    breaker_.reset();
  }

  void to_lead() noexcept {
    this->column_ = static_cast<std::uint8_t>(this->lead_of(this->cursor_cell()) - this->row_ * kColumns);
  }

  // A code point of the open cluster.
  void join(char32_t code_point, int cell_width) noexcept {
    if (open_count_ < kOpenCodePoints) {
      open_[open_count_] = code_point;
      if (place_cluster(open_count_ + 1u, cell_width, true)) {
        ++open_count_;
        return;
      }
    } else {
      for (std::size_t i = 1; i < kOpenCodePoints; ++i) {
        if (open_[i] == detail::kZeroWidthJoiner) return;  // the rest of a ZWJ sequence draws nothing
      }
    }
    open_count_ = kOverflowed;
    Base::put_text(code_point, cell_width);
  }

  // Places the cluster open_[0, count) at the cursor, or again where it
  // starts (`again`), as look_of_cluster() draws it. False, with nothing
  // changed, if the cells cannot hold it (or it draws nothing).
  bool place_cluster(std::size_t count, int cell_width, bool again) noexcept {
    const auto fonts = this->fonts();
    const ClusterLook look = look_of_cluster(chain_of(fonts), open_, count);
    if (look.count == 0 || look.count > 1 + Base::kMaxCellMarks) return false;
    // The other parts: glyphs of the chain, in free slots.
    std::uint16_t parts[Base::kMaxCellMarks] = {};
    for (std::size_t n = 1; n < look.count; ++n) {
      const ClusterPart& part = look.parts[n];
      if (part.look.rendering != Rendering::kGlyph) return false;
      const ChainGlyph found = find_chain_glyph(fonts, part.look.code_point);
      if (found.ordinal < 0 || static_cast<std::uint32_t>(found.ordinal) >= Base::kMaxGlyphs) return false;
      parts[n - 1] = static_cast<std::uint16_t>(found.ordinal + 1);
    }
    std::size_t free_slots = 0;
    for (const auto& slot : this->marks_) free_slots += slot.mark == 0 || (again && slot.cell == open_cell_) ? 1u : 0u;
    if (free_slots < look.count - 1u) return false;
    // The first part: a glyph, or a hex box of two cells at least.
    const ClusterPart& first = look.parts[0];
    const char32_t lead = first.look.code_point;
    const ChainGlyph found =
        first.look.rendering == Rendering::kGlyph ? find_chain_glyph(fonts, lead) : ChainGlyph{};
    std::uint16_t value = kBlank;
    std::uint16_t extra = 0;
    int cells = Base::cells_for(look.advance, cell_width);
    if (found.ordinal >= 0 && static_cast<std::uint32_t>(found.ordinal) < Base::kMaxGlyphs) {
      if (lead != U' ' || look.count > 1) value = static_cast<std::uint16_t>(found.ordinal + 1);
    } else {
      const auto bits = static_cast<std::uint32_t>(lead);
      value = static_cast<std::uint16_t>(kSpecialBit | (bits & kLowCodeBitsMask));
      extra = static_cast<std::uint16_t>(bits >> kLowCodeBits);
      if (cells < 2) cells = 2;
    }
    if (again) {
      // From where the cluster starts; if it no longer fits the row, it
      // leaves it whole for the next.
      const int row = static_cast<int>(static_cast<unsigned>(open_cell_) / kColumns);
      const int column = open_cell_ - row * kColumns;
      const int width = cells > kColumns ? kColumns : cells;
      if (column > 0 && column + width > kColumns) this->blank(open_cell_, this->end_of(open_cell_));
      this->row_ = static_cast<std::uint8_t>(row);
      this->column_ = static_cast<std::uint8_t>(column);
    }
    this->place(value, cells, extra);
    const int at = this->row_ * kColumns + this->column_ - (cells > kColumns ? kColumns : cells);
    open_cell_ = static_cast<std::uint16_t>(at);
    unsigned index = 0;
    for (std::size_t n = 0; n + 1 < look.count; ++n) {
      for (auto& slot : this->marks_) {
        if (slot.mark != 0) continue;
        slot.cell = static_cast<std::uint16_t>(at);
        slot.mark = static_cast<std::uint16_t>(parts[n] | (index++ << kMarkIndexShift));
        this->set_dirty(at);
        break;
      }
    }
    return true;
  }

  text::GraphemeBreaker breaker_;
  char32_t open_[kOpenCodePoints] = {};
  std::uint16_t open_cell_ = 0;  // first cell of the open cluster
  std::uint8_t open_count_ = 0;  // its code points in open_; 0: none open
};

/// One row of a grid as it is shown: its units (a first cell and the
/// continuation cells after it) in logical order, and the order they are
/// shown in, left to right: by L1-L2 of the row as a paragraph, or as stored
/// (kOrder kLogical). Code points after L4 mirroring. Used by the renderer;
/// tests use it to read what a row shows. RAM: 6 bytes per column, plus the
/// bidi engine (text::BidiParagraph<kColumns>) unless kOrder is kLogical.
template <int kColumns, RowOrder kOrder>
class RowView {
  static constexpr bool kBidi = kOrder != RowOrder::kLogical;
  struct NoBidi {};

 public:
  /// Reads row `row` of `cells` (a Terminal, a CellGrid or a ClusterGrid:
  /// anything with cell(column, row) as Terminal::cell() gives it) and
  /// orders it. Cost: a cell() per column; with bidi, resolve() and
  /// reorder_line() over the row.
  template <typename Cells>
  void read(const Cells& cells, int row) noexcept {
    count_ = 0;
    for (int column = 0; column < kColumns; ++column) {
      const char32_t code_point = cells.cell(column, row);
      if (code_point == 0 && column > 0) continue;  // a continuation cell
      first_[count_] = static_cast<std::uint8_t>(column);
      text_[count_] = code_point == 0 ? U' ' : code_point;
      ++count_;
    }
    for (std::size_t k = 0; k < count_; ++k) visual_[k] = static_cast<std::uint8_t>(k);
    if constexpr (kBidi) order();
  }

  /// Units of the row.
  [[nodiscard]] int size() const noexcept { return static_cast<int>(count_); }
  /// Logical index of the unit shown k-th from the left.
  [[nodiscard]] int unit_at(int k) const noexcept { return visual_[k]; }
  /// First (logical) column of unit `unit`, and its cells.
  [[nodiscard]] int first_column(int unit) const noexcept { return first_[unit]; }
  [[nodiscard]] int width(int unit) const noexcept {
    const auto next = static_cast<std::size_t>(unit) + 1;
    return (next < count_ ? first_[next] : kColumns) - first_[unit];
  }
  /// Column on screen where unit `unit` starts.
  [[nodiscard]] int visual_column(int unit) const noexcept {
    int column = 0;
    for (std::size_t k = 0; k < count_ && visual_[k] != unit; ++k) column += width(visual_[k]);
    return column;
  }
  /// The code point unit `unit` is drawn as with `fonts`: its cell's code
  /// point (U+0020 for a blank), mirrored at an odd level, an Arabic
  /// letter's presentation form if `fonts` have it; 0 for the alef of a
  /// lam-alef ligature the fonts have (drawn in the lam's cell).
  template <typename Fonts>
  [[nodiscard]] char32_t shown(int unit, const Fonts& fonts) const noexcept {
    const auto index = static_cast<std::size_t>(unit);
    if constexpr (kBidi) {
      const char32_t form = text::arabic_presentation_form(text_, count_, index);
      if (form == text_[index]) return form;
      if (form == 0) {
        // The alef after a lam: nothing if the lam's ligature is drawn.
        const char32_t ligature = index > 0 ? text::arabic_presentation_form(text_, count_, index - 1) : 0;
        return ligature != 0 && find_chain_glyph(fonts, ligature).ordinal >= 0 ? 0 : text_[index];
      }
      return find_chain_glyph(fonts, form).ordinal >= 0 ? form : text_[index];
    } else {
      static_cast<void>(fonts);
      return text_[index];
    }
  }

 private:
  // Each paragraph of the row (it ends after a paragraph separator) ordered
  // on its own; units at odd levels mirrored (L4).
  void order() noexcept {
    constexpr text::BidiDirection kDirection = kOrder == RowOrder::kVisual        ? text::BidiDirection::kAuto
                                               : kOrder == RowOrder::kLeftToRight ? text::BidiDirection::kLeftToRight
                                                                                  : text::BidiDirection::kRightToLeft;
    std::size_t first = 0;
    while (first < count_) {
      const std::size_t taken = bidi_.resolve(text_ + first, count_ - first, kDirection);
      if (taken == 0) break;
      bidi_.reorder_line(0, taken, visual_ + first);
      for (std::size_t i = 0; i < taken; ++i) {
        visual_[first + i] = static_cast<std::uint8_t>(visual_[first + i] + first);
        if ((bidi_.level(i) & 1u) != 0) text_[first + i] = text::bidi_mirroring_glyph(text_[first + i]);
      }
      first += taken;
    }
  }

  static constexpr auto kUnits = static_cast<std::size_t>(kColumns);
  char32_t text_[kUnits] = {};        // each unit's code point, logical order
  std::uint8_t first_[kUnits] = {};   // each unit's first column
  std::uint8_t visual_[kUnits] = {};  // visual_[k]: the unit shown k-th from the left
  std::size_t count_ = 0;
  utf8mcu::detail::ConditionalT<kBidi, text::BidiParagraph<kUnits>, NoBidi> bidi_{};
};

/// Draws a grid of Unicode units: each unit through look_of_cluster() and
/// draw_cluster(), rows in logical or visual order (see the file comment).
/// The same calls as GridRenderer, for the Terminal.
template <int kColumns, RowOrder kOrder>
class UnicodeRenderer {
 public:
  /// Cells of `cell_width` pixels across (1 to 255; clamped).
  explicit UnicodeRenderer(int cell_width) noexcept
      : cell_width_(static_cast<std::uint8_t>(cell_width < 1 ? 1 : (cell_width > 255 ? 255 : cell_width))) {}

  int cell_width() const noexcept { return cell_width_; }

  /// Makes the next flush() send the whole panel, margins too.
  void forget_panel() noexcept { panel_unknown_ = true; }

  /// Sends the changed rows of `grid` to `panel` through page strips
  /// (Terminal::flush() says how): in logical order the changed units, in
  /// visual order the whole of each changed row.
  template <typename Grid, typename Panel>
  [[nodiscard]] PanelStatus flush(Grid& grid, Panel& panel, std::uint8_t* strip, std::size_t strip_size) noexcept {
    constexpr int kRows = Grid::kRowCount;
    if (strip == nullptr || strip_size < 2) return PanelStatus::kBusError;
    follow_cursor(grid);
    const FontChain chain = chain_of(grid.fonts());
    // Rows divided: the grapheme and bidi code link the division routine
    // anyway, and stepping would add code.
    const PanelStatus status = detail::flush_pages<kColumns, kRows, false>(
        panel, strip, strip_size, cell_width_, grid.line_height(), panel_unknown_,
        [&](int row, int& first, int& end) { dirty_range(grid, row, first, end); },
        [&](PageStrip& surface, int first_row, int last_row) {
          for (int row = first_row; row <= last_row; ++row) {
            draw_row(grid, chain, surface, row, 0, 0, kLitOnDark);
            if (cursor_shown_ && row == shown_row()) invert_cursor(grid, surface);
          }
        });
    if (status != PanelStatus::kOk) return status;
    panel_unknown_ = false;
    grid.mark_clean();
    return PanelStatus::kOk;
  }

  /// Draws the whole grid on `surface` with its top-left corner at (x, y),
  /// the cursor too if it is visible. Leaves cells dirty.
  template <typename Grid, typename Surface>
  void draw(const Grid& grid, Surface& surface, int x, int y) noexcept {
    x = detail::clamp_coordinate(x);
    y = detail::clamp_coordinate(y);
    const int height = grid.line_height();
    surface.fill_rect(x, y, kColumns * cell_width_, Grid::kRowCount * height, kLitOnDark.background);
    const FontChain chain = chain_of(grid.fonts());
    for (int row = 0; row < Grid::kRowCount; ++row) draw_row(grid, chain, surface, row, x, y, kLitOnDark);
    if (!grid.cursor_visible()) return;
    const int at = grid.lead_of(grid.cursor_cell());
    const int row = static_cast<int>(static_cast<unsigned>(at) / kColumns);
    row_.read(grid, row);
    const int unit = unit_of(at - row * kColumns);
    const int left = x + row_.visual_column(unit) * cell_width_;
    const int top = y + row * height;
    constexpr TextStyle<bool> kInverse{kLitOnDark.background, kLitOnDark.foreground};
    surface.fill_rect(left, top, row_.width(unit) * cell_width_, height, kInverse.background);
    draw_unit(grid, chain, surface, row, unit, left, top, kInverse);
  }

 private:
  int shown_row() const noexcept { return static_cast<int>(static_cast<unsigned>(shown_cell_) / kColumns); }

  // The unit of row_ that covers logical column `column`.
  int unit_of(int column) const noexcept {
    int unit = 0;
    while (unit + 1 < row_.size() && row_.first_column(unit + 1) <= column) ++unit;
    return unit;
  }

  // Marks the cells whose cursor state changed since the last flush.
  template <typename Grid>
  void follow_cursor(Grid& grid) noexcept {
    const bool visible = grid.cursor_visible();
    const int at = grid.cursor_cell();
    if (cursor_shown_ == visible && (!visible || shown_cell_ == at)) return;
    if (cursor_shown_) {
      for (int i = grid.lead_of(shown_cell_); i < grid.end_of(shown_cell_); ++i) grid.set_dirty(i);
    }
    if (visible) {
      for (int i = grid.lead_of(at); i < grid.end_of(at); ++i) grid.set_dirty(i);
    }
    shown_cell_ = static_cast<std::uint16_t>(at);
    cursor_shown_ = visible;
  }

  // Widens [first, end) to the columns a changed row needs redrawn: its
  // changed units in logical order, all of it in visual order.
  template <typename Grid>
  static void dirty_range(const Grid& grid, int row, int& first, int& end) noexcept {
    if (!grid.row_dirty(row)) return;
    const int line = row * kColumns;
    for (int column = 0; column < kColumns; ++column) {
      if (kOrder == RowOrder::kLogical && !grid.is_dirty(line + column)) continue;
      const int from = grid.lead_of(line + column) - line;
      const int to = grid.end_of(line + column) - line;
      if (from < first) first = from;
      if (to > end) end = to;
    }
  }

  // Draws every unit of row `row` (the grid's origin at (x, y)).
  template <typename Grid, typename Surface>
  void draw_row(const Grid& grid, const FontChain& chain, Surface& surface, int row, int x, int y,
                const TextStyle<bool>& style) noexcept {
    row_.read(grid, row);
    int column = 0;
    for (int k = 0; k < row_.size(); ++k) {
      const int unit = row_.unit_at(k);
      draw_unit(grid, chain, surface, row, unit, x + column * cell_width_, y + row * grid.line_height(), style);
      column += row_.width(unit);
    }
  }

  // Draws unit `unit` of row_ (row `row` of `grid`) with its pen at (left,
  // top), clipped to its cells: its code point as row_ shows it and the
  // parts the grid keeps over it, as draw_cluster() draws them.
  template <typename Grid, typename Surface>
  void draw_unit(const Grid& grid, const FontChain& chain, Surface& surface, int row, int unit, int left, int top,
                 const TextStyle<bool>& style) const noexcept {
    char32_t code_points[1 + Grid::kMaxCellMarks] = {};
    code_points[0] = row_.shown(unit, grid.fonts());
    if (code_points[0] == 0) return;
    std::size_t count = 1;
    const int column = row_.first_column(unit);
    for (int n = 0; n < Grid::kMaxCellMarks; ++n) {
      const char32_t mark = grid.mark_of(column, row, n);
      if (mark == 0) break;
      code_points[count++] = mark;
    }
    if (count == 1 && code_points[0] == U' ') return;  // blank: the background is drawn already
    const ClusterLook look = look_of_cluster(chain, code_points, count);
    const Clip clip = clip_of(Rect{left, top, row_.width(unit) * cell_width_, grid.line_height()});
    draw_cluster(surface, look, left, top, clip, style);
  }

  // Inverts the cursor's cells in a strip that holds its row (row_ read).
  template <typename Grid>
  void invert_cursor(const Grid& grid, PageStrip& surface) const noexcept {
    const int at = grid.lead_of(shown_cell_);
    const int row = shown_row();
    const int unit = unit_of(at - row * kColumns);
    const int top = row * grid.line_height() - surface.y();  // the cursor's rows, relative to the page
    const int bottom = top + grid.line_height();
    if (bottom <= 0 || top >= 8) return;
    const auto rows = static_cast<std::uint8_t>((0xFFu << (top < 0 ? 0 : top)) & (0xFFu >> (bottom > 8 ? 0 : 8 - bottom)));
    const int left = row_.visual_column(unit) * cell_width_ - surface.x();
    const int right = left + row_.width(unit) * cell_width_;
    std::uint8_t* const strip = surface.data();
    for (int column = left < 0 ? 0 : left; column < right && column < surface.width(); ++column) {
      strip[column] = static_cast<std::uint8_t>(strip[column] ^ rows);
    }
  }

  RowView<kColumns, kOrder> row_;  // the row being drawn
  std::uint16_t shown_cell_ = 0;   // where the last flush drew the cursor
  bool cursor_shown_ = false;
  bool panel_unknown_ = true;      // the next flush sends the whole panel, margins too
  std::uint8_t cell_width_;
};

/// Cells with Unicode's rules for a Terminal: grapheme-cluster units
/// (kClusters) and rows in `kOrder` (see the file comment).
template <bool kClusters, RowOrder kOrder>
struct UnicodeCells {
  template <int kColumns, int kRows, int kMarkSlots>
  using Grid = utf8mcu::detail::ConditionalT<kClusters, ClusterGrid<kColumns, kRows, kMarkSlots>,
                                  CellGrid<kColumns, kRows, kMarkSlots>>;
  template <int kColumns>
  using Renderer = UnicodeRenderer<kColumns, kOrder>;
};

/// Grapheme-cluster units, rows left to right.
using GraphemeCells = UnicodeCells<true, RowOrder::kLogical>;
/// Grapheme-cluster units, rows in visual order by P2-P3.
using BidiCells = UnicodeCells<true, RowOrder::kVisual>;

/// A Terminal with both opt-ins: grapheme-cluster units, rows in visual
/// order (direction by P2-P3 of each row), the escape parser.
template <int kColumns, int kRows, int kMarkSlots = 2, typename Escapes = EscapeParser>
using UnicodeTerminal = Terminal<kColumns, kRows, kMarkSlots, Escapes, BidiCells>;

}  // namespace utf8mcu::display
