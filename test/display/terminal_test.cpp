// The terminal: layout and escape sequences cell by cell against hand-written
// grids, the 21 x 8 console pixel for pixel through the SSD1306 model against
// cells drawn one by one, the cursor, mark slots (the 21 x 8 console with
// CharacterCells and with PageCells), a font taller than a page with
// PageCells, the plain console, and random input.
#include <climits>
#include <cstdint>
#include <new>

#include "display_test_font_5x8.h"
#include "display_test_font_6x13.h"
#include "panel_test_support.h"

namespace {

using namespace utf8mcu::display;
using namespace panel_test;

// ---- terminal layout, cell by cell -------------------------------------------

// The grid as text rows (blank cells as spaces, trailing ones cut; the right
// half of a two-cell character as '_'), against `rows`.
template <typename AnyConsole>
bool grid_is(const AnyConsole& console, const char* const (&rows)[4]) {
  bool same = true;
  for (int row = 0; row < 4; ++row) {
    char32_t expected[17] = {};
    int count = 0;
    utf8mcu::Decoder decoder;
    const char* text = rows[row];
    auto collect = [&](char32_t c) {
      if (count < 16) expected[count++] = c;
    };
    for (std::size_t i = 0; text[i] != '\0'; ++i) decoder.push(static_cast<std::uint8_t>(text[i]), collect);
    for (int column = 0; column < 16; ++column) {
      char32_t want = column < count ? expected[column] : U' ';
      if (want == U'_') want = 0;
      if (console.cell(column, row) != want) {
        utest::log() << "  cell " << column << ", " << row << ": " << console.cell(column, row) << ", expected "
                     << want << '\n';
        same = false;
      }
    }
  }
  return same;
}

struct GridCase {
  const char* input;
  const char* rows[4];
  int column;  // cursor afterwards
  int row;
};

const GridCase kGridCases[] = {
    {"abc", {"abc", "", "", ""}, 3, 0},
    {"abc\rX", {"Xbc", "", "", ""}, 1, 0},                                      // CR
    {"ab\ncd", {"ab", "cd", "", ""}, 2, 1},                                     // LF: new line, column 0
    {"ab\r\ncd", {"ab", "cd", "", ""}, 2, 1},                                   // CR LF: one break
    {"abcdefghijklmnop\r\nq", {"abcdefghijklmnop", "q", "", ""}, 1, 1},         // full line: no empty line
    {"abcdefghijklmnopq", {"abcdefghijklmnop", "q", "", ""}, 1, 1},             // wraps on the 17th
    {"abcdefghijklmno\xE4\xB8\xAD", {"abcdefghijklmno", "\xE4\xB8\xAD_", "", ""}, 2, 1},  // wide: never split
    {"1\n2\n3\n4\n5", {"2", "3", "4", "5"}, 1, 3},                              // scroll
    {"ab\bX", {"aX", "", "", ""}, 2, 0},                                        // BS: back, no erase
    {"\xE4\xB8\xAD\bX", {"X", "", "", ""}, 1, 0},                               // BS over a wide char, overwrite
    {"a\tb", {"a       b", "", "", ""}, 9, 0},                                   // TAB: 8 columns
    {"a\t\t\tb", {"a              b", "", "", ""}, 16, 0},                       // at most the last column
    {"abc\n\x0C" "d", {"d", "", "", ""}, 1, 0},                                  // FF: clear, home
    {"e\xCC\x81x", {"ex", "", "", ""}, 2, 0},                                   // a mark takes no cell
    {"a\xC3\x28", {"a\xEF\xBF\xBD(", "", "", ""}, 3, 0},                         // ill-formed: U+FFFD
    {"a\x01z", {"a\x01_z", "", "", ""}, 4, 0},                                  // a control: hex box, 2 cells
    {"ab\x1B[31mc\x1B[0m", {"abc", "", "", ""}, 3, 0},                          // SGR consumed
    {"abc\x1B[Hx", {"xbc", "", "", ""}, 1, 0},                                  // cursor home
    {"a\nb\x1B[2;5Hx", {"a", "b   x", "", ""}, 5, 1},                           // cursor position
    {"abcdef\x1B[1;3H\x1B[K", {"ab", "", "", ""}, 2, 0},                        // erase to end of line
    {"abcdef\x1B[1;3H\x1B[1K", {"   def", "", "", ""}, 2, 0},                   // erase to cursor
    {"abc\ndef\x1B[2J", {"", "", "", ""}, 3, 1},                                // erase screen, cursor stays
    {"abc\ndef\x1B[1;2H\x1B[J", {"a", "", "", ""}, 1, 0},                       // erase below
    {"a\x1B]0;title\x07" "b", {"ab", "", "", ""}, 2, 0},                        // OSC consumed (BEL)
    {"a\x1B]0;title\x1B\\b", {"ab", "", "", ""}, 2, 0},                         // OSC consumed (ST)
    {"a\x1B[?25lb\x1B(Bc\x1B" "7d", {"abcd", "", "", ""}, 4, 0},               // private CSI, ESC ( B, ESC 7
    {"a\x1B[12\x18" "b", {"ab", "", "", ""}, 2, 0},                             // CAN cancels
    {"a\x1B[1\nmb", {"a", "b", "", ""}, 1, 1},                                  // controls act inside CSI
    {"\x1B%@\xE9\xC3\xA9\x1B%G\xC3\xA9", {"\xC3\xA9\xC3\x83\xC2\xA9\xC3\xA9", "", "", ""}, 4, 0},  // ISO-8859-1 and back
    {"ab\x1B" "c", {"", "", "", ""}, 0, 0},                                      // ESC c: reset
    {"\xE4\xB8\xAD\xE4\xB8\xAD\x1B[1;2Hx", {" x\xE4\xB8\xAD_", "", "", ""}, 2, 0},  // half of a wide char overwritten
};

UTEST(Terminal, Grid) {
  for (const GridCase& row : kGridCases) {
    Console& console = fresh_console();
    std::size_t size = 0;
    while (row.input[size] != '\0') ++size;
    console.write(reinterpret_cast<const std::uint8_t*>(row.input), size);
    const bool same = grid_is(console, row.rows);
    EXPECT_TRUE(same);
    EXPECT_EQ(console.cursor().column, row.column);
    EXPECT_EQ(console.cursor().row, row.row);
    if (!same || console.cursor().column != row.column || console.cursor().row != row.row) {
      utest::log() << "  input: " << row.input << '\n';
    }
  }
}

UTEST(Terminal, CombiningMarks) {
  Console& console = fresh_console();
  write_text(console, "e\xCC\x81\xE4\xB8\xAD\xCC\x88");  // e + acute, 中 + diaeresis
  EXPECT_EQ(console.cell(0, 0), U'e');
  EXPECT_EQ(console.mark_of(0, 0), char32_t{0x0301});
  EXPECT_EQ(console.cell(1, 0), char32_t{0x4E2D});
  EXPECT_EQ(console.mark_of(1, 0), char32_t{0x0308});
  // A unit holds up to kMaxCellMarks (2) marks; a third, and a mark at the
  // start of a line, get a blank cell of their own: never lost.
  static_assert(Console::kMaxCellMarks == 2, "the cases below have two marks per cell");
  new (&console) Console();
  write_text(console, "a\xCC\x81\xCC\x88\xCC\x82\n\xCC\x81");
  EXPECT_EQ(console.cell(0, 0), U'a');
  EXPECT_EQ(console.mark_of(0, 0), char32_t{0x0301});
  EXPECT_EQ(console.mark_of(0, 0, 1), char32_t{0x0308});
  EXPECT_EQ(console.cell(1, 0), U' ');
  EXPECT_EQ(console.mark_of(1, 0), char32_t{0x0302});
  EXPECT_EQ(console.cell(0, 1), U' ');
  EXPECT_EQ(console.mark_of(0, 1), char32_t{0x0301});
  EXPECT_EQ(console.mark_of(0, 1, 1), char32_t{0});
  // Invisible code points take nothing.
  new (&console) Console();
  write_text(console, "a\xE2\x80\x8B" "b");
  EXPECT_EQ(console.cell(1, 0), U'b');
}

UTEST(Terminal, Latin1Mode) {
  Console& console = fresh_console();
  write_text(console, "\x1B%@");
  EXPECT_TRUE(console.latin1());
  write_text(console, "\xFF\x80");  // ÿ, and U+0080 (a C1 control: hex box)
  EXPECT_EQ(console.cell(0, 0), char32_t{0xFF});
  EXPECT_EQ(console.cell(1, 0), char32_t{0x80});
  write_text(console, "\x1B%G");
  EXPECT_FALSE(console.latin1());
  // A UTF-8 sequence cut by ESC is U+FFFD, and the ESC still acts.
  new (&console) Console();
  write_text(console, "\xE2\x82\x1B%@\xE2");
  EXPECT_EQ(console.cell(0, 0), char32_t{0xFFFD});
  EXPECT_EQ(console.cell(1, 0), char32_t{0xE2});
}

UTEST(Terminal, OnlyChangedCellsAreSent) {
  Console& console = fresh_console();
  Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  Ssd1306 panel(bus, kSsd1306_128x64);
  write_text(console, "aaaa\naaaa\naaaa\naaaa");
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  // Scrolling identical lines changes only the new bottom line (blanked, then
  // written): its 4 cells on pages 6 and 7.
  write_text(console, "\naaaa");
  model.counters() = panel_model::BusCounters();
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  EXPECT_EQ(model.counters().bus_bytes(), std::size_t{2 * (3 + 4 * 8)});
  // Overwriting a cell with the same character changes nothing.
  write_text(console, "\ra");
  EXPECT_FALSE(console.dirty());
  write_text(console, "b");
  EXPECT_TRUE(console.dirty());
}

// ---- a 6x8-class console: 21 x 8 cells ----------------------------------------

// The same console with PageCells: lines of one page, one font.
using PageSmall = Terminal<21, 8, 2, EscapeParser, PageCells>;

template <typename AnyConsole = SmallConsole>
AnyConsole& fresh_small_console() {
  alignas(AnyConsole) static unsigned char storage[sizeof(AnyConsole)];
  return *new (storage) AnyConsole(fonts::kTestFont5x8, kSmallPitch);
}

// One cell of the expected picture: `code_point` drawn with its pen at cell
// (column, row) of 6 x 8 pixels, clipped to `cells` cells, and `mark` over it
// where the pen stands after the character (as a line of text draws it).
struct ExpectedCell {
  int column;
  int row;
  char32_t code_point;
  int cells;
  char32_t mark;
};

void draw_expected_cells(MonoFramebuffer& expected, const ExpectedCell* cells, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    const ExpectedCell& cell = cells[i];
    const int x = cell.column * kSmallPitch;
    const int y = cell.row * 8;
    const Rect clip{x, y, cell.cells * kSmallPitch, 8};
    const int advance = draw_code_point(expected, fonts::kTestFont5x8, cell.code_point, x, y, clip, kLitOnDark);
    if (cell.mark != 0) draw_code_point(expected, fonts::kTestFont5x8, cell.mark, x + advance, y, clip, kLitOnDark);
  }
}

