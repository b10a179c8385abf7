// Arduino/PlatformIO view of port/include/utf8mcu/port/byte_ring.h (see src/utf8mcu.h).
#include "../../../port/include/utf8mcu/port/byte_ring.h"
