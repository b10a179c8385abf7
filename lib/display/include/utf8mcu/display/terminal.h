#pragma once
/// @file
/// A scrolling text console for small panels, fed by bytes (UTF-8, or
/// ISO-8859-1 after `ESC % @`) or by code points, kept as a grid of cells and
/// sent to a panel in page strips: only the cells that changed since the last
/// flush go over the bus, and no framebuffer is needed.
///
///     Terminal<16, 4> console;                       // 16 x 4 cells of 8 x 16 pixels
///     std::uint8_t strip[128];                       // one page of 8 rows
///     Ssd1306 panel(bus, kSsd1306_128x64);
///     panel.init();
///     console.write(byte_from_uart);                 // as bytes arrive
///     console.flush(panel, strip, sizeof(strip));    // when idle
///
/// Cells are Unifont's, kCellWidth x kGlyphHeight (8 x 16) pixels; a font of
/// another geometry is drawn in those cells, clipped to them.
///
/// Layout: a character takes as many cells as its pen advance (render.h): 1
/// for a narrow glyph, 2 for a wide glyph or a hex box, 0 for a combining mark
/// (kept on the cell before the cursor) or an invisible code point (nothing).
/// A character that does not fit the rest of the line goes whole to the next
/// one (no glyph is ever split); writing the last column leaves the cursor
/// after it, and the line wraps only when the next character comes (so a full
/// line followed by CR LF makes no empty line). Moving down from the last
/// line scrolls: the top line goes, a blank line comes in at the bottom.
///
/// Controls (docs/display.md lists them with the escape sequences):
///   - LF, VT, NEL (U+0085), U+2028, U+2029: to the start of the next line
///     (a serial console's LF; CR LF is one line break);
///   - CR: to column 0; BS: one cell left, nothing erased; TAB: to the next
///     multiple of 8 columns (at most the last column); FF: clear, home;
///   - ESC and CSI (`ESC [`, or U+009B) sequences are consumed, never drawn;
///     `ESC % G` selects UTF-8 and `ESC % @` ISO-8859-1 (each byte is one
///     character) for write(); CSI H/f (cursor position), J (erase in display),
///     K (erase in line), A/B/C/D (cursor moves) and ESC c (reset) act;
///   - every other C0/C1 control and DEL is drawn as a hex box, like any code
///     point without a glyph (render.h).
///
/// RAM: 5 bytes per cell, one flag per row, and about 24 bytes (sizeof(Terminal<16, 4>) is 352 on a
/// 32-bit core), and the strip the caller passes to flush().
/// No heap, no virtual calls.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/default_font.h"
#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/render.h"

namespace utf8mcu::display {

/// Cell position of the cursor.
struct TerminalCursor {
  int column;  ///< 0 .. columns; == columns when a full line waits to wrap
  int row;     ///< 0 .. rows - 1
};

/// Scrolling console of kColumns x kRows cells of kCellWidth x kGlyphHeight
/// pixels (see the file comment).
template <int kColumns, int kRows>
class Terminal {
  static_assert(kColumns >= 1 && kColumns <= 255 && kRows >= 1 && kRows <= 255, "1 to 255 columns and rows");

 public:
  static constexpr int kCellCount = kColumns * kRows;
  /// Pixel size of the whole grid.
  static constexpr int kPixelWidth = kColumns * kCellWidth;
  static constexpr int kPixelHeight = kRows * kGlyphHeight;
  /// Longest string sequence (OSC, DCS, ...) consumed before it is ended
  /// without its terminator, so that a stray `ESC ]` cannot hide text forever.
  static constexpr std::uint16_t kMaxStringSequence = 256;

  /// A blank console in UTF-8 mode; every cell is dirty, so the first flush
  /// draws the whole grid.
  explicit Terminal(const Font& font = kDefaultFont) noexcept : font_(&font) {
    for (int i = 0; i < kCellCount; ++i) store(i, kBlank, false, 0, true);
  }

