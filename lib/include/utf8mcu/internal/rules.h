#pragma once
/// @file
/// Unicode Table 3-7, the well-formed UTF-8 byte sequences, defined once:
///
///     lead    length  second byte  further bytes
///     00-7F   1
///     80-C1   none    (80-BF are continuation bytes; C0, C1 only over-long forms)
///     C2-DF   2       80-BF
///     E0      3       A0-BF        80-BF         (E0 80-9F: over-long)
///     E1-EC   3       80-BF        80-BF
///     ED      3       80-9F        80-BF         (ED A0-BF: surrogates)
///     EE-EF   3       80-BF        80-BF
///     F0      4       90-BF        80-BF 80-BF   (F0 80-8F: over-long)
///     F1-F3   4       80-BF        80-BF 80-BF
///     F4      4       80-8F        80-BF 80-BF   (F4 90-BF: above U+10FFFF)
///     F5-FF   none
///
/// sequence_length() and second_byte_range() are that table. The lead table
/// of the state machine and the 3-byte block mask are computed from them at
/// compile time; the fast paths test the same facts with masks and ranges of
/// their own, each naming what here it mirrors, and test/lib/rules_test.cpp
/// compares every path with these two functions for every lead and second
/// byte.

#include <cstdint>

namespace utf8mcu {
namespace detail {

/// Bytes in the sequence `lead` starts: 1-4, or 0 for a byte that starts
/// none (80-C1, F5-FF).
constexpr unsigned sequence_length(std::uint32_t lead) {
  if (lead < 0x80) return 1;
  if (lead < 0xC2) return 0;
  if (lead < 0xE0) return 2;
  if (lead < 0xF0) return 3;
  if (lead < 0xF5) return 4;
  return 0;
}

/// Whether `byte` is a continuation byte, 10xx xxxx: what every byte after
/// the second must be.
constexpr bool is_continuation(std::uint32_t byte) { return (byte & 0xC0) == 0x80; }

/// A range of byte values, both ends included.
struct ByteRange {
  std::uint8_t first;
  std::uint8_t last;

  constexpr bool contains(std::uint32_t byte) const { return byte >= first && byte <= last; }
};

/// The byte after the lead of a 2- to 4-byte sequence: 80-BF, narrower only
/// after E0, ED, F0 and F4.
constexpr ByteRange second_byte_range(std::uint32_t lead) {
  switch (lead) {
    case 0xE0: return {0xA0, 0xBF};  // below A0: over-long, U+0000..U+07FF
    case 0xED: return {0x80, 0x9F};  // above 9F: surrogates, U+D800..U+DFFF
    case 0xF0: return {0x90, 0xBF};  // below 90: over-long, U+0000..U+FFFF
    case 0xF4: return {0x80, 0x8F};  // above 8F: U+110000 and above
    default: return {0x80, 0xBF};
  }
}

// Sequences read as one word `w` (load_le32() at the lead byte: the lead in
// bits 0-7, the bytes after it above).

/// Whether `w` holds a lead byte E0-EF and two continuation bytes: the form
/// of a 3-byte sequence (sequence_length() 3), its range not checked.
constexpr bool has_three_byte_form(std::uint32_t w) {
  return (w & 0xC0C0F0) == 0x8080E0;  // 10xx xxxx  10xx xxxx  1110 xxxx from the top
}

/// Whether `w` holds a lead byte F0-F7 and three continuation bytes: the form
/// of a 4-byte sequence, its range not checked (F5-F7, which start nothing,
/// fail the range test of F0-F4's code points).
constexpr bool has_four_byte_form(std::uint32_t w) {
  return (w & 0xC0C0C0F8) == 0x808080F0;  // 10xx xxxx  10xx xxxx  10xx xxxx  1111 0xxx
}

/// The 2 KiB blocks of U+0000..U+FFFF that a 3-byte sequence may encode, bit
/// 31 - n for block n (a code point's top 5 bits: the lead's 4 payload bits
/// and bit 5 of the second byte), from second_byte_range().
constexpr std::uint32_t three_byte_blocks() {
  std::uint32_t blocks = 0;
  for (std::uint32_t block = 0; block < 32; ++block) {
    // Block n: the lead E0 + n / 2 with second bytes 80-9F (n even) or A0-BF.
    const ByteRange allowed = second_byte_range(0xE0 + block / 2);
    const std::uint32_t first = 0x80 + 0x20 * (block % 2);
    if (allowed.contains(first) && allowed.contains(first + 0x1F)) blocks |= std::uint32_t{1} << (31 - block);
  }
  return blocks;
}
inline constexpr std::uint32_t kThreeByteBlocks = three_byte_blocks();
static_assert(kThreeByteBlocks == 0x7FFFFFEF, "all blocks but 0 (over-long) and 27 (surrogates)");

/// Whether a 3-byte sequence may encode the code points of `block` (0-31):
/// the mask shifted left by it, its sign bit. A loop can pass in the mask
/// from a register.
constexpr bool is_three_byte_block(std::uint32_t block, std::uint32_t allowed = kThreeByteBlocks) {
  return (allowed << block) >> 31 != 0;
}

}  // namespace detail
}  // namespace utf8mcu
