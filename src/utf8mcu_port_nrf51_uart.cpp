// The nrf51_uart port (port/nrf51_uart/nrf51_uart.cpp), built when UTF8MCU_PORT_NRF51_UART is defined
// (PlatformIO: build_flags = -D UTF8MCU_PORT_NRF51_UART); empty otherwise.
#if defined(UTF8MCU_PORT_NRF51_UART)
#include "utf8mcu.h"  // stops with a clear message without C++17

#include "../port/nrf51_uart/nrf51_uart.cpp"
#endif
