// Arduino/PlatformIO view of lib/text/include/utf8mcu/text/internal/bidi_engine.h (see src/utf8mcu.h).
#include "../../../../lib/text/include/utf8mcu/text/internal/bidi_engine.h"
