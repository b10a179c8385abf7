// Arduino/PlatformIO view of lib/include/utf8mcu/internal/state_word.h (see src/utf8mcu.h).
#include "../../../lib/include/utf8mcu/internal/state_word.h"
