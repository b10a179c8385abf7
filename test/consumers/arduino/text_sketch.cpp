// A second translation unit of the sketch: utf8mcu::text (grapheme clusters,
// bidi) and the display parts built on it (ParagraphBox, UnicodeTextBox) and
// on the character-LCD tables (CharLcd), all through src/ alone, so their
// forwarders and the tables src/ carries are compiled and linked.
#include "text_sketch.h"

#include <Arduino.h>
#include <utf8mcu.h>

#include "utf8mcu/display/char_lcd.h"
#include "utf8mcu/display/fonts/fixed_6x13.h"
#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/paragraph_box.h"
#include "utf8mcu/display/text_box_unicode.h"
#include "utf8mcu/text/bidi.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/unicode_version.h"

namespace text_sketch {
namespace {

using namespace utf8mcu::display;

template <typename Sink>
void feed(const char* text, std::size_t size, Sink& sink) {
  utf8mcu::Decoder decoder;
  for (std::size_t i = 0; i < size; ++i) decoder.push(static_cast<std::uint8_t>(text[i]), sink);
  decoder.finish(sink);
}

// An 8-bit HD44780 bus that keeps the display data bytes sent to it.
struct DataBytes {
  std::uint8_t* codes;
  std::size_t capacity;
  std::size_t count;
};

PanelStatus strobe(void* context, bool data, std::uint8_t value) {
  auto& sent = *static_cast<DataBytes*>(context);
  if (data) {
    if (sent.count < sent.capacity) sent.codes[sent.count] = value;
    ++sent.count;
  }
  return PanelStatus::kOk;
}

void no_delay(void*, std::uint32_t) {}

MonoFramebuffer cleared(std::uint8_t* pixels) {
  for (std::size_t i = 0; i < kScreenBytes; ++i) pixels[i] = 0;
  return MonoFramebuffer(pixels, kScreenWidth, kScreenHeight);
}

}  // namespace

static_assert(utf8mcu::text::kUnicodeVersion.major >= 15, "src/'s tables come from Unicode 15 or later");

std::size_t grapheme_clusters(const char32_t* text, std::size_t count, bool* breaks) {
  utf8mcu::text::GraphemeBreaker breaker;
  std::size_t clusters = count == 0 ? 0 : 1;
  for (std::size_t i = 0; i < count; ++i) {
    breaks[i] = breaker.push(text[i]);
    if (breaks[i]) ++clusters;
  }
  return clusters;
}

BidiResult reorder(const char32_t* text, std::size_t count) {
  static utf8mcu::text::BidiParagraph<16> paragraph;  // 800 bytes: not on a small stack
  BidiResult result{};
  result.size = paragraph.resolve(text, count);
  result.paragraph_level = paragraph.paragraph_level();
  for (std::size_t i = 0; i < result.size; ++i) result.glyphs[i] = paragraph.glyph(i);
  paragraph.reorder_line(0, result.size, result.visual);
  return result;
}

void draw_paragraph(const char* text, std::size_t size, std::uint8_t* pixels) {
  MonoFramebuffer screen = cleared(pixels);
  ParagraphBox<MonoFramebuffer, 16> box(screen, fonts::kFixed6x13, Rect{0, 0, kScreenWidth, kScreenHeight},
                                        kLitOnDark, utf8mcu::text::BidiDirection::kRightToLeft);
  feed(text, size, box);
  box.finish();
}

void draw_unicode_text(const char* text, std::size_t size, std::uint8_t* pixels) {
  MonoFramebuffer screen = cleared(pixels);
  UnicodeTextBox<MonoFramebuffer> box(screen, fonts::kFixed6x13, Rect{0, 0, kScreenWidth, kScreenHeight},
                                      kLitOnDark);
  feed(text, size, box);
  box.finish();
}

bool lit(const std::uint8_t* pixels, int x, int y) {
  const MonoFramebuffer screen(const_cast<std::uint8_t*>(pixels), kScreenWidth, kScreenHeight);
  return screen.get_pixel(x, y);
}

std::size_t char_lcd_row(const char* text, std::size_t size, std::uint8_t* codes, std::size_t capacity) {
  DataBytes sent{codes, capacity, 0};
  Hd44780Bus bus;
  bus.strobe = strobe;
  bus.delay_us = no_delay;
  bus.context = &sent;
  bus.four_bit = false;
  Hd44780 lcd(bus, Hd44780Geometry{16, 1});
  static constexpr CharLcdGlyphs kNoGlyphs{nullptr, nullptr, 0};  // no CGRAM glyphs: the ROM and fallbacks only
  CharLcd back_end(lcd, kCharLcdRomA00, kNoGlyphs);
  if (back_end.init() != PanelStatus::kOk) return 0;
  sent.count = 0;
  CharLcd::Line row(back_end, 0);
  feed(text, size, row);
  if (row.finish() != PanelStatus::kOk) return 0;
  return sent.count;
}

}  // namespace text_sketch
