// Arduino/PlatformIO view of port/include/utf8mcu/port/uart_port.h (see src/utf8mcu.h).
#include "../../../port/include/utf8mcu/port/uart_port.h"
