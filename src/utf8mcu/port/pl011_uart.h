// Arduino/PlatformIO view of port/pl011_uart/include/utf8mcu/port/pl011_uart.h (see src/utf8mcu.h).
#include "../../../port/pl011_uart/include/utf8mcu/port/pl011_uart.h"
