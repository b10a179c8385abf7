#pragma once
// utf8mcu for Arduino and PlatformIO: #include <utf8mcu.h>
//
// src/ is the layout those tools build (library.properties, library.json):
// they compile every source under src/ and put src/ on the include path. The
// library itself lives in lib/ and port/, so the headers under src/utf8mcu/
// only forward there and the sources under src/ build the C API, the
// platform ports (each only when asked for: UTF8MCU_PORT_<NAME>), the bidi
// engine and the display's and text engines' tables (one source each, so a
// sketch links only what it uses). tools/check-manifests.py writes and checks them.
//
// <utf8mcu.h> gives the core and StreamDecoder; the ingest layer is
// "utf8mcu/port/...", the display "utf8mcu/display/..." and the text engines
// "utf8mcu/text/..." (docs/getting-started.md).

#if !defined(__cplusplus) || __cplusplus < 201703L
#error "utf8mcu needs C++17: build with -std=gnu++17 (see docs/getting-started.md, Arduino and PlatformIO)"
#endif
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 9
#error "utf8mcu needs GCC 9 or later (this core's compiler is older; see docs/getting-started.md)"
#endif

#include "utf8mcu/port/stream_decoder.h"
#include "utf8mcu/utf8mcu.h"

namespace utf8mcu {
// The sketch's name for it: utf8mcu::StreamDecoder input(Serial);
using port::StreamDecoder;
}  // namespace utf8mcu
