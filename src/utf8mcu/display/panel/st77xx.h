// Arduino/PlatformIO view of lib/display/include/utf8mcu/display/panel/st77xx.h (see src/utf8mcu.h).
#include "../../../../lib/display/include/utf8mcu/display/panel/st77xx.h"
