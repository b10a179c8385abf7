#pragma once
// sizeof of every state object a user keeps between calls (RAM per stream),
// printed by every benchmark so the report can show them per core.

#include <cstddef>

#include "dfa_decoder.h"
#include "utf8mcu/cesu8.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"
#include "utf8mcu/transcode.h"
#include "whatwg_decoder.h"

namespace utf8mcu::bench {

struct StateSize {
  const char* type;
  std::size_t bytes;
};

inline constexpr StateSize kStateSizes[] = {
    {"Decoder", sizeof(Decoder)},
    {"Utf8ToUtf32", sizeof(Utf8ToUtf32)},
    {"Utf8ToUtf16", sizeof(Utf8ToUtf16)},
    {"Utf16ToUtf8", sizeof(Utf16ToUtf8)},
    {"Cesu8Decoder", sizeof(Cesu8Decoder)},
    {"Utf8Writer", sizeof(Utf8Writer)},
    {"DfaDecoder (baseline)", sizeof(DfaDecoder)},
    {"WhatwgDecoder (baseline)", sizeof(WhatwgDecoder)},
};

}  // namespace utf8mcu::bench
