// Arduino/PlatformIO view of port/include/utf8mcu/port/ingest.h (see src/utf8mcu.h).
#include "../../../port/include/utf8mcu/port/ingest.h"
