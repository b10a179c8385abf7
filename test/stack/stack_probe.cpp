// One extern "C" entry point per public operation of lib/include/utf8mcu and
// per error policy, for tools/stack-report.sh (worst-case stack per core) and
// tools/static-analysis.sh (it instantiates every template). Compiled, not
// run. Sinks are C-style callbacks, so the sink's own stack is outside the
// figures; the `_inlined` probes show the usual case of a lambda sink.

#include "utf8mcu/utf8mcu.h"

using utf8mcu::CodePointCallback;
using utf8mcu::ErrorPolicy;

// Defines <name>_replace, <name>_report and <name>_skip, in each of which
// kPolicy names that policy. A macro: only token pasting can name C symbols.
// NOLINTNEXTLINE(cppcoreguidelines-macro-usage)
#define UTF8MCU_STACK_PROBE(result, name, parameters, body)  \
  result name##_replace parameters {                         \
    constexpr ErrorPolicy kPolicy = ErrorPolicy::kReplace;   \
    body                                                     \
  }                                                          \
  result name##_report parameters {                          \
    constexpr ErrorPolicy kPolicy = ErrorPolicy::kReport;    \
    body                                                     \
  }                                                          \
  result name##_skip parameters {                            \
    constexpr ErrorPolicy kPolicy = ErrorPolicy::kSkip;      \
    body                                                     \
  }

