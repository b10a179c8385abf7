#pragma once
/// @file
/// The bidi engine's non-template core (lib/text/src/bidi.cpp), shared by every
/// capacity of BidiParagraph. Not a public API.

#include <cstddef>
#include <cstdint>

namespace utf8mcu::text {

/// Bidi_Class values (UAX #9 table 4), numbered as the generated table stores them.
enum class BidiClass : std::uint8_t {
  kL, kR, kAL, kEN, kES, kET, kAN, kCS, kNSM, kBN, kWS, kON,
  kB, kS, kLRE, kLRO, kRLE, kRLO, kPDF, kLRI, kRLI, kFSI, kPDI,
};

namespace internal {

inline bool removed_by_x9(BidiClass bidi) {
  return bidi == BidiClass::kBN || (bidi >= BidiClass::kLRE && bidi <= BidiClass::kPDF);
}

/// The engine's view of one paragraph: the caller's text, the per-code-point
/// working type (bits 0-4 a BidiClass, BN for what X9 removes; bits 5-7
/// flags) and level (bits 0-6 the level, bit 7 a flag).
struct BidiView {
  const char32_t* text;
  std::uint8_t* types;
  std::uint8_t* levels;
  std::size_t length;
  unsigned paragraph_level;
};

/// The fixed working memory: the directional status stack of X1-X8 (entries
/// of level, override, isolate, and where an isolate began) and, in a later
/// step, the bracket stack of BD16 (a position and the closing bracket
/// looked for).
struct BidiWorkspace {
  static constexpr unsigned kMaxDepth = 125;       // X1: the deepest embedding level
  static constexpr unsigned kStackEntries = kMaxDepth + 2;
  static constexpr unsigned kBracketEntries = 63;  // BD16
  struct ExplicitStatus {
    std::uint16_t status[kStackEntries];
    std::uint32_t position[kStackEntries];
  };
  struct Brackets {
    std::uint32_t position[kBracketEntries];
    std::uint16_t closer[kBracketEntries];
  };
  union {
    ExplicitStatus explicit_status;
    Brackets brackets;
  };
};

std::size_t bidi_resolve(BidiView& view, std::size_t capacity, std::size_t count, unsigned direction,
                         BidiWorkspace& workspace);
void bidi_l1_line_levels(BidiView& view, std::size_t first, std::size_t last);

inline unsigned bidi_level(const BidiView& view, std::size_t index) { return view.levels[index] & 0x7Fu; }
// X9's removed characters keep BN as their working type, which no kept
// character has after resolve().
inline bool bidi_removed(const BidiView& view, std::size_t index) {
  return (view.types[index] & 0x1Fu) == static_cast<unsigned>(BidiClass::kBN);
}

/// L2: from the highest level down to the lowest odd one, reverses every run
/// of the line at that level or higher. `visual` holds the line's indexes.
template <typename Index>
void bidi_l2_reverse_runs(const BidiView& view, std::size_t first, std::size_t last, Index* visual) {
  const std::size_t count = last - first;
  unsigned highest = 0;
  unsigned lowest_odd = 127;
  for (std::size_t i = first; i < last; ++i) {
    const unsigned level = bidi_level(view, i);
    if (level > highest) highest = level;
    if ((level & 1u) != 0 && level < lowest_odd) lowest_odd = level;
  }
  for (unsigned level = highest; level >= lowest_odd && level > 0; --level) {
    std::size_t k = 0;
    while (k < count) {
      if (bidi_level(view, visual[k]) < level) {
        ++k;
        continue;
      }
      std::size_t end = k;
      while (end < count && bidi_level(view, visual[end]) >= level) ++end;
      for (std::size_t a = k, b = end - 1; a < b; ++a, --b) {
        const Index swap = visual[a];
        visual[a] = visual[b];
        visual[b] = swap;
      }
      k = end;
    }
  }
}

}  // namespace internal
}  // namespace utf8mcu::text
