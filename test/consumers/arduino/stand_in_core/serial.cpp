#include <Arduino.h>

HardwareSerial Serial;
