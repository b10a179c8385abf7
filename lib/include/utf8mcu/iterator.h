#pragma once
/// @file
/// Pull-style decoding over a buffer: a forward iterator and a range for
/// range-based for loops. Ill-formed parts come out as U+FFFD (the replace
/// policy), so the sequence equals what decode() gives a sink. If the buffer
/// changes while it is walked, each step still stays within it.
///
///     for (char32_t c : utf8mcu::CodePoints(text, size)) draw(c);

#include "utf8mcu/boundary.h"

namespace utf8mcu {

/// Forward iterator over the code points of a UTF-8 buffer. Holds the position,
/// the end and the current code point; decodes each code point once.
class CodePointIterator {
 public:
  constexpr CodePointIterator() noexcept = default;
  constexpr CodePointIterator(const std::uint8_t* position, const std::uint8_t* end) noexcept
      : position_(position), end_(end) {
    load();
  }

  /// The current code point (U+FFFD for an ill-formed part).
  constexpr char32_t operator*() const noexcept { return current_.code_point; }
  /// The current code point with its length and status.
  constexpr const DecodedCodePoint& decoded() const noexcept { return current_; }
  /// Where the current code point starts.
  constexpr const std::uint8_t* position() const noexcept { return position_; }

  constexpr CodePointIterator& operator++() noexcept {
    position_ += current_.length;
    load();
    return *this;
  }
  constexpr CodePointIterator operator++(int) noexcept {
    CodePointIterator before = *this;
    ++*this;
    return before;
  }

  constexpr bool operator==(const CodePointIterator& other) const noexcept { return position_ == other.position_; }
  constexpr bool operator!=(const CodePointIterator& other) const noexcept { return position_ != other.position_; }

 private:
  constexpr void load() noexcept {
    current_ = position_ == end_ ? DecodedCodePoint{} : decode_one(position_, static_cast<std::size_t>(end_ - position_));
  }

  const std::uint8_t* position_ = nullptr;
  const std::uint8_t* end_ = nullptr;
  DecodedCodePoint current_{};
};

/// The code points of a buffer, as a range. A null `data` is empty.
class CodePoints {
 public:
  constexpr CodePoints(const std::uint8_t* data, std::size_t size) noexcept
      : begin_(data), end_(data == nullptr ? data : data + size) {}
  /// Text held as char or char8_t (C++20): chars and a size, a NUL-terminated
  /// string, a std::string_view. Not constexpr.
  template <typename Char, detail::IfTextChar<Char> = 0>
  CodePoints(const Char* data, std::size_t size) noexcept : CodePoints(detail::text_bytes(data), size) {}
  template <typename Text, typename = detail::IfText<Text>>
  explicit CodePoints(const Text& text) noexcept
      : CodePoints(detail::text_span(text).data, detail::text_span(text).size) {}

  constexpr CodePointIterator begin() const noexcept { return {begin_, end_}; }
  constexpr CodePointIterator end() const noexcept { return {end_, end_}; }

 private:
  const std::uint8_t* begin_ = nullptr;
  const std::uint8_t* end_ = nullptr;
};

}  // namespace utf8mcu
