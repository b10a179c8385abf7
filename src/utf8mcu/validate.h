// Arduino/PlatformIO view of lib/include/utf8mcu/validate.h (see src/utf8mcu.h).
#include "../../lib/include/utf8mcu/validate.h"