  /// Byte input: decoded as UTF-8 (strict; ill-formed parts become U+FFFD), or
  /// taken as ISO-8859-1 after `ESC % @`. Cost per byte: the decoder's step,
  /// and for each character put()'s.
  void write(std::uint8_t byte) noexcept {
    if (latin1_) {
      put(static_cast<char32_t>(byte));
      return;
    }
    decoder_.push(byte, [this](char32_t code_point) { put(code_point); });
  }

  /// write() for each of `size` bytes.
  void write(const std::uint8_t* data, std::size_t size) noexcept {
    if (data == nullptr) return;
    for (std::size_t i = 0; i < size; ++i) write(data[i]);
  }

  /// Ends the byte stream: an unfinished UTF-8 sequence becomes U+FFFD.
  void finish() noexcept {
    decoder_.finish([this](char32_t code_point) { put(code_point); });
  }

  /// True after `ESC % @` (bytes are ISO-8859-1) until `ESC % G` or ESC c.
  bool latin1() const noexcept { return latin1_; }

  /// Code point sink (for a decoder of the caller's own).
  void operator()(char32_t code_point) noexcept { put(code_point); }

  /// Lays out one code point: a character, a control, or part of an escape
  /// sequence. Cost: an appearance lookup (width and glyph) per character;
  /// a scroll moves kCellCount cells.
  void put(char32_t code_point) noexcept {
    if (state_ != State::kGround && !continue_sequence(code_point)) return;
    switch (code_point) {
      case 0x1B:
        state_ = State::kEscape;
        return;
      case 0x9B:
        start_csi();
        return;
      case U'\n':
      case 0x0B:
      case 0x85:
      case 0x2028:
      case 0x2029:
        new_line();
        return;
      case U'\r':
        column_ = 0;
        return;
      case 0x08:
        back_space();
        return;
      case U'\t':
        tab();
        return;
      case 0x0C:
        clear();
        return;
      default:
        break;
    }
    put_character(code_point);
  }

  /// Blanks every cell and moves the cursor home.
  void clear() noexcept {
    blank(0, kCellCount);
    column_ = 0;
    row_ = 0;
  }

  /// Where the next character goes.
  TerminalCursor cursor() const noexcept { return TerminalCursor{column_, row_}; }

  /// The code point in a cell: U+0020 when blank, 0 for the right half of a
  /// two-cell character, and 0 outside the grid.
  char32_t cell(int column, int row) const noexcept {
    if (!inside(column, row)) return 0;
    const int i = row * kColumns + column;
    return continuation(i) ? 0 : code_point_at(i);
  }

  /// The combining mark drawn over a cell's character (0 if none).
  char32_t mark_of(int column, int row) const noexcept {
    return inside(column, row) ? mark(row * kColumns + column) : 0;
  }

  /// True if some cell changed since the last successful flush().
  bool dirty() const noexcept {
    for (const bool row : dirty_rows_) {
      if (row) return true;
    }
    return false;
  }

  /// Makes the next flush() send every cell (e.g. after the panel was reset).
  void invalidate() noexcept {
    for (int i = 0; i < kCellCount; ++i) set_dirty(i, true);
  }

