// Arduino and PlatformIO compile every source under src/: this builds the C
// API (lib/c/src/utf8mcu_c.cpp) for C files in a sketch or project.
#include "utf8mcu.h"  // the compiler checks

#include "../lib/c/src/utf8mcu_c.cpp"
