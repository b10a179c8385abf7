// Builds the example sketch the way the Arduino IDE does: Arduino.h first,
// then the .ino as C++ (the sketch declares its functions before use, so no
// generated prototypes are needed).
#include <Arduino.h>

#include "../../../examples/snippets/Utf8Echo/Utf8Echo.ino"
