// utf8mcu.h, the umbrella header: it alone gives every part of the core API
// (this file includes nothing else of the library), each used once on text
// whose result is written out here.

#include "utest/utest.h"
#include "utf8mcu/utf8mcu.h"

namespace {

// "é€😀" and a broken sequence: C3 A9 | E2 82 AC | F0 9F 98 80 | E2 82.
const std::uint8_t kText[] = {0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xE2, 0x82};

UTEST(Umbrella, EveryPartOfTheCore) {
  // decoder.h
  char32_t seen[8] = {};
  std::size_t count = 0;
  utf8mcu::Decoder decoder;
  decoder.push(kText, sizeof kText, [&](char32_t code_point) { seen[count++ % 8] = code_point; });
  decoder.finish([&](char32_t code_point) { seen[count++ % 8] = code_point; });
  ASSERT_EQ(count, 4u);
  EXPECT_EQ(seen[0], char32_t{0xE9});
  EXPECT_EQ(seen[1], char32_t{0x20AC});
  EXPECT_EQ(seen[2], char32_t{0x1F600});
  EXPECT_EQ(seen[3], char32_t{0xFFFD});
  // validate.h
  EXPECT_FALSE(utf8mcu::is_valid(kText, sizeof kText));
  EXPECT_TRUE(utf8mcu::is_valid(kText, 9));
  // boundary.h: at most 10 bytes without cutting a character: the 9 before the broken part.
  EXPECT_EQ(utf8mcu::truncate(kText, sizeof kText, 10), 9u);
  EXPECT_EQ(utf8mcu::truncate(kText, sizeof kText, 8), 5u);
  // encoder.h
  std::uint8_t bytes[4] = {};
  EXPECT_EQ(utf8mcu::encode(U'\u20AC', bytes, sizeof bytes).length, 3u);
  EXPECT_EQ(bytes[0], 0xE2);
  // transcode.h
  char16_t units[8] = {};
  const utf8mcu::TranscodeResult converted = utf8mcu::utf8_to_utf16(kText, 9, units, 8);
  EXPECT_EQ(converted.written, 4u);  // é, €, and a surrogate pair
  EXPECT_EQ(static_cast<std::uint32_t>(units[2]), 0xD83Du);
  // iterator.h
  std::size_t items = 0;
  for (const char32_t code_point : utf8mcu::CodePoints(kText, 9)) items += code_point != 0 ? 1 : 0;
  EXPECT_EQ(items, 3u);
  // noncharacters.h, legacy_fallback.h, cesu8.h
  EXPECT_TRUE(utf8mcu::is_noncharacter(0xFFFE));
  utf8mcu::LegacyFallbackDecoder<> legacy;
  char32_t latin = 0;
  const std::uint8_t e_acute_latin1[] = {0xE9};
  legacy.push(e_acute_latin1, 1, [&](char32_t code_point) { latin = code_point; });
  legacy.finish([&](char32_t code_point) { latin = code_point; });
  EXPECT_EQ(latin, char32_t{0xE9});
  utf8mcu::Cesu8Decoder cesu;
  char32_t paired = 0;
  const std::uint8_t pair[] = {0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80};  // D83D DE00 as CESU-8
  cesu.push(pair, sizeof pair, [&](char32_t code_point) { paired = code_point; });
  EXPECT_EQ(paired, char32_t{0x1F600});
}

}  // namespace
