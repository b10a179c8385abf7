// Arduino/PlatformIO view of port/cmsdk_uart/include/utf8mcu/port/cmsdk_uart.h (see src/utf8mcu.h).
#include "../../../port/cmsdk_uart/include/utf8mcu/port/cmsdk_uart.h"
