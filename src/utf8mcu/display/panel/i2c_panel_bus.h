// Arduino/PlatformIO view of lib/display/include/utf8mcu/display/panel/i2c_panel_bus.h (see src/utf8mcu.h).
#include "../../../../lib/display/include/utf8mcu/display/panel/i2c_panel_bus.h"
