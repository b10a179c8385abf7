#pragma once
/// @file
/// The Terminal's renderer: draws a CellGrid (terminal_grid.h) on any
/// surface, and sends its changed cells to a panel through page strips
/// (page_strip.h, the road TextBox and framebuffers take too). It keeps the
/// cell width and what the panel shows of the cursor: 4 bytes.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/page_strip.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/render.h"
#include "utf8mcu/internal/divide.h"

namespace utf8mcu::display {

namespace detail {
/// The page loop of the grid renderers' flush(): for each page of 8 rows
/// that the panel shows of a kColumns x kRows grid of `cell_width` x
/// `height` pixels (the whole panel, margins too, when `whole`), the grid
/// rows it covers, the columns of their changed cells (`widen(row, first,
/// end)` widens [first, end), in cells) and one send_page() of those
/// columns, which calls `draw(surface, first_row, last_row)`. Returns the
/// first failing status, or kOk. kStepRows: the rows of each page are
/// stepped from the page before rather than divided (for a core without a
/// divide instruction whose image has no division routine).
template <int kColumns, int kRows, bool kStepRows = utf8mcu::detail::kSoftwareDivide, typename Panel, typename Widen, typename Draw>
[[gnu::always_inline]] inline PanelStatus flush_pages(Panel& panel, std::uint8_t* strip, std::size_t strip_size,
                                                      int cell_width, int height, bool whole, Widen&& widen,
                                                      Draw&& draw) noexcept {
  const int pixel_width = kColumns * cell_width;
  const int panel_width = whole || panel.width() < pixel_width ? panel.width() : pixel_width;
  const int panel_height = whole || panel.height() < kRows * height ? panel.height() : kRows * height;
  int first_row = 0;
  for (int page = 0; page * 8 < panel_height; ++page) {
    // The rows the page covers, divided or stepped (kStepRows).
    int below = 0;  // the row of the page's last pixel row
    if constexpr (kStepRows) {
      while ((first_row + 1) * height <= page * 8) ++first_row;
      for (below = first_row; (below + 1) * height < page * 8 + 8;) ++below;
    } else {
      const auto rows = static_cast<std::uint32_t>(height);
      first_row = static_cast<int>(static_cast<std::uint32_t>(page * 8) / rows);
      below = static_cast<int>(static_cast<std::uint32_t>(page * 8 + 7) / rows);
    }
    const int last_row = below < kRows ? below : kRows - 1;
    int first_column = whole ? 0 : kColumns;
    int end_column = 0;
    for (int row = first_row; row <= last_row; ++row) widen(row, first_column, end_column);
    const int x_end = whole || end_column * cell_width > panel_width ? panel_width : end_column * cell_width;
    const PanelStatus status = send_page(panel, strip, strip_size, page, first_column * cell_width, x_end,
                                         [&](PageStrip& surface) { draw(surface, first_row, last_row); });
    if (status != PanelStatus::kOk) return status;
  }
  return PanelStatus::kOk;
}
}  // namespace detail

/// Draws a grid in cells of cell_width() pixels (see the file comment);
/// kPageLines: the grid's lines are panel pages (PageCells, terminal.h), so
/// a page holds one line and a cell's ink needs no shift across pages.
template <bool kPageLines>
class BasicGridRenderer {
 public:
  /// Cells of `cell_width` pixels across (1 to 255; clamped).
  explicit constexpr BasicGridRenderer(int cell_width) noexcept
      : cell_width_(static_cast<std::uint8_t>(cell_width < 1 ? 1 : (cell_width > 255 ? 255 : cell_width))) {}

  constexpr int cell_width() const noexcept { return cell_width_; }

  /// Makes the next flush() send the whole panel, margins too.
  void forget_panel() noexcept { flags_ = static_cast<std::uint8_t>(flags_ | kPanelUnknown); }

