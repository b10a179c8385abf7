#pragma once
/// @file
/// A scrolling text console for small panels, fed by bytes (UTF-8, or
/// ISO-8859-1 after `ESC % @`) or by code points, kept as a grid of cells and
/// sent to a panel in page strips: only the cells that changed since the last
/// flush go over the bus, and no framebuffer is needed.
///
/// In parts, as u8log keeps its text apart from its renderers:
///   - terminal_escape.h  the escape parser (EscapeParser), or none
///                        (NoEscapes: a PlainConsole handles CR, LF, BS, TAB,
///                        FF and UTF-8 only, in less flash and RAM);
///   - layout.h           the layout stage TextBox uses too: controls, units,
///                        glyphs through a FontChain;
///   - terminal_grid.h    the cell grid (CellGrid): units, marks, cursor,
///                        dirty bits;
///   - terminal_render.h  the renderer (GridRenderer): draw() and flush(),
///                        through page strips (page_strip.h).
///
///     // kFont5x8: utf8mcu_display_add_font(my_font SOURCE 5x8 SYMBOL kFont5x8 ...)
///     Terminal<21, 8> console(kFont5x8, 6);          // 21 x 8 cells of 6 x 8 pixels
///     std::uint8_t strip[128];                       // one page of 8 rows
///     Ssd1306 panel(bus, kSsd1306_128x64);
///     PanelStatus status = panel.init();
///     console.write(byte_from_uart);                 // as bytes arrive
///     if (status == PanelStatus::kOk)                // when idle
///       status = console.flush(panel, strip, sizeof(strip));
///
/// Cells follow the font: cell_width() x line_height() pixels, the font's
/// narrow advance (or a wider pitch given to the constructor, e.g. 5x8 glyphs
/// in 6-pixel cells) by its line height. The default font is Unifont (8 x 16).
/// A FontChain gives fallback fonts (the first font's cell, the chain's line;
/// the hex box after the last font).
///
/// Layout: a unit takes as many cells as its character's pen advance needs:
/// 1 for a narrow glyph, 2 for a wide glyph, 2 or more for a hex box
/// (render.h: 16 pixels in lines of 16 rows, 20 or 28 in shorter ones); a
/// combining mark joins the unit before the cursor (up to
/// CellGrid::kMaxCellMarks of them), an invisible code point draws nothing.
/// A character that does not fit the rest of the line goes whole to the
/// next one (no glyph is ever split); writing the last column leaves
/// the cursor after it, and the line wraps only when the next character comes
/// (so a full line followed by CR LF makes no empty line). Moving down from
/// the last line scrolls: the top line goes, a blank line comes in at the
/// bottom.
///
/// Controls, as layout.h gives them one meaning (docs/display.md lists them
/// with the escape sequences):
///   - LF, VT, NEL (U+0085), U+2028, U+2029: to the start of the next line
///     (a serial console's LF; CR LF is one line break);
///   - CR: to column 0; BS: one unit left, nothing erased; TAB: to the
///     next multiple of 8 columns (at most the last column); FF: a new
///     page: clear, home;
///   - with the escape parser, ESC and CSI (`ESC [`, or U+009B) sequences
///     are consumed, never drawn; `ESC % G` selects UTF-8 and `ESC % @` ISO-8859-1 (each byte is one
///     character) for write(); CSI H/f (cursor position), J (erase in display),
///     K (erase in line), A/B/C/D (cursor moves), `CSI ? 25 h` / `l` (show or
///     hide the cursor) and ESC c (reset) act;
///   - every other C0/C1 control and DEL is drawn as a hex box, like any code
///     point without a glyph (render.h).
///
/// Cursor: hidden until set_cursor_visible(true) or `CSI ? 25 h`; shown as
/// the inverse of the cell the next character goes to (the last column while
/// a full line waits to wrap). flush() redraws the cell it left and the cell
/// it reached, nothing else.
///
/// RAM: 2 bytes per cell (terminal_grid.h), kMarkSlots combining marks of 4
/// bytes, one dirty bit per row, and a fixed part of font pointers, decoder,
/// escape and cursor state (docs/display.md gives sizeof for common sizes),
/// plus the strip the caller passes to flush().
/// No heap, no virtual calls.
///
/// Unicode's rules are opt-ins (terminal_unicode.h, with utf8mcu::text): units
/// that are grapheme clusters, backspace and cursor moves by cluster, and rows
/// shown in visual (bidi) order. They are the Cells parameter; the default,
/// CharacterCells, is the console described here. PageCells (below) is the
/// same console for one font in lines of one panel page, in less flash.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/default_font.h"
#include "utf8mcu/display/font.h"
#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/render.h"
#include "utf8mcu/display/terminal_escape.h"
#include "utf8mcu/display/terminal_grid.h"
#include "utf8mcu/display/terminal_render.h"

