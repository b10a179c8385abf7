#pragma once
/// @file
/// The Unicode Bidirectional Algorithm (UAX #9) over memory the caller provides.
///
/// The steps in the standard's order: a paragraph's embedding levels
/// (BidiParagraph::resolve: P2-P3, X1-X10, W1-W7, N0-N2, I1-I2), then, after
/// line breaking, each line's visual order (BidiParagraph::reorder_line: L1-L2),
/// then mirrored glyphs (BidiParagraph::glyph: L4) and, separately, Arabic
/// joining (utf8mcu/text/joining.h).
///
///     utf8mcu::text::BidiParagraph<256> bidi;           // 2 bytes per code point + fixed part
///     std::size_t done = bidi.resolve(text, count);      // levels of text[0, done)
///     std::uint16_t order[256];
///     bidi.reorder_line(0, done, order);                 // order[k]: index shown k-th from the left
///
/// No heap, no recursion; resolve()'s and reorder_line()'s stack frames are
/// bounded and independent of the input (docs/bidi.md has the figures).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/text/internal/bidi_engine.h"

namespace utf8mcu::text {

/// The paragraph direction asked of BidiParagraph::resolve().
enum class BidiDirection : std::uint8_t {
  kAuto,         ///< P2-P3: the first strong character outside isolates, left to right if none
  kLeftToRight,  ///< paragraph level 0
  kRightToLeft,  ///< paragraph level 1
};

/// Bidi_Class of `code_point` (above U+10FFFF: L, as an unassigned code point
/// of no special range). A few table loads; ISR safe.
BidiClass bidi_class(char32_t code_point);

/// Bidi_Mirroring_Glyph of `code_point`, or `code_point` itself where it has
/// none. A binary search over about 200 pairs; ISR safe.
char32_t bidi_mirroring_glyph(char32_t code_point);

/// The paragraph level P2-P3 give `text[0, count)`: 1 if its first strong
/// character (L, R, AL) outside isolates is R or AL, 0 otherwise. Stops at a
/// paragraph separator (B). O(count), no memory.
unsigned bidi_paragraph_level(const char32_t* text, std::size_t count);

/// True for the characters X9 removes (BN and the embedding and override
/// controls LRE, RLE, LRO, RLO, PDF): they have no level of their own and are
/// left out of the visual order by BidiCharacterTest.
inline bool bidi_removed_by_x9(BidiClass bidi) { return internal::removed_by_x9(bidi); }

/// One paragraph's embedding levels for at most `kCapacity` code points.
///
/// RAM: 2 bytes per code point of the capacity (a working type and a level)
/// plus a fixed part (internal::BidiWorkspace: the embedding stack of X1-X8,
/// 127 entries, sharing its bytes with the bracket stack of BD16, 63 entries;
/// kFixedBytes) and the view of the paragraph (a few words). The text stays the
/// caller's and must outlive the object's use.
template <std::size_t kCapacity>
class BidiParagraph {
  static_assert(kCapacity > 0, "a paragraph holds at least one code point");

 public:
  /// Bytes of the object that do not grow with the capacity.
  static constexpr std::size_t kFixedBytes = sizeof(internal::BidiWorkspace);

  /// Resolves the embedding levels of one paragraph starting at `text`
  /// (P2-P3 or `direction`, X1-X10, W1-W7, N0-N2, I1-I2). The paragraph ends
  /// after its first paragraph separator (B, rule P1), at `count`, or after
  /// `kCapacity` code points, whichever comes first; returns how many code
  /// points it took. A longer paragraph is resolved in capacity-sized pieces:
  /// call again on the rest with the direction paragraph_direction() gives,
  /// and each piece is a paragraph of its own (embeddings, isolates and
  /// brackets do not reach across pieces). kAuto decides by P2-P3 over the
  /// whole of `text[0, count)` up to its first B, not only the first piece.
  /// Work: O(n × nesting depth), the depth at most 125 (X) and 63 (BD16).
  std::size_t resolve(const char32_t* text, std::size_t count,
                      BidiDirection direction = BidiDirection::kAuto) {
    view_ = internal::BidiView{text, types_, levels_, 0, 0};
    return internal::bidi_resolve(view_, count < kCapacity ? count : kCapacity, count,
                                  static_cast<unsigned>(direction), workspace_);
  }

  /// Code points of the paragraph resolve() took.
  std::size_t size() const { return view_.length; }
  /// Its paragraph embedding level: 0 left to right, 1 right to left.
  unsigned paragraph_level() const { return view_.paragraph_level; }
  /// The direction that resolves the rest of an over-long paragraph alike.
  BidiDirection paragraph_direction() const {
    return view_.paragraph_level != 0 ? BidiDirection::kRightToLeft : BidiDirection::kLeftToRight;
  }
  /// Resolved level of code point `index`; after reorder_line(), with L1
  /// applied to that line. A character X9 removes has the level of the
  /// character before it (the paragraph level at the start). An index >=
  /// size() gives the paragraph level.
  unsigned level(std::size_t index) const {
    return index < view_.length ? internal::bidi_level(view_, index) : view_.paragraph_level;
  }
  /// True if X9 removes code point `index` (see bidi_removed_by_x9()); false
  /// for an index >= size().
  bool removed(std::size_t index) const { return index < view_.length && internal::bidi_removed(view_, index); }

  /// L1 and L2 for the line `[first, last)` of the paragraph (lines in the
  /// order of the text, after line breaking): writes `last - first` indexes
  /// to `visual`, visual[k] the index of the code point shown k-th from the
  /// left (X9-removed characters included, next to their neighbour; skip
  /// them with removed()). Changes the line's levels as L1 says. `last` is
  /// first clamped to size() and `first` to `last`, so nothing outside the
  /// paragraph is read or written (an empty line writes nothing). Work:
  /// O(line length × highest level); no memory but `visual`.
  template <typename Index>
  void reorder_line(std::size_t first, std::size_t last, Index* visual) {
    static_assert(static_cast<std::size_t>(static_cast<Index>(kCapacity - 1)) == kCapacity - 1,
                  "visual indexes must hold every index of the paragraph");
    if (last > view_.length) last = view_.length;
    if (first > last) first = last;
    internal::bidi_l1_line_levels(view_, first, last);
    for (std::size_t i = first; i < last; ++i) visual[i - first] = static_cast<Index>(i);
    internal::bidi_l2_reverse_runs(view_, first, last, visual);
  }

  /// L4: the code point to draw for `index`: its Bidi_Mirroring_Glyph where
  /// its resolved level is odd, else the code point itself; U+FFFD for an
  /// index >= size().
  char32_t glyph(std::size_t index) const {
    if (index >= view_.length) return 0xFFFD;
    const char32_t code_point = view_.text[index];
    return (level(index) & 1u) != 0 ? bidi_mirroring_glyph(code_point) : code_point;
  }

 private:
  std::uint8_t types_[kCapacity] = {};
  std::uint8_t levels_[kCapacity] = {};
  internal::BidiWorkspace workspace_ = {};
  internal::BidiView view_ = {};
};

}  // namespace utf8mcu::text
