// TextBox with Unicode's rules (text_box_unicode.h): grapheme clusters as
// units, UAX #14 line breaks, soft hyphens, backspace by cluster. Expected
// pictures are drawn without any layout, code point by code point at
// positions worked out here from the font's advances (Unifont: 8 pixels a
// narrow cell, 16 a wide one). The property test checks every line start the
// box chooses against the text module's buffer API (for_each_line_break,
// for_each_grapheme_break) over the whole text.
#include "display_test_support.h"
#include "panel_test_support.h"
#include "text_box_unicode_test_font.h"
#include "utf8mcu/display/text_box_unicode.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"
#if defined(UTF8MCU_DISPLAY_TEST_EMOJI)
#include "display_test_font_emoji.h"
#endif

namespace {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;

FontChain test_fonts() {
#if defined(UTF8MCU_DISPLAY_TEST_EMOJI)
  return FontChain(fonts::kTextBoxUnicodeFont, fonts::kTestFontEmoji);
#else
  return FontChain(fonts::kTextBoxUnicodeFont);
#endif
}

int advance_of(char32_t code_point) { return appearance_of(test_fonts(), code_point).advance; }

// The expected picture, drawn code point by code point: each at the pen,
// which moves by its advance (marks advance 0 and draw over the glyph before).
struct Expected {
  MonoFramebuffer& picture;
  Rect clip;
  int x = 0;
  int y = 0;
  void at(int column, int line) {
    x = clip.x + column;
    y = clip.y + line * test_fonts().line_height();
  }
  void draw(char32_t code_point) {
    x += draw_code_point(picture, test_fonts(), code_point, x, y, clip, kLitOnDark);
  }
  void line(int number, const char* text) {
    at(0, number);
    display_test::feed_bytes(text, display_test::text_length(text), *this);
  }
  void operator()(char32_t code_point) { draw(code_point); }
};

// The picture the box draws and the expected one, cleared.
struct Screens {
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer actual{pictures.actual, display_test::kWidth, display_test::kHeight};
  MonoFramebuffer expected{pictures.expected, display_test::kWidth, display_test::kHeight};
};

template <typename Box>
void feed(Box& box, const char* text) {
  utf8mcu::Decoder decoder;
  for (std::size_t i = 0; text[i] != '\0'; ++i) decoder.push(static_cast<std::uint8_t>(text[i]), box);
  decoder.finish(box);
  box.finish();
}

bool same(const MonoFramebuffer& actual, const MonoFramebuffer& expected, const char* what) {
  if (display_test::same_picture(actual, expected)) return true;
  utest::log() << "  picture differs: " << what << '\n';
  return false;
}

struct LineCase {
  const char* text;
  int box_width;
  const char* lines[4];  // expected lines, top to bottom (nullptr ends)
};

// Box of `box_width` x 64 at (0, 0). Worked out by hand with 8-pixel cells.
const LineCase kLineCases[] = {
    // A German compound with soft hyphens, 16 cells: "Donaudampfschiff" fills the
    // first line, the hyphen after it would not fit, so "schiff" moves and the
    // break falls at the soft hyphen after "dampf"; the same after "fahrts".
    {"Donau\xC2\xAD" "dampf\xC2\xAD" "schiff\xC2\xAD" "fahrts\xC2\xAD" "gesellschaft", 128,
     {"Donaudampf-", "schifffahrts-", "gesellschaft"}},
    // A soft hyphen not at a line end draws nothing.
    {"Donau\xC2\xAD" "dampf", 128, {"Donaudampf"}},
    // Mandatory breaks: LF, CR LF as one, CR alone, LINE SEPARATOR, NEL.
    {"ab\ncd\r\nef\rgh", 64, {"ab", "cd", "ef", "gh"}},
    {"a\xE2\x80\xA8" "b\xC2\x85" "c", 64, {"a", "b", "c"}},
    {"a\n\nb", 64, {"a", "", "b"}},
    // A word longer than the line breaks between clusters; the skin tone stays with its base.
    {"abcdefg\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBDx", 64, {"abcdefg", "\xF0\x9F\x91\x8Dx"}},
    {"abcdefghijk", 64, {"abcdefgh", "ijk"}},
    // Spaces at the end of a line hang; a word moves whole.
    {"abcdefgh   ij", 64, {"abcdefgh", "ij"}},
    {"abc defgh ij", 64, {"abc", "defgh ij"}},
    // ZERO WIDTH SPACE: an opportunity, drawn as nothing; NO-BREAK SPACE: none.
    {"abcde\xE2\x80\x8B" "fghij", 64, {"abcde", "fghij"}},
    {"abcde\xC2\xA0" "fghij", 64, {"abcde\xC2\xA0" "fg", "hij"}},
    // Ideographs break anywhere; 。 (CL) never starts a line (LB13).
    {"\xE4\xB8\x80\xE4\xB8\x81\xE4\xB8\x80\xE4\xB8\x81\xE4\xB8\x80", 64,
     {"\xE4\xB8\x80\xE4\xB8\x81\xE4\xB8\x80\xE4\xB8\x81", "\xE4\xB8\x80"}},
    {"\xE4\xB8\x80\xE4\xB8\x81\xE4\xB8\x80\xE4\xB8\x81\xE3\x80\x82", 64,
     {"\xE4\xB8\x80\xE4\xB8\x81\xE4\xB8\x80", "\xE4\xB8\x81\xE3\x80\x82"}},
    // The late opportunity of LB25: PR ÷ OP unless a number follows.
    {"abcd $(efgh", 64, {"abcd $", "(efgh"}},
    {"abcd $(123", 64, {"abcd", "$(123"}},
};

UTEST(TextBoxUnicode, LineBreaks) {
  for (const LineCase& row : kLineCases) {
    Screens screens;
    MonoFramebuffer& actual = screens.actual;
    MonoFramebuffer& expected = screens.expected;
    const Rect area{0, 0, row.box_width, 64};
    UnicodeTextBox<MonoFramebuffer> box(actual, test_fonts(), area, kLitOnDark);
    feed(box, row.text);
    Expected picture{expected, area};
    for (int i = 0; i < 4 && row.lines[i] != nullptr; ++i) picture.line(i, row.lines[i]);
    EXPECT_TRUE(same(actual, expected, row.text));
  }
}

// The cases of a thumb with a skin tone, a flag and a family: one unit each,
// drawn as its base.
UTEST(TextBoxUnicode, EmojiSequencesAreOneUnit) {
  const Rect area{0, 0, 64, 64};
  struct EmojiCase {
    const char* text;
    char32_t base;
  };
  const EmojiCase cases[] = {
      {"\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD" "x", 0x1F44D},                                       // 👍🏽x
      {"\xF0\x9F\x87\xA9\xF0\x9F\x87\xAA" "x", 0x1F1E9},                                       // 🇩🇪x
      {"\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7" "x", 0x1F468},  // 👨‍👩‍👧x
  };
  for (const EmojiCase& row : cases) {
    Screens screens;
    MonoFramebuffer& actual = screens.actual;
    MonoFramebuffer& expected = screens.expected;
    UnicodeTextBox<MonoFramebuffer> box(actual, test_fonts(), area, kLitOnDark);
    feed(box, row.text);
    Expected picture{expected, area};
    picture.draw(row.base);
    picture.draw(U'x');
    EXPECT_TRUE(same(actual, expected, row.text));
    EXPECT_EQ(box.cursor().x, advance_of(row.base) + advance_of(U'x'));
  }
}

// Flags wrap as units: as many per line as fit, never half a flag.
UTEST(TextBoxUnicode, FlagsWrapWhole) {
  const Rect area{0, 0, 64, 64};
  Screens screens;
  MonoFramebuffer& actual = screens.actual;
  MonoFramebuffer& expected = screens.expected;
  UnicodeTextBox<MonoFramebuffer> box(actual, test_fonts(), area, kLitOnDark);
  feed(box, "\xF0\x9F\x87\xA9\xF0\x9F\x87\xAA\xF0\x9F\x87\xA9\xF0\x9F\x87\xAA\xF0\x9F\x87\xA9\xF0\x9F\x87\xAA"
            "\xF0\x9F\x87\xA9\xF0\x9F\x87\xAA\xF0\x9F\x87\xA9\xF0\x9F\x87\xAA");  // 🇩🇪 x 5
  const int flag = advance_of(0x1F1E9);
  ASSERT_TRUE(flag > 0 && flag <= 64);
  Expected picture{expected, area};
  const int per_line = 64 / flag;
  for (int i = 0; i < 5; ++i) {
    picture.at((i % per_line) * flag, i / per_line);
    picture.draw(0x1F1E9);
  }
  EXPECT_TRUE(same(actual, expected, "flags"));
}

// Backspace goes back over a whole family (one cluster), once, erasing nothing.
UTEST(TextBoxUnicode, BackspaceByCluster) {
  const Rect area{0, 0, 64, 64};
  Screens screens;
  MonoFramebuffer& actual = screens.actual;
  MonoFramebuffer& expected = screens.expected;
  UnicodeTextBox<MonoFramebuffer> box(actual, test_fonts(), area, kLitOnDark);
  // a 👨‍👩‍👧 BS x, then BS BS y: the second BS does nothing.
  feed(box, "a\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7\bx\b\by");
  Expected picture{expected, area};
  picture.draw(U'a');
  picture.draw(0x1F468);
  picture.at(advance_of(U'a'), 0);
  picture.draw(U'x');
  picture.at(advance_of(U'a'), 0);
  picture.draw(U'y');
  EXPECT_TRUE(same(actual, expected, "backspace"));
  EXPECT_EQ(box.cursor().x, advance_of(U'a') + advance_of(U'y'));
  // e + COMBINING ACUTE BS: both go.
  UnicodeTextBox<MonoFramebuffer> second(actual, test_fonts(), {0, 16, 64, 16}, kLitOnDark);
  feed(second, "be\xCC\x81\b");
  EXPECT_EQ(second.cursor().x, advance_of(U'b'));
}

// The same box straight to a panel, page strip by page strip
// (draw_text_to_panel() with Unicode's rules), equals the hand-made picture.
UTEST(TextBoxUnicode, OnAPanel) {
  static const char kText[] = "Donau\xC2\xAD" "dampf\xC2\xAD" "schiff\xC2\xAD" "fahrts\xC2\xAD" "gesellschaft";
  const Rect area{0, 0, 128, 64};
  Screens screens;
  Expected picture{screens.expected, area};
  picture.line(0, "Donaudampf-");
  picture.line(1, "schifffahrts-");
  picture.line(2, "gesellschaft");
  panel_test::Ssd1306Model& model = panel_test::fresh_ssd1306(panel_test::Ssd1306Model::Kind::kSsd1306);
  const PanelBus bus = model.spi_bus();
  Ssd1306 panel(bus, kSsd1306_128x64);
  ASSERT_EQ(panel.init(), PanelStatus::kOk);
  std::uint8_t strip[128];
  const PanelStatus status = draw_text_to_panel<Ssd1306, 32, UnicodeTextRules>(
      panel, strip, sizeof strip, test_fonts(), area, kText, sizeof kText - 1);
  ASSERT_EQ(status, PanelStatus::kOk);
  EXPECT_TRUE(panel_test::model_shows(model, 0, 128, 64, screens.expected));
}

// ---- the property test ----------------------------------------------------

// A surface that keeps, per line, which opaque glyph cells are drawn where (a
// hash of their columns), erased by fill_rect(): what the box shows in the end.
class CellRecorder {
 public:
  using Color = bool;
  struct Cell {
    int left;
    int right;
    int top;
    std::uint32_t hash;
  };
  static constexpr int kCapacity = 160;

