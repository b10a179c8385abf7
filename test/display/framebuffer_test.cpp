// Framebuffers: the SSD1306 page layout, clipping at any coordinates (guard
// bytes around the buffer), the generic surface interface, PBM output.
#include <climits>
#include <initializer_list>

#include "display_test_support.h"

namespace {

using namespace utf8mcu::display;
using display_test::MonoFramebuffer;
using display_test::Random;

UTEST(DisplayFramebuffer, Ssd1306PageLayout) {
  static std::uint8_t buffer[mono_buffer_size(128, 64)];
  MonoFramebuffer picture(buffer, 128, 64);
  picture.clear();
  EXPECT_EQ(picture.pages(), 8);
  EXPECT_EQ(picture.size_bytes(), 1024u);
  picture.set_pixel(0, 0, true);     // page 0, column 0, bit 0
  picture.set_pixel(5, 7, true);     // page 0, column 5, bit 7
  picture.set_pixel(127, 8, true);   // page 1, column 127, bit 0
  picture.set_pixel(64, 63, true);   // page 7, column 64, bit 7
  EXPECT_EQ(buffer[0], 0x01u);
  EXPECT_EQ(buffer[5], 0x80u);
  EXPECT_EQ(buffer[128 + 127], 0x01u);
  EXPECT_EQ(buffer[7 * 128 + 64], 0x80u);
  EXPECT_TRUE(picture.get_pixel(64, 63));
  EXPECT_FALSE(picture.get_pixel(64, 62));
  picture.set_pixel(64, 63, false);
  EXPECT_EQ(buffer[7 * 128 + 64], 0x00u);
}

UTEST(DisplayFramebuffer, DrawColumnAcrossPages) {
  static std::uint8_t buffer[mono_buffer_size(8, 32)];
  MonoFramebuffer picture(buffer, 8, 32);
  picture.clear();
  // 16 rows from y = 5: rows 5-7 of page 0, all of page 1, rows 16-20 of page 2.
  picture.draw_column(2, 5, 0xFFFF, 0xFFFF, true, false);
  EXPECT_EQ(buffer[0 * 8 + 2], 0xE0u);
  EXPECT_EQ(buffer[1 * 8 + 2], 0xFFu);
  EXPECT_EQ(buffer[2 * 8 + 2], 0x1Fu);
  EXPECT_EQ(buffer[3 * 8 + 2], 0x00u);
  // Background rows clear bits; rows outside the mask stay.
  picture.draw_column(2, 5, 0x0000, 0x0003, true, false);
  EXPECT_EQ(buffer[2], 0x80u);
  // Partly above the top: y = -3 keeps rows 3..15 of the column.
  picture.clear();
  picture.draw_column(1, -3, 0x0018, 0xFFFF, true, false);  // rows 3 and 4 -> y 0 and 1
  EXPECT_EQ(buffer[1], 0x03u);
}

UTEST(DisplayFramebuffer, PartialLastPageKeepsPaddingRows) {
  // 61 rows: the last page has 5 rows; bits 5-7 there are padding.
  static std::uint8_t buffer[mono_buffer_size(16, 61)];
  MonoFramebuffer picture(buffer, 16, 61);
  picture.clear();
  picture.fill_rect(-5, -5, 100, 100, true);
  picture.draw_column(3, 50, 0xFFFF, 0xFFFF, true, true);
  picture.set_pixel(4, 61, true);
  for (int x = 0; x < 16; ++x) EXPECT_EQ(buffer[7 * 16 + x], 0x1Fu);
  EXPECT_TRUE(picture.get_pixel(15, 60));
  EXPECT_FALSE(picture.get_pixel(15, 61));
}

UTEST(DisplayFramebuffer, EmptyAndNullSurfaces) {
  MonoFramebuffer none(nullptr, 128, 64);
  EXPECT_EQ(none.width(), 0);
  EXPECT_EQ(none.size_bytes(), 0u);
  none.set_pixel(0, 0, true);
  none.fill_rect(0, 0, 10, 10, true);
  none.draw_column(0, 0, 0xFFFF, 0xFFFF, true, false);
  std::uint8_t byte = 0x5A;
  MonoFramebuffer negative(&byte, -4, 8);
  negative.fill_rect(0, 0, 8, 8, true);
  EXPECT_EQ(byte, 0x5Au);
}

// An array's size is known: the height is cut to the whole pages (mono) or
// rows (RGB565) that fit in it; a pointer is taken at its word.
UTEST(DisplayFramebuffer, ArrayBuffersClipTheHeight) {
  static std::uint8_t seven_pages[896];  // 7 pages of 128 columns
  EXPECT_EQ(MonoFramebuffer(seven_pages, 128, 64).height(), 56);
  EXPECT_EQ(MonoFramebuffer(seven_pages, 128, 50).height(), 50);   // 7 pages are enough
  EXPECT_EQ(MonoFramebuffer(seven_pages, 128, 56).height(), 56);
  EXPECT_EQ(MonoFramebuffer(seven_pages, 100, 80).height(), 64);   // 8 pages of 100 columns
  EXPECT_EQ(MonoFramebuffer(seven_pages, 1000, 8).height(), 0);    // not one page of 1000 columns
  EXPECT_EQ(MonoFramebuffer(seven_pages, 1000, 8).size_bytes(), 0u);
  EXPECT_EQ(MonoFramebuffer(seven_pages, 128, -1).height(), 0);
  EXPECT_EQ(MonoFramebuffer(static_cast<std::uint8_t*>(seven_pages), 128, 64).height(), 64);
  // Drawing everywhere in the clipped surface stays inside the array, the
  // guard after it untouched.
  static std::uint8_t guarded[mono_buffer_size(16, 16) + 4];
  for (std::uint8_t& byte : guarded) byte = 0xA5;
  std::uint8_t (&sixteen_rows)[mono_buffer_size(16, 16)] =
      *reinterpret_cast<std::uint8_t (*)[mono_buffer_size(16, 16)]>(guarded);
  MonoFramebuffer picture(sixteen_rows, 16, 64);
  EXPECT_EQ(picture.height(), 16);
  picture.fill_rect(0, 0, 100, 100, true);
  for (std::size_t i = 0; i < mono_buffer_size(16, 16); ++i) EXPECT_EQ(guarded[i], 0xFFu);
  for (std::size_t i = mono_buffer_size(16, 16); i < sizeof guarded; ++i) EXPECT_EQ(guarded[i], 0xA5u);

  static std::uint16_t fifty[50];
  EXPECT_EQ(Rgb565Framebuffer(fifty, 10, 8).height(), 5);
  EXPECT_EQ(Rgb565Framebuffer(fifty, 10, 4).height(), 4);
  EXPECT_EQ(Rgb565Framebuffer(fifty, 51, 1).height(), 0);
  EXPECT_EQ(Rgb565Framebuffer(static_cast<std::uint16_t*>(fifty), 10, 8).height(), 8);
  EXPECT_EQ(Rgb565Framebuffer(nullptr, 10, 8).height(), 0);
  constexpr MonoFramebuffer kEmpty(nullptr, 8, 8);
  static_assert(kEmpty.width() == 0, "a null buffer is empty, also at compile time");
}

// Guard bytes before and after a framebuffer: nothing may touch them.
struct Guarded {
  static constexpr std::size_t kGuard = 32;
  static constexpr std::uint8_t kPattern = 0xA5;
  std::uint8_t bytes[kGuard + mono_buffer_size(100, 61) + kGuard];

