// Harness self-test: every check here must pass, on the host and on every board.
#include <cstddef>
#include <cstdint>

#include "utest/utest.h"

namespace {

using utest::detail::compare;
using utest::detail::compare_ints;
using utest::detail::Op;

enum class Color : std::uint8_t { red = 1, green = 200 };
enum Plain { kZero, kOne };

// Mixed signedness and widths compare by value, not by C's conversions.
static_assert(compare_ints(-1, 0u) < 0, "");
static_assert(compare_ints(0u, -1) > 0, "");
static_assert(compare_ints(static_cast<std::int64_t>(-1), UINT64_MAX) < 0, "");
static_assert(compare_ints(UINT64_MAX, static_cast<std::int64_t>(-1)) > 0, "");
static_assert(compare_ints(INT64_MIN, static_cast<std::uint8_t>(0)) < 0, "");
static_assert(compare_ints(static_cast<std::uint8_t>(255), static_cast<std::int8_t>(-1)) > 0, "");
static_assert(compare_ints(static_cast<std::size_t>(3), 3) == 0, "");
static_assert(compare<Op::lt>(-5, 2u), "");
static_assert(!compare<Op::gt>(-5, 2u), "");
static_assert(compare<Op::eq>(Color::green, 200), "");
static_assert(compare<Op::ne>(Color::red, Color::green), "");

int g_calls = 0;
int counted(int v) {
  ++g_calls;
  return v;
}

bool g_after_assert = false;
void assert_stops() {
  ASSERT_TRUE(true);
  g_after_assert = true;
}

}  // namespace

UTEST(Harness, MixedSignedness) {
  const std::size_t size = 3;
  EXPECT_EQ(size, 3);
  EXPECT_NE(size, -3);
  EXPECT_GT(size, -1);  // -1 is not converted to SIZE_MAX
  EXPECT_LT(-1, size);
  EXPECT_LE(size, 3u);
  EXPECT_GE(size, 3);
  EXPECT_LT(static_cast<std::int64_t>(-1), UINT64_MAX);
  EXPECT_GT(UINT64_MAX, INT64_MAX);
  EXPECT_EQ(static_cast<std::uint8_t>(0xFF), 255);
  EXPECT_NE(static_cast<std::int8_t>(-1), static_cast<std::uint8_t>(0xFF));
  EXPECT_EQ(static_cast<short>(-2), -2L);
  EXPECT_LT(INT64_MIN, 0u);
  volatile unsigned short shared = 7;
  EXPECT_EQ(shared, 7);
  const long long minus_one = -1;
  EXPECT_NE(minus_one, static_cast<unsigned long long>(-1));
}

UTEST(Harness, CharactersEnumsBools) {
  const char32_t smiley = U'\U0001F600';
  EXPECT_EQ(smiley, 0x1F600u);
  EXPECT_EQ(u'\u00E9', 0xE9);
  EXPECT_EQ('A', 65);
  EXPECT_EQ(Color::green, Color::green);
  EXPECT_LT(Color::red, Color::green);
  EXPECT_EQ(kOne, 1);
  EXPECT_EQ(true, true);
  EXPECT_TRUE(1 + 1 == 2);
  EXPECT_FALSE(1 + 1 == 3);
  ASSERT_TRUE(smiley > 0xFFFF);
  ASSERT_FALSE(utest::current_test_failed());
}

UTEST(Harness, Pointers) {
  const int values[2] = {1, 2};
  const int* p = values;
  const int* none = nullptr;
  EXPECT_EQ(p, &values[0]);
  EXPECT_NE(p, none);
  EXPECT_EQ(none, nullptr);
  EXPECT_LT(p, p + 1);
  EXPECT_TRUE(p);
  EXPECT_FALSE(none);
}

UTEST(Harness, Bytes) {
  const unsigned char a[] = {0xE2, 0x82, 0xAC};
  const unsigned char b[] = {0xE2, 0x82, 0xAC};
  EXPECT_MEMEQ(a, b, sizeof a);
  EXPECT_MEMEQ(a, b, 0u);
  EXPECT_MEMEQ(nullptr, nullptr, 0);
  int three = 3;  // a signed size variable must not trip -Wsign-conversion
  EXPECT_MEMEQ(a, b, three);
  EXPECT_STREQ("abc", "abc");
  const char* text = "caf\xC3\xA9";
  EXPECT_STREQ(text, "caf\xC3\xA9");
}

UTEST(Harness, ArgumentsEvaluatedOnce) {
  g_calls = 0;
  EXPECT_EQ(counted(1), 1);
  EXPECT_TRUE(counted(1) == 1);
  ASSERT_LE(counted(0), 0);
  EXPECT_EQ(g_calls, 3);
}

UTEST(Harness, AssertOnlyReturnsOnFailure) {
  g_after_assert = false;
  assert_stops();
  EXPECT_TRUE(g_after_assert);
}

UTEST(Harness, LogFormatting) {
  // Output is read by a person, not checked; this only has to compile and run.
  utest::log() << "  log: " << "text " << 42u << ' ' << -7 << ' ' << utest::hex(0x1F) << ' '
               << utest::hex(static_cast<std::int8_t>(-1)) << ' ' << U'\U0001F600' << ' '
               << INT64_MIN << ' ' << UINT64_MAX << ' ' << true << '\n';
  utest::log() << "  kReduced = " << utest::kReduced << '\n';
  EXPECT_FALSE(utest::current_test_failed());
}