  /// Sends the changed cells to `panel` (a driver, see panel.h), page by page:
  /// for each page of 8 rows, the columns from the first to the last changed
  /// cell are rendered into `strip` and written with panel.write_page(); a
  /// strip narrower than that range is used several times. Cells outside the
  /// panel are skipped. Returns the first failing status (the cells stay
  /// dirty, so the next flush sends them again), kOk otherwise, or kBusError if
  /// `strip` is null or smaller than 2 bytes. Cost: a glyph render per
  /// changed cell per page it covers, plus the driver's bytes (a narrow cell on
  /// a 16-row line: 2 pages of 8 columns).
  template <typename Panel>
  PanelStatus flush(Panel& panel, std::uint8_t* strip, std::size_t strip_size) noexcept {
    if (strip == nullptr || strip_size < 2) return PanelStatus::kBusError;
    const int panel_width = panel.width() < kPixelWidth ? panel.width() : kPixelWidth;
    const int panel_height = panel.height() < kPixelHeight ? panel.height() : kPixelHeight;
    // Even widths: controllers with 2 pixels per byte (SSD0323) need even bounds.
    const int chunk = static_cast<int>(strip_size > 256 ? 256 : strip_size) & ~1;
    for (int page = 0; page * 8 < panel_height; ++page) {
      const int first_row = page * 8 / kGlyphHeight;
      const int last_row = (page * 8 + 7) / kGlyphHeight < kRows ? (page * 8 + 7) / kGlyphHeight : kRows - 1;
      int first_column = kColumns;
      int end_column = 0;
      for (int row = first_row; row <= last_row; ++row) dirty_range(row, first_column, end_column);
      const int x_end = end_column * kCellWidth < panel_width ? end_column * kCellWidth : panel_width;
      for (int x = first_column * kCellWidth; x < x_end; x += chunk) {
        const int width = x_end - x < chunk ? x_end - x : chunk;
        render_strip(strip, x, width, page, first_row, last_row);
        const PanelStatus status = panel.write_page(page, x, x + width, strip);
        if (status != PanelStatus::kOk) return status;
      }
    }
    for (int row = 0; row < kRows; ++row) {
      if (!dirty_rows_[row]) continue;
      for (int i = row * kColumns; i < (row + 1) * kColumns; ++i) set_dirty(i, false);
      dirty_rows_[row] = false;
    }
    return PanelStatus::kOk;
  }

  /// Draws the whole grid on `surface` with its top-left corner at (x, y)
  /// (e.g. into a full framebuffer, for a screenshot). Leaves cells dirty.
  template <typename Surface>
  void draw(Surface& surface, int x, int y) noexcept {
    surface.fill_rect(x, y, kPixelWidth, kPixelHeight, kLitOnDark.background);
    for (int row = 0; row < kRows; ++row) {
      for (int column = 0; column < kColumns; ++column) draw_cell(surface, column, row, x, y);
    }
  }

 private:
  // Cell bits, 24 bits in 3 bytes (little-endian), then the mark in 2 bytes:
  //   bits 20-0  code point
  //   bit  21    right half of a two-cell character (code point unused)
  //   bit  22    changed since the last flush
  static constexpr std::uint32_t kCodePointMask = 0x1FFFFF;
  static constexpr std::uint32_t kContinuationBit = 1u << 21;
  static constexpr std::uint32_t kDirtyBit = 1u << 22;
  static constexpr char32_t kBlank = U' ';

  struct Cell {
    std::uint8_t bits[3];
    std::uint8_t mark[2];
  };

  enum class State : std::uint8_t {
    kGround,
    kEscape,               // after ESC
    kEscapeIntermediate,   // ESC, then 20h-2Fh bytes, until a final byte
    kCharset,              // ESC %
    kCsi,                  // ESC [ or U+009B
    kString,               // OSC, DCS, SOS, PM, APC: until BEL or ST
    kStringEscape,         // ESC inside a string (ST is ESC \)
  };

  static constexpr bool inside(int column, int row) noexcept {
    return column >= 0 && column < kColumns && row >= 0 && row < kRows;
  }

  std::uint32_t bits(int i) const noexcept {
    const Cell& cell = cells_[i];
    return std::uint32_t{cell.bits[0]} | (std::uint32_t{cell.bits[1]} << 8) | (std::uint32_t{cell.bits[2]} << 16);
  }
  void set_bits(int i, std::uint32_t value) noexcept {
    Cell& cell = cells_[i];
    cell.bits[0] = static_cast<std::uint8_t>(value);
    cell.bits[1] = static_cast<std::uint8_t>(value >> 8);
    cell.bits[2] = static_cast<std::uint8_t>(value >> 16);
  }
  char32_t code_point_at(int i) const noexcept { return static_cast<char32_t>(bits(i) & kCodePointMask); }
  bool continuation(int i) const noexcept { return (bits(i) & kContinuationBit) != 0; }
  bool is_dirty(int i) const noexcept { return (bits(i) & kDirtyBit) != 0; }
  void set_dirty(int i, bool dirty) noexcept {
    set_bits(i, dirty ? (bits(i) | kDirtyBit) : (bits(i) & ~kDirtyBit));
    if (dirty) dirty_rows_[i / kColumns] = true;
  }
  char32_t mark(int i) const noexcept {
    return static_cast<char32_t>(cells_[i].mark[0] | (cells_[i].mark[1] << 8));
  }

