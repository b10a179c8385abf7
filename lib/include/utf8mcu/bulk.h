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
    // Four words per test, then one.
    while (static_cast<std::size_t>(end - p) >= 4 * sizeof(Word)) {
      Word words[4] = {};
      __builtin_memcpy(words, __builtin_assume_aligned(p, sizeof(Word)), sizeof words);
      if (((words[0] | words[1] | words[2] | words[3]) & kHighBits) != 0) break;
      p += sizeof words;
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

/// Skips the well-formed sequence at `p`, which starts with a byte >= 0x80
/// and has at least 4 readable bytes: moves `p` past it and returns true, or
/// returns false if it is not well-formed. The validator's fast path: like
/// decode_sequence() but without computing the code point, so each length is
/// one mask-and-compare on a word.
constexpr bool skip_sequence(const std::uint8_t*& p) {
  const std::int32_t lead = signed_byte(p[0]);
  const std::uint32_t w = load_le32(p);  // byte 0 in bits 0-7
  if (lead < -32) {  // 110x xxxx  10xx xxxx; not 80-BF, nor C0 or C1 (over-long)
    if (lead < -62 || (w & 0xC000) != 0x8000) return false;
    p += 2;
    return true;
  }
  if (lead < -16) {  // 1110 xxxx  10xx xxxx  10xx xxxx
    if ((w & 0xC0C000) != 0x808000) return false;
    // Only E0 and ED narrow the second byte: E0 needs A0-BF (bit 0x20 set),
    // ED needs 80-9F (bit 0x20 clear).
    if (lead == signed_byte(0xE0) && (w & 0x2000) == 0) return false;
    if (lead == signed_byte(0xED) && (w & 0x2000) != 0) return false;
    p += 3;
    return true;
  }
  // 1111 0xxx  10xx xxxx  10xx xxxx  10xx xxxx; lead and second byte as a
  // 9-bit value must be 0x10-0x10F (F0 90 .. F4 8F).
  if ((w & 0xC0C0C0F8) != 0x808080F0) return false;
  const std::uint32_t v = ((w & 0x07) << 6) | ((w >> 8) & 0x3F);
  if (v - 0x10 > 0xFF) return false;
  p += 4;
  return true;
}

/// Checks one sequence at `p` (a boundary) with the state machine: for an
/// ill-formed part and the last 3 bytes. Returns the error, or ok with
/// `valid_up_to` just past the sequence. Kept out of line so that the fast
/// loop keeps its constants in registers.
__attribute__((noinline)) constexpr ValidationResult validate_one_sequence(const std::uint8_t* data,
                                                                          const std::uint8_t* p,
                                                                          const std::uint8_t* end) {
  const std::size_t start = static_cast<std::size_t>(p - data);
  Decoder decoder;
  do {
    const DecodeResult step = decoder.push<ErrorPolicy::kReport>(*p, NullSink{});
    if (step.errors != 0) return {start, 1, step.error};
    ++p;
  } while (decoder.in_sequence() && p != end);
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
/// per test on 32-bit cores), other sequences whole; only an ill-formed part
/// and the last 3 bytes go through the state machine.
[[nodiscard]] constexpr ValidationResult validate(const std::uint8_t* data, std::size_t size) noexcept {
  if (data == nullptr) return {};
  const std::uint8_t* p = data;
  const std::uint8_t* const end = data + size;
  const std::uint8_t* const fast_end = size >= 4 ? end - 3 : data;
  for (;;) {
    while (p < fast_end) {
      if (detail::signed_byte(*p) >= 0) {
        ++p;
        // A second ASCII byte in a row starts a run worth the word test.
        if (detail::signed_byte(*p) >= 0) p += detail::ascii_prefix_length(p, static_cast<std::size_t>(end - p));
        continue;
      }
      if (!detail::skip_sequence(p)) break;
    }
    if (p == end) return {size, 0, {}};
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
  (void)decode<ErrorPolicy::kReplace>(data, size, [&count](char32_t) { ++count; });
  return count;
}

}  // namespace utf8mcu
