// pbm.h against the Netpbm P4 format written out by hand: "P4", width and
// height in ASCII decimal, then rows top to bottom, 8 pixels a byte, MSB the
// left pixel, 1 lit, each row padded to whole bytes.
#include "display_test_support.h"
#include "utf8mcu/display/pbm.h"

namespace {

using namespace utf8mcu::display;

UTEST(DisplayPbm, SmallPictureByteForByte) {
  static std::uint8_t buffer[mono_buffer_size(10, 3)];
  MonoFramebuffer picture(buffer, 10, 3);
  picture.clear();
  picture.set_pixel(0, 0, true);
  picture.set_pixel(9, 0, true);
  picture.set_pixel(1, 1, true);
  picture.set_pixel(8, 2, true);
  static const std::uint8_t kExpected[] = {'P', '4', '\n', '1', '0', ' ', '3', '\n',
                                           0x80, 0x40,   // row 0: pixels 0 and 9
                                           0x40, 0x00,   // row 1: pixel 1
                                           0x00, 0x80};  // row 2: pixel 8
  static std::uint8_t written[64];
  std::size_t size = 0;
  int calls = 0;
  write_pbm(picture, [&](const std::uint8_t* data, std::size_t count) {
    ++calls;
    for (std::size_t i = 0; i < count && size < sizeof written; ++i) written[size++] = data[i];
  });
  EXPECT_EQ(size, sizeof kExpected);
  EXPECT_MEMEQ(written, kExpected, sizeof kExpected);
  EXPECT_EQ(pbm_size(10, 3), sizeof kExpected);
  EXPECT_EQ(calls, 1);
}

// 128x64: the header and 1,024 bytes, in chunks of at most 64; sizes of
// other pictures from the format.
UTEST(DisplayPbm, WholePanelInChunks) {
  display_test::Pictures& pictures = display_test::fresh_pictures();
  MonoFramebuffer picture(pictures.actual, 128, 64);
  picture.fill_rect(0, 0, 8, 64, true);  // the first byte of every row lit
  std::size_t size = 0;
  std::size_t largest = 0;
  int lit_rows = 0;
  write_pbm(picture, [&](const std::uint8_t* data, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t at = size + i;
      if (at >= 10 && (at - 10) % 16 == 0 && data[i] == 0xFF) ++lit_rows;  // after "P4\n128 64\n"
    }
    size += count;
    if (count > largest) largest = count;
  });
  EXPECT_EQ(size, std::size_t{10 + 16 * 64});
  EXPECT_EQ(pbm_size(128, 64), size);
  EXPECT_LE(largest, std::size_t{64});
  EXPECT_EQ(lit_rows, 64);
  EXPECT_EQ(pbm_size(0, 0), std::size_t{7});  // "P4\n0 0\n"
  EXPECT_EQ(pbm_size(-5, 7), std::size_t{7});
}

}  // namespace