  std::uint8_t* pixels() { return bytes + kGuard; }
  void fill_guards() {
    for (std::size_t i = 0; i < kGuard; ++i) {
      bytes[i] = kPattern;
      bytes[sizeof bytes - 1 - i] = kPattern;
    }
  }
  bool guards_intact() const {
    for (std::size_t i = 0; i < kGuard; ++i) {
      if (bytes[i] != kPattern || bytes[sizeof bytes - 1 - i] != kPattern) return false;
    }
    return true;
  }
};

UTEST(DisplayFramebuffer, PrimitivesNeverWriteOutside) {
  static Guarded guarded;
  guarded.fill_guards();
  MonoFramebuffer picture(guarded.pixels(), 100, 61);
  picture.clear(true);
  const int extremes[] = {INT_MIN, INT_MIN + 1, -70000, -17, -16, -15, -1, 0, 1, 60, 61, 99, 100, 70000, INT_MAX - 1, INT_MAX};
  for (int x : extremes) {
    for (int y : extremes) {
      picture.set_pixel(x, y, true);
      picture.draw_column(x, y, 0xFFFF, 0xFFFF, true, false);
      picture.fill_rect(x, y, INT_MAX, INT_MAX, true);
      picture.fill_rect(x, y, 7, 9, false);
      picture.fill_rect(x, y, -5, 3, true);
    }
  }
  EXPECT_TRUE(guarded.guards_intact());
  // Padding rows 61-63 of the last page stay as clear(true) left them: only
  // the first 5 rows of page 7 are part of the picture.
  for (int x = 0; x < 100; ++x) EXPECT_EQ(guarded.pixels()[7 * 100 + x] & 0xE0, 0xE0);
}

// draw_columns() called directly with column ranges draw_glyph() never
// passes (empty, reversed, negative): it draws nothing rather than running
// past the buffer.
UTEST(DisplayFramebuffer, DrawColumnsEmptyRangesDrawNothing) {
  static Guarded guarded;
  guarded.fill_guards();
  MonoFramebuffer picture(guarded.pixels(), 100, 61);
  picture.clear();
  const GlyphCellColumns cell(find_glyph(kDefaultFont, U'A'), 0, 0);
  const int ranges[][2] = {{0, 0}, {0, -1}, {0, -50}, {0, INT_MIN}, {5, 2}, {3, 3}, {INT_MAX, 0}};
  for (const auto& range : ranges) {
    for (bool transparent : {false, true}) {
      picture.draw_columns(10, 8, cell, range[0], range[1], 0xFFFFu, transparent, true, false);
    }
  }
  EXPECT_TRUE(guarded.guards_intact());
  bool blank = true;
  for (std::size_t i = 0; i < picture.size_bytes(); ++i) blank = blank && guarded.pixels()[i] == 0;
  EXPECT_TRUE(blank);
}

// Random text in random boxes, many of them partly or wholly off the surface.
UTEST(DisplayFramebuffer, TextNeverWritesOutside) {
  static Guarded guarded;
  Random random(0x5EED1234u);
  const int iterations = utest::kReduced ? 60 : 300;
  char text[160];
  for (int round = 0; round < iterations; ++round) {
    guarded.fill_guards();
    MonoFramebuffer picture(guarded.pixels(), 100, 61);
    picture.clear();
    Rect area{random.between(-300, 300), random.between(-200, 200), random.between(-20, 400), random.between(-20, 300)};
    if (round % 10 == 0) area = Rect{INT_MAX - random.between(0, 50), INT_MIN + random.between(0, 50), INT_MAX, INT_MAX};
    if (round % 10 == 1) area = Rect{INT_MIN, INT_MIN, INT_MAX, INT_MAX};
    if (round % 10 == 2) area = Rect{-7, -9, 114, 77};
    TextBox box(picture, kDefaultFont, area, kLitOnDark);
    if (round % 3 == 0) box.clear();
    const std::size_t size = static_cast<std::size_t>(random.between(0, sizeof text));
    for (std::size_t i = 0; i < size; ++i) {
      // Mostly ASCII letters and spaces, some multi-byte and broken sequences.
      const std::uint32_t pick = random.next() % 8;
      text[i] = static_cast<char>(pick < 4 ? 'a' + random.between(0, 25) : pick < 5 ? ' ' : random.between(0, 255));
    }
    display_test::feed_bytes(text, size, box);
    // Padding rows of the partial last page (rows 61-63) stay clear.
    bool padding_clear = true;
    for (int x = 0; x < 100; ++x) padding_clear = padding_clear && (guarded.pixels()[7 * 100 + x] & 0xE0) == 0;
    if (!guarded.guards_intact() || !padding_clear) {
      utest::log() << "  round " << round << ": box " << area.x << ',' << area.y << ' ' << area.width << 'x'
                   << area.height << '\n';
      UTEST_FAIL("wrote outside the framebuffer");
    }
  }
}

// RGB565 keeps the top 5, 6, 5 bits of each 8-bit component; bits above the
// low 8 never reach a neighbour's field (blue 0x1FF gave 0x003F, a green bit).
UTEST(DisplayFramebuffer, Rgb565MasksEachComponent) {
  static_assert(rgb565(8, 4, 8) == 0x0821, "the lowest bit of each field");
  static_assert(rgb565(0, 0, 0x1FF) == 0x001F, "blue stays in bits 4-0");
  static_assert(rgb565(0, 0x1FF, 0) == 0x07E0, "green stays in bits 10-5");
  static_assert(rgb565(0x1FF, 0, 0) == 0xF800, "red stays in bits 15-11");
  static_assert(rgb565(0x100, 0x100, 0x100) == 0x0000, "bits above 8 are ignored");
  static_assert(rgb565(7, 3, 7) == 0x0000, "bits below each field are dropped");
  EXPECT_EQ(rgb565(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu), std::uint16_t{0xFFFF});
  EXPECT_EQ(rgb565(0, 0, 0x3FF), std::uint16_t{0x001F});
}

UTEST(DisplayFramebuffer, Rgb565MatchesMono) {
  // The same text through the generic surface path (set_pixel only) and the
  // page-wise mono path gives the same picture.
  constexpr int kW = 48;
  constexpr int kH = 32;
  static std::uint16_t colour[kW * kH];
  static std::uint8_t mono_bytes[mono_buffer_size(kW, kH)];
  const std::uint16_t ink = rgb565(255, 200, 0);
  const std::uint16_t paper = rgb565(0, 0, 64);
  for (std::uint16_t& pixel : colour) pixel = 0x1234;
  Rgb565Framebuffer rgb(colour, kW, kH);
  MonoFramebuffer mono(mono_bytes, kW, kH);
  mono.clear();
  const char text[] = "Ab \xC3\xA9\xE4\xB8\xAD \xF0\x9F\x98\x80 x\xCC\x81yz";
  TextBox colour_box(rgb, kDefaultFont, Rect{-3, 2, 60, 40}, TextStyle<std::uint16_t>{ink, paper});
  TextBox mono_box(mono, kDefaultFont, Rect{-3, 2, 60, 40}, kLitOnDark);
  colour_box.clear();
  mono_box.clear();
  display_test::feed_bytes(text, display_test::literal_size(text), colour_box);
  display_test::feed_bytes(text, display_test::literal_size(text), mono_box);
  int wrong = 0;
  for (int y = 0; y < kH; ++y) {
    for (int x = 0; x < kW; ++x) {
      const std::uint16_t expected = y < 2 ? 0x1234 : (mono.get_pixel(x, y) ? ink : paper);
      wrong += rgb.get_pixel(x, y) != expected;
    }
  }
  EXPECT_EQ(wrong, 0);
}

UTEST(DisplayFramebuffer, PbmOutput) {
  static std::uint8_t buffer[mono_buffer_size(10, 2)];
  MonoFramebuffer picture(buffer, 10, 2);
  picture.clear();
  picture.set_pixel(0, 0, true);
  picture.set_pixel(9, 1, true);
  std::uint8_t out[32];
  std::size_t length = 0;
  write_pbm(picture, [&](const std::uint8_t* data, std::size_t size) {
    for (std::size_t i = 0; i < size && length < sizeof out; ++i) out[length++] = data[i];
  });
  const std::uint8_t expected[] = {'P', '4', '\n', '1', '0', ' ', '2', '\n', 0x80, 0x00, 0x00, 0x40};
  ASSERT_EQ(length, sizeof expected);
  EXPECT_EQ(length, pbm_size(10, 2));
  EXPECT_MEMEQ(out, expected, sizeof expected);
}

}  // namespace
