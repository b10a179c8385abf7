// Registered WILL_FAIL: proves that a failing check fails the executable or the
// firmware image. Its output also shows what each kind of failure looks like.
#include <cstdint>

#include "utest/utest.h"

namespace {
enum class Kind : std::uint8_t { a = 1, b = 2 };
}  // namespace

UTEST(MustFail, Passes) { EXPECT_EQ(1, 1); }

UTEST(MustFail, Fails) {
  const std::size_t size = 3;
  EXPECT_EQ(size, -3);
  EXPECT_EQ(U'\U0001F600', U'\uFFFD');
  EXPECT_EQ(Kind::a, Kind::b);
  EXPECT_EQ('a', '\x01');
  EXPECT_TRUE(size == 4);
  const unsigned char x[] = {0xF0, 0x9F, 0x98, 0x80};
  const unsigned char y[] = {0xF0, 0x9F, 0x98, 0x81};
  EXPECT_MEMEQ(x, y, sizeof x);
  const int minus_one = -1;
  EXPECT_MEMEQ(x, y, minus_one);
  EXPECT_STREQ("abc", "ab\n");
  int value = 0;
  EXPECT_EQ(&value, nullptr);
  ASSERT_GT(INT64_MIN, UINT64_MAX);
  UTEST_ADD_FAILURE("not reached: ASSERT_GT returned");
}