// Cells of `text` from `column` on `row`, one each (ASCII).
std::size_t ascii_cells(ExpectedCell* out, const char* text, int column, int row) {
  std::size_t n = 0;
  for (; text[n] != '\0'; ++n) out[n] = ExpectedCell{column + static_cast<int>(n), row, static_cast<char32_t>(text[n]), 1, 0};
  return n;
}

// Ten lines (two scroll off): ASCII, a combining mark, Latin-1 letters,
// U+FFFD for an ill-formed sequence, hex boxes of 4 cells (a control, a CJK
// character the font lacks) and of 5 (an emoji), a line that wraps.
const char kSmallText[] =
    "zero\r\ndrop me\r\nand me\r\nHello, 5x8 world!\r\n"
    "e\xCC\x81 \xC3\xBC\xC3\x9F\r\n"
    "\xC3\x28\r\n"
    "\x01\xE4\xB8\xADx\r\n"
    "abcdefghijklmnopqrstuv\xF0\x9F\x98\x80\r\n"
    "last";

MonoFramebuffer expected_small_screen() {
  static ExpectedCell cells[96];
  std::size_t n = 0;
  n += ascii_cells(cells + n, "and me", 0, 0);
  n += ascii_cells(cells + n, "Hello, 5x8 world!", 0, 1);
  cells[n++] = ExpectedCell{0, 2, U'e', 1, 0x0301};
  cells[n++] = ExpectedCell{2, 2, 0xFC, 1, 0};
  cells[n++] = ExpectedCell{3, 2, 0xDF, 1, 0};
  cells[n++] = ExpectedCell{0, 3, 0xFFFD, 1, 0};
  cells[n++] = ExpectedCell{1, 3, U'(', 1, 0};
  cells[n++] = ExpectedCell{0, 4, 0x01, 4, 0};    // 20-pixel hex box: 4 cells
  cells[n++] = ExpectedCell{4, 4, 0x4E2D, 4, 0};
  cells[n++] = ExpectedCell{8, 4, U'x', 1, 0};
  n += ascii_cells(cells + n, "abcdefghijklmnopqrstu", 0, 5);
  cells[n++] = ExpectedCell{0, 6, U'v', 1, 0};
  cells[n++] = ExpectedCell{1, 6, 0x1F600, 5, 0};  // 28-pixel hex box: 5 cells
  n += ascii_cells(cells + n, "last", 0, 7);
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer expected(pictures.expected, 128, 64);
  draw_expected_cells(expected, cells, n);
  return expected;
}

