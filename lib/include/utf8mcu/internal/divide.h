#pragma once
/// @file
/// Unsigned division without the C library's division routine on cores
/// that have no divide instruction (ARMv6-M). There every `/` calls
/// __udivsi3 (libgcc's general routine, linked once, even for a constant
/// divisor at -Os, and several times the size of this loop); divide() is a
/// short loop, and divide_below() a multiply and a shift for a constant
/// divisor and a small range. Where the core divides in hardware both are
/// the plain `/`.

#include <cstdint>

namespace utf8mcu::detail {

#if defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB == 1
/// True if `/` calls a library routine: ARMv6-M (Thumb-1 only).
inline constexpr bool kSoftwareDivide = true;
#else
inline constexpr bool kSoftwareDivide = false;
#endif

/// n / d by shift and subtract: the divisor is doubled up to n, then one
/// step per quotient bit (a small quotient takes few steps). 0 if d is 0.
[[gnu::noinline]] inline std::uint32_t shift_subtract_divide(std::uint32_t n, std::uint32_t d) noexcept {
  if (d == 0) return 0;
  std::uint32_t bit = 1;
  while (d < n && (d >> 31) == 0) {
    d <<= 1;
    bit <<= 1;
  }
  std::uint32_t quotient = 0;
  for (; bit != 0; bit >>= 1, d >>= 1) {
    if (n >= d) {
      n -= d;
      quotient |= bit;
    }
  }
  return quotient;
}

/// n / d; d must not be 0. The divide instruction where the core has one,
/// else shift_subtract_divide().
inline std::uint32_t divide(std::uint32_t n, std::uint32_t d) noexcept {
  if constexpr (kSoftwareDivide) {
    return shift_subtract_divide(n, d);
  } else {
    return n / d;
  }
}

/// Multiplier and shift that give n / divisor as (n * multiplier) >> shift
/// for every n below a limit (reciprocal_of()); multiplier 0 if none fits
/// 32 bits.
struct Reciprocal {
  std::uint32_t multiplier;
  unsigned shift;
};

/// With m = ceil(2^s / d) and e = m * d - 2^s (0 <= e < d), n * m / 2^s is
/// n / d + n * e / (d * 2^s): its floor is n / d whenever n * e < 2^s, and
/// the product must fit 32 bits. The smallest such shift.
constexpr Reciprocal reciprocal_of(std::uint32_t divisor, std::uint32_t limit) noexcept {
  const std::uint64_t largest = limit == 0 ? 0 : limit - 1u;
  for (unsigned shift = 0; shift < 32; ++shift) {
    const std::uint64_t power = std::uint64_t{1} << shift;
    const std::uint64_t multiplier = (power + divisor - 1u) / divisor;
    const std::uint64_t excess = multiplier * divisor - power;
    if (largest * excess < power && largest * multiplier <= 0xFFFFFFFFu) {
      return Reciprocal{static_cast<std::uint32_t>(multiplier), shift};
    }
  }
  return Reciprocal{0, 0};
}

/// n / kDivisor for n < kLimit: a multiply and a shift where the core lacks
/// a divide instruction and they fit 32 bits, else divide().
template <std::uint32_t kDivisor, std::uint32_t kLimit>
constexpr std::uint32_t divide_below(std::uint32_t n) noexcept {
  static_assert(kDivisor >= 1, "a divisor of 1 or more");
  constexpr Reciprocal kReciprocal = reciprocal_of(kDivisor, kLimit);
  if constexpr (kSoftwareDivide && kReciprocal.multiplier != 0) {
    return (n * kReciprocal.multiplier) >> kReciprocal.shift;
  } else {
    return n / kDivisor;
  }
}

}  // namespace utf8mcu::detail
