// Every 1-, 2- and 3-byte input, and every 3-byte prefix followed by ASCII or
// repeated after an error, against the reference model (see
// exhaustive_check.h).

#include "exhaustive_check.h"

namespace {

using namespace exhaustive;

UTEST(Exhaustive, OneAndTwoBytes) {
  std::uint32_t inputs = 0;
  const bool ok = for_bytes(true, [&](std::uint8_t a) {
    const std::uint8_t one[1] = {a};
    ++inputs;
    if (!check(one, 1)) return false;
    return for_bytes(true, [&](std::uint8_t b) {
      const std::uint8_t two[2] = {a, b};
      ++inputs;
      return check(two, 2);
    });
  });
  EXPECT_TRUE(ok);
  EXPECT_EQ(inputs, 256u + 65536u);
}

UTEST(Exhaustive, ThreeBytes) {
  const bool all_second = !kReducedSlice;
  const bool all_third = !kReducedSlice;
  std::uint32_t inputs = 0;
  const bool ok = for_bytes(true, [&](std::uint8_t a) {
    return for_bytes(all_second, [&](std::uint8_t b) {
      return for_bytes(all_third, [&](std::uint8_t c) {
        const std::uint8_t s[3] = {a, b, c};
        ++inputs;
        return check(s, 3);
      });
    });
  });
  EXPECT_TRUE(ok);
  utest::log() << "  3-byte inputs checked: " << inputs << (all_third ? " (all)" : " (slice: edge values)") << '\n';
  if (!kReducedSlice) EXPECT_EQ(inputs, 16777216u);
}

// Four or more bytes take the decoders' whole-sequence fast paths, which
// shorter inputs never reach: every 3-byte prefix followed by 'A' checks the
// fast paths for every lead byte (the 4-byte leads are covered above and
// below).
UTEST(Exhaustive, ThreeBytesThenAsciiThroughTheFastPaths) {
  const bool all_second = !kReducedSlice;
  const bool all_third = !kOnTarget;
  std::uint32_t inputs = 0;
  const bool ok = for_bytes(true, [&](std::uint8_t a) {
    return for_bytes(all_second, [&](std::uint8_t b) {
      return for_bytes(all_third, [&](std::uint8_t c) {
        const std::uint8_t s[4] = {a, b, c, 0x41};
        ++inputs;
        return check(s, 4);
      });
    });
  });
  EXPECT_TRUE(ok);
  utest::log() << "  3-byte prefixes checked: " << inputs << (all_third ? " (all)" : " (slice: edge values)") << '\n';
  if (!kOnTarget) EXPECT_EQ(inputs, 16777216u);
}

// Within a span, after two errors, the loop for dense errors takes every
// 3-byte input as it comes (a sequence, or one to three ill-formed parts),
// and hands a well-formed 3- or 4-byte sequence back to the fast loop, which
// then meets the second copy: that way every lead byte goes through both
// loops and their hand-over, ASCII after it. The ASCII runs to 16 bytes:
// the loop for dense errors tests the end once per two parts and wants 11
// bytes left there, so with less it would leave the second copy to the
// state machine.
UTEST(Exhaustive, ThreeBytesTwiceAfterTwoErrors) {
  // Firmware takes the second and third bytes from the edge values: the
  // paths are the same, and the boards have the other tests to run.
  const bool all_second = !kOnTarget;
  const bool all_third = !kOnTarget;
  std::uint32_t inputs = 0;
  const bool ok = for_bytes(true, [&](std::uint8_t a) {
    return for_bytes(all_second, [&](std::uint8_t b) {
      return for_bytes(all_third, [&](std::uint8_t c) {
        const std::uint8_t s[16] = {0xFF, 0x80, a, b, c, a, b, c, 0x20, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47};
        static_assert(sizeof s <= kMaxInput, "fits the recorders");
        ++inputs;
        return check(s, sizeof s);
      });
    });
  });
  EXPECT_TRUE(ok);
  utest::log() << "  3-byte inputs repeated after two errors: " << inputs
               << (all_third ? " (all)" : " (slice: edge values)") << '\n';
  if (!kOnTarget) EXPECT_EQ(inputs, 16777216u);
}

}  // namespace
