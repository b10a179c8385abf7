#pragma once
/// @file
/// A scrolling text console for small panels, fed by bytes (UTF-8, or
/// ISO-8859-1 after `ESC % @`) or by code points, kept as a grid of cells and
/// sent to a panel in page strips: only the cells that changed since the last
/// flush go over the bus, and no framebuffer is needed.
///
///     Terminal<21, 8> console(fonts::kFont5x8, 6);   // 21 x 8 cells of 6 x 8 pixels
///     std::uint8_t strip[128];                       // one page of 8 rows
///     Ssd1306 panel(bus, kSsd1306_128x64);
///     panel.init();
///     console.write(byte_from_uart);                 // as bytes arrive
///     console.flush(panel, strip, sizeof(strip));    // when idle
///
/// Cells follow the font: cell_width() x line_height() pixels, the font's
/// narrow advance (or a wider pitch given to the constructor, e.g. 5x8 glyphs
/// in 6-pixel cells) by its line height. The default font is Unifont (8 x 16).
///
/// Layout: a character takes as many cells as its pen advance needs: 1 for a
/// narrow glyph, 2 for a wide glyph, 2 or more for a hex box (render.h: 16
/// pixels in lines of 16 rows, 20 or 28 in shorter ones), 0 for a combining
/// mark (kept on the character before the cursor) or an invisible code point
/// (nothing). A character that does not fit the rest of the line goes whole
/// to the next one (no glyph is ever split); writing the last column leaves
/// the cursor after it, and the line wraps only when the next character comes
/// (so a full line followed by CR LF makes no empty line). Moving down from
/// the last line scrolls: the top line goes, a blank line comes in at the
/// bottom.
///
/// Controls (docs/display.md lists them with the escape sequences):
///   - LF, VT, NEL (U+0085), U+2028, U+2029: to the start of the next line
///     (a serial console's LF; CR LF is one line break);
///   - CR: to column 0; BS: one character left, nothing erased; TAB: to the
///     next multiple of 8 columns (at most the last column); FF: clear, home;
///   - ESC and CSI (`ESC [`, or U+009B) sequences are consumed, never drawn;
///     `ESC % G` selects UTF-8 and `ESC % @` ISO-8859-1 (each byte is one
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
/// RAM: 2 bytes per cell (Cell below), kMarkSlots combining marks of 4 bytes,
/// one dirty bit per row, and 24 bytes of font pointer, decoder, escape and
/// cursor state (sizeof(Terminal<21, 8>) is 368 on a 32-bit core), plus the
/// strip the caller passes to flush(). No heap, no virtual calls.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/default_font.h"
#include "utf8mcu/display/font.h"
#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/render.h"

namespace utf8mcu::display {

/// Cell position of the cursor.
struct TerminalCursor {
  int column;  ///< 0 .. columns; == columns when a full line waits to wrap
  int row;     ///< 0 .. rows - 1
};

/// Scrolling console of kColumns x kRows cells (see the file comment).
/// kMarkSlots: how many cells may hold a combining mark over their character
/// at once; a mark that finds no free slot is drawn over a blank cell of its
/// own, so none is lost.
template <int kColumns, int kRows, int kMarkSlots = 2>
class Terminal {
  // Two columns at least: a hex box keeps its code point in two cells.
  static_assert(kColumns >= 2 && kColumns <= 255 && kRows >= 1 && kRows <= 255, "2 to 255 columns, 1 to 255 rows");
  static_assert(kMarkSlots >= 1 && kMarkSlots <= 64, "1 to 64 mark slots");

 public:
  static constexpr int kColumnCount = kColumns;
  static constexpr int kRowCount = kRows;
  static constexpr int kCellCount = kColumns * kRows;
  /// Longest string sequence (OSC, DCS, ...) consumed before it is ended
  /// without its terminator, so that a stray `ESC ]` cannot hide text forever.
  static constexpr std::uint16_t kMaxStringSequence = 256;
  /// Glyphs of the font a cell can name (ordinals 0 .. kMaxGlyphs - 1); a
  /// glyph of a larger font past them is drawn as a hex box.
  static constexpr std::uint32_t kMaxGlyphs = 0x3FFF;

