// Arduino/PlatformIO view of lib/display/include/utf8mcu/display/paragraph_box.h (see src/utf8mcu.h).
#include "../../../lib/display/include/utf8mcu/display/paragraph_box.h"