extern "C" {

// --- decoder.h ------------------------------------------------------------------

UTF8MCU_STACK_PROBE(utf8mcu::DecodeResult, stack_decoder_push_byte,
                    (utf8mcu::Decoder * decoder, std::uint8_t byte, CodePointCallback sink),
                    { return decoder->push<kPolicy>(byte, sink); })

UTF8MCU_STACK_PROBE(utf8mcu::DecodeResult, stack_decoder_push_span,
                    (utf8mcu::Decoder * decoder, const std::uint8_t* data, std::size_t size, CodePointCallback sink),
                    { return decoder->push<kPolicy>(data, size, sink); })

UTF8MCU_STACK_PROBE(utf8mcu::DecodeError, stack_decoder_finish, (utf8mcu::Decoder * decoder, CodePointCallback sink),
                    { return decoder->finish<kPolicy>(sink); })

std::uint32_t stack_decoder_push_span_inlined(utf8mcu::Decoder* decoder, const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  decoder->push(data, size, [&sum](char32_t c) { sum += c; });
  return sum;
}

// --- validate.h -----------------------------------------------------------------

UTF8MCU_STACK_PROBE(utf8mcu::ValidationResult, stack_decode,
                    (const std::uint8_t* data, std::size_t size, CodePointCallback sink),
                    { return utf8mcu::decode<kPolicy>(data, size, sink); })

utf8mcu::ValidationResult stack_validate(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::validate(data, size);
}

bool stack_is_valid(const std::uint8_t* data, std::size_t size) { return utf8mcu::is_valid(data, size); }

std::size_t stack_count_code_points(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::count_code_points(data, size);
}

// --- iterator.h -----------------------------------------------------------------

std::uint32_t stack_code_points_inlined(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  for (const char32_t c : utf8mcu::CodePoints(data, size)) sum += c;
  return sum;
}

// --- encoder.h ------------------------------------------------------------------

std::size_t stack_encoded_length(char32_t code_point) { return utf8mcu::encoded_length(code_point); }

UTF8MCU_STACK_PROBE(utf8mcu::EncodeResult, stack_encode, (char32_t code_point, std::uint8_t* out, std::size_t capacity),
                    { return utf8mcu::encode<kPolicy>(code_point, out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::Status, stack_writer_put, (utf8mcu::Utf8Writer * writer, char32_t code_point),
                    { return writer->put<kPolicy>(code_point); })

// --- transcode.h ----------------------------------------------------------------

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf32_to_utf8,
                    (const char32_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity),
                    { return utf8mcu::utf32_to_utf8<kPolicy>(in, size, out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf16_to_utf8_convert,
                    (utf8mcu::Utf16ToUtf8 * converter, const char16_t* in, std::size_t size, std::uint8_t* out,
                     std::size_t capacity),
                    { return converter->convert<kPolicy>(in, size, out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf16_to_utf8_finish,
                    (utf8mcu::Utf16ToUtf8 * converter, std::uint8_t* out, std::size_t capacity),
                    { return converter->finish<kPolicy>(out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf8_to_utf32_convert,
                    (utf8mcu::Utf8ToUtf32 * converter, const std::uint8_t* in, std::size_t size, char32_t* out,
                     std::size_t capacity),
                    { return converter->convert<kPolicy>(in, size, out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf8_to_utf32_finish,
                    (utf8mcu::Utf8ToUtf32 * converter, char32_t* out, std::size_t capacity),
                    { return converter->finish<kPolicy>(out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf8_to_utf16_convert,
                    (utf8mcu::Utf8ToUtf16 * converter, const std::uint8_t* in, std::size_t size, char16_t* out,
                     std::size_t capacity),
                    { return converter->convert<kPolicy>(in, size, out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf8_to_utf16_finish,
                    (utf8mcu::Utf8ToUtf16 * converter, char16_t* out, std::size_t capacity),
                    { return converter->finish<kPolicy>(out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf16_to_utf8,
                    (const char16_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity),
                    { return utf8mcu::utf16_to_utf8<kPolicy>(in, size, out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf8_to_utf32,
                    (const std::uint8_t* in, std::size_t size, char32_t* out, std::size_t capacity),
                    { return utf8mcu::utf8_to_utf32<kPolicy>(in, size, out, capacity); })

UTF8MCU_STACK_PROBE(utf8mcu::TranscodeResult, stack_utf8_to_utf16,
                    (const std::uint8_t* in, std::size_t size, char16_t* out, std::size_t capacity),
                    { return utf8mcu::utf8_to_utf16<kPolicy>(in, size, out, capacity); })

// --- boundary.h -----------------------------------------------------------------

std::size_t stack_sequence_length(std::uint8_t lead) { return utf8mcu::sequence_length(lead); }

utf8mcu::DecodedCodePoint stack_decode_one(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::decode_one(data, size);
}

std::size_t stack_previous_boundary(const std::uint8_t* data, std::size_t size, std::size_t pos) {
  return utf8mcu::previous_boundary(data, size, pos);
}

std::size_t stack_next_boundary(const std::uint8_t* data, std::size_t size, std::size_t pos) {
  return utf8mcu::next_boundary(data, size, pos);
}

std::size_t stack_truncate(const std::uint8_t* data, std::size_t size, std::size_t max_bytes) {
  return utf8mcu::truncate(data, size, max_bytes);
}

std::size_t stack_bom_length(const std::uint8_t* data, std::size_t size) { return utf8mcu::bom_length(data, size); }

// --- cesu8.h (replace and skip only) --------------------------------------------

utf8mcu::DecodeResult stack_cesu8_push_span_replace(utf8mcu::Cesu8Decoder* decoder, const std::uint8_t* data,
                                                    std::size_t size, CodePointCallback sink) {
  return decoder->push<ErrorPolicy::kReplace>(data, size, sink);
}

utf8mcu::DecodeResult stack_cesu8_push_span_skip(utf8mcu::Cesu8Decoder* decoder, const std::uint8_t* data,
                                                 std::size_t size, CodePointCallback sink) {
  return decoder->push<ErrorPolicy::kSkip>(data, size, sink);
}

utf8mcu::DecodeError stack_cesu8_finish_replace(utf8mcu::Cesu8Decoder* decoder, CodePointCallback sink) {
  return decoder->finish<ErrorPolicy::kReplace>(sink);
}

// --- common.h -------------------------------------------------------------------

const char* stack_status_name(utf8mcu::Status status) { return utf8mcu::status_name(status); }

}  // extern "C"
