// Arduino/PlatformIO view of port/include/utf8mcu/port/pico_uart_rx.h (see src/utf8mcu.h).
#include "../../../port/include/utf8mcu/port/pico_uart_rx.h"