  /// A blank console in UTF-8 mode, cursor hidden, cells of `cell_width`
  /// pixels (at least the font's cell_width, which 0 selects) by the font's
  /// line height; every cell is dirty, so the first flush draws the whole grid.
  explicit Terminal(const Font& font = kDefaultFont, int cell_width = 0) noexcept
      : font_(&font),
        cell_width_(static_cast<std::uint8_t>(cell_width > font.cell_width ? (cell_width > 255 ? 255 : cell_width)
                                                                            : (font.cell_width < 1 ? 1 : font.cell_width))) {
    for (int i = 0; i < kCellCount; ++i) cells_[i] = kDirtyBit;
    for (auto& row_bits : dirty_rows_) row_bits = 0xFF;
  }

  /// Pixels per cell across (see the constructor) and down (the font's line
  /// height, 1 to kMaxLineHeight).
  int cell_width() const noexcept { return cell_width_; }
  int line_height() const noexcept {
    const int height = font_->line_height;
    return height < 1 ? 1 : (height > kMaxLineHeight ? kMaxLineHeight : height);
  }
  /// Pixel size of the whole grid.
  int pixel_width() const noexcept { return kColumns * cell_width_; }
  int pixel_height() const noexcept { return kRows * line_height(); }

  /// Byte input: decoded as UTF-8 (strict; ill-formed parts become U+FFFD), or
  /// taken as ISO-8859-1 after `ESC % @`. Cost per byte: the decoder's step,
  /// and for each character put()'s.
  void write(std::uint8_t byte) noexcept {
    if ((flags_ & kLatin1) != 0) {
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
  [[nodiscard]] bool latin1() const noexcept { return (flags_ & kLatin1) != 0; }

  /// Code point sink (for a decoder of the caller's own).
  void operator()(char32_t code_point) noexcept { put(code_point); }

  /// Lays out one code point: a character, a control, or part of an escape
  /// sequence. Cost: a glyph lookup per character; a scroll moves
  /// kCellCount cells.
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
  [[nodiscard]] TerminalCursor cursor() const noexcept { return TerminalCursor{column_, row_}; }

  /// Shows or hides the cursor (from the next flush on).
  void set_cursor_visible(bool visible) noexcept {
    flags_ = static_cast<std::uint8_t>(visible ? (flags_ | kCursorVisible) : (flags_ & ~kCursorVisible));
  }
  [[nodiscard]] bool cursor_visible() const noexcept { return (flags_ & kCursorVisible) != 0; }

  /// The code point in a cell: U+0020 when blank (or when it holds only a
  /// combining mark), 0 for the other cells of a character wider than one
  /// cell, and 0 outside the grid. Cost: a search over the font's runs.
  [[nodiscard]] char32_t cell(int column, int row) const noexcept {
    if (!inside(column, row)) return 0;
    const int i = row * kColumns + column;
    const std::uint16_t value = content(i);
    if ((value & kSpecialBit) != 0) return (value & kContinuationBit) != 0 ? 0 : hex_box_code_point(i);
    if (value == kBlank || lone_mark(value)) return U' ';
    return code_point_of_ordinal(*font_, value - 1u);
  }

  /// The combining mark drawn over a cell's character (0 if none).
  [[nodiscard]] char32_t mark_of(int column, int row) const noexcept {
    if (!inside(column, row)) return 0;
    const int i = row * kColumns + column;
    const std::uint16_t mark = mark_at(i);
    if (mark != 0) return code_point_of_ordinal(*font_, mark - 1u);
    const std::uint16_t value = content(i);
    return lone_mark(value) ? code_point_of_ordinal(*font_, value - 1u) : 0;
  }

  /// True if some cell changed since the last successful flush().
  [[nodiscard]] bool dirty() const noexcept {
    for (const std::uint8_t row_bits : dirty_rows_) {
      if (row_bits != 0) return true;
    }
    return false;
  }

  /// Makes the next flush() send every cell (e.g. after the panel was reset).
  void invalidate() noexcept {
    for (int i = 0; i < kCellCount; ++i) set_dirty(i);
    flags_ = static_cast<std::uint8_t>(flags_ | kPanelUnknown);
  }

  /// Sends the changed cells to `panel` (a driver, see panel.h), page by page:
  /// for each page of 8 rows, the columns from the first to the last changed
  /// cell are rendered into `strip` and written with panel.write_page(); a
  /// strip narrower than that range is used several times. Cells outside the
  /// panel are skipped. A moved cursor changes the cell it left and the cell
  /// it reached. Returns the first failing status (the cells stay dirty, so
  /// the next flush sends them again), kOk otherwise, or kBusError if `strip`
  /// is null or smaller than 2 bytes. Cost: a glyph render per changed cell
  /// per page it covers, plus the driver's bytes (a 6 x 8 cell on a page-
  /// aligned line: 1 page of 6 columns).
  template <typename Panel>
  [[nodiscard]] PanelStatus flush(Panel& panel, std::uint8_t* strip, std::size_t strip_size) noexcept {
    if (strip == nullptr || strip_size < 2) return PanelStatus::kBusError;
    follow_cursor();
    const int height = line_height();
    // The first flush (and one after invalidate()) also blanks the panel
    // right of and below the grid, which no cell covers.
    const bool whole = (flags_ & kPanelUnknown) != 0;
    const int panel_width = whole || panel.width() < pixel_width() ? panel.width() : pixel_width();
    const int panel_height = whole || panel.height() < kRows * height ? panel.height() : kRows * height;
    // Even widths: controllers with 2 pixels per byte (SSD0323) need even bounds.
    const int chunk = static_cast<int>(strip_size > 256 ? 256 : strip_size) & ~1;
    for (int page = 0; page * 8 < panel_height; ++page) {
      const int first_row = page * 8 / height;
      const int last_row = (page * 8 + 7) / height < kRows ? (page * 8 + 7) / height : kRows - 1;
      int first_column = whole ? 0 : kColumns;
      int end_column = 0;
      for (int row = first_row; row <= last_row; ++row) dirty_range(row, first_column, end_column);
      const int x_end = whole || end_column * cell_width_ > panel_width ? panel_width : end_column * cell_width_;
      // Even bounds here too: cells of an odd width end between the pixels of a pair.
      for (int x = (first_column * cell_width_) & ~1; x < x_end; x += chunk) {
        int width = x_end - x < chunk ? x_end - x : chunk;
        width += width & 1;
        render_strip(strip, x, width, page, first_row, last_row);
        const PanelStatus status = panel.write_page(page, x, x + width, strip);
        if (status != PanelStatus::kOk) return status;
      }
    }
    flags_ = static_cast<std::uint8_t>(flags_ & ~kPanelUnknown);
    for (int row = 0; row < kRows; ++row) {
      if (!row_dirty(row)) continue;
      for (int i = row * kColumns; i < (row + 1) * kColumns; ++i) cells_[i] = content(i);
    }
    for (auto& row_bits : dirty_rows_) row_bits = 0;
    return PanelStatus::kOk;
  }

  /// Draws the whole grid on `surface` with its top-left corner at (x, y)
  /// (e.g. into a full framebuffer, for a screenshot), the cursor too if it
  /// is visible. Leaves cells dirty.
  template <typename Surface>
  void draw(Surface& surface, int x, int y) noexcept {
    surface.fill_rect(x, y, pixel_width(), pixel_height(), kLitOnDark.background);
    for (int row = 0; row < kRows; ++row) {
      for (int column = 0; column < kColumns; ++column) draw_cell(surface, column, row, x, y, kLitOnDark);
    }
    if (!cursor_visible()) return;
    const int at = lead_of(cursor_cell());
    const int column = at % kColumns;
    const int row = at / kColumns;
    constexpr TextStyle<bool> kInverse{kLitOnDark.background, kLitOnDark.foreground};
    surface.fill_rect(x + column * cell_width_, y + row * line_height(), (end_of(at) - at) * cell_width_, line_height(),
                      kInverse.background);
    draw_cell(surface, column, row, x, y, kInverse);
  }

 private:
  // A cell, 16 bits:
  //   bit  15     changed since the last flush
  //   bit  14     0: a glyph cell, bits 13-0 = the glyph's ordinal + 1 (0 = blank)
  //               1: part of a hex box or the other cells of a wide character:
  //   bit  13       0: a hex box's first cell, bits 12-0 = code point bits 12-0
  //                 1: a following cell; bits 7-0 of a hex box's second cell
  //                    = code point bits 20-13, else 0
  static constexpr std::uint16_t kDirtyBit = 0x8000;
  static constexpr std::uint16_t kSpecialBit = 0x4000;
  static constexpr std::uint16_t kContinuationBit = 0x2000;
  static constexpr std::uint16_t kOrdinalMask = 0x3FFF;
  static constexpr std::uint16_t kLowCodeBitsMask = 0x1FFF;
  static constexpr unsigned kLowCodeBits = 13;
  static constexpr std::uint16_t kBlank = 0;

  // flags_ bits.
  static constexpr std::uint8_t kLatin1 = 1u << 0;         // bytes are ISO-8859-1
  static constexpr std::uint8_t kCsiPlain = 1u << 1;       // the CSI has no private marker or intermediate
  static constexpr std::uint8_t kCsiPrivate = 1u << 2;     // the CSI began with '?'
  static constexpr std::uint8_t kCursorVisible = 1u << 3;  // the cursor is to be shown
  static constexpr std::uint8_t kCursorShown = 1u << 4;    // the last flush drew it at shown_cell_
  static constexpr std::uint8_t kCsiStarted = 1u << 5;     // the CSI has a byte after its introducer
  static constexpr std::uint8_t kPanelUnknown = 1u << 6;   // the next flush sends the whole panel, margins too

  // A combining mark over the character of cell `cell`.
  struct MarkSlot {
    std::uint16_t cell;
    std::uint16_t mark;  // the mark's glyph ordinal + 1; 0 = a free slot
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

  std::uint16_t content(int i) const noexcept { return static_cast<std::uint16_t>(cells_[i] & ~kDirtyBit); }
  bool continuation(int i) const noexcept {
    return (cells_[i] & (kSpecialBit | kContinuationBit)) == (kSpecialBit | kContinuationBit);
  }
  bool is_dirty(int i) const noexcept { return (cells_[i] & kDirtyBit) != 0; }
  bool row_dirty(int row) const noexcept { return (dirty_rows_[row >> 3] & (1u << (row & 7))) != 0; }
  void set_dirty(int i) noexcept {
    cells_[i] = static_cast<std::uint16_t>(cells_[i] | kDirtyBit);
    const int row = i / kColumns;
    dirty_rows_[row >> 3] = static_cast<std::uint8_t>(dirty_rows_[row >> 3] | (1u << (row & 7)));
  }
  // A glyph cell holding a combining mark of its own (drawn over a blank).
  bool lone_mark(std::uint16_t value) const noexcept {
    return value != kBlank && (value & kSpecialBit) == 0 && glyph_at(*font_, value - 1u).advance == 0;
  }
  // The code point of the hex box that starts at cell `i`.
  char32_t hex_box_code_point(int i) const noexcept {
    const std::uint32_t high = i + 1 < kCellCount && continuation(i + 1) ? (content(i + 1) & 0xFFu) : 0u;
    return static_cast<char32_t>((content(i) & kLowCodeBitsMask) | (high << kLowCodeBits));
  }

  int slot_of(int i) const noexcept {
    for (int k = 0; k < kMarkSlots; ++k) {
      if (marks_[k].mark != 0 && marks_[k].cell == i) return k;
    }
    return -1;
  }
  std::uint16_t mark_at(int i) const noexcept {
    const int k = slot_of(i);
    return k < 0 ? std::uint16_t{0} : marks_[k].mark;
  }
  void drop_mark(int i) noexcept {
    const int k = slot_of(i);
    if (k < 0) return;
    marks_[k].mark = 0;
    set_dirty(i);
  }

  // Sets a cell's content (and removes its mark); marks it dirty if that
  // changed anything.
  void store(int i, std::uint16_t value) noexcept {
    drop_mark(i);
    if (content(i) != value) {
      cells_[i] = value;
      set_dirty(i);
    }
  }

  // First cell of the character that covers cell `i`.
  int lead_of(int i) const noexcept {
    while (i > 0 && i % kColumns != 0 && continuation(i)) --i;
    return i;
  }
  // One past the last cell of the character that starts at or covers `i`.
  int end_of(int i) const noexcept {
    ++i;
    while (i > 0 && i < kCellCount && i % kColumns != 0 && continuation(i)) ++i;
    return i;
  }

  // Blanks cells [begin, end) of the grid, and the rest of any character
  // wider than one cell that the range cuts.
  void blank(int begin, int end) noexcept {
    if (begin >= end) return;
    begin = lead_of(begin);
    if (end < kCellCount && end % kColumns != 0 && continuation(end)) end = end_of(end);
    for (int i = begin; i < end; ++i) store(i, kBlank);
  }

  // ---- characters -----------------------------------------------------------

  // Cells a character of `advance` pixels takes.
  int cells_for(int advance) const noexcept {
    return advance <= cell_width_ ? 1 : (advance + cell_width_ - 1) / cell_width_;
  }

  void put_character(char32_t code_point) noexcept {
    if (!is_scalar_value(code_point)) code_point = kReplacementCharacter;
    if (code_point == U' ') {
      place(kBlank, 1, 0);
      return;
    }
    if (!is_control(code_point)) {
      const std::int32_t ordinal = find_glyph_ordinal(*font_, code_point);
      if (ordinal < 0 && is_ignorable(code_point)) return;
      const auto index = static_cast<std::uint32_t>(ordinal);
      const Glyph glyph = ordinal < 0 || index >= kMaxGlyphs ? Glyph{} : glyph_at(*font_, index);
      if (glyph.found()) {
        const auto value = static_cast<std::uint16_t>(index + 1u);
        if (glyph.advance == 0) {
          put_mark(value);
        } else {
          place(value, cells_for(glyph.advance), 0);
        }
        return;
      }
    }
    // A hex box: at least two cells, the second holding the code point's high bits.
    const int cells = cells_for(hex_box_advance(code_point, line_height()));
    const auto value = static_cast<std::uint32_t>(code_point);
    place(static_cast<std::uint16_t>(kSpecialBit | (value & kLowCodeBitsMask)), cells < 2 ? 2 : cells,
          static_cast<std::uint16_t>(value >> kLowCodeBits));
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

  // A combining mark (`value`: its ordinal + 1) goes on the character before
  // the cursor, if that has none and a slot is free; otherwise it is drawn
  // over a blank cell of its own, so none is lost.
  void put_mark(std::uint16_t value) noexcept {
    if (column_ > 0) {
      const int i = lead_of(row_ * kColumns + column_ - 1);
      if (mark_at(i) == 0) {
        for (auto& slot : marks_) {
          if (slot.mark != 0) continue;
          slot.cell = static_cast<std::uint16_t>(i);
          slot.mark = value;
          set_dirty(i);
          return;
        }
      }
    }
    place(value, 1, 0);
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

  // Moves every line up by one; only cells whose content or mark changes are
  // dirty.
  void scroll_up() noexcept {
    for (int i = 0; i < kCellCount; ++i) {
      const int from = i + kColumns;
      const std::uint16_t value = from < kCellCount ? content(from) : kBlank;
      const std::uint16_t mark = from < kCellCount ? mark_at(from) : std::uint16_t{0};
      if (content(i) != value || mark_at(i) != mark) {
        cells_[i] = value;
        set_dirty(i);
      }
    }
    for (auto& slot : marks_) {
      if (slot.mark == 0) continue;
      if (slot.cell < kColumns) {
        slot.mark = 0;
      } else {
        slot.cell = static_cast<std::uint16_t>(slot.cell - kColumns);
      }
    }
  }

  void back_space() noexcept {
    if (column_ == 0) return;
    const int column = (column_ > kColumns ? kColumns : column_) - 1;
    column_ = static_cast<std::uint8_t>(lead_of(row_ * kColumns + column) - row_ * kColumns);
  }

  void tab() noexcept {
    if (column_ >= kColumns - 1) return;
    const int stop = (column_ / 8 + 1) * 8;
    column_ = static_cast<std::uint8_t>(stop < kColumns - 1 ? stop : kColumns - 1);
  }

  void move_to(int column, int row) noexcept {
    column_ = static_cast<std::uint8_t>(column < 0 ? 0 : (column >= kColumns ? kColumns - 1 : column));
    row_ = static_cast<std::uint8_t>(row < 0 ? 0 : (row >= kRows ? kRows - 1 : row));
  }

  // ---- escape sequences -----------------------------------------------------

  void start_csi() noexcept {
    state_ = State::kCsi;
    parameters_[0] = 0;
    parameters_[1] = 0;
    parameter_count_ = 0;
    flags_ = static_cast<std::uint8_t>((flags_ | kCsiPlain) & ~(kCsiPrivate | kCsiStarted));
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
        if (byte == 'G') flags_ = static_cast<std::uint8_t>(flags_ & ~kLatin1);
        if (byte == '@') flags_ = static_cast<std::uint8_t>(flags_ | kLatin1);
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
      case 'c':  // reset to the initial state (the cursor's visibility is the application's)
        clear();
        flags_ = static_cast<std::uint8_t>(flags_ & ~kLatin1);
        state_ = State::kGround;
        return;
      default:
        state_ = byte < 0x30 ? State::kEscapeIntermediate : State::kGround;
        return;
    }
  }

  void csi(std::uint8_t byte) noexcept {
    const bool first = (flags_ & kCsiStarted) == 0;
    flags_ = static_cast<std::uint8_t>(flags_ | kCsiStarted);
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
    if (byte == '?' && first) {  // a DEC private mode sequence
      flags_ = static_cast<std::uint8_t>(flags_ | kCsiPrivate);
      return;
    }
    if (byte < 0x40) {  // ':' '<' '=' '>' '?' and intermediates: a sequence this console does not act on
      flags_ = static_cast<std::uint8_t>(flags_ & ~kCsiPlain);
      return;
    }
    state_ = State::kGround;
    if ((flags_ & kCsiPlain) == 0) return;
    if ((flags_ & kCsiPrivate) != 0) {
      // DECTCEM: CSI ? 25 h shows the cursor, CSI ? 25 l hides it.
      if ((byte == 'h' || byte == 'l') && parameter_count_ == 0 && parameters_[0] == 25) {
        set_cursor_visible(byte == 'h');
      }
      return;
    }
    csi_final(byte);
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

  // ---- cursor ---------------------------------------------------------------

  // The cell the cursor shows on: the last column while a full line waits.
  int cursor_cell() const noexcept {
    return row_ * kColumns + (column_ >= kColumns ? kColumns - 1 : column_);
  }

  // Marks the cells whose cursor state changed since the last flush.
  void follow_cursor() noexcept {
    const bool shown = (flags_ & kCursorShown) != 0;
    const bool visible = cursor_visible();
    const int at = cursor_cell();
    if (shown == visible && (!visible || shown_cell_ == at)) return;
    if (shown) {
      for (int i = lead_of(shown_cell_); i < end_of(shown_cell_); ++i) set_dirty(i);
    }
    if (visible) {
      for (int i = lead_of(at); i < end_of(at); ++i) set_dirty(i);
    }
    shown_cell_ = static_cast<std::uint16_t>(at);
    flags_ = static_cast<std::uint8_t>(visible ? (flags_ | kCursorShown) : (flags_ & ~kCursorShown));
  }

  // ---- rendering ------------------------------------------------------------

  // Widens [first, end) to the dirty cells of `row`, whole characters included.
  void dirty_range(int row, int& first, int& end) const noexcept {
    if (!row_dirty(row)) return;
    const int line = row * kColumns;
    for (int column = 0; column < kColumns; ++column) {
      if (!is_dirty(line + column)) continue;
      const int from = lead_of(line + column) - line;
      const int to = end_of(line + column) - line;
      if (from < first) first = from;
      if (to > end) end = to;
    }
  }

  // Renders columns [x, x + width) of page `page` into `strip`; the cursor's
  // cells inverted.
  void render_strip(std::uint8_t* strip, int x, int width, int page, int first_row, int last_row) noexcept {
    MonoFramebuffer surface(strip, width, 8);
    surface.clear(kLitOnDark.background);
    const int last_column = (x + width - 1) / cell_width_;
    for (int row = first_row; row <= last_row; ++row) {
      const int line = row * kColumns;
      const int first_column = x / cell_width_ < kColumns ? x / cell_width_ : kColumns - 1;
      for (int column = lead_of(line + first_column) - line; column <= last_column && column < kColumns; ++column) {
        draw_cell(surface, column, row, -x, -page * 8, kLitOnDark);
      }
    }
    if ((flags_ & kCursorShown) == 0) return;
    // Inverting the drawn cells in place needs no second style of drawing.
    const int at = lead_of(shown_cell_);
    const int row = at / kColumns;
    const int top = row * line_height() - page * 8;  // the cursor's rows, relative to the page
    const int bottom = top + line_height();
    if (bottom <= 0 || top >= 8) return;
    const auto rows = static_cast<std::uint8_t>((0xFFu << (top < 0 ? 0 : top)) & (0xFFu >> (bottom > 8 ? 0 : 8 - bottom)));
    const int left = (at % kColumns) * cell_width_ - x;
    const int right = left + (end_of(at) - at) * cell_width_;
    for (int column = left < 0 ? 0 : left; column < right && column < width; ++column) {
      strip[column] = static_cast<std::uint8_t>(strip[column] ^ rows);
    }
  }

  // Draws cell (column, row) in `style` with the grid's origin at (x, y) of
  // `surface`, clipped to the cell (all cells of a wider character).
  template <typename Surface>
  void draw_cell(Surface& surface, int column, int row, int x, int y, const TextStyle<bool>& style) const noexcept {
    const int i = row * kColumns + column;
    if (continuation(i)) return;
    const std::uint16_t value = content(i);
    const std::uint16_t mark = mark_at(i);
    if (value == kBlank && mark == 0) return;  // the background is drawn already
    const int left = x + column * cell_width_;
    const int top = y + row * line_height();
    const Clip clip = clip_of(Rect{left, top, (end_of(i) - i) * cell_width_, line_height()});
    int advance = font_->cell_width;  // a mark over a blank sits where a narrow character would be
    if ((value & kSpecialBit) != 0) {
      const HexBox box = make_hex_box(hex_box_code_point(i), line_height(), font_->baseline);
      draw_glyph(surface, box.glyph(), left, top, clip, style, false);
      advance = box.advance;
    } else if (value != kBlank) {
      const Glyph glyph = glyph_at(*font_, value - 1u);
      const bool alone = glyph.advance == 0;
      draw_glyph(surface, glyph, alone ? left + advance : left, top, clip, style, alone);
      if (!alone) advance = glyph.advance;
    }
    if (mark != 0) draw_glyph(surface, glyph_at(*font_, mark - 1u), left + advance, top, clip, style, true);
  }

  const Font* font_;
  std::uint16_t cells_[static_cast<std::size_t>(kCellCount)] = {};
  MarkSlot marks_[static_cast<std::size_t>(kMarkSlots)] = {};
  Decoder decoder_;
  std::uint16_t parameters_[2] = {0, 0};
  std::uint16_t string_length_ = 0;
  std::uint16_t shown_cell_ = 0;  // where the last flush drew the cursor (kCursorShown)
  std::uint8_t dirty_rows_[static_cast<std::size_t>((kRows + 7) / 8)] = {};  // bit per row: it holds a dirty cell
  std::uint8_t column_ = 0;
  std::uint8_t row_ = 0;
  std::uint8_t cell_width_;
  State state_ = State::kGround;
  std::uint8_t parameter_count_ = 0;
  std::uint8_t flags_ = kCsiPlain | kPanelUnknown;
};

}  // namespace utf8mcu::display
