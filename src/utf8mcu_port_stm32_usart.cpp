// The stm32_usart port (port/stm32_usart/stm32_usart.cpp), built when UTF8MCU_PORT_STM32_USART is defined
// (PlatformIO: build_flags = -D UTF8MCU_PORT_STM32_USART); empty otherwise.
#if defined(UTF8MCU_PORT_STM32_USART)
#include "utf8mcu.h"  // stops with a clear message without C++17

#include "../port/stm32_usart/stm32_usart.cpp"
#endif
