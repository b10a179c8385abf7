// Arduino and PlatformIO compile every source under src/: this builds
// lib/text/src/bidi.cpp.
#include "utf8mcu.h"  // stops with a clear message without C++17

#include "../lib/text/src/bidi.cpp"
