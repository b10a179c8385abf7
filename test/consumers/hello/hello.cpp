// snippet: hello-cpp
#include <cstdio>

#include "utf8mcu/utf8mcu.h"

int main() {
  const char* text = "Grüße, \xC0\xAF!";  // C0 AF: an over-long '/', not UTF-8

  const utf8mcu::ValidationResult checked = utf8mcu::validate(text);
  std::printf("%zu code points; valid up to byte %zu: %s\n", utf8mcu::count_code_points(text),
              checked.valid_up_to, utf8mcu::status_name(checked.error.status));

  utf8mcu::Decoder decoder;  // as bytes arrive: here all at once
  decoder.push(text, [](char32_t code_point) {
    std::printf("U+%04X ", static_cast<unsigned>(code_point));  // each broken part: U+FFFD
  });
  std::printf("\n");
  return 0;
}
// end snippet
