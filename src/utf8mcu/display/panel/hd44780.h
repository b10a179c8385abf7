// Arduino/PlatformIO view of lib/display/include/utf8mcu/display/panel/hd44780.h (see src/utf8mcu.h).
#include "../../../../lib/display/include/utf8mcu/display/panel/hd44780.h"
