// The pl011_uart port (port/pl011_uart/pl011_uart.cpp), built when UTF8MCU_PORT_PL011_UART is defined
// (PlatformIO: build_flags = -D UTF8MCU_PORT_PL011_UART); empty otherwise.
#if defined(UTF8MCU_PORT_PL011_UART)
#include "utf8mcu.h"  // stops with a clear message without C++17

#include "../port/pl011_uart/pl011_uart.cpp"
#endif
