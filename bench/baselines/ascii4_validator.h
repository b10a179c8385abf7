#pragma once
/// @file
/// Baseline 3: a validator with the common "four bytes at a time" ASCII path:
/// on an aligned address, load a 32-bit word and skip it when no byte has its
/// top bit set; any other byte starts one sequence, checked with the range
/// tests of Unicode Table 3-7. Written here from that description.
///
/// Cost: no state, no tables. Word loads only from aligned addresses, so it
/// runs on ARMv6-M too.

#include <cstddef>
#include <cstdint>

namespace utf8mcu::bench {

/// Length of the longest well-formed prefix of `data` (== size when valid).
constexpr std::size_t validate_ascii4(const std::uint8_t* data, std::size_t size) noexcept {
  constexpr std::uint32_t kHighBits = 0x80808080u;
  std::size_t i = 0;
  while (i < size) {
    const std::uint8_t lead = data[i];
    if (lead < 0x80) {
      ++i;
      // Once ASCII reaches a word boundary, go on a word at a time.
      if (!__builtin_is_constant_evaluated() && (reinterpret_cast<std::uintptr_t>(data + i) & 3u) == 0) {
        while (size - i >= 4) {
          std::uint32_t word = 0;
          __builtin_memcpy(&word, __builtin_assume_aligned(data + i, 4), 4);
          if ((word & kHighBits) != 0) break;
          i += 4;
        }
      }
      continue;
    }
    const std::size_t left = size - i;
    if (lead < 0xE0) {  // 110x xxxx  10xx xxxx (continuations and C0, C1 fail here)
      if (lead < 0xC2 || left < 2 || (data[i + 1] & 0xC0u) != 0x80u) return i;
      i += 2;
    } else if (lead < 0xF0) {  // 1110 xxxx  10xx xxxx  10xx xxxx
      const std::uint8_t second = left < 3 ? 0 : data[i + 1];
      const std::uint8_t lower = lead == 0xE0 ? 0xA0 : 0x80;  // over-long below
      const std::uint8_t upper = lead == 0xED ? 0x9F : 0xBF;  // surrogates above
      if (second < lower || second > upper || (data[i + 2] & 0xC0u) != 0x80u) return i;
      i += 3;
    } else {  // 1111 0xxx  10xx xxxx  10xx xxxx  10xx xxxx
      const std::uint8_t second = left < 4 || lead > 0xF4 ? 0 : data[i + 1];
      const std::uint8_t lower = lead == 0xF0 ? 0x90 : 0x80;  // over-long below
      const std::uint8_t upper = lead == 0xF4 ? 0x8F : 0xBF;  // above U+10FFFF
      if (second < lower || second > upper || (data[i + 2] & 0xC0u) != 0x80u || (data[i + 3] & 0xC0u) != 0x80u) {
        return i;
      }
      i += 4;
    }
  }
  return size;
}

}  // namespace utf8mcu::bench