  /// Sends the changed cells of `grid` to `panel` (Terminal::flush() says how).
  template <typename Grid, typename Panel>
  [[nodiscard]] PanelStatus flush(Grid& grid, Panel& panel, std::uint8_t* strip, std::size_t strip_size) noexcept {
    const int cell_width = cell_width_;
    constexpr int kColumns = Grid::kColumnCount;
    constexpr int kRows = Grid::kRowCount;
    if (strip == nullptr || strip_size < 2) return PanelStatus::kBusError;
    follow_cursor(grid);
    // Page lines: the page is the row, whatever the core (the division by
    // 8 is a shift).
    const PanelStatus status = detail::flush_pages<kColumns, kRows, !kPageLines && utf8mcu::detail::kSoftwareDivide>(
        panel, strip, strip_size, cell_width, kPageLines ? 8 : grid.line_height(), (flags_ & kPanelUnknown) != 0,
        [&](int row, int& first, int& end) { dirty_range(grid, row, first, end); },
        [&](PageStrip& surface, int first_row, int last_row) {
          render_strip(grid, cell_width, surface, first_row, last_row);
        });
    if (status != PanelStatus::kOk) return status;
    flags_ = static_cast<std::uint8_t>(flags_ & ~kPanelUnknown);
    grid.mark_clean();
    return PanelStatus::kOk;
  }

  /// Draws the whole grid on `surface` with its top-left corner at (x, y),
  /// the cursor too if it is visible. Any origin: it is clamped to
  /// +-kMaxCoordinate first, so no sum overflows.
  template <typename Grid, typename Surface>
  void draw(const Grid& grid, Surface& surface, int x, int y) const noexcept {
    const int cell_width = cell_width_;
    constexpr int kColumns = Grid::kColumnCount;
    x = detail::clamp_coordinate(x);
    y = detail::clamp_coordinate(y);
    const int height = grid.line_height();
    surface.fill_rect(x, y, kColumns * cell_width, Grid::kRowCount * height, kLitOnDark.background);
    for (int row = 0; row < Grid::kRowCount; ++row) {
      for (int column = 0; column < kColumns; ++column) draw_cell(grid, cell_width, surface, column, row, x, y, kLitOnDark);
    }
    if (!grid.cursor_visible()) return;
    const int at = grid.lead_of(grid.cursor_cell());
    const int column = at % kColumns;
    const int row = at / kColumns;
    constexpr TextStyle<bool> kInverse{kLitOnDark.background, kLitOnDark.foreground};
    surface.fill_rect(x + column * cell_width, y + row * height, (grid.end_of(at) - at) * cell_width, height,
                      kInverse.background);
    draw_cell(grid, cell_width, surface, column, row, x, y, kInverse);
  }

 private:
  static constexpr std::uint8_t kCursorShown = 1u << 0;   // the last flush drew it at shown_cell_
  static constexpr std::uint8_t kPanelUnknown = 1u << 1;  // the next flush sends the whole panel, margins too

  // Marks the cells whose cursor state changed since the last flush.
  template <typename Grid>
  void follow_cursor(Grid& grid) noexcept {
    const bool shown = (flags_ & kCursorShown) != 0;
    const bool visible = grid.cursor_visible();
    const int at = grid.cursor_cell();
    if (shown == visible && (!visible || shown_cell_ == at)) return;
    if (shown) dirty_character(grid, shown_cell_);
    if (visible) dirty_character(grid, at);
    shown_cell_ = static_cast<std::uint16_t>(at);
    flags_ = static_cast<std::uint8_t>(visible ? (flags_ | kCursorShown) : (flags_ & ~kCursorShown));
  }

  // Marks the cells of the character that covers cell `i` dirty: one body
  // for the cursor's old and new place.
  template <typename Grid>
  static void dirty_character(Grid& grid, int i) noexcept {
    for (int cell = grid.lead_of(i); cell < grid.end_of(i); ++cell) grid.set_dirty(cell);
  }

  // Widens [first, end) to the dirty cells of `row`, whole characters included.
  template <typename Grid>
  static void dirty_range(const Grid& grid, int row, int& first, int& end) noexcept {
    if (!grid.row_dirty(row)) return;
    const int line = row * Grid::kColumnCount;
    for (int column = 0; column < Grid::kColumnCount; ++column) {
      if (!grid.is_dirty(line + column)) continue;
      const int from = grid.lead_of(line + column) - line;
      const int to = grid.end_of(line + column) - line;
      if (from < first) first = from;
      if (to > end) end = to;
    }
  }

