// Arduino/PlatformIO view of port/include/utf8mcu/port/nrf_uarte_rx.h (see src/utf8mcu.h).
#include "../../../port/include/utf8mcu/port/nrf_uarte_rx.h"
