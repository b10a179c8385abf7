// Arduino/PlatformIO view of lib/include/utf8mcu/legacy_fallback.h (see src/utf8mcu.h).
#include "../../lib/include/utf8mcu/legacy_fallback.h"
