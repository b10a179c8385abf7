// Arduino and PlatformIO compile every source under src/: this builds
// lib/c/src/utf8mcu_c.cpp.
#include "utf8mcu.h"  // stops with a clear message without C++17

#include "../lib/c/src/utf8mcu_c.cpp"