// The 21 x 8 console through the SSD1306 model, pixel for pixel against the
// cells drawn one by one at their hand-placed positions.
template <typename AnyConsole>
void check_screen_on_ssd1306() {
  AnyConsole& console = fresh_small_console<AnyConsole>();
  EXPECT_EQ(console.cell_width(), 6);
  EXPECT_EQ(console.line_height(), 8);
  EXPECT_EQ(console.pixel_width(), 126);
  EXPECT_EQ(console.pixel_height(), 64);
  write_text(console, kSmallText);
  Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  Ssd1306 panel(bus, kSsd1306_128x64);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  const MonoFramebuffer expected = expected_small_screen();
  EXPECT_TRUE(model_shows(model, 0, 126, 64, expected));
  // The cells read back as code points, the hex boxes' included.
  EXPECT_EQ(console.cell(0, 2), U'e');
  EXPECT_EQ(console.mark_of(0, 2), char32_t{0x0301});
  EXPECT_EQ(console.cell(3, 2), char32_t{0xDF});
  EXPECT_EQ(console.cell(0, 3), char32_t{0xFFFD});
  EXPECT_EQ(console.cell(0, 4), char32_t{0x01});
  EXPECT_EQ(console.cell(1, 4), char32_t{0});
  EXPECT_EQ(console.cell(4, 4), char32_t{0x4E2D});
  EXPECT_EQ(console.cell(1, 6), char32_t{0x1F600});
  EXPECT_EQ(console.cell(5, 6), char32_t{0});
  EXPECT_EQ(console.cell(6, 6), U' ');
  EXPECT_EQ(console.cursor().column, 4);
  EXPECT_EQ(console.cursor().row, 7);
  // draw() into a framebuffer gives the same picture.
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer drawn(pictures.actual, 128, 64);
  console.draw(drawn, 0, 0);
  EXPECT_TRUE(model_shows(model, 0, 128, 64, drawn));
}

