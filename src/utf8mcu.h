#pragma once
// utf8mcu for Arduino and PlatformIO: #include <utf8mcu.h>
//
// src/ is the layout those tools build (library.properties, library.json):
// they compile every source under src/ and put src/ on the include path. The
// library itself lives in lib/, so src/utf8mcu/*.h only forward to
// lib/include/utf8mcu/ and lib/c/include/utf8mcu/ (tools/check-manifests.py
// keeps the two lists equal), and src/utf8mcu_c.cpp builds the C API. The one
// Arduino-only part is src/utf8mcu/stream_decoder.h.

#if !defined(__cplusplus) || __cplusplus < 201703L
#error "utf8mcu needs C++17: build with -std=gnu++17 (see docs/getting-started.md, Arduino and PlatformIO)"
#endif
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 9
#error "utf8mcu needs GCC 9 or later (this core's compiler is older; see docs/getting-started.md)"
#endif

#include "utf8mcu/stream_decoder.h"
#include "utf8mcu/utf8mcu.h"
