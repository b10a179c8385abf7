// CodePoints and CodePointIterator against the reference model
// (test/reference): each step's code point, length, status and position, on
// every input of one and two bytes and on random text; the iterator's own
// rules (post-increment, equality, a range over part of a buffer). Null and
// empty ranges and the end iterator are BadInput.IteratorNullEmptyAndPastTheEnd.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/utf8mcu.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

// Walks the range and the model side by side; false after logging the input.
bool agrees(const std::uint8_t* data, std::size_t size) {
  const utf8mcu::CodePoints range(data, size);
  utf8mcu::CodePointIterator it = range.begin();
  bool same = true;
  std::size_t items = 0;
  ref::decode(data, size, [&](const ref::Item& item) {
    ++items;
    if (!same) return;
    if (it == range.end()) {
      same = false;
      return;
    }
    const utf8mcu::DecodedCodePoint& got = it.decoded();
    same = *it == item.code_point && got.code_point == item.code_point && got.length == item.length &&
           got.status == test::status_of(item.kind) && it.position() == data + item.offset;
    ++it;
  });
  same = same && it == range.end();
  EXPECT_TRUE(same);
  if (same) return true;
  utest::log() << "input (" << size << " bytes, " << items << " code points):";
  for (std::size_t i = 0; i < size && i < 24; ++i) utest::log() << ' ' << utest::hex(data[i], 2);
  utest::log() << '\n';
  return false;
}

UTEST(Iterator, EveryInputOfOneAndTwoBytes) { EXPECT_TRUE(test::every_input_of_one_and_two_bytes(agrees)); }

UTEST(Iterator, RandomTextAndBytes) {
  test::Random random(0x17E4A70Bu);
  std::uint8_t input[80];
  const int rounds = utest::kReduced ? 100 : 800;
  for (int round = 0; round < rounds; ++round) {
    const std::size_t size = random.below(sizeof input + 1);
    if (round % 2 == 0) {
      test::random_text(random, input, size);
    } else {
      test::random_utf8ish(random, input, size);
    }
    ASSERT_TRUE(agrees(input, size));
  }
}

// "a", "é" (C3 A9), a lone E2 82 cut by 'b', "€" (E2 82 AC): the steps and
// where each starts, written from Table 3-7.
UTEST(Iterator, PostIncrementEqualityAndPartOfABuffer) {
  const std::uint8_t text[] = {0x61, 0xC3, 0xA9, 0xE2, 0x82, 0x62, 0xE2, 0x82, 0xAC};
  const utf8mcu::CodePoints all(text, sizeof text);
  utf8mcu::CodePointIterator it = all.begin();
  const utf8mcu::CodePointIterator first = it++;
  EXPECT_EQ(*first, U'a');
  EXPECT_TRUE(first.position() == text);
  EXPECT_EQ(*it, U'\u00E9');
  EXPECT_TRUE(first != it);
  EXPECT_TRUE(it.position() == text + 1);
  ++it;
  EXPECT_EQ(*it, utf8mcu::kReplacementCharacter);
  EXPECT_EQ(it.decoded().length, 2u);
  EXPECT_EQ(it.decoded().status, utf8mcu::Status::kTruncated);
  ++it;
  EXPECT_EQ(*it, U'b');
  ++it;
  EXPECT_EQ(*it, U'\u20AC');
  EXPECT_EQ(it.decoded().length, 3u);
  ++it;
  EXPECT_TRUE(it == all.end());

  // A range that ends inside the euro sign sees a truncated part there.
  std::size_t steps = 0;
  char32_t last = 0;
  for (const char32_t c : utf8mcu::CodePoints(text, sizeof text - 1)) {
    ++steps;
    last = c;
  }
  EXPECT_EQ(steps, 5u);
  EXPECT_EQ(last, utf8mcu::kReplacementCharacter);
}

}  // namespace