UTEST(SmallTerminal, ScreenOnSsd1306) { check_screen_on_ssd1306<SmallConsole>(); }
UTEST(PageCells, ScreenOnSsd1306) { check_screen_on_ssd1306<PageSmall>(); }

// Inverts cell (column, row) of the 6 x 8 grid in `picture`.
void invert_cell(MonoFramebuffer& picture, int column, int row) {
  for (int y = row * 8; y < row * 8 + 8; ++y) {
    for (int x = column * kSmallPitch; x < (column + 1) * kSmallPitch; ++x) picture.set_pixel(x, y, !picture.get_pixel(x, y));
  }
}

// True if the model shows `text` (ASCII) on row 0 of the 6 x 8 grid, cells
// [first_inverted, end_inverted) of `inverted_row` inverted, and `extra` cells.
bool model_shows_row0(const Ssd1306Model& model, const char* text, int inverted_row, int first_inverted,
                      int end_inverted, const ExpectedCell* extra = nullptr, std::size_t extra_count = 0) {
  static ExpectedCell cells[24];
  std::size_t n = ascii_cells(cells, text, 0, 0);
  for (std::size_t i = 0; i < extra_count && n < 24; ++i) cells[n++] = extra[i];
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer expected(pictures.expected, 128, 64);
  draw_expected_cells(expected, cells, n);
  for (int column = first_inverted; column < end_inverted; ++column) invert_cell(expected, column, inverted_row);
  return model_shows(model, 0, 128, 64, expected);
}

