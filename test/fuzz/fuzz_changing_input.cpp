// Fuzz target: input that changes during a call. The sink rewrites bytes of
// the input it is decoding, from a script the fuzzer chooses (a position and
// a value per code point), and the converters (UTF-8 to UTF-16 and UTF-32,
// and back) write over their own input at an offset the fuzzer chooses. What
// must hold (docs/bad-input.md): nothing outside the spans given is read or
// written (ASan: each span is a heap block of its exact size, overlapping
// spans one block of their union), every code point is a scalar value, UTF-8
// output is well-formed by the reference model, UTF-16 output is paired, and
// the counts stay within the span.
//
// Built once per build variant, as the other targets (CMakeLists.txt): the
// paths that re-read input are the variants' own.
//
// Input: byte 0 picks the operation and the policy or room, byte 1 the
// overlap offset, then a script of (position, value) pairs up to the first
// 0xFF 0xFF, then the text (for UTF-32 and UTF-16 input, its bytes as units).

#include <cstring>

#include "fuzz_support.h"

namespace {

using utf8mcu::ErrorPolicy;

// Rewrites the text from the script, one step per code point.
struct ScriptedSink {
  std::uint8_t* text;
  std::size_t size;
  const std::uint8_t* script;
  std::size_t script_size;
  // Sanitising in place: the bytes written so far are the output, not the
  // input, and stay as the writer left them.
  const utf8mcu::Utf8Writer* writer = nullptr;
  std::size_t step = 0;
  std::size_t calls = 0;

