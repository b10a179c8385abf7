// Arduino/PlatformIO view of port/stm32_usart/include/utf8mcu/port/stm32_usart.h (see src/utf8mcu.h).
#include "../../../port/stm32_usart/include/utf8mcu/port/stm32_usart.h"
