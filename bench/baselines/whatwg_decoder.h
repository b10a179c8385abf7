#pragma once
/// @file
/// Baseline 2: a plain branching push decoder following the UTF-8 decoder of
/// the WHATWG Encoding Standard: counters "bytes needed" and "bytes seen" and a
/// lower/upper boundary for the next byte. Written here from the standard's
/// prose. Its error handling is the maximal-subpart U+FFFD rule, as in
/// utf8mcu::Decoder's replace policy.
///
/// Cost: 8 bytes of state, no tables, a chain of range tests per byte.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"

namespace utf8mcu::bench {

class WhatwgDecoder {
 public:
  /// Feeds one byte; calls `sink` zero, one or two times.
  template <typename Sink>
  constexpr void push(std::uint8_t byte, Sink&& sink) noexcept {
    if (bytes_needed_ != 0) {
      if (byte >= lower_ && byte <= upper_) {
        lower_ = 0x80;
        upper_ = 0xBF;
        code_point_ = (code_point_ << 6) | (byte & 0x3Fu);
        if (++bytes_seen_ != bytes_needed_) return;
        bytes_needed_ = 0;
        bytes_seen_ = 0;
        sink(static_cast<char32_t>(code_point_));
        return;
      }
      // The standard "prepends" the byte to the stream: it is an error for
      // the pending sequence and is then read again below as a start.
      reset_sequence();
      sink(kReplacementCharacter);
    }
    if (byte < 0x80) {
      sink(static_cast<char32_t>(byte));
    } else if (byte >= 0xC2 && byte <= 0xDF) {
      bytes_needed_ = 1;
      code_point_ = byte & 0x1Fu;
    } else if (byte >= 0xE0 && byte <= 0xEF) {
      if (byte == 0xE0) lower_ = 0xA0;
      if (byte == 0xED) upper_ = 0x9F;
      bytes_needed_ = 2;
      code_point_ = byte & 0x0Fu;
    } else if (byte >= 0xF0 && byte <= 0xF4) {
      if (byte == 0xF0) lower_ = 0x90;
      if (byte == 0xF4) upper_ = 0x8F;
      bytes_needed_ = 3;
      code_point_ = byte & 0x07u;
    } else {
      sink(kReplacementCharacter);
    }
  }

  /// Feeds a span: the same steps with the state in locals, so that the
  /// compiler keeps the count and the bounds in registers for the whole loop
  /// (the way one would write it for speed): the bounds as the lower one and
  /// its distance to the upper one (one unsigned compare per continuation
  /// byte), the lead byte classified by ascending limits.
  template <typename Sink>
  constexpr void push(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
    std::uint32_t code_point = code_point_;
    std::uint32_t needed = static_cast<std::uint32_t>(bytes_needed_ - bytes_seen_);  // bytes still to come
    std::uint32_t lower = lower_;
    std::uint32_t span = static_cast<std::uint32_t>(upper_ - lower_);
    for (const std::uint8_t* end = data + size; data != end; ++data) {
      const std::uint32_t byte = *data;
      if (needed != 0) {
        if (byte - lower <= span) {
          lower = 0x80;
          span = 0x3F;
          code_point = (code_point << 6) | (byte & 0x3Fu);
          if (--needed == 0) sink(static_cast<char32_t>(code_point));
          continue;
        }
        // An error for the pending sequence; the byte is then read as a start.
        needed = 0;
        lower = 0x80;
        span = 0x3F;
        sink(kReplacementCharacter);
      }
      if (byte < 0x80) {
        sink(static_cast<char32_t>(byte));
      } else if (byte < 0xC2) {
        sink(kReplacementCharacter);
      } else if (byte < 0xE0) {
        needed = 1;
        code_point = byte & 0x1Fu;
      } else if (byte < 0xF0) {
        if (byte == 0xE0) lower = 0xA0, span = 0x1F;  // A0-BF
        if (byte == 0xED) span = 0x1F;                // 80-9F
        needed = 2;
        code_point = byte & 0x0Fu;
      } else if (byte < 0xF5) {
        if (byte == 0xF0) lower = 0x90, span = 0x2F;  // 90-BF
        if (byte == 0xF4) span = 0x0F;                // 80-8F
        needed = 3;
        code_point = byte & 0x07u;
      } else {
        sink(kReplacementCharacter);
      }
    }
    code_point_ = code_point;
    bytes_needed_ = static_cast<std::uint8_t>(needed);
    bytes_seen_ = 0;
    lower_ = static_cast<std::uint8_t>(lower);
    upper_ = static_cast<std::uint8_t>(lower + span);
  }

  /// End of queue: a pending partial sequence becomes one U+FFFD.
  template <typename Sink>
  constexpr void finish(Sink&& sink) noexcept {
    if (bytes_needed_ == 0) return;
    reset_sequence();
    sink(kReplacementCharacter);
  }

 private:
  constexpr void reset_sequence() noexcept {
    code_point_ = 0;
    bytes_needed_ = 0;
    bytes_seen_ = 0;
    lower_ = 0x80;
    upper_ = 0xBF;
  }

  std::uint32_t code_point_ = 0;
  std::uint8_t bytes_needed_ = 0;
  std::uint8_t bytes_seen_ = 0;
  std::uint8_t lower_ = 0x80;
  std::uint8_t upper_ = 0xBF;
};

static_assert(sizeof(WhatwgDecoder) == 8, "the WHATWG baseline keeps 8 bytes of state");

}  // namespace utf8mcu::bench
