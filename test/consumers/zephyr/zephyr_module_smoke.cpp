// Uses what the Zephyr module glue provides: the core's include directory,
// the C API library, the port layer and the display with its tables.
#include <cstdint>
#include <cstdio>

#include "../app/packaged_parts.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/utf8mcu_c.h"

int main() {
  // € (E2 82 AC)
  const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
  char32_t decoded = 0;
  utf8mcu::Decoder decoder;
  decoder.push(euro, sizeof euro, [&decoded](char32_t c) { decoded = c; });
  const bool ok = decoded == 0x20AC && utf8mcu_is_valid(euro, sizeof euro) &&
                  utf8mcu_count_code_points(euro, sizeof euro) == 1 && consumer::packaged_parts_work();
  std::printf("zephyr module: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
