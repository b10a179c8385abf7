#pragma once
// Lookups in the generated tables, inline for the engine's own sources (the
// public headers declare out-of-line functions instead, so that they do not
// need the build's generated include directory).

#include <cstdint>

#include "utf8mcu/text/internal/bidi_engine.h"
#include "utf8mcu/text/internal/bidi_tables.h"

namespace utf8mcu::text::internal {

/// The index of the first entry of the sorted `table[0, count)` not below
/// `key`, `count` if there is none: a binary search.
inline unsigned lower_bound(const std::uint16_t* table, unsigned count, char32_t key) {
  unsigned low = 0;
  unsigned high = count;
  while (low < high) {
    const unsigned middle = (low + high) / 2u;
    if (table[middle] < key) {
      low = middle + 1u;
    } else {
      high = middle;
    }
  }
  return low;
}

/// Bidi_Class of a code point: the packed table, then the short list of the
/// rare classes (B, S and the explicit formatting characters).
inline BidiClass bidi_class_of(char32_t code_point) {
  const unsigned packed = bidi_class_packed(code_point);
  if (packed < 12u) return static_cast<BidiClass>(packed);
  if (code_point > 0x10FFFF) return BidiClass::kL;
  return static_cast<BidiClass>(kBidiRareClasses[lower_bound(kBidiRareCodePoints, kBidiRareCount, code_point)]);
}

}  // namespace utf8mcu::text::internal