  template <typename Columns>
  void draw_columns(int x, int y, const Columns& source, int first, int end, std::uint32_t /*rows*/, bool transparent,
                    bool /*on*/, bool /*off*/) {
    if (transparent) return;
    Columns columns = source;
    std::uint32_t hash = 2166136261u;
    for (int column = 0; column < end; ++column) {
      const std::uint32_t bits = columns.next();
      if (column >= first) hash = (hash ^ bits) * 16777619u;
    }
    remove(x + first, x + end, y, y + 1);
    if (count_ == kCapacity) {
      full_ = true;
      return;
    }
    cells_[count_++] = Cell{x + first, x + end, y, hash ^ static_cast<std::uint32_t>(end - first)};
  }
  void fill_rect(int x, int y, int width, int height, bool /*color*/) { remove(x, x + width, y, y + height); }

  int count() const { return count_; }
  bool full() const { return full_; }
  const Cell& cell(int i) const { return cells_[i]; }
  void clear() { count_ = 0; }

  // Cells in reading order: by line, then from the left.
  void sort() {
    for (int i = 1; i < count_; ++i) {
      for (int j = i; j > 0 && before(cells_[j], cells_[j - 1]); --j) {
        const Cell swap = cells_[j];
        cells_[j] = cells_[j - 1];
        cells_[j - 1] = swap;
      }
    }
  }

