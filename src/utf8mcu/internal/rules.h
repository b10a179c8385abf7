// Arduino/PlatformIO view of lib/include/utf8mcu/internal/rules.h (see src/utf8mcu.h).
#include "../../../lib/include/utf8mcu/internal/rules.h"