  // Sets a cell's content; marks it dirty if the content changed (or `force`).
  void store(int i, char32_t value, bool is_continuation, char32_t mark_code_point, bool force = false) noexcept {
    const std::uint32_t content = (static_cast<std::uint32_t>(value) & kCodePointMask) |
                                  (is_continuation ? kContinuationBit : 0u);
    const std::uint32_t old = bits(i);
    const bool changed = force || (old & ~kDirtyBit) != content || mark(i) != mark_code_point;
    set_bits(i, content | ((changed || (old & kDirtyBit) != 0) ? kDirtyBit : 0u));
    if (changed) dirty_rows_[i / kColumns] = true;
    cells_[i].mark[0] = static_cast<std::uint8_t>(mark_code_point);
    cells_[i].mark[1] = static_cast<std::uint8_t>(mark_code_point >> 8);
  }

  // Blanks cells [begin, end) of the grid, and the other half of any
  // two-cell character the range cuts.
  void blank(int begin, int end) noexcept {
    if (begin >= end) return;
    if (continuation(begin) && begin % kColumns != 0) --begin;
    if (end < kCellCount && continuation(end)) ++end;
    for (int i = begin; i < end; ++i) store(i, kBlank, false, 0);
  }

  // ---- characters -----------------------------------------------------------

  void put_character(char32_t code_point) noexcept {
    const Appearance look = appearance_of(*font_, code_point);
    if (look.rendering == Rendering::kNothing) return;
    if (look.advance == 0) {
      put_mark(look);
      return;
    }
    place(look.code_point, look.advance > kCellWidth ? 2 : 1, 0);
  }

  // Puts a character of `cells` cells at the cursor, wrapping first if it does
  // not fit the rest of the line.
  void place(char32_t value, int cells, char32_t mark_code_point) noexcept {
    if (cells > kColumns) cells = kColumns;  // a 1-column grid: drawn clipped
    if (column_ + cells > kColumns) new_line();
    const int i = row_ * kColumns + column_;
    // Overwriting half of a two-cell character blanks its other half.
    blank_other_half(i, i + cells);
    store(i, value, false, mark_code_point);
    if (cells == 2) store(i + 1, 0, true, 0);
    column_ += cells;
  }

  void blank_other_half(int begin, int end) noexcept {
    if (continuation(begin) && begin % kColumns != 0) store(begin - 1, kBlank, false, 0);
    if (end < kCellCount && end % kColumns != 0 && continuation(end)) store(end, kBlank, false, 0);
  }

  // A combining mark goes on the character before the cursor. Marks a cell
  // cannot hold (a second one, or one above U+FFFF) and marks with nothing
  // before them are drawn over a blank cell of their own, so none is lost.
  void put_mark(const Appearance& look) noexcept {
    const bool fits_cell = look.code_point <= 0xFFFF;
    if (column_ > 0 && fits_cell) {
      int i = row_ * kColumns + column_ - 1;
      if (continuation(i)) --i;
      if (mark(i) == 0) {
        store(i, code_point_at(i), false, look.code_point);
        return;
      }
    }
    if (fits_cell) {
      place(kBlank, 1, look.code_point);
    } else {
      place(look.code_point, 2, 0);  // a hex box: see render.h
    }
  }

  // ---- controls -------------------------------------------------------------

  void new_line() noexcept {
    column_ = 0;
    if (row_ + 1 < kRows) {
      ++row_;
    } else {
      scroll_up();
    }
  }

  // Moves every line up by one; only cells whose content changes are dirty.
  void scroll_up() noexcept {
    for (int i = 0; i + kColumns < kCellCount; ++i) {
      store(i, code_point_at(i + kColumns), continuation(i + kColumns), mark(i + kColumns));
    }
    for (int i = kCellCount - kColumns; i < kCellCount; ++i) store(i, kBlank, false, 0);
  }

  void back_space() noexcept {
    if (column_ == 0) return;
    column_ = (column_ > kColumns ? kColumns : column_) - 1;
    if (column_ > 0 && continuation(row_ * kColumns + column_)) --column_;
  }