// The cursor: the inverse of the cell the next character goes to; a typed
// character sends its page's columns of that cell and the next, nothing else.
template <typename AnyConsole>
void check_cursor() {
  AnyConsole& console = fresh_small_console<AnyConsole>();
  Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  Ssd1306 panel(bus, kSsd1306_128x64);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  EXPECT_FALSE(console.cursor_visible());
  write_text(console, "ab\x1B[?25h");
  EXPECT_TRUE(console.cursor_visible());
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  EXPECT_TRUE(model_shows_row0(model, "ab", 0, 2, 3));
  // 'c': cells 2 and 3 of page 0 (12 columns), one page-address command.
  model.counters() = panel_model::BusCounters();
  write_text(console, "c");
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  EXPECT_EQ(model.counters().command_bytes, std::size_t{3});
  EXPECT_EQ(model.counters().data_bytes, std::size_t{2 * kSmallPitch});
  EXPECT_TRUE(model_shows_row0(model, "abc", 0, 3, 4));
  // Over a character (after BS) the cursor inverts its glyph.
  write_text(console, "\b");
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  EXPECT_TRUE(model_shows_row0(model, "abc", 0, 2, 3));
  // A new line: the old cell on page 0 and the new one on page 1.
  model.counters() = panel_model::BusCounters();
  write_text(console, "\r\n");
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  EXPECT_EQ(model.counters().command_bytes, std::size_t{2 * 3});
  EXPECT_EQ(model.counters().data_bytes, std::size_t{2 * kSmallPitch});
  // Hidden: the cell it was on is redrawn plain; then nothing more to send.
  write_text(console, "\x1B[?25l");
  EXPECT_FALSE(console.cursor_visible());
  model.counters() = panel_model::BusCounters();
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  EXPECT_EQ(model.counters().data_bytes, std::size_t{kSmallPitch});
  model.counters() = panel_model::BusCounters();
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  EXPECT_EQ(model.counters().bus_bytes(), std::size_t{0});
  EXPECT_TRUE(model_shows_row0(model, "abc", 0, 0, 0));
  // Other private modes and a cursor over a hex box (all its cells).
  write_text(console, "\x1B[?7h\x1B[?25;1h");
  EXPECT_FALSE(console.cursor_visible());
  console.set_cursor_visible(true);
  write_text(console, "\x01\x1B[2;2H");
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  const ExpectedCell hex_box{0, 1, 0x01, 4, 0};
  EXPECT_TRUE(model_shows_row0(model, "abc", 1, 0, 4, &hex_box, 1));
  // draw() shows the cursor as flush() does.
  MonoFramebuffer drawn(display_test::fresh_pictures().actual, 128, 64);
  console.draw(drawn, 0, 0);
  EXPECT_TRUE(model_shows(model, 0, 128, 64, drawn));
}

UTEST(SmallTerminal, Cursor) { check_cursor<SmallConsole>(); }
UTEST(PageCells, Cursor) { check_cursor<PageSmall>(); }

// Combining marks beyond the slots get a cell of their own, and marks move
// with their lines when the grid scrolls.
template <typename AnyConsole>
void check_mark_slots() {
  AnyConsole& console = fresh_small_console<AnyConsole>();
  write_text(console, "a\xCC\x81" "b\xCC\x88" "c\xCC\x82");  // the third finds no free slot
  EXPECT_EQ(console.mark_of(0, 0), char32_t{0x0301});
  EXPECT_EQ(console.mark_of(1, 0), char32_t{0x0308});
  EXPECT_EQ(console.cell(2, 0), U'c');
  EXPECT_EQ(console.mark_of(2, 0), char32_t{0});
  EXPECT_EQ(console.cell(3, 0), U' ');
  EXPECT_EQ(console.mark_of(3, 0), char32_t{0x0302});
  // Overwriting a cell frees its slot.
  write_text(console, "\rX\xCC\x83");
  EXPECT_EQ(console.cell(0, 0), U'X');
  EXPECT_EQ(console.mark_of(0, 0), char32_t{0x0303});
  // A mark moves up with its line, and leaves its slot when the line goes.
  new (&console) AnyConsole(fonts::kTestFont5x8, kSmallPitch);
  write_text(console, "\r\n\r\n\r\nd\xCC\x81\r\n\r\n\r\n\r\n\r\n\r\n");  // d on row 3, then 2 scrolls
  EXPECT_EQ(console.cell(0, 1), U'd');
  EXPECT_EQ(console.mark_of(0, 1), char32_t{0x0301});
  EXPECT_EQ(console.mark_of(0, 3), char32_t{0});
  write_text(console, "a\xCC\x88\r\n\r\n");  // both slots taken; then row 1 goes off the top
  EXPECT_EQ(console.mark_of(0, 5), char32_t{0x0308});
  write_text(console, "e\xCC\x81" "f\xCC\x88");  // e's mark takes d's slot; f's finds none
  EXPECT_EQ(console.mark_of(0, 7), char32_t{0x0301});
  EXPECT_EQ(console.mark_of(1, 7), char32_t{0});
  EXPECT_EQ(console.cell(2, 7), U' ');
  EXPECT_EQ(console.mark_of(2, 7), char32_t{0x0308});
}

