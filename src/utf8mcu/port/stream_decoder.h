// Arduino/PlatformIO view of port/include/utf8mcu/port/stream_decoder.h (see src/utf8mcu.h).
#include "../../../port/include/utf8mcu/port/stream_decoder.h"
