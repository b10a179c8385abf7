#include <cstddef>

#include "consumer.h"
#include "utf8mcu_bsp/semihosting.h"

void consumer_print(const char* line) {
  std::size_t length = 0;
  while (line[length] != '\0') ++length;
  utf8mcu_bsp::semihosting::console_write(line, length);
}