UTEST(SmallTerminal, MarkSlots) { check_mark_slots<SmallConsole>(); }
UTEST(PageCells, MarkSlots) { check_mark_slots<PageSmall>(); }

// A font taller than a page (6x13) with PageCells: lines 8 rows apart, each
// glyph from its line's top row, its rows past the 8th not drawn (so no ink
// reaches the line below). Expected: each glyph drawn by draw_code_point()
// clipped to its 6 x 8 cell; through the SSD1306 model and draw() alike.
UTEST(PageCells, TallFontClippedToThePage) {
  using TallPage = Terminal<21, 8, 2, NoEscapes, PageCells>;
  alignas(TallPage) static unsigned char storage[sizeof(TallPage)];
  TallPage& console = *new (storage) TallPage(fonts::kTestFont6x13);
  EXPECT_EQ(console.line_height(), 8);
  EXPECT_EQ(console.cell_width(), fonts::kTestFont6x13.cell_width);
  const int pitch = console.cell_width();
  write_text(console, "Ag|_\r\njy{");
  EXPECT_EQ(console.cell(3, 0), U'_');
  EXPECT_EQ(console.cell(2, 1), U'{');
  Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  Ssd1306 panel(bus, kSsd1306_128x64);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  ASSERT_EQ(console.flush(panel, g_strip, sizeof(g_strip)), PanelStatus::kOk);
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer expected(pictures.expected, 128, 64);
  const char32_t kRows[2][5] = {{U'A', U'g', U'|', U'_', 0}, {U'j', U'y', U'{', 0, 0}};
  for (int row = 0; row < 2; ++row) {
    for (int column = 0; kRows[row][column] != 0; ++column) {
      const Rect cell{column * pitch, row * 8, pitch, 8};
      draw_code_point(expected, fonts::kTestFont6x13, kRows[row][column], cell.x, cell.y, cell, kLitOnDark);
    }
  }
  EXPECT_TRUE(model_shows(model, 0, 128, 64, expected));
  MonoFramebuffer drawn(pictures.actual, 128, 64);
  console.draw(drawn, 0, 0);
  EXPECT_TRUE(model_shows(model, 0, 128, 64, drawn));
}

// ---- parts: the plain console, a font chain, any origin ------------------------

using PlainSmall = PlainConsole<16, 4>;

// The same grid cases without the escape parser: the controls act alike; an
// ESC is a hex box like any other control, and the sequence's bytes are text.
UTEST(PlainConsole, ControlsWithoutEscapes) {
  static_assert(!PlainSmall::kEscapeSequences && Console::kEscapeSequences, "one console of each kind");
  static_assert(sizeof(PlainSmall) < sizeof(Console), "the plain console keeps no escape state");
  static_assert(sizeof(void*) > 4 || sizeof(PlainConsole<21, 8>) + kStripBytes + sizeof(Ssd1306) <= 512,
                "plain 128x64 console of 21 x 8 cells within 512 bytes of RAM");
  struct PlainCase {
    const char* input;
    const char* rows[4];
    int column;
    int row;
  };
  static const PlainCase kCases[] = {
      {"abc\rX", {"Xbc", "", "", ""}, 1, 0},
      {"ab\r\ncd", {"ab", "cd", "", ""}, 2, 1},
      {"ab\bX", {"aX", "", "", ""}, 2, 0},
      {"a\tb", {"a       b", "", "", ""}, 9, 0},
      {"abc\n\x0C" "d", {"d", "", "", ""}, 1, 0},
      {"a\x0B" "b\xC2\x85" "c", {"a", "b", "c", ""}, 1, 2},
      {"a\x1B[2Jb", {"a\x1B_[2Jb", "", "", ""}, 7, 0},         // ESC: a hex box of 2 cells; the rest is text
      {"\xC2\x9B" "1", {"\xC2\x9B_1", "", "", ""}, 3, 0},       // CSI (U+009B): a hex box too
      {"\x1B%@\xE9", {"\x1B_%@\xEF\xBF\xBD", "", "", ""}, 5, 0},  // no ISO-8859-1 mode: 0xE9 is ill-formed UTF-8
  };
  alignas(PlainSmall) static unsigned char storage[sizeof(PlainSmall)];
  for (const PlainCase& row : kCases) {
    PlainSmall& console = *new (storage) PlainSmall();
    std::size_t size = 0;
    while (row.input[size] != '\0') ++size;
    console.write(reinterpret_cast<const std::uint8_t*>(row.input), size);
    console.finish();
    EXPECT_FALSE(console.latin1());
    const bool same = grid_is(console, row.rows);
    EXPECT_TRUE(same);
    EXPECT_EQ(console.cursor().column, row.column);
    EXPECT_EQ(console.cursor().row, row.row);
    if (!same) utest::log() << "  input: " << row.input << '\n';
  }
}

