/* Arduino/PlatformIO view of lib/c/include/utf8mcu/utf8mcu_c.h (see src/utf8mcu.h). */
#include "../../lib/c/include/utf8mcu/utf8mcu_c.h"
