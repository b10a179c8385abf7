#pragma once
/// @file
/// What the property tables that lib/text/tools/ucd.py generates need
/// (PackedTable there): each table's lookup is generated with it, a few
/// indexes deep, and ends in packed_value() on its leaves.

#include <cstdint>

namespace utf8mcu::text::internal {

/// Value `index` of an array of kBits-bit values packed lowest bits first:
///
///     byte:   |  1  |  0  |      kBits = 5
///     bits:   ...2 2222 1111 1000 00
///
/// Widths that do not divide 8 read two bytes (the generator pads the array
/// by one byte); 1, 2, 4 and 8 read one.
template <unsigned kBits>
inline unsigned packed_value(const std::uint8_t* values, std::uint32_t index) {
  static_assert(kBits >= 1 && kBits <= 8, "values of one to eight bits");
  constexpr std::uint32_t kMask = (1u << kBits) - 1u;
  if constexpr (kBits == 8) {
    return values[index];
  } else if constexpr (8 % kBits == 0) {
    constexpr std::uint32_t kPerByte = 8u / kBits;
    return (static_cast<std::uint32_t>(values[index / kPerByte]) >> ((index % kPerByte) * kBits)) & kMask;
  } else {
    const std::uint32_t bit = index * kBits;
    const std::uint32_t window = values[bit / 8] | (static_cast<std::uint32_t>(values[bit / 8 + 1]) << 8);
    return (window >> (bit % 8)) & kMask;
  }
}

}  // namespace utf8mcu::text::internal