  // Renders the cells of rows [first_row, last_row] that the strip covers;
  // the cursor's cells inverted. Not inlined: inside flush()'s callback it
  // would take send_page() out of line with it, for more code in all.
  template <typename Grid>
  [[gnu::noinline]] void render_strip(const Grid& grid, int cell_width, PageStrip& surface, int first_row,
                                      int last_row) const noexcept {
    constexpr int kColumns = Grid::kColumnCount;
    // Unsigned divisions (x >= 0) through divide(): no division routine is
    // linked on cores without a divide instruction.
    const int x = surface.x();
    const auto width = static_cast<std::uint32_t>(cell_width);
    const auto strip_end = static_cast<std::uint32_t>(x + surface.width() - 1);
    const int last_column = static_cast<int>(utf8mcu::detail::divide(strip_end, width));
    const int from_column = static_cast<int>(utf8mcu::detail::divide(static_cast<std::uint32_t>(x), width));
    const int first_column = from_column < kColumns ? from_column : kColumns - 1;
    const int cursor = (flags_ & kCursorShown) != 0 ? grid.lead_of(shown_cell_) : -1;
    for (int row = first_row; row <= last_row; ++row) {
      const int line = row * kColumns;
      for (int column = grid.lead_of(line + first_column) - line; column <= last_column && column < kColumns; ++column) {
        strip_cell(grid, cell_width, surface, column, row, cursor);
      }
    }
  }

  // Cell (column, row) into a page strip the renderer cleared: the ink of
  // its character (glyph or hex box) and of the marks over it, ORed into the
  // strip bytes, clipped to the cell, and inverted if it is `cursor` (the
  // cursor's first cell, or -1). The same pixels as draw_cell() on a
  // cleared surface, without the generic clipping of draw_glyph(): a cell
  // in a strip needs only its columns and its line's rows of the page.
  template <typename Grid>
  static void strip_cell(const Grid& grid, int cell_width, PageStrip& surface, int column, int row,
                         int cursor) noexcept {
    const int i = row * Grid::kColumnCount + column;
    if (grid.continuation(i)) return;
    const std::uint16_t value = grid.content(i);
    const std::uint16_t mark = grid.mark_at(i);
    if (value == 0 && mark == 0 && i != cursor) return;  // blank: the strip is cleared already
    const int height = kPageLines ? 8 : grid.line_height();
    const int left = column * cell_width - surface.x();  // the cell in strip columns
    const int right = left + (grid.end_of(i) - i) * cell_width;
    // The line's top row, from the page's: 0 for page lines, which the
    // renderer draws only into their own page.
    const int down = kPageLines ? 0 : row * height - surface.y();
    // The line's rows within the page's 8 (none when it misses the page).
    const int bottom = down + height;
    const std::uint32_t from_top = down <= 0 ? 0xFFu : (down >= 8 ? 0u : (0xFFu << down) & 0xFFu);
    const std::uint32_t to_bottom = bottom >= 8 ? 0xFFu : (bottom <= 0 ? 0u : 0xFFu >> (8 - bottom));
    const auto line_rows = static_cast<std::uint8_t>(from_top & to_bottom);
    if (line_rows == 0) return;
    const InkTarget target{surface.data(), left < 0 ? 0 : left, right < surface.width() ? right : surface.width(), down,
                           line_rows};
    const auto fonts = grid.fonts();
    int advance = grid.font_cell_width();  // a mark over a blank sits where a narrow character would be
    // The character (n == 0: a glyph, or a hex box drawn column by column
    // without packing it as a glyph), then its marks: one loop, so that ink
    // is drawn in one place.
    const bool hex_box = Grid::is_hex_box(value);
    const char32_t code_point = hex_box ? grid.hex_box_code_point(i) : 0;
    std::uint16_t ordinal = value;
    for (int n = 0;; ++n) {
      if (ordinal != 0) {
        const bool box = n == 0 && hex_box;
        Glyph glyph;  // none found: no columns
        if (box) {
          const HexBoxShape shape = hex_box_shape(code_point, height, fonts.baseline());
          glyph.width = shape.width;
          glyph.top = shape.top;
          glyph.advance = shape.advance;
        } else {
          glyph = grid.glyph_of(ordinal - 1u);
        }
        // A mark (or a character that advances 0) sits after the character.
        const bool over = n > 0 || glyph.advance == 0;
        const int pen = (over ? left + advance : left) + glyph.x_offset;
        if (!over) advance = glyph.advance;
        InkColumns ink(glyph);
        for (int c = 0; c < glyph.width; ++c) {
          or_column(target, pen + c, box ? hex_box_column(code_point, height, c) : ink.take(), glyph.top);
        }
      }
      if (n == Grid::kMaxCellMarks) break;
      ordinal = n == 0 ? mark : grid.mark_at(i, n);
      if (ordinal == 0) break;
    }
    if (i != cursor) return;
    // The cursor: the drawn cell inverted in place, which needs no second
    // style of drawing (no other cell draws into its columns).
    for (int x = target.first; x < target.end; ++x) {
      target.strip[x] = static_cast<std::uint8_t>(target.strip[x] ^ line_rows);
    }
  }