// A terminal with a fallback chain: each character from the first font that
// has it, on the chain's baseline; the cells read back as code points. The
// expected picture is drawn cell by cell with FontChain::find()'s glyphs
// (render.h), not through the chain ordinals the cells keep.
UTEST(Terminal, FontChainCells) {
  static const FontChain kChain(fonts::kTestFont6x13, fonts::kTestFont5x8);
  using ChainConsole = Terminal<16, 4>;
  alignas(ChainConsole) static unsigned char storage[sizeof(ChainConsole)];
  ChainConsole& console = *new (storage) ChainConsole(kChain, 8);
  EXPECT_EQ(console.cell_width(), 8);
  EXPECT_EQ(console.line_height(), kChain.line_height());
  write_text(console, "A\xC3\xA9" "e\xCC\x81\xE4\xB8\xAD!");  // A, é (5x8 only), e + acute (from 5x8), 中 (none)
  EXPECT_EQ(console.cell(0, 0), U'A');
  EXPECT_EQ(console.cell(1, 0), char32_t{0xE9});
  EXPECT_EQ(console.cell(2, 0), U'e');
  EXPECT_EQ(console.mark_of(2, 0), char32_t{0x0301});
  EXPECT_EQ(console.cell(3, 0), char32_t{0x4E2D});  // a hex box: 20 pixels in 13-row lines, 3 cells of 8
  EXPECT_EQ(console.cell(4, 0), char32_t{0});
  EXPECT_EQ(console.cell(6, 0), U'!');
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer drawn(pictures.actual, 128, 64);
  console.draw(drawn, 0, 0);
  MonoFramebuffer expected(pictures.expected, 128, 64);
  const int height = kChain.line_height();
  const Rect cell_a{0, 0, 8, height};
  draw_code_point(expected, kChain, U'A', 0, 0, cell_a, kLitOnDark);
  draw_code_point(expected, kChain, 0xE9, 8, 0, Rect{8, 0, 8, height}, kLitOnDark);
  const int advance = draw_code_point(expected, kChain, U'e', 16, 0, Rect{16, 0, 8, height}, kLitOnDark);
  draw_code_point(expected, kChain, 0x0301, 16 + advance, 0, Rect{16, 0, 8, height}, kLitOnDark);
  draw_code_point(expected, kChain, 0x4E2D, 24, 0, Rect{24, 0, 24, height}, kLitOnDark);
  draw_code_point(expected, kChain, U'!', 48, 0, Rect{48, 0, 8, height}, kLitOnDark);
  EXPECT_TRUE(display_test::same_picture(drawn, expected));
}

// draw() at any origin: clamped before it is added to cell offsets, so an
// origin near INT_MAX or INT_MIN draws nothing and overflows nothing (UBSan
// checks the arithmetic on the host); an origin partly off the picture
// clips.
UTEST(Terminal, DrawAtAnyOrigin) {
  Console& console = fresh_console();
  write_text(console, "abc\n\xE4\xB8\xAD\x01");
  console.set_cursor_visible(true);
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer drawn(pictures.actual, 128, 64);
  const int kLimits[] = {INT32_MAX, INT32_MAX - 5, INT32_MIN, INT32_MIN + 7, 1 << 24, -(1 << 24), 200, -200};
  for (const int x : kLimits) {
    for (const int y : kLimits) {
      console.draw(drawn, x, y);
      console.draw(drawn, x, 0);
      console.draw(drawn, 0, y);
    }
  }
  for (std::size_t i = 0; i < drawn.size_bytes(); ++i) EXPECT_EQ(drawn.data()[i], 0);
  // Partly off the left and top: the same pixels as drawn at (0, 0), moved.
  console.draw(drawn, -3, -5);
  MonoFramebuffer whole(pictures.expected, 128, 64);
  console.draw(whole, 0, 0);
  bool same = true;
  for (int y = 0; y < 64 - 5; ++y) {
    for (int x = 0; x < 128 - 3; ++x) same = same && drawn.get_pixel(x, y) == whole.get_pixel(x + 3, y + 5);
  }
  EXPECT_TRUE(same);
}

// ---- bad input ---------------------------------------------------------------

