/* The C code that docs/getting-started.md shows (between the "snippet:"
 * markers), compiled as C99 and run by cpp_snippets.cpp on the host and on
 * every board. */
#include <stddef.h>
#include <stdint.h>

int c_snippet_check(void);

/* A stand-in for the application's display. */
typedef struct screen {
  uint32_t last;
  size_t count;
} screen;

static screen main_screen;

static void screen_show(screen* target, uint32_t code_point) {
  target->last = code_point;
  ++target->count;
}

/* snippet: c-api */
#include "utf8mcu/utf8mcu_c.h"

static utf8mcu_decoder uart_decoder; /* 4 bytes; zero-filled, so ready to use */

static void on_code_point(void* context, uint32_t code_point) {
  screen_show((screen*)context, code_point); /* ill-formed input arrives as U+FFFD */
}

/* Called for each byte received, e.g. from the UART interrupt. */
void on_uart_byte(uint8_t byte) {
  utf8mcu_decoder_push_byte(&uart_decoder, byte, UTF8MCU_POLICY_REPLACE, on_code_point, &main_screen);
}
/* end snippet */

int c_snippet_check(void) {
  /* € (E2 82 AC), then C0 (never valid), then A */
  static const uint8_t bytes[] = {0xE2, 0x82, 0xAC, 0xC0, 0x41};
  size_t i;
  for (i = 0; i < sizeof bytes; ++i) {
    on_uart_byte(bytes[i]);
    if (i == 2 && main_screen.last != 0x20AC) return 0;
  }
  return main_screen.count == 3 && main_screen.last == 0x41;
}