  // Where strip_cell() draws: strip columns [first, end) and `rows` of the page
  // byte; `down` is the line's top row from the page's.
  struct InkTarget {
    std::uint8_t* strip;
    int first;
    int end;
    int down;
    std::uint8_t rows;
  };

  // ORs one ink column (bit r = row `top` + r of the line) into strip column
  // `x` of the target, if the target has it.
  static void or_column(const InkTarget& target, int x, std::uint32_t bits, int top) noexcept {
    if (x < target.first || x >= target.end) return;
    const int shift = target.down + top;  // the ink's top row from the page's: -50 .. 31
    const std::uint32_t rows = shift >= 0 ? bits << shift : (shift > -32 ? bits >> -shift : 0u);
    target.strip[x] = static_cast<std::uint8_t>(target.strip[x] | (rows & target.rows));
  }

  // Draws cell (column, row) in `style` with the grid's origin at (x, y) of
  // `surface`, clipped to the cell (all cells of a wider character): its
  // character (glyph or hex box) and the marks over it.
  template <typename Grid, typename Surface>
  static void draw_cell(const Grid& grid, int cell_width, Surface& surface, int column, int row, int x, int y,
                        const TextStyle<bool>& style) noexcept {
    const int i = row * Grid::kColumnCount + column;
    if (grid.continuation(i)) return;
    const std::uint16_t value = grid.content(i);
    const std::uint16_t mark = grid.mark_at(i);
    if (value == 0 && mark == 0) return;  // the background is drawn already
    const int height = grid.line_height();
    const int left = x + column * cell_width;
    const int top = y + row * height;
    const Clip clip = clip_of(Rect{left, top, (grid.end_of(i) - i) * cell_width, height});
    const auto fonts = grid.fonts();
    int advance = grid.font_cell_width();  // a mark over a blank sits where a narrow character would be
    if (Grid::is_hex_box(value)) {
      const HexBox box = make_hex_box(grid.hex_box_code_point(i), height, fonts.baseline());
      draw_glyph(surface, box.glyph(), left, top, clip, style, false);
      advance = box.advance;
    } else if (value != 0) {
      const Glyph glyph = grid.glyph_of(value - 1u);
      const bool alone = glyph.advance == 0;
      draw_glyph(surface, glyph, alone ? left + advance : left, top, clip, style, alone);
      if (!alone) advance = glyph.advance;
    }
    for (int n = 0; n < Grid::kMaxCellMarks; ++n) {
      const std::uint16_t over = n == 0 ? mark : grid.mark_at(i, n);
      if (over == 0) break;
      draw_glyph(surface, grid.glyph_of(over - 1u), left + advance, top, clip, style, true);
    }
  }

  std::uint16_t shown_cell_ = 0;  // where the last flush drew the cursor (kCursorShown)
  std::uint8_t flags_ = kPanelUnknown;
  std::uint8_t cell_width_;
};

/// The renderer of a Terminal's default cells (CharacterCells).
using GridRenderer = BasicGridRenderer<false>;

}  // namespace utf8mcu::display
