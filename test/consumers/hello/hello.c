/* snippet: hello-c */
#include <stdio.h>
#include <string.h>

#include "utf8mcu/utf8mcu_c.h"

static void print_code_point(void* context, uint32_t code_point) {
  (void)context;
  printf("U+%04X ", (unsigned)code_point); /* each broken part: U+FFFD */
}

int main(void) {
  const char* text = "Grüße, \xC0\xAF!"; /* C0 AF: an over-long '/', not UTF-8 */
  const uint8_t* bytes = (const uint8_t*)text;
  const size_t size = strlen(text);

  const utf8mcu_validation_result checked = utf8mcu_validate(bytes, size);
  printf("%zu code points; valid up to byte %zu: %s\n", utf8mcu_count_code_points(bytes, size),
         checked.valid_up_to, utf8mcu_status_name(checked.error.status));

  utf8mcu_decoder decoder = UTF8MCU_DECODER_INIT; /* as bytes arrive: here all at once */
  utf8mcu_decoder_push(&decoder, bytes, size, UTF8MCU_POLICY_REPLACE, print_code_point, NULL);
  printf("\n");
  return 0;
}
/* end snippet */
