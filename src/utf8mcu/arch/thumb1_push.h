// Arduino/PlatformIO view of lib/include/utf8mcu/arch/thumb1_push.h (see src/utf8mcu.h).
#include "../../../lib/include/utf8mcu/arch/thumb1_push.h"
