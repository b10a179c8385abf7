// internal/divide.h: the shift-and-subtract division and the constant
// reciprocals, against the compiler's own division (the C library's routine
// on ARMv6-M, the divide instruction elsewhere), with the boundary values
// written out. On the microbit divide() and divide_below() take the paths
// without `/`; on the other builds shift_subtract_divide() is still called
// directly.

#include <cstdint>

#include "utest/utest.h"
#include "utf8mcu/internal/divide.h"

namespace {

using utf8mcu::detail::divide;
using utf8mcu::detail::divide_below;
using utf8mcu::detail::reciprocal_of;
using utf8mcu::detail::shift_subtract_divide;

// A reference quotient the code under test cannot share: volatile operands,
// so the compiler divides at run time in its own way.
std::uint32_t reference_quotient(std::uint32_t n, std::uint32_t d) {
  volatile std::uint32_t numerator = n;
  volatile std::uint32_t divisor = d;
  return numerator / divisor;
}

UTEST(Divide, BoundaryValues) {
  static const std::uint32_t kNumerators[] = {0,          1,          2,          5,          6,          7,
                                              20,         125,        127,        128,        0x7FFF,     0xFFFF,
                                              0x10000,    0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFE, 0xFFFFFFFF};
  static const std::uint32_t kDivisors[] = {1, 2, 3, 6, 7, 8, 21, 25, 255, 256, 0xFFFF, 0x10000, 0x7FFFFFFF,
                                            0x80000000, 0x80000001, 0xFFFFFFFF};
  for (const std::uint32_t n : kNumerators) {
    for (const std::uint32_t d : kDivisors) {
      EXPECT_EQ(shift_subtract_divide(n, d), reference_quotient(n, d));
      EXPECT_EQ(divide(n, d), reference_quotient(n, d));
    }
  }
}

UTEST(Divide, ByZeroIsZero) {
  // Documented: no hang, no trap.
  EXPECT_EQ(shift_subtract_divide(0, 0), 0u);
  EXPECT_EQ(shift_subtract_divide(12345, 0), 0u);
  EXPECT_EQ(shift_subtract_divide(0xFFFFFFFF, 0), 0u);
}

UTEST(Divide, PseudoRandomPairs) {
  // xorshift32 operands of every magnitude: a divisor shifted right by a
  // random amount, so that small divisors (large quotients) come often.
  std::uint32_t state = 0x12345678;
  const int pairs = utest::kReduced ? 2000 : 100000;
  for (int i = 0; i < pairs; ++i) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    const std::uint32_t n = state;
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    const std::uint32_t d = (state >> (state & 31u)) | 1u;
    ASSERT_EQ(shift_subtract_divide(n, d), reference_quotient(n, d));
    ASSERT_EQ(divide(n & 0xFFFFu, d & 0xFFu), reference_quotient(n & 0xFFFFu, d & 0xFFu));
  }
}

// divide_below<d, limit>() for every n below the limit.
template <std::uint32_t kDivisor, std::uint32_t kLimit>
bool divides_below() {
  for (std::uint32_t n = 0; n < kLimit; ++n) {
    if (divide_below<kDivisor, kLimit>(n) != reference_quotient(n, kDivisor)) return false;
  }
  return true;
}

UTEST(Divide, ConstantDivisorsOverTheirRanges) {
  // Cell indices of grids: 21 x 8, 2 x 1, 255 x 255 (the largest CellGrid).
  EXPECT_TRUE((divides_below<21, 168>()));
  EXPECT_TRUE((divides_below<2, 2>()));
  EXPECT_TRUE((divides_below<1, 300>()));
  EXPECT_TRUE((divides_below<7, 4096>()));
  EXPECT_TRUE((divides_below<255, 65025>()));
  EXPECT_TRUE((divides_below<16, 1000>()));
}

UTEST(Divide, ReciprocalsAreExactWhereTheyFit) {
  // n * e < 2^s for every n below the limit, and the products fit 32 bits.
  constexpr auto kGrid = reciprocal_of(21, 168);
  static_assert(kGrid.multiplier != 0, "a 21-column grid's cell indices divide by a multiply");
  static_assert((167u * kGrid.multiplier) >> kGrid.shift == 7u, "the last cell is in row 7");
  static_assert((20u * kGrid.multiplier) >> kGrid.shift == 0u && (21u * kGrid.multiplier) >> kGrid.shift == 1u,
                "columns 20 and 21");
  // No shift fits every 32-bit numerator: divide_below() divides.
  static_assert(reciprocal_of(3, 0xFFFFFFFFu).multiplier == 0, "too wide a range");
  EXPECT_EQ((divide_below<3, 0xFFFFFFFFu>(0xFFFFFFFEu)), 0x55555554u);
  EXPECT_EQ((divide_below<3, 0xFFFFFFFFu>(0x80000000u)), 0x2AAAAAAAu);
  EXPECT_EQ(reciprocal_of(1, 1).multiplier, 1u);
  EXPECT_EQ(reciprocal_of(1, 1).shift, 0u);
}

}  // namespace
