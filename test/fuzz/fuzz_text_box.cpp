// Fuzz target: TextBox, with the basic rules and with Unicode's
// (text_box_unicode.h), with hostile boxes, origins and fonts. A chain of 1-4
// fonts made from the input (fuzz_display_support.h: lines of any height,
// one taller than kMaxLineHeight among them, baselines anywhere, ink of any
// size and offset), a box whose corner and size favour the edges (INT_MIN,
// +-2^24, INT_MAX, the surface's size), on a MonoFramebuffer or an RGB565
// one of 0-200 x 0-80 pixels, and any bytes as text, decoded and drawn; then
// home() and the text again over it, and clear().
//
// Checks: no undefined behaviour and no access outside the pixel buffer or a
// font table (each in an allocation of its own size); no pixel outside the
// box changes (the box computed here in 64-bit arithmetic, the padding rows
// of a partial page included); a pen that stays on the box's left edge or
// right of it once a line starts.
//
// Input: [surface 3] [box 4 x 1-5] [fonts 1 + n x 8] [text ...] (see below).

#include <cstring>

#include "fuzz_display_support.h"
#include "utf8mcu/display/text_box.h"
#include "utf8mcu/display/text_box_unicode.h"

namespace {

using utf8mcu::display::FontChain;
using utf8mcu::display::MonoFramebuffer;
using utf8mcu::display::Rect;
using utf8mcu::display::Rgb565Framebuffer;
using utf8mcu::display::TextBox;
using utf8mcu::display::TextStyle;
using utf8mcu::display::UnicodeTextRules;
using utf8mcu::display::BasicTextRules;

struct Box {
  long long left;
  long long top;
  long long right;
  long long bottom;
  bool holds(int x, int y) const { return x >= left && x < right && y >= top && y < bottom; }
};

Box box_of(const Rect& area) {
  const long long width = area.width > 0 ? area.width : 0;
  const long long height = area.height > 0 ? area.height : 0;
  return Box{area.x, area.y, area.x + width, area.y + height};
}

FontChain chain_of(const std::vector<std::unique_ptr<fuzz::HostileFont>>& fonts) {
  switch (fonts.size()) {
    case 1: return FontChain(fonts[0]->font);
    case 2: return FontChain(fonts[0]->font, fonts[1]->font);
    case 3: return FontChain(fonts[0]->font, fonts[1]->font, fonts[2]->font);
    default: return FontChain(fonts[0]->font, fonts[1]->font, fonts[2]->font, fonts[3]->font);
  }
}

// Feeds `text` to the box through a decoder, twice (the second time over the
// first, from home()), then clears it.
template <typename Surface, std::size_t kWords, typename Rules>
void draw_text_with(Surface& surface, const FontChain& fonts, const Rect& area, const TextStyle<typename Surface::Color>& style,
               const std::vector<std::uint8_t>& text, bool check_pen) {
  TextBox<Surface, kWords, Rules> box(surface, fonts, area, style);
  const long long left = area.x < -(1 << 24) ? -(1 << 24) : (area.x > (1 << 24) ? (1 << 24) : area.x);
  for (int pass = 0; pass < 2; ++pass) {
    utf8mcu::Decoder decoder;
    for (const std::uint8_t byte : text) {
      decoder.push(byte, box);
      if (check_pen) UTF8MCU_FUZZ_CHECK(box.cursor().x >= left);
    }
    decoder.finish(box);
    box.finish();
    box.home();
  }
  box.clear();
}

// The basic rules or Unicode's, as `unicode` says.
template <typename Surface, std::size_t kWords>
void draw_text(Surface& surface, const FontChain& fonts, const Rect& area, const TextStyle<typename Surface::Color>& style,
               const std::vector<std::uint8_t>& text, bool check_pen, bool unicode) {
  if (unicode) {
    draw_text_with<Surface, kWords, UnicodeTextRules>(surface, fonts, area, style, text, check_pen);
  } else {
    draw_text_with<Surface, kWords, BasicTextRules>(surface, fonts, area, style, text, check_pen);
  }
}

// Pixels of a MonoFramebuffer (bits of its buffer, padding rows included)
// outside `box` are as before.
UTF8MCU_FUZZ_UNINSTRUMENTED void check_mono(const std::vector<std::uint8_t>& before,
                                            const std::vector<std::uint8_t>& after, int width, const Box& box) {
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (before[i] == after[i]) continue;
    const int x = static_cast<int>(i % static_cast<std::size_t>(width));
    const int page = static_cast<int>(i / static_cast<std::size_t>(width));
    for (int bit = 0; bit < 8; ++bit) {
      if (((before[i] ^ after[i]) >> bit & 1) != 0) UTF8MCU_FUZZ_CHECK(box.holds(x, page * 8 + bit));
    }
  }
}

