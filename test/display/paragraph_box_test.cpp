// ParagraphBox: right-to-left and mixed-direction paragraphs (bidi, Arabic
// joining, mirrored brackets, UAX #14 wrapping, right alignment) against
// pictures that make_paragraph_screens.py built from FriBidi's visual order
// and unifont.hex's bitmaps, without lib/; controls and pieces by their
// documented results; the page-strip road to a panel model.
#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "display_paragraph_base_font.h"
#include "display_paragraph_font.h"
#include "display_test_support.h"
#include "panel_test_support.h"
#include "paragraph_screens.h"
#include "utf8mcu/display/paragraph_box.h"

namespace {

using namespace utf8mcu::display;
using utf8mcu::text::BidiDirection;

constexpr int kScreenWidth = 192;
constexpr int kScreenHeight = 64;
constexpr std::size_t kScreenBytes = mono_buffer_size(kScreenWidth, kScreenHeight);

const Font& font() { return fonts::kParagraphFont; }

struct Screens {
  std::uint8_t actual[kScreenBytes];
  std::uint8_t other[kScreenBytes];
};

Screens& fresh_screens() {
  static Screens screens;
  for (std::size_t i = 0; i < kScreenBytes; ++i) {
    screens.actual[i] = 0;
    screens.other[i] = 0;
  }
  return screens;
}

// Draws UTF-8 `text` in a ParagraphBox of `width` x `height` at (0, 0).
template <std::size_t kCapacity>
bool draw(MonoFramebuffer& screen, const char* text, int width, int height, BidiDirection direction) {
  ParagraphBox<MonoFramebuffer, kCapacity> box(screen, font(), Rect{0, 0, width, height}, kLitOnDark, direction);
  display_test::feed_bytes(text, display_test::text_length(text), box);
  box.finish();
  EXPECT_EQ(box.pending(), std::size_t{0});
  return box.overflowed();
}

// Pixel (x, y) of an expected picture `width` pixels wide.
bool expected_pixel(const paragraph_screens::Screen& expected, int x, int y) {
  const auto row_bytes = static_cast<std::size_t>((expected.width + 7) / 8);
  const std::uint8_t byte = expected.pixels[static_cast<std::size_t>(y) * row_bytes + static_cast<std::size_t>(x / 8)];
  return ((byte >> (7 - x % 8)) & 1) != 0;
}

// True if `screen` shows the expected pixels of `expected` in its box, and
// nothing outside it.
bool shows(const MonoFramebuffer& screen, const paragraph_screens::Screen& expected) {
  int differences = 0;
  for (int y = 0; y < kScreenHeight; ++y) {
    for (int x = 0; x < kScreenWidth; ++x) {
      bool want = false;
      if (x < expected.width && y < expected.height) {
        want = expected_pixel(expected, x, y);
      }
      if (screen.get_pixel(x, y) != want) ++differences;
    }
  }
  if (differences != 0) {
    utest::log() << "  " << expected.name << ": " << differences << " pixels differ; actual, then expected:\n";
    display_test::print_picture(screen, 0, expected.height);
    for (int y = 0; y < expected.height; ++y) {
      utest::log() << "    ";
      for (int x = 0; x < expected.width; ++x) {
        utest::log() << (expected_pixel(expected, x, y) ? '#' : '.');
      }
      utest::log() << '\n';
    }
  }
  return differences == 0;
}

// Hebrew, Arabic, Persian with Persian digits, harakat and lam-alef, mixed
// directions, brackets, forced directions, paragraphs, wrapping, overflow and
// capacity pieces: each equals FriBidi's order drawn from unifont.hex.
UTEST(ParagraphBox, GoldenScreens) {
  int checked = 0;
  for (const paragraph_screens::Screen& expected : paragraph_screens::kScreens) {
    Screens& screens = fresh_screens();
    MonoFramebuffer screen(screens.actual, kScreenWidth, kScreenHeight);
    const auto direction = static_cast<BidiDirection>(expected.direction);
    const bool overflowed = expected.capacity == 8
                                ? draw<8>(screen, expected.text, expected.width, expected.height, direction)
                                : draw<64>(screen, expected.text, expected.width, expected.height, direction);
    EXPECT_TRUE(shows(screen, expected));
    EXPECT_EQ(overflowed, expected.overflows);
    if (!utest::current_test_failed()) ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(sizeof paragraph_screens::kScreens / sizeof paragraph_screens::kScreens[0]));
  utest::log() << "  " << checked << " screens equal FriBidi + unifont.hex\n";
}

// Two texts draw the same picture in a box of 192 x 32.
bool draws_like(const char* text, const char* equivalent, BidiDirection direction = BidiDirection::kAuto) {
  Screens& screens = fresh_screens();
  MonoFramebuffer actual(screens.actual, kScreenWidth, kScreenHeight);
  MonoFramebuffer other(screens.other, kScreenWidth, kScreenHeight);
  draw<64>(actual, text, kScreenWidth, 32, direction);
  draw<64>(other, equivalent, kScreenWidth, 32, direction);
  for (std::size_t i = 0; i < kScreenBytes; ++i) {
    if (screens.actual[i] != screens.other[i]) return false;
  }
  return true;
}

bool same_as(const char* text, const char* equivalent, BidiDirection direction = BidiDirection::kAuto) {
  const bool same = draws_like(text, equivalent, direction);
  if (!same) utest::log() << "  differs: " << text << '\n';
  return same;
}

// Controls, by their documented meanings.
UTEST(ParagraphBox, Controls) {
  // CR LF is one separator; CR alone, NEL and U+2029 end a paragraph too.
  EXPECT_TRUE(same_as("\xD7\x90\r\n\xD7\x91", "\xD7\x90\n\xD7\x91"));
  EXPECT_TRUE(same_as("\xD7\x90\r\xD7\x91", "\xD7\x90\n\xD7\x91"));
  EXPECT_TRUE(same_as("\xD7\x90\xC2\x85\xD7\x91", "\xD7\x90\n\xD7\x91"));
  EXPECT_TRUE(same_as("\xD7\x90\xE2\x80\xA9\xD7\x91", "\xD7\x90\n\xD7\x91"));
  // U+2028 breaks the line inside the paragraph: the direction is the
  // paragraph's (the Latin line of an RTL paragraph is aligned right).
  EXPECT_FALSE(draws_like("\xD7\x90\xE2\x80\xA8" "ab", "\xD7\x90\nab"));
  EXPECT_TRUE(same_as("\xD7\x90\xE2\x80\xA8" "ab", "\xD7\x90\nab", BidiDirection::kRightToLeft));
  // BS takes back the last grapheme cluster not drawn: a letter with its mark.
  EXPECT_TRUE(same_as("\xD7\x90\xD7\x91\x08\xD7\x92", "\xD7\x90\xD7\x92"));
  EXPECT_TRUE(same_as("\xD8\xA8\xD9\x8E\x08\xD8\xAA", "\xD8\xAA"));
  EXPECT_TRUE(same_as("\x08\x08" "ab", "ab"));
  // FF: the paragraph held is drawn, then the box cleared.
  EXPECT_TRUE(same_as("\xD7\x90\n\xD7\x91\x0C\xD7\x92", "\xD7\x92"));
  // TAB: a blank of 4 cells of the first font.
  EXPECT_TRUE(same_as("a\tb", "a    b"));
  // Spaces at the end of a line hang: no shift of the right alignment.
  EXPECT_TRUE(same_as("\xD7\x90\xD7\x91   ", "\xD7\x90\xD7\x91"));
  // Characters X9 removes (RLE, PDF) draw nothing.
  EXPECT_TRUE(same_as("\xD7\x90\xE2\x80\xAB\xD7\x91\xE2\x80\xAC", "\xD7\x90\xD7\x91"));
}

// A control the fonts lack shows as a hex box, where UAX #9 puts it.
UTEST(ParagraphBox, StrayBytesVisible) {
  Screens& screens = fresh_screens();
  MonoFramebuffer actual(screens.actual, kScreenWidth, kScreenHeight);
  draw<64>(actual, "\x01", 32, 16, BidiDirection::kLeftToRight);
  MonoFramebuffer expected(screens.other, kScreenWidth, kScreenHeight);
  draw_code_point(expected, font(), 0x01, 0, 0, Rect{0, 0, 32, 16}, kLitOnDark);
  EXPECT_TRUE(display_test::same_picture(actual, expected));
}

// A font without the presentation forms: each letter is drawn as its base
// letter, the lam and alef of a lam-alef apart; the order is still right to
// left: ل ا م ر ح ب ا shows as ا ب ح ر م ا ل from the left.
UTEST(ParagraphBox, FormsTheFontLacks) {
  Screens& screens = fresh_screens();
  MonoFramebuffer actual(screens.actual, kScreenWidth, kScreenHeight);
  {
    ParagraphBox<MonoFramebuffer, 64> box(actual, fonts::kParagraphBaseFont, Rect{0, 0, 128, 16}, kLitOnDark);
    const char kText[] = "\xD9\x84\xD8\xA7\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7";  // لامرحبا
    display_test::feed_bytes(kText, sizeof kText - 1, box);
    box.finish();
  }
  MonoFramebuffer expected(screens.other, kScreenWidth, kScreenHeight);
  const char32_t kVisual[] = {0x0627, 0x0628, 0x062D, 0x0631, 0x0645, 0x0627, 0x0644};
  int x = 128 - 7 * 8;  // Unifont's Arabic letters: 8 pixels each
  for (const char32_t code_point : kVisual) {
    x += draw_code_point(expected, fonts::kParagraphBaseFont, code_point, x, 0, Rect{0, 0, 128, 16}, kLitOnDark);
  }
  EXPECT_EQ(x, 128);
  EXPECT_TRUE(display_test::same_picture(actual, expected));
}

// Nothing outside the box, whatever the text; a box off the surface draws nothing.
UTEST(ParagraphBox, Clipping) {
  Screens& screens = fresh_screens();
  MonoFramebuffer screen(screens.actual, kScreenWidth, kScreenHeight);
  {
    ParagraphBox<MonoFramebuffer, 64> box(screen, font(), Rect{16, 8, 40, 20}, kLitOnDark);
    const char kText[] = "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xD7\xA2\xD7\x95\xD7\x9C\xD7\x9D 123 abcdefghijkl";
    display_test::feed_bytes(kText, sizeof kText - 1, box);
    box.finish();
    EXPECT_TRUE(box.overflowed());
  }
  int outside = 0;
  int inside = 0;
  for (int y = 0; y < kScreenHeight; ++y) {
    for (int x = 0; x < kScreenWidth; ++x) {
      const bool in_box = x >= 16 && x < 56 && y >= 8 && y < 28;
      if (screen.get_pixel(x, y)) (in_box ? inside : outside) += 1;
    }
  }
  EXPECT_EQ(outside, 0);
  EXPECT_GT(inside, 0);
  ParagraphBox<MonoFramebuffer, 8> away(screen, font(), Rect{-1000, 5000, 100, 100}, kLitOnDark);
  const char kLines[] = "\xD7\x90 abc\n\n\n\n\n\n\n\n\n";
  display_test::feed_bytes(kLines, sizeof kLines - 1, away);
  away.finish();
  int lit = 0;
  for (int y = 0; y < kScreenHeight; ++y) {
    for (int x = 0; x < kScreenWidth; ++x) lit += screen.get_pixel(x, y) ? 1 : 0;
  }
  EXPECT_EQ(lit, inside);
}

// Endless text: the line position stops below the box; the capacity is never
// passed (the object's neighbours stay intact).
UTEST(ParagraphBox, EndlessText) {
  Screens& screens = fresh_screens();
  MonoFramebuffer screen(screens.actual, kScreenWidth, kScreenHeight);
  struct Guarded {
    std::uint32_t before = 0xA5A5A5A5u;
    ParagraphBox<MonoFramebuffer, 16> box;
    std::uint32_t after = 0x5A5A5A5Au;
  };
  static Guarded guarded{0xA5A5A5A5u, ParagraphBox<MonoFramebuffer, 16>(screen, font(), Rect{0, 0, 64, 32}, kLitOnDark),
                         0x5A5A5A5Au};
  guarded.box.home();
  utest::Random random(31);
  const char32_t kAlphabet[] = {0x05D0, 0x0628, 0x064E, U'a', U'1', U' ', U'(', U')', 0x202B, 0x2067, 0x2069,
                                0x06F1, U'\n', 0x2028, 0x08, 0x0C, U'\r', 0x200D, 0x0644, 0x0627};
  for (int i = 0; i < 4000; ++i) guarded.box(kAlphabet[random.below(sizeof kAlphabet / sizeof kAlphabet[0])]);
  guarded.box.finish();
  EXPECT_LE(guarded.box.line_top(), 32);
  EXPECT_EQ(guarded.before, 0xA5A5A5A5u);
  EXPECT_EQ(guarded.after, 0x5A5A5A5Au);
}

// The page-strip road: draw_paragraphs_to_panel() shows on an SSD1306 model
// what the same box draws into a framebuffer (strips of 128 and 10 bytes).
UTEST(ParagraphBox, OnPanel) {
  const char kText[] = "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xD7\xA2\xD7\x95\xD7\x9C\xD7\x9D 123\n"
                       "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 (abc)";
  Screens& screens = fresh_screens();
  MonoFramebuffer expected(screens.other, 128, 64);
  {
    ParagraphBox<MonoFramebuffer, 64> box(expected, font(), Rect{0, 0, 128, 64}, kLitOnDark);
    display_test::feed_bytes(kText, sizeof kText - 1, box);
    box.finish();
  }
  for (const std::size_t strip_size : {std::size_t{128}, std::size_t{10}}) {
    panel_test::Ssd1306Model& model = panel_test::fresh_ssd1306(panel_test::Ssd1306Model::Kind::kSsd1306);
    const PanelBus bus = model.spi_bus();
    Ssd1306 panel(bus, kSsd1306_128x64);
    ASSERT_EQ(panel.init(), PanelStatus::kOk);
    std::uint8_t strip[128];
    ASSERT_EQ(draw_paragraphs_to_panel(panel, strip, strip_size, font(), Rect{0, 0, 128, 64}, kText, sizeof kText - 1),
              PanelStatus::kOk);
    EXPECT_TRUE(panel_test::model_shows(model, 0, 128, 64, expected));
  }
}

}  // namespace
