// The Unicode TextBox code docs/display.md shows, between the "snippet:"
// markers: compiled on the host and for every board's core, not linked (the
// byte source is the application's).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/display.h"

bool next_byte(std::uint8_t& byte);

// snippet: text-box-unicode
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/text_box_unicode.h"  // links utf8mcu::text

using namespace utf8mcu::display;

std::uint8_t pixels[mono_buffer_size(128, 64)];

void show_message() {
  MonoFramebuffer screen(pixels, 128, 64);
  // Grapheme clusters as units, UAX #14 line breaks, soft hyphens.
  UnicodeTextBox<MonoFramebuffer> box(screen, kDefaultFont, Rect{0, 0, 128, 64}, kLitOnDark);
  utf8mcu::Decoder decoder;
  std::uint8_t byte = 0;
  while (next_byte(byte)) decoder.push(byte, box);  // drawn as the bytes come
  decoder.finish(box);
  box.finish();  // the end of the text
}
// end snippet