namespace utf8mcu::display {

/// The Terminal's default cells: a unit is a character and the combining
/// marks after it (CellGrid), rows are drawn left to right (GridRenderer).
/// terminal_unicode.h has the others.
struct CharacterCells {
  template <int kColumns, int kRows, int kMarkSlots>
  using Grid = CellGrid<kColumns, kRows, kMarkSlots>;
  template <int kColumns>
  using Renderer = GridRenderer;
};

/// Cells for the common small console: one font (no FontChain) in lines of
/// one panel page, 8 rows (e.g. misc-fixed 5x8 or a 6x8 font on an
/// SSD1306). The same text, controls, marks, hex boxes and cursor as
/// CharacterCells, in less flash: the renderer writes each line into its
/// own page only, and glyph lookups know there is one font. A font of fewer
/// rows is drawn from the page's top row; rows of a taller font past the
/// 8th are not drawn (a hex box is 7 rows and always fits).
struct PageCells {
  template <int kColumns, int kRows, int kMarkSlots>
  using Grid = CellGrid<kColumns, kRows, kMarkSlots, true>;
  template <int kColumns>
  using Renderer = BasicGridRenderer<true>;
};

/// Scrolling console of kColumns x kRows cells (see the file comment).
/// kMarkSlots: how many combining marks the cells may hold at once; a mark
/// that finds no free slot is drawn over a blank cell of its own, so none is
/// lost. Escapes: EscapeParser, or NoEscapes for a plain console. Cells:
/// CharacterCells, or a Unicode opt-in of terminal_unicode.h.
template <int kColumns, int kRows, int kMarkSlots = 2, typename Escapes = EscapeParser,
          typename Cells = CharacterCells>
class Terminal {
  using Grid = typename Cells::template Grid<kColumns, kRows, kMarkSlots>;
  using Renderer = typename Cells::template Renderer<kColumns>;

 public:
  static constexpr int kColumnCount = kColumns;
  static constexpr int kRowCount = kRows;
  static constexpr int kCellCount = kColumns * kRows;
  /// Longest string sequence (OSC, DCS, ...) consumed before it is ended
  /// without its terminator, so that a stray `ESC ]` cannot hide text forever.
  static constexpr std::uint16_t kMaxStringSequence = EscapeParser::kMaxStringSequence;
  /// Glyphs of the fonts a cell can name (ordinals 0 .. kMaxGlyphs - 1); a
  /// glyph past them is drawn as a hex box.
  static constexpr std::uint32_t kMaxGlyphs = Grid::kMaxGlyphs;
  /// Most combining marks over one cell's character.
  static constexpr int kMaxCellMarks = Grid::kMaxCellMarks;
  /// False for a plain console (NoEscapes).
  static constexpr bool kEscapeSequences = Escapes::kEnabled;

  /// A blank console in UTF-8 mode, cursor hidden, cells of `cell_width`
  /// pixels (at least the font's cell_width, which 0 selects) by the font's
  /// line height; every cell is dirty, so the first flush draws the whole grid.
  explicit Terminal(const Font& font = kDefaultFont, int cell_width = 0) noexcept
      : grid_(font, nullptr), renderer_(pitch(font.cell_width, cell_width)) {}

  /// The same with a fallback chain: cells of the first font's width (or
  /// `cell_width`), lines of the chain's height, each character in the first
  /// font that has it, else a hex box. The chain is kept by address: it must
  /// outlive the terminal (a `constexpr` or static FontChain does).
  explicit Terminal(const FontChain& fonts, int cell_width = 0) noexcept
      : grid_(fonts.font(0), &fonts), renderer_(pitch(fonts.cell_width(), cell_width)) {
    static_assert(!Grid::kPageLineCells, "PageCells take one Font, not a FontChain");
  }
  Terminal(const FontChain&& fonts, int cell_width = 0) = delete;  // would keep a temporary's address

  /// Pixels per cell across (see the constructor) and down (the line
  /// height, 1 to kMaxLineHeight).
  int cell_width() const noexcept { return renderer_.cell_width(); }
  int line_height() const noexcept { return grid_.line_height(); }
  /// Pixel size of the whole grid.
  int pixel_width() const noexcept { return kColumns * cell_width(); }
  int pixel_height() const noexcept { return kRows * line_height(); }

  /// Byte input: decoded as UTF-8 (strict; ill-formed parts become U+FFFD), or
  /// taken as ISO-8859-1 after `ESC % @`. Cost per byte: the decoder's step,
  /// and for each character put()'s.
  void write(std::uint8_t byte) noexcept {
    if (escapes_.latin1()) {
      put(static_cast<char32_t>(byte));
      return;
    }
    decoder_.push(byte, [this](char32_t code_point) { put(code_point); });
  }

  /// write() for each of `size` bytes. Without the escape parser (no
  /// charset switch can come inside the bytes) one span push of the
  /// decoder: the same code points, in less code than the byte step.
  void write(const std::uint8_t* data, std::size_t size) noexcept {
    if (data == nullptr) return;
    if constexpr (!Escapes::kEnabled) {
      (void)decoder_.push(data, size, [this](char32_t code_point) { put(code_point); });
      return;
    }
    for (std::size_t i = 0; i < size; ++i) write(data[i]);
  }

