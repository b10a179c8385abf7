// snippet: hello-firmware
#include <cstddef>
#include <cstdint>

#include "utf8mcu/utf8mcu.h"
#include "utf8mcu_bsp/semihosting.h"  // the QEMU boards' console

namespace {

void print(const char* text, std::size_t size) { utf8mcu_bsp::semihosting::console_write(text, size); }
void print(const char* text) {
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  print(text, size);
}

}  // namespace

int main() {  // no printf, no heap: the image links no C library
  const char* text = "Grüße, \xC0\xAF!";  // C0 AF: an over-long '/', not UTF-8

  char cleaned[32];  // the text with each broken part replaced by U+FFFD
  utf8mcu::Utf8Writer writer(reinterpret_cast<std::uint8_t*>(cleaned), sizeof cleaned);
  const utf8mcu::ValidationResult checked = utf8mcu::decode(text, writer);

  print("cleaned: ");
  print(cleaned, writer.size());
  print("\nfirst error: ");
  print(utf8mcu::status_name(checked.error.status));
  print("\n");
  return 0;
}
// end snippet
