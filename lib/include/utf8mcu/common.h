#pragma once
/// @file
/// Types shared by every part of utf8mcu: statuses, error policies, code point
/// constants and the C-style sink.
///
/// Freestanding: this header and everything under utf8mcu/ use only
/// `<cstddef>`, `<cstdint>` and compiler builtins (what Zephyr's minimal C++
/// library offers). No heap, no exceptions, no RTTI, no dynamic dispatch, no
/// mutable globals.
///
/// The statuses, error policies, code point constants, decode results and
/// sinks are defined in utf8mcu/internal/decode_types.h, which this header
/// includes: users name them through this header, and the internal headers
/// get them without including a public one.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/internal/decode_types.h"
#include "utf8mcu/internal/traits.h"

namespace utf8mcu {

/// True for U+D800..U+DFFF.
[[nodiscard]] constexpr bool is_surrogate(char32_t code_point) noexcept {
  return code_point >= 0xD800 && code_point <= 0xDFFF;
}

/// True for the 1,112,064 Unicode scalar values: U+0000..U+10FFFF minus the
/// surrogates. Exactly these have a UTF-8 encoding.
[[nodiscard]] constexpr bool is_scalar_value(char32_t code_point) noexcept {
  return code_point <= kMaxCodePoint && !is_surrogate(code_point);
}

namespace detail {

// Text as people hold it, for the text forms of the public functions: char
// (string literals, std::string_view, C strings) and, in C++20, char8_t (u8""
// literals, std::u8string_view), beside std::uint8_t. unsigned char is
// std::uint8_t itself, so it takes the byte forms.
template <typename Char>
inline constexpr bool kIsTextChar = kIsSame<RemoveCvT<Char>, char>
#if defined(__cpp_char8_t)
                                    || kIsSame<RemoveCvT<Char>, char8_t>
#endif
    ;
template <typename Char>
using IfTextChar = typename EnableIf<kIsTextChar<Char>, int>::Type;

/// The same bytes as std::uint8_t (any object may be read as unsigned char).
template <typename Char, IfTextChar<Char> = 0>
inline const std::uint8_t* text_bytes(const Char* text) noexcept {
  return reinterpret_cast<const std::uint8_t*>(text);
}

struct TextSpan {
  const std::uint8_t* data;
  std::size_t size;
};

/// A NUL-terminated string (a literal, a char array, a C string): the bytes
/// before the first NUL. A null pointer is empty.
template <typename Char, IfTextChar<Char> = 0>
inline TextSpan text_span(const Char* text) noexcept {
  std::size_t size = 0;
  if (text != nullptr) {
    while (text[size] != 0) ++size;
  }
  return {text_bytes(text), size};
}

/// A string view or a container of text characters (anything with data() and
/// size()): std::string_view, std::u8string_view, std::array<char, N>...
template <typename Text, IfTextChar<RemovePointerT<decltype(declval<const Text&>().data())>> = 0>
inline TextSpan text_span(const Text& text) noexcept {
  return {text_bytes(text.data()), static_cast<std::size_t>(text.size())};
}

/// Valid (as a default template argument) when Text is text text_span() takes.
template <typename Text>
using IfText = decltype(text_span(declval<const Text&>()));

}  // namespace detail
}  // namespace utf8mcu
