#pragma once
// The encoder's measurement, shared by the board benchmark and the budgets:
// utf32_to_utf8() is timed window by window over a corpus's UTF-32 form,
// each window prepared outside the measurement. Its figure is per UTF-8
// byte written.

#include <cstddef>
#include <cstdint>

#include "instruction_clock.h"
#include "operations.h"

namespace utf8mcu::bench {

struct EncoderRun {
  std::uint64_t instructions;
  std::uint64_t written;  // UTF-8 bytes
};

/// Instructions bench_utf32_to_utf8() spends on all of `data` (UTF-8, decoded
/// to UTF-32 window by window first), minus `overhead` per window.
inline EncoderRun measure_encoder(const InstructionClock& clock, std::uint64_t overhead, const std::uint8_t* data,
                                  std::size_t size) {
  Utf8ToUtf32 converter;
  std::size_t read = 0;
  bool finished = false;
  EncoderRun run{0, 0};
  for (;;) {
    const std::size_t units = fill_utf32_window(converter, data, size, read, finished);
    if (units == 0) break;  // input and its end both converted
    std::uint32_t bytes = 0;
    run.instructions += measure(clock, overhead, bytes, bench_utf32_to_utf8, static_cast<const char32_t*>(utf32_buffer),
                                units, static_cast<std::uint8_t*>(utf8_buffer), sizeof utf8_buffer);
    run.written += bytes;
  }
  return run;
}

}  // namespace utf8mcu::bench
