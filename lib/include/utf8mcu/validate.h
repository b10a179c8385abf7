#pragma once
/// @file
/// Operations on a whole buffer (pointer + length): decode to a sink, validate,
/// count code points. All treat a null pointer as an empty buffer. If the
/// buffer changes during a call, they still read only within it and their
/// results stay within it (docs/bad-input.md).

#include "utf8mcu/decoder.h"
#include "utf8mcu/internal/fast_decode.h"
#include "utf8mcu/internal/fast_validate.h"
#include "utf8mcu/internal/state_word.h"

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

  [[nodiscard]] constexpr bool ok() const noexcept { return error.ok(); }
};

namespace detail {

/// Checks one sequence at `p` (a boundary) with the state machine: for an
/// ill-formed part and the last 3 bytes. Returns the error, or ok with
/// `valid_up_to` just past the sequence. Kept out of line so that the fast
/// loop keeps its constants in registers.
[[nodiscard]] __attribute__((noinline)) constexpr ValidationResult validate_one_sequence(const std::uint8_t* data,
                                                                                        const std::uint8_t* p,
                                                                                        const std::uint8_t* end) {
  const std::size_t start = static_cast<std::size_t>(p - data);
  Decoder decoder;
  do {
    const DecodeResult step = decoder.push<ErrorPolicy::kReport>(*p, NullSink{});
    if (step.errors != 0) return {start, 1, step.error};
    ++p;
  } while (decoder.in_sequence() && p < end);
  // The decoder was idle at `start`, so a broken part begins there.
  if (decoder.in_sequence()) return {start, 1, decoder.finish<ErrorPolicy::kReport>(NullSink{})};
  return {static_cast<std::size_t>(p - data), 0, {}};
}

}  // namespace detail

/// Decodes a whole buffer, including its end (a truncated final sequence is an
/// error), calling `sink` for each code point. kReplace and kSkip go on to the
/// end; kReport stops at the first ill-formed part. `valid_up_to` is the offset
/// of the first ill-formed part in every policy.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
constexpr ValidationResult decode(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
  ValidationResult result{size, 0, {}};
  if (data == nullptr) return {};
  // One span push in the caller's policy, which also tells where its first
  // ill-formed part ends; then the end of the buffer.
  std::uint32_t state = 0;
  std::size_t first_error_end = 0;
  const DecodeResult all = detail::push_span<kPolicy>(state, data, size, sink, first_error_end);
  if (all.errors != 0) {
    result = {first_error_end - all.error.length, all.errors, all.error};
    // kReport stopped at the error, with the state reset.
    if constexpr (kPolicy == ErrorPolicy::kReport) return result;
  }
  const DecodeError at_end = detail::finish_state<kPolicy>(state, sink);
  if (!at_end.ok()) {
    if (result.errors++ == 0) result = {size - at_end.length, 1, at_end};
  }
  return result;
}