 private:
  static bool before(const Cell& a, const Cell& b) { return a.top != b.top ? a.top < b.top : a.left < b.left; }
  void remove(int left, int right, int top, int bottom) {
    int kept = 0;
    for (int i = 0; i < count_; ++i) {
      const Cell& c = cells_[i];
      if (c.top >= top && c.top < bottom && c.left < right && left < c.right) continue;
      cells_[kept++] = c;
    }
    count_ = kept;
  }
  Cell cells_[kCapacity];
  int count_ = 0;
  bool full_ = false;
};

// The palette: Latin, marks, emoji (a skin tone, a ZWJ sequence, a flag),
// ideographs, spaces, SOFT HYPHEN, ZERO WIDTH SPACE, LF. No '-': a hyphen
// drawn can only be a soft hyphen's.
const char32_t kPalette[] = {U'a', U'b', U'e', U'x', U'k', 0x0301, 0x0308, 0x1F44D, 0x1F3FD, 0x1F468, 0x200D,
                             0x1F469, 0x1F1E9, 0x1F1EA, 0x4E00, 0x4E01, U' ', U' ', U' ', 0x00AD, 0x00AD,
                             0x200B, U'\n'};
constexpr std::size_t kMaxText = 48;

std::uint32_t hash_of(char32_t code_point) {
  CellRecorder recorder;
  const Rect everywhere{0, 0, 1000, 100};
  draw_code_point(recorder, test_fonts(), code_point, 0, 0, everywhere, kLitOnDark);
  return recorder.count() == 1 ? recorder.cell(0).hash : 0;
}

// A cluster that may leave no opaque cell: a space (it hangs), a soft hyphen,
// ZERO WIDTH SPACE, LF, or one whose base draws nothing or only a mark.
bool invisible(const char32_t* cluster, std::size_t count) {
  if (count == 1 && (cluster[0] == U' ' || cluster[0] == 0x00AD || cluster[0] == 0x200B || cluster[0] == U'\n')) {
    return true;
  }
  return advance_of(cluster[0]) == 0;
}

struct Matches {
  std::uint64_t bits[CellRecorder::kCapacity + 1];
  bool get(int cell, std::size_t cluster) const { return ((bits[cell] >> cluster) & 1u) != 0; }
  void set(int cell, std::size_t cluster, bool value) {
    const std::uint64_t bit = std::uint64_t{1} << cluster;
    bits[cell] = value ? bits[cell] | bit : bits[cell] & ~bit;
  }
};
static_assert(kMaxText + 1 < 64, "a bit per cluster");

struct Layout {
  std::size_t cluster_starts[kMaxText + 1];
  std::size_t clusters = 0;
  bool opportunity[kMaxText + 1] = {};
  bool shy_opportunity[kMaxText + 1] = {};
};

// Checks the box's final picture of `text` against the rules; prints the
// text and returns false on the first violation.
bool check_layout(const char32_t* text, std::size_t size, int box_width, CellRecorder& recorder) {
  Layout layout;
  utf8mcu::text::for_each_grapheme_break(text, size, [&](std::size_t index) {
    layout.cluster_starts[++layout.clusters] = index;
  });
  layout.cluster_starts[0] = 0;
  bool cluster_start[kMaxText + 1] = {};
  for (std::size_t c = 0; c <= layout.clusters; ++c) cluster_start[layout.cluster_starts[c]] = true;
  utf8mcu::text::for_each_line_break(text, size, [&](std::size_t index, utf8mcu::text::LineBreak) {
    if (!cluster_start[index]) return;  // a cluster never splits
    layout.opportunity[index] = true;
    if (index > 0 && text[index - 1] == 0x00AD) layout.shy_opportunity[index] = true;
  });
  const std::uint32_t hyphen = hash_of(U'-');
  auto fail = [&](const char* why, std::size_t where) {
    utest::log() << "  " << why << " at code point " << static_cast<unsigned>(where) << ", box " << box_width << ":";
    for (std::size_t i = 0; i < size; ++i) utest::log() << ' ' << text[i];
    utest::log() << '\n';
    return false;
  };
  if (recorder.full()) return fail("too many cells", 0);
  recorder.sort();
  std::size_t next = 0;  // the next cluster to match
  // matches.get(i, c): cells i.. can show clusters c.. in order, each cell
  // the base of one cluster (or a soft hyphen's hyphen at a line end), each
  // cluster skipped only if it may draw nothing.
  static Matches matches;
  for (int i = recorder.count(); i >= 0; --i) {
    for (std::size_t c = layout.clusters + 1; c-- > 0;) {
      bool can = false;
      if (i == recorder.count()) {
        can = c == layout.clusters ||
              (invisible(text + layout.cluster_starts[c], layout.cluster_starts[c + 1] - layout.cluster_starts[c]) &&
               matches.get(i, c + 1));
      } else {
        const std::uint32_t hash = recorder.cell(i).hash;
        can = hash == hyphen ? matches.get(i + 1, c) : false;
        if (c < layout.clusters) {
          const std::size_t start = layout.cluster_starts[c];
          can = can || (hash_of(text[start]) == hash && matches.get(i + 1, c + 1)) ||
                (invisible(text + start, layout.cluster_starts[c + 1] - start) && matches.get(i, c + 1));
        }
      }
      matches.set(i, c, can);
    }
  }
  if (!matches.get(0, 0)) return fail("cells that show no clusters of the text", 0);
  std::size_t previous_end = 0;  // after the last cluster drawn
  int line_top = -1;
  bool hyphen_ended_line = false;
  for (int i = 0; i < recorder.count(); ++i) {
    const CellRecorder::Cell& cell = recorder.cell(i);
    if (cell.left < 0 || cell.right > box_width) return fail("a cell outside the line", next);
    if (cell.hash == hyphen) {
      const bool last_on_line = i + 1 == recorder.count() || recorder.cell(i + 1).top != cell.top;
      if (!last_on_line) return fail("a hyphen inside a line", next);
      hyphen_ended_line = true;
      continue;
    }
    // Skip clusters that may draw nothing, up to the one this cell shows,
    // chosen so that the rest still matches.
    // A single space that can be skipped is taken as hanging, so that a
    // cell goes to the latest space it can show.
    while (next < layout.clusters) {
      const std::size_t start = layout.cluster_starts[next];
      const bool space = text[start] == U' ' && layout.cluster_starts[next + 1] - start == 1;
      if (hash_of(text[start]) == cell.hash && matches.get(i + 1, next + 1) && !(space && matches.get(i, next + 1))) {
        break;
      }
      ++next;
    }
    if (next == layout.clusters) return fail("a cell of no cluster", next);
    const std::size_t start = layout.cluster_starts[next];
    if (cell.top != line_top) {
      if (line_top >= 0 && start > 0) {
        // The line starts somewhere from the end of the last cluster drawn on
        // the line before (clusters that draw nothing may lie between): at an
        // opportunity there, or inside a word too long to move.
        bool opportunity = false;
        bool at_soft_hyphen = false;
        for (std::size_t p = previous_end; p <= start; ++p) {
          if (!layout.opportunity[p]) continue;
          opportunity = true;
          if (p > 0 && text[p - 1] == 0x00AD) at_soft_hyphen = true;
        }
        if (hyphen_ended_line && !at_soft_hyphen) return fail("a hyphen not at a soft hyphen", start);
        if (!opportunity) {
          std::size_t first = start;
          while (first > 0 && (!layout.opportunity[first] || layout.shy_opportunity[first])) --first;
          std::size_t last = start + 1;
          while (last < size && !layout.opportunity[last]) ++last;
          // Its width without the clusters that hang or draw nothing at its end.
          int width = 0;
          int trailing = 0;
          for (std::size_t c = 0; c < layout.clusters; ++c) {
            const std::size_t s = layout.cluster_starts[c];
            if (s < first || s >= last) continue;
            const int advance = advance_of(text[s]);
            if (invisible(text + s, layout.cluster_starts[c + 1] - s)) {
              trailing += advance;
            } else {
              width += trailing + advance;
              trailing = 0;
            }
          }
          if (width <= box_width && last - first <= 32) return fail("a line start that is no opportunity", start);
        }
      }
      line_top = cell.top;
      hyphen_ended_line = false;
    }
    previous_end = layout.cluster_starts[next + 1];
    ++next;
  }
  return true;
}

UTEST(TextBoxUnicode, LineStartsAreOpportunities) {
  utest::Random random(0x7B0C);
  const int widths[] = {24, 40, 64, 100};
  const int rounds = utest::kReduced ? 150 : 3000;
  static CellRecorder recorder;
  int failures = 0;
  for (int round = 0; round < rounds && failures < 3; ++round) {
    char32_t text[kMaxText];
    const std::size_t size = 1 + random.below(kMaxText);
    for (std::size_t i = 0; i < size; ++i) text[i] = kPalette[random.below(sizeof kPalette / sizeof kPalette[0])];
    const int width = widths[random.below(4)];
    recorder.clear();
    UnicodeTextBox<CellRecorder> box(recorder, test_fonts(), {0, 0, width, 4000}, kLitOnDark);
    for (std::size_t i = 0; i < size; ++i) box(text[i]);
    box.finish();
    if (!check_layout(text, size, width, recorder)) ++failures;
  }
  EXPECT_EQ(failures, 0);
}

// A mark stays with its base at the end of a full line, and a cluster that
// grows as it streams keeps its place (marks draw no opaque cell).
UTEST(TextBoxUnicode, MarksStayWithTheirBase) {
  static CellRecorder recorder;
  recorder.clear();
  UnicodeTextBox<CellRecorder> box(recorder, test_fonts(), {0, 0, 64, 64}, kLitOnDark);
  const char32_t text[] = {U'a', U'b', U'c', U'd', U'e', U'f', U'g', U'h', 0x0301, 0x0323, U'i', U'j'};
  for (const char32_t code_point : text) box(code_point);
  box.finish();
  recorder.sort();
  ASSERT_EQ(recorder.count(), 10);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(recorder.cell(i).left, i < 8 ? 8 * i : 8 * (i - 8));
    EXPECT_EQ(recorder.cell(i).top, i < 8 ? 0 : 16);
  }
  EXPECT_EQ(recorder.cell(7).hash, hash_of(U'h'));
  EXPECT_EQ(box.cursor().x, 16);
  EXPECT_EQ(box.cursor().y, 16);
}

// Bounds: a cluster of 1,000 marks and a word of 1,000 letters stay in their
// buffers and draw no further than the box.
UTEST(TextBoxUnicode, EndlessClustersAndWords) {
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer actual(pictures.actual, display_test::kWidth, display_test::kHeight);
  UnicodeTextBox<MonoFramebuffer, 4> box(actual, test_fonts(), {0, 0, 64, 32}, kLitOnDark);
  box(U'e');
  for (int i = 0; i < 1000; ++i) box(0x0301);
  for (int i = 0; i < 1000; ++i) box(U'a' + static_cast<char32_t>(i % 26));
  for (int i = 0; i < 100; ++i) box(0x1F468), box(0x200D);
  box.finish();
  EXPECT_TRUE(box.overflowed());
  EXPECT_LE(box.cursor().x, 64);
  for (int y = 32; y < 64; ++y) {
    for (int x = 0; x < 128; ++x) EXPECT_FALSE(actual.get_pixel(x, y));
  }
}

}  // namespace