  void operator()(char32_t code_point) {
    ++calls;
    UTF8MCU_FUZZ_CHECK(utf8mcu::is_scalar_value(code_point));
    if (script_size < 2 || size == 0) return;
    const std::uint8_t position = script[step % script_size];
    const std::uint8_t value = script[(step + 1) % script_size];
    step += 2;
    // Mostly ahead of the reader: positions count from the end now and then.
    const std::size_t at = (position & 0x80) != 0 ? size - 1 - (position & 0x7F) % size : position % size;
    if (writer == nullptr || at >= writer->size()) text[at] = value;
  }
};

UTF8MCU_FUZZ_UNINSTRUMENTED bool reference_accepts(const std::uint8_t* data, std::size_t size) {
  bool ok = true;
  ref::decode(data, size, [&ok](const ref::Item& item) { ok = ok && !item.is_error; });
  return ok;
}

template <ErrorPolicy kPolicy>
void decode_with_script(const std::uint8_t* text, std::size_t size, const std::uint8_t* script,
                        std::size_t script_size, unsigned operation) {
  std::vector<std::uint8_t> copy(text, text + size);  // exactly `size` bytes on the heap
  ScriptedSink sink{copy.data(), size, script, script_size};
  if (operation == 0) {
    utf8mcu::Decoder decoder;
    const utf8mcu::DecodeResult r = decoder.push<kPolicy>(copy.data(), size, sink);
    UTF8MCU_FUZZ_CHECK(r.consumed <= size);
    UTF8MCU_FUZZ_CHECK(sink.calls <= size);
    decoder.finish<kPolicy>(sink);
    UTF8MCU_FUZZ_CHECK(sink.calls <= size);
  } else if (operation == 1) {
    const utf8mcu::ValidationResult r = utf8mcu::decode<kPolicy>(copy.data(), size, sink);
    UTF8MCU_FUZZ_CHECK(r.valid_up_to <= size);
    UTF8MCU_FUZZ_CHECK(sink.calls <= size);
  } else if (operation == 2) {
    // Sanitising in place: the writer's output over the input.
    utf8mcu::Utf8Writer writer(copy.data(), size);
    sink.writer = &writer;
    auto both = [&](char32_t c) {
      sink(c);
      writer(c);
    };
    utf8mcu::Decoder decoder;
    decoder.push<kPolicy>(copy.data(), size, both);
    decoder.finish<kPolicy>(both);
    UTF8MCU_FUZZ_CHECK(writer.size() <= size);
    UTF8MCU_FUZZ_CHECK(reference_accepts(copy.data(), writer.size()));
  } else {
    if constexpr (kPolicy != ErrorPolicy::kReport) {
      utf8mcu::Cesu8Decoder decoder;
      const utf8mcu::DecodeResult r = decoder.push<kPolicy>(copy.data(), size, sink);
      UTF8MCU_FUZZ_CHECK(r.consumed == size);
      decoder.finish<kPolicy>(sink);
      UTF8MCU_FUZZ_CHECK(sink.calls <= size + 3);
    }
  }
}

// An input (a copy of `in_bytes` bytes of `text`) and an output of
// `out_bytes` in one heap block that is exactly their union, the output
// `shift` bytes after the input's start (negative: before it). The shift is
// cut to whole units of `unit` bytes, so both stay aligned for the units
// (operator new aligns the block for any).
struct Overlap {
  std::vector<std::uint8_t> block;
  std::uint8_t* in = nullptr;
  std::uint8_t* out = nullptr;
};

Overlap overlap(const std::uint8_t* text, std::size_t in_bytes, std::size_t out_bytes, int shift, std::size_t unit) {
  shift -= shift % static_cast<int>(unit);
  const std::size_t in_at = shift < 0 ? static_cast<std::size_t>(-shift) : 0;
  const std::size_t out_at = shift < 0 ? 0 : static_cast<std::size_t>(shift);
  Overlap spans;
  spans.block.resize(std::max(in_at + in_bytes, out_at + out_bytes));
  std::memcpy(spans.block.data() + in_at, text, in_bytes);
  spans.in = spans.block.data() + in_at;
  spans.out = spans.block.data() + out_at;
  return spans;
}

// UTF-8 to UTF-16 or UTF-32 over its own input.
template <typename Unit>
void convert_in_place(const std::uint8_t* text, std::size_t size, int shift, std::size_t capacity) {
  if (size == 0 || capacity == 0) return;
  const Overlap spans = overlap(text, size, capacity * sizeof(Unit), shift, sizeof(Unit));
  Unit* out = reinterpret_cast<Unit*>(spans.out);
  const utf8mcu::TranscodeResult r =
      utf8mcu::detail::convert_all<ErrorPolicy::kReplace, utf8mcu::Utf8ToUnits<Unit>>(spans.in, size, out,
                                                                                              capacity);
  UTF8MCU_FUZZ_CHECK(r.read <= size);
  UTF8MCU_FUZZ_CHECK(r.written <= capacity);
  for (std::size_t i = 0; i < r.written; ++i) {
    const std::uint32_t unit = out[i];
    if constexpr (sizeof(Unit) == 4) {
      UTF8MCU_FUZZ_CHECK(utf8mcu::is_scalar_value(static_cast<char32_t>(unit)));
    } else if (unit >= 0xD800 && unit <= 0xDBFF) {
      UTF8MCU_FUZZ_CHECK(i + 1 < r.written && out[i + 1] >= 0xDC00 && out[i + 1] <= 0xDFFF);
      ++i;
    } else {
      UTF8MCU_FUZZ_CHECK(unit < 0xDC00 || unit > 0xDFFF);
    }
  }
}

// UTF-32 or UTF-16 (the text's bytes as units) to UTF-8 over its own input.
template <typename Unit>
void units_to_utf8_in_place(const std::uint8_t* text, std::size_t size, int shift, std::size_t capacity) {
  const std::size_t units = size / sizeof(Unit);
  if (units == 0 || capacity == 0) return;
  const Overlap spans = overlap(text, units * sizeof(Unit), capacity, shift, sizeof(Unit));
  const Unit* in = reinterpret_cast<const Unit*>(spans.in);
  utf8mcu::TranscodeResult r{};
  if constexpr (sizeof(Unit) == 4) {
    r = utf8mcu::utf32_to_utf8(in, units, spans.out, capacity);
  } else {
    r = utf8mcu::utf16_to_utf8(in, units, spans.out, capacity);
  }
  UTF8MCU_FUZZ_CHECK(r.read <= units);
  UTF8MCU_FUZZ_CHECK(r.written <= capacity);
  UTF8MCU_FUZZ_CHECK(reference_accepts(spans.out, r.written));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const unsigned selector = data[0];
  const int shift = static_cast<int>(data[1]) - 128;
  data += 2;
  size -= 2;
  std::size_t script_size = 0;
  while (script_size + 1 < size && !(data[script_size] == 0xFF && data[script_size + 1] == 0xFF)) ++script_size;
  const std::uint8_t* script = data;
  const std::size_t text_at = script_size + 1 < size ? script_size + 2 : size;
  if (text_at == size) script_size = 0;  // no separator: all of it is text
  const std::uint8_t* text = script_size == 0 ? data : data + text_at;
  const std::size_t text_size = script_size == 0 ? size : size - text_at;

  const unsigned operation = selector % 8;
  const unsigned variant = selector / 8;
  if (operation < 4) {
    switch (variant % 3) {
      case 0: decode_with_script<ErrorPolicy::kReplace>(text, text_size, script, script_size, operation); break;
      case 1: decode_with_script<ErrorPolicy::kReport>(text, text_size, script, script_size, operation); break;
      default: decode_with_script<ErrorPolicy::kSkip>(text, text_size, script, script_size, operation); break;
    }
  } else if (operation < 6) {
    const std::size_t capacity = text_size / (1 + variant % 3);
    if (operation == 4) {
      convert_in_place<char16_t>(text, text_size, shift, capacity);
    } else {
      convert_in_place<char32_t>(text, text_size, shift, capacity);
    }
  } else if (operation == 6) {
    // 1 to 4 bytes of room per unit: exact room for ASCII up to room for any.
    units_to_utf8_in_place<char32_t>(text, text_size, shift, text_size / 4 * (1 + variant % 4));
  } else {
    units_to_utf8_in_place<char16_t>(text, text_size, shift, text_size / 2 * (1 + variant % 3));
  }
  return 0;
}
