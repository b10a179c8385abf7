#include "operations.h"

#include "ascii4_validator.h"
#include "dfa_decoder.h"
#include "utf8mcu/validate.h"
#include "utf8mcu/decoder.h"
#include "whatwg_decoder.h"

#define UTF8MCU_BENCH_OPERATION extern "C" __attribute__((noinline, used))

namespace utf8mcu::bench {

char32_t utf32_buffer[kUtf32Units];
std::uint8_t utf8_buffer[4 * kUtf32Units];

namespace {

// Hides a value from the optimiser, so that a function pointer stays a real
// indirect call instead of being inlined.
template <typename T>
T opaque(T value) {
  __asm__ volatile("" : "+r"(value));
  return value;
}

void add_code_point(void* context, char32_t code_point) {
  *static_cast<std::uint32_t*>(context) += code_point;
}

bool same_text(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

// The code points a push decoder gives for a whole buffer, summed by an
// inlined sink: the job of every *_push_inline operation.
template <typename PushDecoder>
std::uint32_t sum_code_points(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  auto sink = [&sum](char32_t code_point) { sum += code_point; };
  PushDecoder decoder;
  decoder.push(data, size, sink);
  decoder.finish(sink);
  return sum;
}

// The interrupt shape: a receive handler, not inlined, takes one byte per
// call; the decoder lives in a global, as it must for a handler; the sink is
// a call to a function out of line that sums and counts what it gets.
namespace isr {

std::uint32_t sum = 0;
std::uint32_t count = 0;
Decoder decoder;
WhatwgDecoder whatwg;
DfaDecoder dfa;

[[gnu::noinline]] void consume(char32_t code_point) {
  sum += code_point;
  ++count;
}

[[gnu::noinline]] void on_byte_utf8mcu(std::uint8_t byte) {
  decoder.push(byte, [](char32_t code_point) { consume(code_point); });
}
[[gnu::noinline]] void on_byte_whatwg(std::uint8_t byte) {
  whatwg.push(byte, [](char32_t code_point) { consume(code_point); });
}
[[gnu::noinline]] void on_byte_dfa(std::uint8_t byte) {
  dfa.push(byte, [](char32_t code_point) { consume(code_point); });
}

template <typename PushDecoder>
std::uint32_t run(PushDecoder& push_decoder, void (*on_byte)(std::uint8_t), const std::uint8_t* data,
                  std::size_t size) {
  sum = 0;
  count = 0;
  push_decoder = PushDecoder{};
  for (std::size_t i = 0; i < size; ++i) opaque(on_byte)(data[i]);
  push_decoder.finish([](char32_t code_point) { consume(code_point); });
  return sum + count;
}

}  // namespace isr

// Whole corpora fit in the UTF-32 buffer unless a board sets it smaller.
constexpr bool kWindowed = kUtf32Units < 65536;

}  // namespace
}  // namespace utf8mcu::bench

using utf8mcu::CodePointCallback;
using utf8mcu::Decoder;
using utf8mcu::bench::utf32_buffer;

// The overhead of a measurement: call and return through the same pointer.
UTF8MCU_BENCH_OPERATION std::uint32_t bench_empty(const std::uint8_t* data, std::size_t size) {
  __asm__ volatile("" ::"r"(data), "r"(size));
  return 0;
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_decoder_push_inline(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::bench::sum_code_points<Decoder>(data, size);
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_decoder_push_byte_inline(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  auto sink = [&sum](char32_t code_point) { sum += code_point; };
  Decoder decoder;
  for (std::size_t i = 0; i < size; ++i) decoder.push(data[i], sink);
  decoder.finish(sink);
  return sum;
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_decoder_push_byte_isr(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::bench::isr::run(utf8mcu::bench::isr::decoder, utf8mcu::bench::isr::on_byte_utf8mcu, data, size);
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_decoder_push_callback(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  const CodePointCallback sink{utf8mcu::bench::opaque(&utf8mcu::bench::add_code_point), &sum};
  Decoder decoder;
  decoder.push(data, size, sink);
  decoder.finish(sink);
  return sum;
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_decode_bulk_inline(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  utf8mcu::decode(data, size, [&sum](char32_t code_point) { sum += code_point; });
  return sum;
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_utf8_to_utf32(const std::uint8_t* data, std::size_t size) {
  using utf8mcu::bench::kUtf32Units;
  if constexpr (!utf8mcu::bench::kWindowed) {
    return static_cast<std::uint32_t>(utf8mcu::utf8_to_utf32(data, size, utf32_buffer, kUtf32Units).written);
  } else {
    // Little RAM: the resumable converter, one output window after another.
    utf8mcu::Utf8ToUtf32 converter;
    std::size_t read = 0;
    std::size_t written = 0;
    while (read < size) {
      const utf8mcu::TranscodeResult part = converter.convert(data + read, size - read, utf32_buffer, kUtf32Units);
      read += part.read;
      written += part.written;
    }
    written += converter.finish(utf32_buffer, kUtf32Units).written;
    return static_cast<std::uint32_t>(written);
  }
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_validate(const std::uint8_t* data, std::size_t size) {
  return static_cast<std::uint32_t>(utf8mcu::validate(data, size).valid_up_to);
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_dfa_push_inline(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::bench::sum_code_points<utf8mcu::bench::DfaDecoder>(data, size);
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_whatwg_push_inline(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::bench::sum_code_points<utf8mcu::bench::WhatwgDecoder>(data, size);
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_whatwg_push_byte_isr(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::bench::isr::run(utf8mcu::bench::isr::whatwg, utf8mcu::bench::isr::on_byte_whatwg, data, size);
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_dfa_push_byte_isr(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::bench::isr::run(utf8mcu::bench::isr::dfa, utf8mcu::bench::isr::on_byte_dfa, data, size);
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_ascii4_validate(const std::uint8_t* data, std::size_t size) {
  return static_cast<std::uint32_t>(utf8mcu::bench::validate_ascii4(data, size));
}

UTF8MCU_BENCH_OPERATION std::uint32_t bench_utf32_to_utf8(const char32_t* in, std::size_t size, std::uint8_t* out,
                                                          std::size_t capacity) {
  return static_cast<std::uint32_t>(utf8mcu::utf32_to_utf8(in, size, out, capacity).written);
}

namespace utf8mcu::bench {

const Operation kByteOperations[] = {
    {"decoder_push_inline", bench_decoder_push_inline,
     "Decoder::push(span), replace policy, inlined sink summing code points"},
    {"decoder_push_byte_inline", bench_decoder_push_byte_inline,
     "Decoder::push(byte) called per byte, replace policy, inlined sink"},
    {"decoder_push_byte_isr", bench_decoder_push_byte_isr,
     "Decoder::push(byte) in a receive handler called per byte: decoder in a global, sink out of line"},
    {"decoder_push_callback", bench_decoder_push_callback,
     "Decoder::push(span), replace policy, CodePointCallback (function pointer) sink"},
    {"decode_bulk_inline", bench_decode_bulk_inline, "decode(ptr, n, sink), replace policy, inlined sink"},
    {"utf8_to_utf32", bench_utf8_to_utf32, "utf8_to_utf32() into a UTF-32 buffer, replace policy"},
    {"validate", bench_validate, "validate(ptr, n)"},
    {"dfa_push_inline", bench_dfa_push_inline, "baseline: table DFA push decoder, replace, inlined sink"},
    {"whatwg_push_inline", bench_whatwg_push_inline, "baseline: WHATWG-style branching push decoder, inlined sink"},
    {"whatwg_push_byte_isr", bench_whatwg_push_byte_isr,
     "baseline: WHATWG-style push in the same receive handler shape"},
    {"dfa_push_byte_isr", bench_dfa_push_byte_isr, "baseline: table DFA push in the same receive handler shape"},
    {"ascii4_validate", bench_ascii4_validate, "baseline: validator with a 4-bytes-at-a-time ASCII path"},
};
const std::size_t kByteOperationCount = sizeof kByteOperations / sizeof kByteOperations[0];

std::size_t fill_utf32_window(Utf8ToUtf32& converter, const std::uint8_t* data, std::size_t size,
                              std::size_t& read, bool& finished) {
  if (finished) return 0;
  const TranscodeResult part = converter.convert(data + read, size - read, utf32_buffer, kUtf32Units);
  read += part.read;
  std::size_t units = part.written;
  if (read == size) {
    // End of input: a cut-off sequence becomes U+FFFD, if there is room.
    const TranscodeResult end = converter.finish(utf32_buffer + units, kUtf32Units - units);
    if (end.status == Status::kOk) {
      units += end.written;
      finished = true;
    }
  }
  return units;
}

const Operation* find_operation(const char* name) {
  for (const Operation& operation : kByteOperations) {
    if (same_text(operation.name, name)) return &operation;
  }
  return nullptr;
}

}  // namespace utf8mcu::bench