UTF8MCU_FUZZ_UNINSTRUMENTED void check_rgb(const std::vector<std::uint16_t>& before,
                                           const std::vector<std::uint16_t>& after, int width, const Box& box) {
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (before[i] == after[i]) continue;
    UTF8MCU_FUZZ_CHECK(box.holds(static_cast<int>(i % static_cast<std::size_t>(width)),
                                 static_cast<int>(i / static_cast<std::size_t>(width))));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  // Surface: kind, word buffer and rules, width 0-200, height 0-80.
  const auto kind = input.ConsumeIntegral<std::uint8_t>();
  const bool unicode = (kind & 8) != 0;
  const int width = input.ConsumeIntegralInRange(0, 200);
  const int height = input.ConsumeIntegralInRange(0, 80);
  Rect area{};
  area.x = fuzz::edge_int(input, width);
  area.y = fuzz::edge_int(input, height);
  area.width = fuzz::edge_int(input, width);
  area.height = fuzz::edge_int(input, height);
  std::vector<std::unique_ptr<fuzz::HostileFont>> fonts;
  const int font_count = 1 + input.ConsumeIntegralInRange(0, 3);
  for (int i = 0; i < font_count; ++i) fonts.push_back(fuzz::make_font(input));
  const FontChain chain = chain_of(fonts);
  const std::vector<std::uint8_t> text = input.ConsumeRemainingBytes<std::uint8_t>();
  const Box box = box_of(area);
  // The pen never goes left of the box, unless the box starts left of
  // -2^24, where the renderer clamps it (the pen may then start there).
  const bool check_pen = area.x >= -(1 << 24);
  fuzz::Shapes noise(static_cast<std::uint32_t>(size) * 2654435761u);
  if ((kind & 1) == 0) {
    std::vector<std::uint8_t> pixels(utf8mcu::display::mono_buffer_size(width, height));
    for (auto& byte : pixels) byte = static_cast<std::uint8_t>(noise.next());
    const std::vector<std::uint8_t> before = pixels;
    MonoFramebuffer surface(pixels.data(), width, height);
    const TextStyle<bool> style{(kind & 2) == 0, (kind & 2) != 0};
    if ((kind & 4) == 0) {
      draw_text<MonoFramebuffer, 32>(surface, chain, area, style, text, check_pen, unicode);
    } else {
      draw_text<MonoFramebuffer, 1>(surface, chain, area, style, text, check_pen, unicode);
    }
    check_mono(before, pixels, width, box);
  } else {
    std::vector<std::uint16_t> pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    for (auto& pixel : pixels) pixel = static_cast<std::uint16_t>(noise.next());
    const std::vector<std::uint16_t> before = pixels;
    Rgb565Framebuffer surface(pixels.data(), width, height);
    const TextStyle<std::uint16_t> style{0xFFE0, 0x001F};
    if ((kind & 4) == 0) {
      draw_text<Rgb565Framebuffer, 32>(surface, chain, area, style, text, check_pen, unicode);
    } else {
      draw_text<Rgb565Framebuffer, 3>(surface, chain, area, style, text, check_pen, unicode);
    }
    check_rgb(before, pixels, width, box);
  }
  return 0;
}
