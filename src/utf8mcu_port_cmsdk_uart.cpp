// The cmsdk_uart port (port/cmsdk_uart/cmsdk_uart.cpp), built when UTF8MCU_PORT_CMSDK_UART is defined
// (PlatformIO: build_flags = -D UTF8MCU_PORT_CMSDK_UART); empty otherwise.
#if defined(UTF8MCU_PORT_CMSDK_UART)
#include "utf8mcu.h"  // stops with a clear message without C++17

#include "../port/cmsdk_uart/cmsdk_uart.cpp"
#endif
