// The C++ code that docs/getting-started.md shows, between the "snippet:"
// markers, run as a test on the host and on every board: main() returns 0, or
// the number of the first check that failed. Edit it here, then run
// `python3 tools/check-snippets.py --update` to copy it into the docs.
#include <cstddef>
#include <cstdint>

#include "snippet_checks.h"

namespace {

// What the snippets' placeholder functions saw.
char32_t g_shown[16];
std::size_t g_shown_count = 0;
std::size_t g_logged_offset = 0;
const char* g_logged_reason = nullptr;

void show(char32_t code_point) {
  if (g_shown_count < 16) g_shown[g_shown_count] = code_point;
  ++g_shown_count;
}

void log_error(std::size_t offset, const char* reason) {
  g_logged_offset = offset;
  g_logged_reason = reason;
}

}  // namespace

// snippet: decode-bytes
#include "utf8mcu/utf8mcu.h"

utf8mcu::Decoder decoder;  // 4 bytes of state, one per byte stream

// Called for each byte received, e.g. from the UART interrupt.
void on_uart_byte(std::uint8_t byte) {
  decoder.push(byte, [](char32_t code_point) { show(code_point); });  // show(U'é'), ...
}
// end snippet

namespace {

bool check_message(const std::uint8_t* message, std::size_t size) {
  // snippet: validate-buffer
  const utf8mcu::ValidationResult result = utf8mcu::validate(message, size);
  if (!result.ok()) {
    // e.g. offset 3, "encoded surrogate", for "abc" ED A0 80
    log_error(result.valid_up_to, utf8mcu::status_name(result.error.status));
    return false;
  }
  // end snippet
  return true;
}

std::size_t format_temperature(std::uint8_t* line, std::size_t capacity) {
  // snippet: encode-writer
  const char32_t text[] = {U'2', U'1', U'\u00B0', U'C'};  // "21°C"
  utf8mcu::Utf8Writer writer(line, capacity);
  for (const char32_t c : text) writer.put(c);
  if (writer.overflowed()) return 0;  // whole characters only; needed() says how much room it takes
  // end snippet
  return writer.size();
}

}  // namespace

namespace {

using snippets::check;
using snippets::same_bytes;

bool same_text(const char* a, const char* b) {
  if (a == nullptr || b == nullptr) return a == b;
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

void check_decode_bytes() {
  g_shown_count = 0;
  // c a f é (C3 A9), € split between bytes as the UART delivers it
  const std::uint8_t received[] = {0x63, 0x61, 0x66, 0xC3, 0xA9, 0xE2, 0x82, 0xAC};
  for (const std::uint8_t byte : received) on_uart_byte(byte);
  check(g_shown_count == 5);
  check(g_shown[3] == U'\u00E9');
  check(g_shown[4] == U'\u20AC');
}

void check_validate_buffer() {
  // "abc" then ED A0 80, an encoded surrogate
  const std::uint8_t message[] = {0x61, 0x62, 0x63, 0xED, 0xA0, 0x80};
  check(!check_message(message, sizeof message));
  check(g_logged_offset == 3);
  check(same_text(g_logged_reason, "encoded surrogate"));
  check(check_message(message, 3));
}

void check_encode_writer() {
  std::uint8_t line[8] = {};
  const std::uint8_t want[] = {0x32, 0x31, 0xC2, 0xB0, 0x43};  // 2 1 ° (C2 B0) C
  check(format_temperature(line, sizeof line) == sizeof want);
  check(same_bytes(line, want, sizeof want));
  check(format_temperature(line, 3) == 0);  // "21" fits, "°" would not
}

}  // namespace

extern "C" int c_snippet_check(void);

int main() {
  check_decode_bytes();
  check_validate_buffer();
  check_encode_writer();
  check(c_snippet_check() == 1);
  return snippets::checks().first_failed;
}
