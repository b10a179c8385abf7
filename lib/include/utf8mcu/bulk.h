#pragma once
/// @file
/// Operations on a whole buffer (pointer + length): decode to a sink, validate,
/// count code points. All treat a null pointer as an empty buffer.

#include "utf8mcu/decoder.h"

namespace utf8mcu {

/// Outcome of a whole-buffer operation.
struct ValidationResult {
  /// Length of the longest well-formed prefix: the offset of the first
  /// ill-formed part, or the buffer size when there is none.
  std::size_t valid_up_to = 0;
  /// Ill-formed parts met (under kReport and validate(): at most one).
  std::size_t errors = 0;
  /// The first ill-formed part; `error.ok()` when there was none.
  DecodeError error{};

  constexpr bool ok() const noexcept { return error.ok(); }
};

namespace detail {

/// Number of leading ASCII bytes. Tests one machine word at a time on aligned
/// addresses (memcpy from an aligned pointer: no unaligned access, no aliasing
/// violation); byte by byte during constant evaluation.
constexpr std::size_t ascii_prefix_length(const std::uint8_t* data, std::size_t size) noexcept {
  const std::uint8_t* p = data;
  const std::uint8_t* const end = data + size;
  if (!is_constant_evaluated()) {
    using Word = std::size_t;
    constexpr Word kHighBits = static_cast<Word>(~Word{0} / 0xFF) * 0x80;  // 0x8080...80
    while (p != end && reinterpret_cast<std::uintptr_t>(p) % sizeof(Word) != 0) {
      if (*p >= 0x80) return static_cast<std::size_t>(p - data);
      ++p;
    }
    while (static_cast<std::size_t>(end - p) >= sizeof(Word)) {
      Word word = 0;
      __builtin_memcpy(&word, __builtin_assume_aligned(p, sizeof(Word)), sizeof(Word));
      if ((word & kHighBits) != 0) break;
      p += sizeof(Word);
    }
  }
  while (p != end && *p < 0x80) ++p;
  return static_cast<std::size_t>(p - data);
}

}  // namespace detail

/// Decodes a whole buffer, including its end (a truncated final sequence is an
/// error), calling `sink` for each code point. kReplace and kSkip go on to the
/// end; kReport stops at the first ill-formed part. `valid_up_to` is the offset
/// of the first ill-formed part in every policy.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
constexpr ValidationResult decode(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
  ValidationResult result{};
  if (data == nullptr) return result;
  Decoder decoder;
  std::size_t offset = 0;
  for (;;) {
    // Decode in report mode so that each error arrives with its offset; the
    // policy is applied here.
    const DecodeResult part = decoder.push<ErrorPolicy::kReport>(data + offset, size - offset, sink);
    offset += part.consumed;
    const bool at_end = part.errors == 0;
    const DecodeError error = at_end ? decoder.finish<ErrorPolicy::kReport>(sink) : part.error;
    if (error.ok()) break;
    if (result.errors == 0) {
      result.valid_up_to = offset - error.length;
      result.error = error;
    }
    ++result.errors;
    if constexpr (kPolicy == ErrorPolicy::kReport) return result;
    if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
    if (at_end) return result;
  }
  if (result.errors == 0) result.valid_up_to = size;
  return result;
}

/// Checks a whole buffer: ok, or the offset, kind and length of the first
/// ill-formed part. ASCII runs are tested a machine word at a time.
[[nodiscard]] constexpr ValidationResult validate(const std::uint8_t* data, std::size_t size) noexcept {
  if (data == nullptr) return {};
  std::size_t i = 0;
  for (;;) {
    i += detail::ascii_prefix_length(data + i, size - i);
    if (i == size) return {size, 0, {}};
    // One non-ASCII sequence, byte by byte; it starts at `start`, and so does
    // its broken prefix if it is ill-formed.
    const std::size_t start = i;
    Decoder decoder;
    do {
      const DecodeResult step = decoder.push<ErrorPolicy::kReport>(data[i], NullSink{});
      if (step.errors != 0) return {start, 1, step.error};
      ++i;
    } while (decoder.in_sequence() && i < size);
    if (decoder.in_sequence()) return {start, 1, decoder.finish<ErrorPolicy::kReport>(NullSink{})};
  }
}

/// True when the whole buffer is well-formed UTF-8.
[[nodiscard]] constexpr bool is_valid(const std::uint8_t* data, std::size_t size) noexcept {
  return validate(data, size).ok();
}

/// Number of code points decode() would produce under kReplace: each
/// well-formed sequence and each ill-formed part counts one.
[[nodiscard]] constexpr std::size_t count_code_points(const std::uint8_t* data, std::size_t size) noexcept {
  std::size_t count = 0;
  (void)decode<ErrorPolicy::kReplace>(data, size, [&count](char32_t) { ++count; });
  return count;
}

}  // namespace utf8mcu
