/* A C99 program using the C API as a user's firmware would (see main.cpp);
 * it passes when it prints "app_c: ok". */
#include <stddef.h>
#include <stdint.h>

#include "consumer.h"
#include "utf8mcu/utf8mcu_c.h"

typedef struct summary {
  size_t code_points;
  uint32_t last;
} summary;

static void summarise(void* context, uint32_t code_point) {
  summary* s = (summary*)context;
  ++s->code_points;
  s->last = code_point;
}

int main(void) {
  /* G r ü (2 bytes) ß (2) e, space, € (3), pushed in two pieces that cut € */
  static const uint8_t text[] = {0x47, 0x72, 0xC3, 0xBC, 0xC3, 0x9F, 0x65, 0x20, 0xE2, 0x82, 0xAC};
  /* "ab" and an over-long C0 AF */
  static const uint8_t bad[] = {0x61, 0x62, 0xC0, 0xAF};
  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT;
  summary seen = {0, 0};
  utf8mcu_validation_result checked;
  uint8_t encoded[4];
  utf8mcu_encode_result euro;
  int ok;

  utf8mcu_decoder_push(&decoder, text, 9, UTF8MCU_POLICY_REPLACE, summarise, &seen);
  utf8mcu_decoder_push(&decoder, text + 9, sizeof text - 9, UTF8MCU_POLICY_REPLACE, summarise, &seen);
  checked = utf8mcu_validate(bad, sizeof bad);
  euro = utf8mcu_encode(0x20AC, encoded, sizeof encoded, UTF8MCU_POLICY_REPORT);

  ok = seen.code_points == 7 && seen.last == 0x20AC && !utf8mcu_decoder_in_sequence(&decoder) &&
       checked.valid_up_to == 2 && checked.error.status == UTF8MCU_OVERLONG && euro.length == 3 &&
       encoded[0] == 0xE2;
  consumer_print(ok ? "app_c: ok\n" : "app_c: FAILED\n");
  return ok ? 0 : 1;
}
