#pragma once
/// @file
/// UTF-8 encoding of code points into caller memory: never past the end of the
/// buffer, never half a sequence.

#include "utf8mcu/common.h"

namespace utf8mcu {

/// Bytes needed to encode `code_point`: 1-4, or 0 for a surrogate or a value
/// above U+10FFFF (no UTF-8 form).
[[nodiscard]] constexpr std::size_t encoded_length(char32_t code_point) noexcept {
  if (code_point < 0x80) return 1;
  if (code_point < 0x800) return 2;
  if (code_point < 0x10000) return is_surrogate(code_point) ? 0 : 3;
  return code_point <= kMaxCodePoint ? 4 : 0;
}

namespace detail {

// Callers check the room first; GCC at -O3 (inlined into a loop over a short
// array) loses that check on some paths and flags writes they never reach.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
// The forms of a scalar value `c` of 2, 3 and 4 bytes, written at `out`.
// Used by encode_unchecked(); utf32_to_utf8_fast() writes the same forms with
// shifts and adds (transcode.h).

/// 110x xxxx  10xx xxxx: U+0080..U+07FF.
constexpr void write_two_bytes(std::uint32_t c, std::uint8_t* out) noexcept {
  out[0] = static_cast<std::uint8_t>(0xC0 | (c >> 6));
  out[1] = static_cast<std::uint8_t>(0x80 | (c & 0x3F));
}

/// 1110 xxxx  10xx xxxx  10xx xxxx: U+0800..U+FFFF but the surrogates.
constexpr void write_three_bytes(std::uint32_t c, std::uint8_t* out) noexcept {
  out[0] = static_cast<std::uint8_t>(0xE0 | (c >> 12));
  out[1] = static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3F));
  out[2] = static_cast<std::uint8_t>(0x80 | (c & 0x3F));
}

/// 1111 0xxx  10xx xxxx  10xx xxxx  10xx xxxx: U+10000..U+10FFFF.
constexpr void write_four_bytes(std::uint32_t c, std::uint8_t* out) noexcept {
  out[0] = static_cast<std::uint8_t>(0xF0 | (c >> 18));
  out[1] = static_cast<std::uint8_t>(0x80 | ((c >> 12) & 0x3F));
  out[2] = static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3F));
  out[3] = static_cast<std::uint8_t>(0x80 | (c & 0x3F));
}

/// Writes the `length`-byte form of a scalar value.
constexpr void encode_unchecked(char32_t code_point, std::size_t length, std::uint8_t* out) noexcept {
  const std::uint32_t c = code_point;
  switch (length) {
    case 1:  // 0xxx xxxx
      out[0] = static_cast<std::uint8_t>(c);
      break;
    case 2:
      write_two_bytes(c, out);
      break;
    case 3:
      write_three_bytes(c, out);
      break;
    default:
      write_four_bytes(c, out);
      break;
  }
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace detail

/// What encoding one code point did.
struct EncodeResult {
  /// Bytes written (0-4).
  std::size_t length = 0;
  /// kOk; kInvalidCodePoint when `code_point` was a surrogate or above
  /// U+10FFFF (replaced by U+FFFD under kReplace, nothing written otherwise);
  /// kOutputFull when the sequence did not fit (nothing written).
  Status status = Status::kOk;
};

/// Encodes one code point into `out[0..capacity)`: the whole sequence or
/// nothing. A null `out` has no room.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
[[nodiscard]] constexpr EncodeResult encode(char32_t code_point, std::uint8_t* out, std::size_t capacity) noexcept {
  Status status = Status::kOk;
  std::size_t length = encoded_length(code_point);
  if (length == 0) {
    status = Status::kInvalidCodePoint;
    if constexpr (kPolicy != ErrorPolicy::kReplace) return {0, status};
    code_point = kReplacementCharacter;
    length = 3;
  }
  if (out == nullptr || length > capacity) return {0, Status::kOutputFull};
  detail::encode_unchecked(code_point, length, out);
  return {length, status};
}

/// Appends code points to a caller's buffer as UTF-8. Writes whole sequences
/// only: once one does not fit, nothing more is written (so the content is
/// always a well-formed prefix of the full text), but needed() goes on counting
/// the bytes the whole text would take, like snprintf.
///
/// Also a sink: `decoder.push(bytes, n, writer)` re-encodes with kReplace.
class Utf8Writer {
 public:
  /// A null `buffer` is treated as zero capacity.
  constexpr Utf8Writer(std::uint8_t* buffer, std::size_t capacity) noexcept
      : buffer_(buffer), capacity_(buffer == nullptr ? 0 : capacity) {}

  /// Appends one code point. kOk; kInvalidCodePoint (U+FFFD written under
  /// kReplace, nothing under kReport and kSkip); kOutputFull when it did not
  /// fit or an earlier one did not. Not [[nodiscard]]: overflowed() and
  /// needed() keep what the status says about room, so a loop of put() calls
  /// may check once at the end.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
  constexpr Status put(char32_t code_point) noexcept {
    Status status = Status::kOk;
    std::size_t length = encoded_length(code_point);
    if (length == 0) {
      status = Status::kInvalidCodePoint;
      if constexpr (kPolicy != ErrorPolicy::kReplace) return status;
      code_point = kReplacementCharacter;
      length = 3;
    }
    needed_ += length;
    if (needed_ - length != size_ || length > capacity_ - size_) return Status::kOutputFull;
    detail::encode_unchecked(code_point, length, buffer_ + size_);
    size_ += length;
    return status;
  }

  /// Sink form of put<kReplace>().
  constexpr void operator()(char32_t code_point) noexcept { put(code_point); }

  /// Bytes written.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  /// Bytes the text put so far needs in all; more than size() after overflow.
  [[nodiscard]] constexpr std::size_t needed() const noexcept { return needed_; }
  /// True once something did not fit.
  [[nodiscard]] constexpr bool overflowed() const noexcept { return needed_ != size_; }
  [[nodiscard]] constexpr std::size_t capacity() const noexcept { return capacity_; }
  [[nodiscard]] constexpr const std::uint8_t* data() const noexcept { return buffer_; }

 private:
  std::uint8_t* buffer_;
  std::size_t capacity_;
  std::size_t size_ = 0;
  std::size_t needed_ = 0;
};

}  // namespace utf8mcu
