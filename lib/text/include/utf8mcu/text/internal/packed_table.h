#pragma once
/// @file
/// The lookup of the property tables that lib/text/tools/ucd.py generates
/// (PackedTable there): three stages, equal blocks stored once.
///
///     code point  | high: cp >> kShift1 | middle: kShift1 - kShift2 bits | low: kShift2 bits |
///     stage1[high]                          -> block of stage 2
///     stage2[block << (kShift1 - kShift2) | middle] -> block of leaves
///     leaves: kBits bits per value (1, 2, 4 or 8), lowest bits first

#include <cstdint>

namespace utf8mcu::text::internal {

/// The value of `code_point`, or `out_of_range` above U+10FFFF. Three loads;
/// no branch but the range test.
template <unsigned kShift1, unsigned kShift2, unsigned kBits, typename Stage1, typename Stage2>
inline unsigned packed_lookup(const Stage1* stage1, const Stage2* stage2, const std::uint8_t* leaves,
                              char32_t code_point, unsigned out_of_range) {
  static_assert(kShift1 > kShift2 && kShift1 <= 20, "stage 1 splits the code space");
  static_assert(kBits == 1 || kBits == 2 || kBits == 4 || kBits == 8, "whole values per byte");
  if (code_point > 0x10FFFF) return out_of_range;
  const std::uint32_t cp = code_point;
  const std::uint32_t block1 = stage1[cp >> kShift1];
  const std::uint32_t middle = (cp >> kShift2) & ((1u << (kShift1 - kShift2)) - 1u);
  const std::uint32_t block2 = stage2[(block1 << (kShift1 - kShift2)) | middle];
  const std::uint32_t index = (block2 << kShift2) | (cp & ((1u << kShift2) - 1u));
  if constexpr (kBits == 8) {
    return leaves[index];
  } else {
    constexpr std::uint32_t kPerByte = 8u / kBits;
    const std::uint32_t shift = (index % kPerByte) * kBits;
    return (static_cast<std::uint32_t>(leaves[index / kPerByte]) >> shift) & ((1u << kBits) - 1u);
  }
}

}  // namespace utf8mcu::text::internal