  /// Ends the byte stream: an unfinished UTF-8 sequence becomes U+FFFD.
  void finish() noexcept {
    decoder_.finish([this](char32_t code_point) { put(code_point); });
  }

  /// True after `ESC % @` (bytes are ISO-8859-1) until `ESC % G` or ESC c.
  [[nodiscard]] bool latin1() const noexcept { return escapes_.latin1(); }

  /// Code point sink (for a decoder of the caller's own).
  void operator()(char32_t code_point) noexcept { put(code_point); }

  /// Lays out one code point: part of an escape sequence (if the console has
  /// the parser), a control (layout.h), or text. Cost: a glyph lookup per
  /// font tried for a character; a scroll moves kCellCount cells.
  void put(char32_t code_point) noexcept {
    if (escapes_.take(code_point, grid_)) return;
    switch (control_of(code_point)) {
      case Control::kLineBreak:
        grid_.new_line();
        return;
      case Control::kCarriageReturn:
        grid_.carriage_return();
        return;
      case Control::kBackspace:
        grid_.back_space();
        return;
      case Control::kTab:
        grid_.tab();
        return;
      case Control::kFormFeed:
        grid_.clear();
        return;
      case Control::kNone:
      case Control::kSpace:
      case Control::kZeroWidthSpace:
        break;  // text; SPACE is a blank unit, ZERO WIDTH SPACE draws nothing
    }
    grid_.put_text(code_point, renderer_.cell_width());
  }

  /// Blanks every cell and moves the cursor home.
  void clear() noexcept { grid_.clear(); }

  /// Where the next character goes.
  [[nodiscard]] TerminalCursor cursor() const noexcept { return grid_.cursor(); }

  /// Shows or hides the cursor (from the next flush on).
  void set_cursor_visible(bool visible) noexcept { grid_.set_cursor_visible(visible); }
  [[nodiscard]] bool cursor_visible() const noexcept { return grid_.cursor_visible(); }

  /// The code point in a cell: U+0020 when blank (or when it holds only a
  /// combining mark), 0 for the other cells of a character wider than one
  /// cell, and 0 outside the grid. Cost: a search over the fonts' runs.
  [[nodiscard]] char32_t cell(int column, int row) const noexcept { return grid_.cell(column, row); }

  /// Combining mark `n` (0 .. kMaxCellMarks - 1, in the order they came)
  /// drawn over a cell's character (0 if none).
  [[nodiscard]] char32_t mark_of(int column, int row, int n = 0) const noexcept { return grid_.mark_of(column, row, n); }

  /// True if some cell changed since the last successful flush().
  [[nodiscard]] bool dirty() const noexcept { return grid_.dirty(); }

  /// Makes the next flush() send every cell (e.g. after the panel was reset).
  void invalidate() noexcept {
    for (int i = 0; i < kCellCount; ++i) grid_.set_dirty(i);
    renderer_.forget_panel();
  }

  /// Sends the changed cells to `panel` (a driver, see panel.h), page by page
  /// through page strips (page_strip.h): for each page of 8 rows, the
  /// columns from the first to the last changed cell are rendered into
  /// `strip` and written with panel.write_page(); a strip narrower than that
  /// range is used several times. Cells outside the panel are skipped. A
  /// moved cursor changes the cell it left and the cell it reached. Returns
  /// the first failing status (the cells stay dirty, so the next flush sends
  /// them again), kOk otherwise, or kBusError if `strip` is null or smaller
  /// than 2 bytes. Cost: a glyph render per changed cell per page it covers,
  /// plus the driver's bytes (a 6 x 8 cell on a page-aligned line: 1 page of
  /// 6 columns).
  template <typename Panel>
  [[nodiscard]] PanelStatus flush(Panel& panel, std::uint8_t* strip, std::size_t strip_size) noexcept {
    return renderer_.flush(grid_, panel, strip, strip_size);
  }

  /// Draws the whole grid on `surface` with its top-left corner at (x, y)
  /// (e.g. into a full framebuffer, for a screenshot), the cursor too if it
  /// is visible. Any origin (clamped to +-kMaxCoordinate). Leaves cells dirty.
  template <typename Surface>
  void draw(Surface& surface, int x, int y) noexcept {
    renderer_.draw(grid_, surface, x, y);
  }

 private:
  static constexpr int pitch(int font_cell_width, int cell_width) noexcept {
    return cell_width > font_cell_width ? cell_width : font_cell_width;
  }

  Decoder decoder_;
  Grid grid_;
  Escapes escapes_;
  Renderer renderer_;
};

/// A plain console: CR, LF, BS, TAB, FF and UTF-8 only, no escape parser
/// (ESC is drawn as a hex box); less flash, and no escape state in RAM.
template <int kColumns, int kRows, int kMarkSlots = 2>
using PlainConsole = Terminal<kColumns, kRows, kMarkSlots, NoEscapes>;

}  // namespace utf8mcu::display
