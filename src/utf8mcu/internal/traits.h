// Arduino/PlatformIO view of lib/include/utf8mcu/internal/traits.h (see src/utf8mcu.h).
#include "../../../lib/include/utf8mcu/internal/traits.h"
