#pragma once
// The operations every benchmark measures, compiled once and shared by the
// board firmware, the budget test and the host benchmark, so all three time
// the same code. Each is an extern "C" function (readable names for nm and
// .su files) that the callers reach through a pointer, so nothing is inlined
// into the timing loop and the result cannot be optimised away.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/transcode.h"

// UTF-32 units of the bench's scratch buffers: one per input byte for a whole
// 64 KB corpus; boards with little RAM set less and work in windows.
#ifndef UTF8MCU_BENCH_UTF32_UNITS
#define UTF8MCU_BENCH_UTF32_UNITS 65536
#endif

namespace utf8mcu::bench {

inline constexpr std::size_t kUtf32Units = UTF8MCU_BENCH_UTF32_UNITS;

extern char32_t utf32_buffer[kUtf32Units];
extern std::uint8_t utf8_buffer[4 * kUtf32Units];

/// Runs over `size` bytes and returns a value that depends on all the output
/// (the sum of the code points for the decoders).
using ByteOperation = std::uint32_t (*)(const std::uint8_t* data, std::size_t size);

struct Operation {
  const char* name;  // stable id used by the report and the budgets
  ByteOperation run;
  const char* description;
};

/// Everything that reads UTF-8, in report order.
extern const Operation kByteOperations[];
extern const std::size_t kByteOperationCount;

/// The encoder is measured per window of UTF-32 (see fill_utf32_window).
inline constexpr const char* kEncodeName = "utf32_to_utf8";
inline constexpr const char* kEncodeDescription = "utf32_to_utf8() from a UTF-32 buffer (per UTF-8 byte written)";

/// Set-up for the encoder (not measured): decodes the next part of the input
/// into utf32_buffer, at most kUtf32Units code points. Advances `read`;
/// returns the number of units, 0 when the input is used up.
std::size_t fill_utf32_window(Utf8ToUtf32& converter, const std::uint8_t* data, std::size_t size,
                              std::size_t& read, bool& finished);

/// Finds an operation by name; null when there is none.
const Operation* find_operation(const char* name);

}  // namespace utf8mcu::bench

extern "C" {
std::uint32_t bench_empty(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_decoder_push_inline(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_decoder_push_byte_inline(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_decoder_push_byte_isr(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_decoder_push_callback(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_decode_bulk_inline(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_utf8_to_utf32(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_validate(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_dfa_push_inline(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_whatwg_push_inline(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_whatwg_push_byte_isr(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_dfa_push_byte_isr(const std::uint8_t* data, std::size_t size);
std::uint32_t bench_ascii4_validate(const std::uint8_t* data, std::size_t size);
/// Returns the number of UTF-8 bytes written to `out`.
std::uint32_t bench_utf32_to_utf8(const char32_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity);
}
