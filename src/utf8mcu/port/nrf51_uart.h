// Arduino/PlatformIO view of port/nrf51_uart/include/utf8mcu/port/nrf51_uart.h (see src/utf8mcu.h).
#include "../../../port/nrf51_uart/include/utf8mcu/port/nrf51_uart.h"
