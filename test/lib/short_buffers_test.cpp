// Every operation on short buffers of known size, compiled at -O3 (see
// CMakeLists.txt): there GCC's -Warray-bounds follows the constant sizes into
// paths the sizes never reach, and with -Werror a false warning from a
// header fails the user's build. The checks also run: short input takes the
// paths for the last bytes.

#include "utf8mcu/utf8mcu.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

using utf8mcu::Status;

constexpr std::uint8_t kCafe[] = {'c', 'a', 'f', 0xC3, 0xA9};  // "café"
constexpr std::uint8_t kBroken[] = {0xE2, 0x82};                // a euro sign cut short

UTEST(ShortBuffers, BulkOperations) {
  EXPECT_TRUE(utf8mcu::validate(kCafe, sizeof kCafe).ok());
  EXPECT_EQ(utf8mcu::validate(kBroken, sizeof kBroken).error.status, Status::kTruncated);
  EXPECT_EQ(utf8mcu::count_code_points(kCafe, sizeof kCafe), 4u);
  test::Recorder<4> out;
  EXPECT_EQ(utf8mcu::decode(kBroken, sizeof kBroken, out).errors, 1u);
  EXPECT_EQ(out.size, 1u);
}

UTEST(ShortBuffers, PushDecoder) {
  utf8mcu::Decoder decoder;
  test::Recorder<8> out;
  EXPECT_EQ(decoder.push(kCafe, sizeof kCafe, out).consumed, sizeof kCafe);
  EXPECT_EQ(decoder.push(kBroken, sizeof kBroken, out).errors, 0u);
  EXPECT_FALSE(decoder.finish(out).ok());
  EXPECT_EQ(out.size, 5u);
}

UTEST(ShortBuffers, Converters) {
  char32_t utf32[4] = {};
  const utf8mcu::TranscodeResult to32 = utf8mcu::utf8_to_utf32(kCafe, sizeof kCafe, utf32, 4);
  EXPECT_EQ(to32.written, 4u);
  EXPECT_EQ(utf32[3], char32_t{0xE9});
  char16_t utf16[2] = {};
  EXPECT_EQ(utf8mcu::utf8_to_utf16(kCafe, sizeof kCafe, utf16, 2).status, Status::kOutputFull);
  std::uint8_t utf8[5] = {};
  EXPECT_EQ(utf8mcu::utf32_to_utf8(utf32, 4, utf8, sizeof utf8).written, sizeof kCafe);
  EXPECT_EQ(utf8[4], kCafe[4]);
  const char16_t pair[] = {0xD83D, 0xDE00};
  std::uint8_t emoji[4] = {};
  EXPECT_EQ(utf8mcu::utf16_to_utf8(pair, 2, emoji, sizeof emoji).written, 4u);
}

}  // namespace