/// Checks a whole buffer: ok, or the offset, kind and length of the first
/// ill-formed part. ASCII runs are tested a machine word at a time (16 bytes
/// per test on 32-bit cores), other sequences whole, and on 64-bit machines
/// ASCII mixed with 2-byte sequences 8 bytes per test; only an ill-formed
/// part and the last 3 bytes go through the state machine. Size-tuned builds
/// (kSizeTuned) take all text with one small loop instead: ASCII a word per
/// test from aligned addresses, other sequences whole.
[[nodiscard]] constexpr ValidationResult validate(const std::uint8_t* data, std::size_t size) noexcept {
  if (data == nullptr) return {};
  const std::uint8_t* p = data;
  const std::uint8_t* const end = data + size;
  const std::uint8_t* const fast_end = size >= 4 ? end - 3 : data;
  for (;;) {
    if constexpr (detail::kSizeTuned) {
      // One small loop for all text (detail::decode_compact()).
      NullSink none;
      std::size_t errors = 0;
      p = detail::decode_compact<ErrorPolicy::kReport>(p, fast_end, none, errors);
    }
    if constexpr (!detail::kSizeTuned && !detail::kSequenceWords) p = detail::skip_valid_bytes(p, fast_end);
    while (!detail::kSizeTuned && detail::kSequenceWords && p < fast_end) {
      if (detail::signed_byte(*p) < 0) {
        if constexpr (detail::kEightByteWords) {
          // A 2-byte lead (or a byte that starts no sequence: left below).
          // It stops at what it cannot take, for the next round to take.
          if (detail::signed_byte(*p) < -32) {
            const std::uint8_t* const start = p;
            p = detail::skip_short_sequences(p, end);
            if (p != start) continue;
          }
        }
        if (!detail::skip_sequence(p) || p >= fast_end) break;
        // A second sequence in a row starts a run: the run loop for its
        // length (not in size-tuned builds). After a lone one (an accent in
        // Latin text) ASCII follows, taken below without testing the byte
        // again.
        const std::int32_t lead = detail::signed_byte(*p);
        if (lead < 0) {
          const std::uint8_t* const run_start = p;
          if (lead >= -62) {
            if (lead < -32) {
              p = detail::skip_run2(p, fast_end);
            } else if (lead < -16) {
              p = detail::skip_run3(p, fast_end);
            } else {
              p = detail::skip_run4(p, fast_end);
            }
          }
          if (p == run_start) break;
          continue;
        }
      }
      ++p;
      // A second ASCII byte in a row starts a run worth the word test.
      if (detail::signed_byte(*p) >= 0) p += detail::ascii_prefix_length(p, static_cast<std::size_t>(end - p));
    }
    if (p >= end) return {size, 0, {}};
    const ValidationResult slow = detail::validate_one_sequence(data, p, end);
    if (!slow.ok()) return slow;
    p = data + slow.valid_up_to;
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
  decode<ErrorPolicy::kReplace>(data, size, [&count](char32_t) { ++count; });
  return count;
}

// Text forms: the same functions for text held as char or char8_t (C++20),
// with no cast at the call site, e.g. validate("Grüße") or validate(view), and
// validate(chars, size). Same results and costs; not constexpr (the pointer
// type changes). A one-argument form takes a NUL-terminated string or anything
// with data() and size() (std::string_view, std::u8string_view).

/// decode() for text; see above.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Text, typename Sink, typename = detail::IfText<Text>>
inline ValidationResult decode(const Text& text, Sink&& sink) noexcept {
  const detail::TextSpan bytes = detail::text_span(text);
  return decode<kPolicy>(bytes.data, bytes.size, sink);
}
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Char, typename Sink, detail::IfTextChar<Char> = 0>
inline ValidationResult decode(const Char* data, std::size_t size, Sink&& sink) noexcept {
  return decode<kPolicy>(detail::text_bytes(data), size, sink);
}

/// validate() for text.
template <typename Text, typename = detail::IfText<Text>>
[[nodiscard]] inline ValidationResult validate(const Text& text) noexcept {
  const detail::TextSpan bytes = detail::text_span(text);
  return validate(bytes.data, bytes.size);
}
template <typename Char, detail::IfTextChar<Char> = 0>
[[nodiscard]] inline ValidationResult validate(const Char* data, std::size_t size) noexcept {
  return validate(detail::text_bytes(data), size);
}

/// is_valid() for text.
template <typename Text, typename = detail::IfText<Text>>
[[nodiscard]] inline bool is_valid(const Text& text) noexcept {
  const detail::TextSpan bytes = detail::text_span(text);
  return is_valid(bytes.data, bytes.size);
}
template <typename Char, detail::IfTextChar<Char> = 0>
[[nodiscard]] inline bool is_valid(const Char* data, std::size_t size) noexcept {
  return is_valid(detail::text_bytes(data), size);
}

/// count_code_points() for text.
template <typename Text, typename = detail::IfText<Text>>
[[nodiscard]] inline std::size_t count_code_points(const Text& text) noexcept {
  const detail::TextSpan bytes = detail::text_span(text);
  return count_code_points(bytes.data, bytes.size);
}
template <typename Char, detail::IfTextChar<Char> = 0>
[[nodiscard]] inline std::size_t count_code_points(const Char* data, std::size_t size) noexcept {
  return count_code_points(detail::text_bytes(data), size);
}

}  // namespace utf8mcu
