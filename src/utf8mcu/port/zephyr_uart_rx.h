// Arduino/PlatformIO view of port/include/utf8mcu/port/zephyr_uart_rx.h (see src/utf8mcu.h).
#include "../../../port/include/utf8mcu/port/zephyr_uart_rx.h"
