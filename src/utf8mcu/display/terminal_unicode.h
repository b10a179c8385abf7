// Arduino/PlatformIO view of lib/display/include/utf8mcu/display/terminal_unicode.h (see src/utf8mcu.h).
#include "../../../lib/display/include/utf8mcu/display/terminal_unicode.h"
