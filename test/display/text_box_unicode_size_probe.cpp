// A minimal program that draws UTF-8 from a byte source into a 128x64
// framebuffer with a TextBox: with Unicode's rules when
// UTF8MCU_PROBE_UNICODE is 1, the basic rules when 0. Linked for the board
// with -nostdlib and --gc-sections at -Os (text_box_unicode_size.sh); the difference
// of the two images is what Unicode's rules cost in flash. The font has no
// glyphs (everything is a hex box), so that no glyph table hides it.
#include <cstdint>

#include "utf8mcu/decoder.h"
#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/text_box.h"
#if UTF8MCU_PROBE_UNICODE
#include "utf8mcu/display/text_box_unicode.h"
#endif

namespace {
using namespace utf8mcu::display;
#if UTF8MCU_PROBE_UNICODE
using Rules = UnicodeTextRules;
#else
using Rules = BasicTextRules;
#endif
using Box = TextBox<MonoFramebuffer, 32, Rules>;
}  // namespace

extern "C" {
// RAM: the box (the framebuffer is the application's).
extern const unsigned char utf8mcu_text_box_ram[sizeof(Box)];
const unsigned char utf8mcu_text_box_ram[sizeof(Box)] = {};

extern volatile std::uint8_t utf8mcu_probe_byte;
volatile std::uint8_t utf8mcu_probe_byte = 0;
std::uint8_t utf8mcu_probe_pixels[mono_buffer_size(128, 64)];

[[noreturn]] void utf8mcu_probe_main() {
  Font font{};
  font.line_height = 16;
  font.baseline = 12;
  font.cell_width = 8;
  MonoFramebuffer framebuffer(utf8mcu_probe_pixels, 128, 64);
  Box box(framebuffer, FontChain(font), Rect{0, 0, 128, 64}, kLitOnDark);
  utf8mcu::Decoder decoder;
  for (;;) {
    const std::uint8_t byte = utf8mcu_probe_byte;
    if (byte == 0) {
      decoder.finish(box);
      box.finish();
    } else {
      decoder.push(byte, box);
    }
  }
}
}  // extern "C"

// What a firmware's runtime provides (the same in both images).
extern "C" void* memset(void* destination, int value, unsigned size) {
  auto* bytes = static_cast<unsigned char*>(destination);
  for (unsigned i = 0; i < size; ++i) bytes[i] = static_cast<unsigned char>(value);
  return destination;
}
extern "C" void* memcpy(void* destination, const void* source, unsigned size) {
  auto* to = static_cast<unsigned char*>(destination);
  const auto* from = static_cast<const unsigned char*>(source);
  for (unsigned i = 0; i < size; ++i) to[i] = from[i];
  return destination;
}
