// Entry points that instantiate the library's main operations once each, so
// that tools/size-report.sh can measure their code size per core and
// optimisation level. Nothing calls them; they are compiled, not run.

#include "utf8mcu/utf8mcu.h"

using utf8mcu::CodePointCallback;
using utf8mcu::ErrorPolicy;

// extern "C" only gives the size report unmangled names; nothing calls these from C.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wreturn-type-c-linkage"
#endif

extern "C" {

// Push decoder, one byte, replace policy, function-pointer sink.
utf8mcu::DecodeResult size_decoder_push_byte(utf8mcu::Decoder* decoder, std::uint8_t byte, CodePointCallback sink) {
  return decoder->push(byte, sink);
}

// Push decoder, a span, replace policy, function-pointer sink.
utf8mcu::DecodeResult size_decoder_push_span(utf8mcu::Decoder* decoder, const std::uint8_t* data, std::size_t size,
                                             CodePointCallback sink) {
  return decoder->push(data, size, sink);
}

// Push decoder, a span, replace policy, an inlined sink (sums code points).
std::uint32_t size_decoder_push_span_inlined(utf8mcu::Decoder* decoder, const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  decoder->push(data, size, [&sum](char32_t c) { sum += c; });
  return sum;
}

utf8mcu::DecodeError size_decoder_finish(utf8mcu::Decoder* decoder, CodePointCallback sink) {
  return decoder->finish(sink);
}

utf8mcu::ValidationResult size_validate(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::validate(data, size);
}

std::size_t size_count_code_points(const std::uint8_t* data, std::size_t size) {
  return utf8mcu::count_code_points(data, size);
}

utf8mcu::EncodeResult size_encode(char32_t code_point, std::uint8_t* out, std::size_t capacity) {
  return utf8mcu::encode(code_point, out, capacity);
}

utf8mcu::Status size_writer_put(utf8mcu::Utf8Writer* writer, char32_t code_point) { return writer->put(code_point); }

utf8mcu::TranscodeResult size_utf8_to_utf32(utf8mcu::Utf8ToUtf32* converter, const std::uint8_t* in,
                                            std::size_t size, char32_t* out, std::size_t capacity) {
  return converter->convert(in, size, out, capacity);
}

utf8mcu::TranscodeResult size_utf16_to_utf8(utf8mcu::Utf16ToUtf8* converter, const char16_t* in, std::size_t size,
                                            std::uint8_t* out, std::size_t capacity) {
  return converter->convert(in, size, out, capacity);
}

}  // extern "C"