  void tab() noexcept {
    if (column_ >= kColumns - 1) return;
    const int stop = (column_ / 8 + 1) * 8;
    column_ = stop < kColumns - 1 ? stop : kColumns - 1;
  }

  void move_to(int column, int row) noexcept {
    column_ = column < 0 ? 0 : (column >= kColumns ? kColumns - 1 : column);
    row_ = row < 0 ? 0 : (row >= kRows ? kRows - 1 : row);
  }

  // ---- escape sequences -----------------------------------------------------

  void start_csi() noexcept {
    state_ = State::kCsi;
    parameters_[0] = 0;
    parameters_[1] = 0;
    parameter_count_ = 0;
    csi_plain_ = true;
  }

  // Takes `code_point` inside a sequence; returns true if it ended the
  // sequence without being part of it (it is then handled as ground text).
  bool continue_sequence(char32_t code_point) noexcept {
    if (code_point == 0x18 || code_point == 0x1A) {  // CAN, SUB: cancel
      state_ = State::kGround;
      return false;
    }
    if (state_ == State::kString) {
      if (code_point == 0x07 || code_point == 0x9C || ++string_length_ > kMaxStringSequence) {
        state_ = State::kGround;  // BEL or ST end it; so does its length limit
      } else if (code_point == 0x1B) {
        state_ = State::kStringEscape;
      }
      return false;
    }
    if (state_ == State::kStringEscape) {
      if (code_point == U'\\') {
        state_ = State::kGround;
        return false;
      }
      state_ = State::kEscape;  // the ESC began a new sequence
    }
    if (code_point == 0x1B) {
      state_ = State::kEscape;
      return false;
    }
    if (code_point < 0x20) return true;       // other C0 controls act inside sequences
    if (code_point > 0x7E) {                  // not part of any sequence: end it
      state_ = State::kGround;
      return true;
    }
    const auto byte = static_cast<std::uint8_t>(code_point);
    switch (state_) {
      case State::kEscape:
        escape(byte);
        break;
      case State::kCharset:
        if (byte == 'G') {
          latin1_ = false;
        } else if (byte == '@') {
          latin1_ = true;
        }
        state_ = byte < 0x30 ? State::kEscapeIntermediate : State::kGround;
        break;
      case State::kEscapeIntermediate:
        if (byte >= 0x30) state_ = State::kGround;
        break;
      case State::kCsi:
        csi(byte);
        break;
      default:
        state_ = State::kGround;
        break;
    }
    return false;
  }

  void escape(std::uint8_t byte) noexcept {
    switch (byte) {
      case '[':
        start_csi();
        return;
      case ']':
      case 'P':
      case 'X':
      case '^':
      case '_':
        state_ = State::kString;
        string_length_ = 0;
        return;
      case '%':
        state_ = State::kCharset;
        return;
      case 'c':  // reset to the initial state
        clear();
        latin1_ = false;
        state_ = State::kGround;
        return;
      default:
        state_ = byte < 0x30 ? State::kEscapeIntermediate : State::kGround;
        return;
    }
  }

  void csi(std::uint8_t byte) noexcept {
    if (byte >= '0' && byte <= '9') {
      if (parameter_count_ < 2) {
        std::uint16_t& value = parameters_[parameter_count_];
        value = static_cast<std::uint16_t>(value >= 1000 ? 9999 : value * 10 + (byte - '0'));
      }
      return;
    }
    if (byte == ';') {
      if (parameter_count_ < 2) ++parameter_count_;
      return;
    }
    if (byte < 0x40) {  // ':' '<' '=' '>' '?' and intermediates: a sequence this console does not act on
      csi_plain_ = false;
      return;
    }
    state_ = State::kGround;
    if (csi_plain_) csi_final(byte);
  }

  // Parameter `n` (0 or 1), or `fallback` if absent or 0.
  int parameter(int n, int fallback) const noexcept {
    return parameters_[n] == 0 ? fallback : parameters_[n];
  }

