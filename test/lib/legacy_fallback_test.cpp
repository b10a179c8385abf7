// legacy_fallback.h: ill-formed bytes read as ISO-8859-1 or Windows-1252, on
// examples and tables written here from the character set definitions. Every
// short input against the reference model: exhaustive_policies_test.cpp; long,
// chunked input against Python's codecs: test/oracle.

#include "test_support.h"
#include "utest/utest.h"
#include "utf8mcu/legacy_fallback.h"

namespace {

using utf8mcu::LegacyCharset;
using utf8mcu::LegacyFallbackDecoder;

constexpr std::size_t kMax = 16;
using Output = test::Recorder<kMax>;

template <std::size_t N>
bool equals(const Output& out, const char32_t (&expected)[N]) {
  return out.equals(expected, N);
}

UTEST(LegacyFallback, LatinOneTextInUtf8) {
  // ISO-8859-1 "Höhe" between UTF-8 words; "ähnlich" with E4 as a 3-byte
  // lead that the 'h' breaks.
  const std::uint8_t text[] = {'H', 0xF6, 'h', 'e', ' ', 0xE4, 'h', 'n', ' ', 0xC3, 0xA4};
  Output out;
  LegacyFallbackDecoder<> decoder;
  const utf8mcu::DecodeResult result = decoder.push(text, sizeof text, out);
  EXPECT_EQ(result.consumed, sizeof text);
  EXPECT_EQ(result.errors, 2u);
  EXPECT_EQ(static_cast<int>(result.error.status), static_cast<int>(utf8mcu::Status::kInvalidLead));
  EXPECT_TRUE(decoder.finish(out).ok());
  const char32_t expected[] = {U'H', U'ö', U'h', U'e', U' ', U'ä', U'h', U'n', U' ', U'ä'};
  EXPECT_TRUE(equals(out, expected));
}

UTEST(LegacyFallback, WindowsCodePageHighControls) {
  // 80 93 94 96 as Windows-1252: euro sign, curly quotes, en dash; 81 is
  // unassigned there and stays U+0081. As ISO-8859-1 all are C1 controls.
  const std::uint8_t text[] = {0x80, 0x93, 'x', 0x94, 0x96, 0x81, 0x9F, 0xFF};
  Output windows;
  LegacyFallbackDecoder<LegacyCharset::kWindows1252> decoder;
  EXPECT_EQ(decoder.push(text, sizeof text, windows).errors,
            7u);  // all but the x
  const char32_t expected_windows[] = {0x20AC, 0x201C, U'x', 0x201D, 0x2013, 0x0081, 0x0178, 0x00FF};
  EXPECT_TRUE(equals(windows, expected_windows));
  Output latin1;
  LegacyFallbackDecoder<LegacyCharset::kIso8859_1> bytewise;
  std::size_t parts = 0;
  for (std::uint8_t byte : text) parts += bytewise.push(byte, latin1).errors;
  EXPECT_EQ(parts, 7u);
  const char32_t expected_latin1[] = {0x80, 0x93, U'x', 0x94, 0x96, 0x81, 0x9F, 0xFF};
  EXPECT_TRUE(equals(latin1, expected_latin1));
}

UTEST(LegacyFallback, EverySingleByteInWindows1252) {
  // Written from the code page's chart, independently of the library's table.
  const char32_t high[32] = {0x20AC, 0x81,   0x201A, 0x192,  0x201E, 0x2026, 0x2020, 0x2021, 0x2C6,  0x2030, 0x160,
                             0x2039, 0x152,  0x8D,   0x17D,  0x8F,   0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
                             0x2013, 0x2014, 0x2DC,  0x2122, 0x161,  0x203A, 0x153,  0x9D,   0x17E,  0x178};
  for (unsigned b = 0x80; b <= 0xFF; ++b) {
    const char32_t want = b < 0xA0 ? high[b - 0x80] : static_cast<char32_t>(b);
    EXPECT_EQ(static_cast<std::uint32_t>(
                  utf8mcu::legacy_character(LegacyCharset::kWindows1252, static_cast<std::uint8_t>(b))),
              static_cast<std::uint32_t>(want));
    EXPECT_EQ(
        static_cast<std::uint32_t>(utf8mcu::legacy_character(LegacyCharset::kIso8859_1, static_cast<std::uint8_t>(b))),
        b);
  }
}

UTEST(LegacyFallback, SequenceCutAcrossPushesAndAtTheEnd) {
  // E2 82 opened in one push and broken by 'A' in the next: both bytes come
  // out (E2 82 is one maximal subpart); then F0 9F left open at the end.
  const std::uint8_t first[] = {'a', 0xE2};
  const std::uint8_t second[] = {0x82, 'A', 0xF0, 0x9F};
  Output out;
  LegacyFallbackDecoder<> decoder;
  EXPECT_EQ(decoder.push(first, sizeof first, out).errors, 0u);
  EXPECT_TRUE(decoder.in_sequence());
  EXPECT_EQ(decoder.push(second, sizeof second, out).errors, 1u);
  const utf8mcu::DecodeError end = decoder.finish(out);
  EXPECT_EQ(static_cast<int>(end.status), static_cast<int>(utf8mcu::Status::kTruncated));
  EXPECT_EQ(end.length, 2u);
  EXPECT_FALSE(decoder.in_sequence());
  const char32_t expected[] = {U'a', 0xE2, 0x82, U'A', 0xF0, 0x9F};
  EXPECT_TRUE(equals(out, expected));
}

UTEST(LegacyFallback, NullSpanAndReset) {
  Output out;
  LegacyFallbackDecoder<> decoder;
  const std::uint8_t lead[] = {0xE2, 0x82};
  decoder.push(lead, sizeof lead, out);
  decoder.reset();
  EXPECT_EQ(decoder.push(nullptr, 5, out).consumed, 0u);
  EXPECT_TRUE(decoder.finish(out).ok());
  EXPECT_EQ(out.size, 0u);
}

}  // namespace
