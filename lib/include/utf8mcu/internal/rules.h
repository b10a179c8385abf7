#pragma once
/// @file
/// Tests for the forms of well-formed sequences (Unicode Table 3-7) that the
/// decoder's and the validator's fast paths share.

#include "utf8mcu/common.h"

namespace utf8mcu {
namespace detail {

// Sequences read as one word `w` (load_le32() at the lead byte: the lead in
// bits 0-7, the bytes after it above).

/// Whether `w` holds a lead byte E0-EF and two continuation bytes: the form
/// of a 3-byte sequence, its range not checked.
constexpr bool has_three_byte_form(std::uint32_t w) {
  return (w & 0xC0C0F0) == 0x8080E0;  // 10xx xxxx  10xx xxxx  1110 xxxx from the top
}

/// Whether `w` holds a lead byte F0-F7 and three continuation bytes: the form
/// of a 4-byte sequence, its range not checked.
constexpr bool has_four_byte_form(std::uint32_t w) {
  return (w & 0xC0C0C0F8) == 0x808080F0;  // 10xx xxxx  10xx xxxx  10xx xxxx  1111 0xxx
}

/// The 2 KiB blocks of U+0000..U+FFFF that a 3-byte sequence may encode, bit
/// 31 - n for block n (a code point's top 5 bits): all but block 0
/// (over-long) and block 27 (surrogates, U+D800..U+DFFF).
inline constexpr std::uint32_t kThreeByteBlocks = 0x7FFFFFEF;

/// Whether a 3-byte sequence may encode the code points of `block` (0-31):
/// the mask shifted left by it, its sign bit. A loop can pass in the mask
/// from a register.
constexpr bool is_three_byte_block(std::uint32_t block, std::uint32_t allowed = kThreeByteBlocks) {
  return (allowed << block) >> 31 != 0;
}

}  // namespace detail
}  // namespace utf8mcu
