#pragma once
// Decimal text of an unsigned number, for the examples' output: the firmware
// links no libc, so no printf.

#include <cstddef>
#include <cstdint>

namespace example {

/// Most digits of a 32-bit value.
inline constexpr std::size_t kMaxDecimalDigits = 10;

/// Writes `value` in decimal to `out`, which has room for kMaxDecimalDigits
/// chars (no terminating NUL); returns how many it wrote (1-10).
constexpr std::size_t format_decimal(std::uint32_t value, char* out) noexcept {
  char reversed[kMaxDecimalDigits] = {};
  std::size_t count = 0;
  do {
    reversed[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (std::size_t i = 0; i < count; ++i) out[i] = reversed[count - 1 - i];
  return count;
}

}  // namespace example
