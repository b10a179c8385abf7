#pragma once
/// @file
/// Noncharacters: the 66 code points Unicode reserves for a program's own
/// use, U+FDD0..U+FDEF and the last two of every plane (U+FFFE, U+FFFF,
/// U+1FFFE, U+1FFFF, ... U+10FFFF). They are scalar values, and UTF-8
/// encodes them like any other, so every decoder here passes them on. Text
/// exchanged with others should not carry them (U+FFFE is also a
/// byte-swapped byte order mark), so a program that takes text from outside
/// can ask for them to be replaced, and counted, with NoncharacterFilter.

#include "utf8mcu/common.h"

namespace utf8mcu {

/// True for the 66 noncharacters.
[[nodiscard]] constexpr bool is_noncharacter(char32_t code_point) noexcept {
  return (code_point >= 0xFDD0 && code_point <= 0xFDEF) ||
         ((code_point & 0xFFFE) == 0xFFFE && code_point <= kMaxCodePoint);
}

/// A sink that passes code points on to `Sink`, except that each
/// noncharacter becomes U+FFFD; count() says how many did, first() which was
/// the first. Wraps any sink a decoder takes, for one call or a whole stream:
///
///     utf8mcu::NoncharacterFilter filtered{sink};
///     decoder.push(data, size, filtered);
///     if (filtered.count() != 0) { ... }
template <typename Sink>
class NoncharacterFilter {
 public:
  constexpr explicit NoncharacterFilter(Sink& sink) noexcept : sink_(sink) {}

  constexpr void operator()(char32_t code_point) {
    if (is_noncharacter(code_point)) {
      if (count_++ == 0) first_ = code_point;
      code_point = kReplacementCharacter;
    }
    sink_(code_point);
  }

  /// Noncharacters replaced so far.
  [[nodiscard]] constexpr std::size_t count() const noexcept { return count_; }
  /// The first of them, or 0 when there was none.
  [[nodiscard]] constexpr char32_t first() const noexcept { return first_; }

 private:
  Sink& sink_;
  std::size_t count_ = 0;
  char32_t first_ = 0;
};

}  // namespace utf8mcu
