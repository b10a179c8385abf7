// Uses what the Zephyr module glue provides: the core's include directory,
// the C API library, the port layer, the display with its tables (the
// character-LCD ROM maps among them) and the text engines with theirs.
#include <cstdint>
#include <cstdio>

#include "../app/packaged_parts.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/char_lcd.h"
#include "utf8mcu/text/bidi.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"
#include "utf8mcu/utf8mcu_c.h"

namespace {

// The text tables are linked and answer: "a👍🏽🇩🇪" is three grapheme clusters
// (a skin tone joins its emoji, GB9; two regional indicators pair, GB12);
// "a b" may break only before "b" (LB18); in "ab אב" the Hebrew letters get
// level 1 in a left-to-right paragraph (W/N rules: R stays R).
bool text_engines_work() {
  const char32_t clusters_text[] = {U'a', 0x1F44D, 0x1F3FD, 0x1F1E9, 0x1F1EA};
  utf8mcu::text::GraphemeBreaker graphemes;
  unsigned clusters = 1;  // push() reports the boundaries between clusters
  for (const char32_t c : clusters_text) clusters += graphemes.push(c) ? 1u : 0u;

  const char32_t words[] = {U'a', U' ', U'b'};
  utf8mcu::text::LineBreaker lines;
  unsigned breaks = 0;
  for (const char32_t c : words) breaks += lines.push(c).before == utf8mcu::text::LineBreak::kAllowed ? 1u : 0u;

  const char32_t mixed[] = {U'a', U'b', U' ', 0x05D0, 0x05D1};
  utf8mcu::text::BidiParagraph<8> paragraph;
  const std::size_t taken = paragraph.resolve(mixed, 5, utf8mcu::text::BidiDirection::kLeftToRight);
  const bool levels = taken == 5 && paragraph.level(0) == 0 && paragraph.level(3) == 1 && paragraph.level(4) == 1;
  return clusters == 3 && breaks == 1 && levels;
}

// The character-LCD ROM maps are linked: on ROM A00, ¥ is code 0x5C and the
// half-width katakana ｱ (U+FF71) is 0xB1 (the datasheet's A00 table); the
// rest of the 8-column row is spaces.
struct DataBytes {
  std::uint8_t codes[8];
  unsigned count;
};

utf8mcu::display::PanelStatus record(void* context, bool data, std::uint8_t value) {
  auto& sent = *static_cast<DataBytes*>(context);
  if (data && sent.count < sizeof sent.codes) sent.codes[sent.count] = value;
  if (data) ++sent.count;
  return utf8mcu::display::PanelStatus::kOk;
}

void no_delay(void*, std::uint32_t) {}

bool char_lcd_works() {
  using namespace utf8mcu::display;
  DataBytes sent{};
  Hd44780Bus bus;
  bus.strobe = record;
  bus.delay_us = no_delay;
  bus.context = &sent;
  bus.four_bit = false;
  Hd44780 lcd(bus, Hd44780Geometry{8, 1});
  static constexpr CharLcdGlyphs kNoGlyphs{nullptr, nullptr, 0};
  CharLcd back_end(lcd, kCharLcdRomA00, kNoGlyphs);
  if (back_end.init() != PanelStatus::kOk) return false;
  sent.count = 0;
  const char32_t row[] = {0xA5, 0xFF71};
  if (back_end.write_line(0, row, 2) != PanelStatus::kOk) return false;
  const std::uint8_t want[8] = {0x5C, 0xB1, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20};
  bool same = sent.count == 8;
  for (unsigned i = 0; i < 8; ++i) same = same && sent.codes[i] == want[i];
  return same;
}

}  // namespace

int main() {
  // € (E2 82 AC)
  const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
  char32_t decoded = 0;
  utf8mcu::Decoder decoder;
  decoder.push(euro, sizeof euro, [&decoded](char32_t c) { decoded = c; });
  const bool ok = decoded == 0x20AC && utf8mcu_is_valid(euro, sizeof euro) &&
                  utf8mcu_count_code_points(euro, sizeof euro) == 1 && consumer::packaged_parts_work() && text_engines_work() &&
                  char_lcd_works();
  std::printf("zephyr module: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
