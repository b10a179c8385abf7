// Arduino/PlatformIO view of port/include/utf8mcu/port/cortex_m.h (see src/utf8mcu.h).
#include "../../../port/include/utf8mcu/port/cortex_m.h"
