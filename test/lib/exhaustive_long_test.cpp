// Every 4-byte input with lead F0-F4 against the reference model (see
// exhaustive_check.h).

#include "exhaustive_check.h"

namespace {

using namespace exhaustive;

UTEST(Exhaustive, FourBytesWithLeadF0ToF4) {
  const bool all_second = !kReducedSlice;
  const bool all_third = !kReducedSlice;
  const bool all_fourth = !kOnTarget;
  std::uint32_t inputs = 0;
  bool ok = true;
  for (unsigned lead = 0xF0; lead <= 0xF4 && ok; ++lead) {
    ok = for_bytes(all_second, [&](std::uint8_t b) {
      return for_bytes(all_third, [&](std::uint8_t c) {
        return for_bytes(all_fourth, [&](std::uint8_t d) {
          const std::uint8_t s[4] = {static_cast<std::uint8_t>(lead), b, c, d};
          ++inputs;
          return check(s, 4);
        });
      });
    });
  }
  EXPECT_TRUE(ok);
  utest::log() << "  4-byte inputs checked: " << inputs << (all_fourth ? " (all)" : " (slice: edge values)") << '\n';
  if (!kOnTarget) EXPECT_EQ(inputs, 5u * 16777216u);
}

}  // namespace