// Random bytes and controls (ESC, CSI, OSC starts, CAN, BS, TAB, FF ...) into
// a console with guard bytes around it, flushed into panels of odd sizes:
// nothing is written outside any buffer, the cursor stays on the grid, and
// every flush completes.
UTEST(Terminal, RandomInputAndOddPanels) {
  struct Guarded {
    std::uint32_t before[4];
    Terminal<5, 3> small;
    Terminal<2, 1> tiny;
    PlainConsole<7, 2> plain;
    Terminal<9, 3, 1, EscapeParser, PageCells> page;
    Console console;
    std::uint8_t strip[kStripBytes];
    std::uint32_t after[4];
  };
  static Guarded guarded;
  for (auto& word : guarded.before) word = 0xDEADBEEF;
  for (auto& word : guarded.after) word = 0xDEADBEEF;
  guarded.small = Terminal<5, 3>();
  guarded.tiny = Terminal<2, 1>();
  guarded.plain = PlainConsole<7, 2>();
  guarded.page = Terminal<9, 3, 1, EscapeParser, PageCells>();
  guarded.console = Console();
  Ssd1306Model& model = fresh_ssd1306(Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  const Ssd1306Config sizes[] = {
      {Ssd1306Controller::kSsd1306, 0, 0, 0, false},     // zero-size
      {Ssd1306Controller::kSsd1306, 4, 4, 0, false},     // smaller than a glyph
      {Ssd1306Controller::kSsd1306, 128, 64, 0, false},
      {Ssd1306Controller::kSsd1306, 255, 255, 0, false},  // clamped to 128 x 64
  };
  display_test::Random random(0x19u);
  const std::size_t total = utest::kReduced ? 16 * 1024 : 100 * 1024;  // 100 KB on the host and the M3+ boards
  static const std::uint8_t kSpecial[] = {0x1B, '[', ']', '%', '@', 'G', ';', '?', 0x9B, 0x18, 0x1A, 0x07,
                                          '\b', '\t', '\n', '\r', 0x0C, 0xC2, 0xE4, 0xF0, 0x80, 0xBF, '2', 'J', 'K', 'H'};
  for (std::size_t i = 0; i < total; ++i) {
    const std::uint32_t r = random.next();
    const auto byte = (r & 0x300) == 0 ? kSpecial[(r >> 12) % sizeof(kSpecial)] : static_cast<std::uint8_t>(r);
    guarded.console.write(byte);
    guarded.small.write(byte);
    guarded.tiny.write(byte);
    guarded.plain.write(byte);
    guarded.page.write(byte);
    if ((i & 1023) == 1023) {
      Ssd1306 panel(bus, sizes[(i >> 10) % 4]);
      EXPECT_EQ(guarded.console.flush(panel, guarded.strip, sizeof(guarded.strip)), PanelStatus::kOk);
      EXPECT_EQ(guarded.small.flush(panel, guarded.strip, 6), PanelStatus::kOk);
      EXPECT_EQ(guarded.tiny.flush(panel, guarded.strip, sizeof(guarded.strip)), PanelStatus::kOk);
      EXPECT_EQ(guarded.plain.flush(panel, guarded.strip, 2), PanelStatus::kOk);
      EXPECT_EQ(guarded.page.flush(panel, guarded.strip, 4), PanelStatus::kOk);
    }
  }
  guarded.console.finish();
  EXPECT_LE(guarded.console.cursor().column, 16);
  EXPECT_LT(guarded.console.cursor().row, 4);
  EXPECT_LE(guarded.small.cursor().column, 5);
  EXPECT_LE(guarded.tiny.cursor().column, 2);
  EXPECT_EQ(guarded.tiny.cursor().row, 0);
  EXPECT_LE(guarded.plain.cursor().column, 7);
  EXPECT_LT(guarded.plain.cursor().row, 2);
  EXPECT_LE(guarded.page.cursor().column, 9);
  EXPECT_LT(guarded.page.cursor().row, 3);
  for (const auto word : guarded.before) EXPECT_EQ(word, 0xDEADBEEFu);
  for (const auto word : guarded.after) EXPECT_EQ(word, 0xDEADBEEFu);
  EXPECT_EQ(model.data_overruns(), 0);
  EXPECT_EQ(model.unknown_commands(), 0);
  // Every two-cell character's right half follows its left half.
  for (int row = 0; row < 4; ++row) {
    for (int column = 0; column < 16; ++column) {
      if (guarded.console.cell(column, row) == 0) {
        EXPECT_GT(column, 0);
        EXPECT_NE(guarded.console.cell(column - 1, row), char32_t{0});
      }
    }
  }
}

}  // namespace

