// The text forms of the public functions: text held as char (literals,
// std::string_view, C strings) and char8_t (C++20) goes in with no cast and
// gives what the same bytes give. Expected values are written out by hand
// from the UTF-8 of the literals (RFC 3629), not taken from the byte forms.
// Built as C++17 and, where the compiler has it, as C++20 (char8_t).

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include "utf8mcu/utf8mcu.h"
#include "utest/utest.h"

namespace {

using utf8mcu::ErrorPolicy;
using utf8mcu::Status;

// --- what compiles: text types take the text forms; bytes never do --------------

template <typename T, typename = void>
struct OneArgValidate : std::false_type {};
template <typename T>
struct OneArgValidate<T, std::void_t<decltype(utf8mcu::validate(std::declval<T>()))>> : std::true_type {};

template <typename T, typename = void>
struct SizedValidate : std::false_type {};
template <typename T>
struct SizedValidate<T, std::void_t<decltype(utf8mcu::validate(std::declval<T>(), std::size_t{1}))>>
    : std::true_type {};

static_assert(OneArgValidate<const char*>::value, "a C string");
static_assert(OneArgValidate<const char (&)[4]>::value, "a string literal");
static_assert(OneArgValidate<std::string_view>::value, "a string view");
static_assert(OneArgValidate<std::array<char, 3>>::value, "a container of char");
static_assert(SizedValidate<const char*>::value, "chars and a size");
static_assert(SizedValidate<const std::uint8_t*>::value, "bytes and a size (the byte form)");
// Bytes are not NUL-terminated text: no one-argument form for them.
static_assert(!OneArgValidate<const std::uint8_t*>::value, "no strlen on bytes");
static_assert(!OneArgValidate<int>::value, "not text");
static_assert(!OneArgValidate<const char16_t*>::value, "UTF-16 is not UTF-8 text");
#if defined(__cpp_char8_t)
static_assert(OneArgValidate<const char8_t*>::value, "a u8 literal");
static_assert(OneArgValidate<std::u8string_view>::value, "a u8 string view");
static_assert(SizedValidate<const char8_t*>::value, "char8_t and a size");
#endif

// "Grüße €": G r (ü: C3 BC) (ß: C3 9F) e, space, (€: E2 82 AC): 7 code points, 11 bytes.
constexpr const char* kGreeting = "Gr\xC3\xBC\xC3\x9F" "e \xE2\x82\xAC";
constexpr std::size_t kGreetingBytes = 11;
constexpr std::size_t kGreetingCodePoints = 7;

UTEST(TextForms, ValidateAndCount) {
  EXPECT_TRUE(utf8mcu::is_valid(kGreeting));
  EXPECT_EQ(utf8mcu::count_code_points(kGreeting), kGreetingCodePoints);
  const std::string_view view(kGreeting);
  EXPECT_EQ(view.size(), kGreetingBytes);
  EXPECT_TRUE(utf8mcu::validate(view).ok());
  EXPECT_EQ(utf8mcu::validate(view).valid_up_to, kGreetingBytes);
  EXPECT_EQ(utf8mcu::count_code_points(view), kGreetingCodePoints);
  // "ab" then an encoded surrogate ED A0 80: ill-formed at offset 2.
  const char bad[] = "ab\xED\xA0\x80";
  const utf8mcu::ValidationResult result = utf8mcu::validate(bad);
  EXPECT_EQ(result.valid_up_to, 2u);
  EXPECT_EQ(result.error.status, Status::kSurrogate);
  EXPECT_FALSE(utf8mcu::is_valid(bad, 5));
  // The same chars with a size that stops before the surrogate.
  EXPECT_TRUE(utf8mcu::is_valid(bad, 2));
  EXPECT_EQ(utf8mcu::count_code_points(bad, 2), 2u);
  // A NUL ends a C string; a view and a size go past it.
  const char with_nul[] = {'a', '\0', 'b'};
  EXPECT_EQ(utf8mcu::count_code_points(with_nul), 1u);
  EXPECT_EQ(utf8mcu::count_code_points(std::string_view(with_nul, 3)), 3u);
  EXPECT_EQ(utf8mcu::count_code_points(with_nul, 3), 3u);
  // A null C string is empty, as a null buffer is.
  const char* none = nullptr;
  EXPECT_TRUE(utf8mcu::is_valid(none));
  EXPECT_EQ(utf8mcu::count_code_points(none), 0u);
}

UTEST(TextForms, DecodeAndPush) {
  char32_t seen[8] = {};
  std::size_t count = 0;
  auto sink = [&](char32_t c) {
    if (count < 8) seen[count] = c;
    ++count;
  };
  const utf8mcu::ValidationResult whole = utf8mcu::decode(kGreeting, sink);
  EXPECT_TRUE(whole.ok());
  EXPECT_EQ(count, kGreetingCodePoints);
  EXPECT_EQ(seen[2], U'\u00FC');
  EXPECT_EQ(seen[6], U'\u20AC');

  // A truncated € (E2 82) at the end: kReport says where, and what.
  count = 0;
  const utf8mcu::ValidationResult cut = utf8mcu::decode<ErrorPolicy::kReport>(std::string_view("x\xE2\x82"), sink);
  EXPECT_EQ(cut.valid_up_to, 1u);
  EXPECT_EQ(cut.error.status, Status::kTruncated);

  // Pushed in two pieces cut inside the €: the decoder joins them.
  utf8mcu::Decoder decoder;
  count = 0;
  decoder.push("\xE2\x82", sink);
  EXPECT_EQ(count, 0u);
  EXPECT_TRUE(decoder.in_sequence());
  decoder.push(std::string_view("\xAC!"), sink);
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(seen[0], U'\u20AC');
  EXPECT_EQ(seen[1], U'!');
  decoder.push("ok", 1, sink);
  EXPECT_EQ(count, 3u);
  EXPECT_EQ(seen[2], U'o');
}

UTEST(TextForms, IterateAndConvert) {
  char32_t seen[8] = {};
  std::size_t count = 0;
  for (const char32_t c : utf8mcu::CodePoints(std::string_view(kGreeting))) {
    if (count < 8) seen[count] = c;
    ++count;
  }
  EXPECT_EQ(count, kGreetingCodePoints);
  EXPECT_EQ(seen[3], U'\u00DF');
  count = 0;
  for (const char32_t c : utf8mcu::CodePoints(kGreeting, 4)) {  // G r ü
    if (count < 8) seen[count] = c;
    ++count;
  }
  EXPECT_EQ(count, 3u);
  EXPECT_EQ(seen[2], U'\u00FC');

  char32_t utf32[8] = {};
  const utf8mcu::TranscodeResult to32 = utf8mcu::utf8_to_utf32(kGreeting, utf32, 8);
  EXPECT_EQ(to32.status, Status::kOk);
  EXPECT_EQ(to32.read, kGreetingBytes);
  EXPECT_EQ(to32.written, kGreetingCodePoints);
  EXPECT_EQ(utf32[6], U'\u20AC');
  // U+1F600 (F0 9F 98 80) is a surrogate pair in UTF-16: D83D DE00.
  char16_t utf16[4] = {};
  const utf8mcu::TranscodeResult to16 = utf8mcu::utf8_to_utf16("\xF0\x9F\x98\x80", 4, utf16, 4);
  EXPECT_EQ(to16.written, 2u);
  EXPECT_EQ(utf16[0], u'\xD83D');
  EXPECT_EQ(utf16[1], u'\xDE00');
  const utf8mcu::TranscodeResult view16 = utf8mcu::utf8_to_utf16(std::string_view("A\xF0\x9F\x98\x80"), utf16, 4);
  EXPECT_EQ(view16.written, 3u);
  EXPECT_EQ(utf16[0], u'A');
}

#if defined(__cpp_char8_t)
UTEST(TextForms, Char8) {
  // u8"Grüße €" in C++20 is const char8_t[12]: the same 11 bytes and a NUL.
  EXPECT_EQ(utf8mcu::count_code_points(u8"Grüße €"), kGreetingCodePoints);
  EXPECT_TRUE(utf8mcu::is_valid(std::u8string_view(u8"Grüße €")));
  EXPECT_EQ(utf8mcu::validate(u8"Grüße €", kGreetingBytes).valid_up_to, kGreetingBytes);
  utf8mcu::Decoder decoder;
  std::size_t count = 0;
  decoder.push(u8"€", [&](char32_t c) { count += c == U'\u20AC' ? 1u : 100u; });
  EXPECT_EQ(count, 1u);
  char32_t utf32[2] = {};
  EXPECT_EQ(utf8mcu::utf8_to_utf32(u8"ß", utf32, 2).written, 1u);
  EXPECT_EQ(utf32[0], U'\u00DF');
}
#endif

}  // namespace