  void csi_final(std::uint8_t byte) noexcept {
    const int here = row_ * kColumns + (column_ >= kColumns ? kColumns - 1 : column_);
    const int line = row_ * kColumns;
    switch (byte) {
      case 'H':
      case 'f':
        move_to(parameter(1, 1) - 1, parameter(0, 1) - 1);
        break;
      case 'A':
        move_to(column_, row_ - parameter(0, 1));
        break;
      case 'B':
        move_to(column_, row_ + parameter(0, 1));
        break;
      case 'C':
        move_to(column_ + parameter(0, 1), row_);
        break;
      case 'D':
        move_to((column_ >= kColumns ? kColumns - 1 : column_) - parameter(0, 1), row_);
        break;
      case 'J':
        if (parameters_[0] == 0) blank(here, kCellCount);
        if (parameters_[0] == 1) blank(0, here + 1);
        if (parameters_[0] == 2 || parameters_[0] == 3) blank(0, kCellCount);
        break;
      case 'K':
        if (parameters_[0] == 0) blank(here, line + kColumns);
        if (parameters_[0] == 1) blank(line, here + 1);
        if (parameters_[0] == 2) blank(line, line + kColumns);
        break;
      default:
        break;  // consumed: SGR, modes, scrolling regions... do nothing here
    }
  }

  // ---- rendering ------------------------------------------------------------

  // Widens [first, end) to the dirty cells of `row`, whole two-cell
  // characters included.
  void dirty_range(int row, int& first, int& end) const noexcept {
    if (!dirty_rows_[row]) return;
    const int line = row * kColumns;
    for (int column = 0; column < kColumns; ++column) {
      if (!is_dirty(line + column)) continue;
      int from = column;
      int to = column + 1;
      if (continuation(line + column) && column > 0) from = column - 1;
      if (to < kColumns && continuation(line + to)) ++to;
      if (from < first) first = from;
      if (to > end) end = to;
    }
  }

  // Renders columns [x, x + width) of page `page` into `strip`.
  void render_strip(std::uint8_t* strip, int x, int width, int page, int first_row, int last_row) noexcept {
    MonoFramebuffer surface(strip, width, 8);
    surface.clear(kLitOnDark.background);
    const int last_column = (x + width - 1) / kCellWidth;
    for (int row = first_row; row <= last_row; ++row) {
      int column = x / kCellWidth;
      if (column > 0 && continuation(row * kColumns + column)) --column;
      for (; column <= last_column && column < kColumns; ++column) draw_cell(surface, column, row, -x, -page * 8);
    }
  }

  // Draws cell (column, row) with the grid's origin at (x, y) of `surface`,
  // clipped to the cell (two cells for a two-cell character).
  template <typename Surface>
  void draw_cell(Surface& surface, int column, int row, int x, int y) const noexcept {
    const int i = row * kColumns + column;
    if (continuation(i)) return;
    const char32_t base = code_point_at(i);
    const char32_t over = mark(i);
    if (base == kBlank && over == 0) return;  // the background is drawn already
    const int cells = column + 1 < kColumns && continuation(i + 1) ? 2 : 1;
    const int left = x + column * kCellWidth;
    const int top = y + row * kGlyphHeight;
    const detail::Clip clip = detail::clip_of(Rect{left, top, cells * kCellWidth, kGlyphHeight});
    const Appearance look = appearance_of(*font_, base);
    const int advance = draw_appearance(surface, look, left, top, clip, kLitOnDark);
    if (over != 0) draw_appearance(surface, appearance_of(*font_, over), left + advance, top, clip, kLitOnDark);
  }

  const Font* font_;
  Cell cells_[static_cast<std::size_t>(kCellCount)] = {};
  bool dirty_rows_[static_cast<std::size_t>(kRows)] = {};  // a row holds a dirty cell
  Decoder decoder_;
  std::uint16_t parameters_[2] = {0, 0};
  std::uint16_t string_length_ = 0;
  int column_ = 0;
  int row_ = 0;
  State state_ = State::kGround;
  std::uint8_t parameter_count_ = 0;
  bool csi_plain_ = true;
  bool latin1_ = false;
};

}  // namespace utf8mcu::display
