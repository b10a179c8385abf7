// A C++ program using utf8mcu as a user's project would. test/consumers
// builds it against each form of the package and runs it on the host or on a
// QEMU board; it passes when it prints "app: ok".
#include <cstddef>
#include <cstdint>

#include "consumer.h"
#include "utf8mcu/utf8mcu.h"

int main() {
  // G r ü (2 bytes) ß (2) e, space, € (3)
  const std::uint8_t text[] = {0x47, 0x72, 0xC3, 0xBC, 0xC3, 0x9F, 0x65, 0x20, 0xE2, 0x82, 0xAC};
  std::size_t code_points = 0;
  char32_t last = 0;
  utf8mcu::Decoder decoder;
  decoder.push(text, sizeof text, [&](char32_t c) {
    ++code_points;
    last = c;
  });
  // "ab" and an over-long C0 AF
  const std::uint8_t bad[] = {0x61, 0x62, 0xC0, 0xAF};
  const utf8mcu::ValidationResult checked = utf8mcu::validate(bad, sizeof bad);
  std::uint8_t encoded[4] = {};
  const utf8mcu::EncodeResult euro = utf8mcu::encode(U'\u20AC', encoded, sizeof encoded);

  const bool ok = code_points == 7 && last == 0x20AC && !decoder.in_sequence() && checked.valid_up_to == 2 &&
                  checked.error.status == utf8mcu::Status::kOverlong && euro.length == 3 && encoded[0] == 0xE2;
  consumer_print(ok ? "app: ok\n" : "app: FAILED\n");
  return ok ? 0 : 1;
}
