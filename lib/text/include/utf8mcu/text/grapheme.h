#pragma once
/// @file
/// Grapheme clusters by UAX #29 (extended grapheme clusters, the Unicode
/// version of kUnicodeVersion): a push breaker fed one code point at a time,
/// for instance from the decoder's sink, and the same over a buffer.
///
///     utf8mcu::text::GraphemeBreaker breaker;
///     decoder.push(bytes, size, [&](char32_t cp) {
///       if (breaker.push(cp)) end_cluster();  // a boundary lies before cp
///       add_to_cluster(cp);
///     });
///
/// The rules need no look-ahead, so each boundary is known when the code point
/// after it arrives, and the result is the same however the input is cut.
/// The end of the text is always a boundary (GB2); so is its start (GB1),
/// which push() does not report.
///
/// Bound: a cluster longer than kMaxGraphemeCodePoints code points (10,000
/// combining marks, a ZWJ chain without end) is cut there, as if the text
/// started again at the code point that would exceed it; cuts() counts them.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/text/grapheme_properties.h"

namespace utf8mcu::text {

/// The most code points one grapheme cluster holds before GraphemeBreaker
/// cuts it: more than any emoji sequence (the longest RGI ZWJ sequences have
/// 10) or a base with the 30 non-starters in a row that stream-safe text
/// (UAX #15) allows.
inline constexpr std::uint16_t kMaxGraphemeCodePoints = 32;

namespace internal {

constexpr bool is_grapheme_control(unsigned p) {
  using P = GraphemeProperty;
  return p == unsigned(P::kCR) || p == unsigned(P::kLF) || p == unsigned(P::kControl);
}

// The rules that look at the pair alone (GB3-GB9b), in order: true where
// they keep `prev` and `next` together, false where they break or say
// nothing.
constexpr bool grapheme_pair_joins(unsigned prev, unsigned next) {
  using P = GraphemeProperty;
  // GB3
  if (prev == unsigned(P::kCR) && next == unsigned(P::kLF)) return true;
  // GB4, GB5
  if (is_grapheme_control(prev) || is_grapheme_control(next)) return false;
  // GB6
  if (prev == unsigned(P::kL) &&
      (next == unsigned(P::kL) || next == unsigned(P::kV) || next == unsigned(P::kLV) || next == unsigned(P::kLVT))) {
    return true;
  }
  // GB7
  if ((prev == unsigned(P::kLV) || prev == unsigned(P::kV)) && (next == unsigned(P::kV) || next == unsigned(P::kT))) {
    return true;
  }
  // GB8
  if ((prev == unsigned(P::kLVT) || prev == unsigned(P::kT)) && next == unsigned(P::kT)) return true;
  // GB9, GB9a
  if (next == unsigned(P::kExtend) || next == unsigned(P::kZwj) || next == unsigned(P::kSpacingMark)) return true;
  // GB9b
  return prev == unsigned(P::kPrepend);
}

// grapheme_pair_joins() as a 16-bit mask of `next` values per `prev` value
// (32 bytes of flash): the breaker's pair test is a load and a shift.
struct GraphemePairJoins {
  std::uint16_t masks[16];
};

constexpr GraphemePairJoins make_grapheme_pair_joins() {
  GraphemePairJoins joins{};
  for (unsigned prev = 0; prev < 16; ++prev) {
    for (unsigned next = 0; next < 16; ++next) {
      if (grapheme_pair_joins(prev, next)) joins.masks[prev] = static_cast<std::uint16_t>(joins.masks[prev] | (1u << next));
    }
  }
  return joins;
}

inline constexpr GraphemePairJoins kGraphemePairJoins = make_grapheme_pair_joins();

}  // namespace internal

/// Grapheme cluster boundaries of a code point stream. Trivially copyable,
/// 8 bytes; no heap; uses the grapheme table and a 32-byte mask of the pair
/// rules.
/// Not shared between interrupt contexts without a lock (it is plain data).
class GraphemeBreaker {
 public:
  /// Feeds the next code point: true if a cluster boundary lies before it
  /// (false for the first code point of the text). One table lookup, a mask
  /// test and a few compares; constant time.
  bool push(char32_t code_point) { return push(grapheme_property(code_point)); }

  /// push() for a code point whose property is already known.
  constexpr bool push(GraphemeProperty property) {
    if (previous_ == kStart) {
      start(property);
      return false;
    }
    const bool boundary = is_boundary(property);
    if (!boundary && length_ >= kMaxGraphemeCodePoints) {
      ++cuts_;
      start(property);
      return true;
    }
    update(property, boundary);
    return boundary;
  }

  /// Forgets the text so far: the next code point starts a new text. Keeps cuts().
  constexpr void reset() {
    previous_ = kStart;
    flags_ = 0;
    length_ = 0;
  }

  /// How many clusters were cut at kMaxGraphemeCodePoints since construction.
  [[nodiscard]] constexpr std::uint32_t cuts() const { return cuts_; }

 private:
  using P = GraphemeProperty;
  static constexpr std::uint8_t kStart = 0xFF;
  // flags_: bit 0: an odd number of Regional_Indicators ends the text
  // (GB12, GB13); bits 1-2: the GB11 context, kPictographic after
  // Extended_Pictographic Extend*, kPictographicZwj after that and a ZWJ.
  static constexpr std::uint8_t kRegionalOdd = 1;
  static constexpr std::uint8_t kPictographic = 2;
  static constexpr std::uint8_t kPictographicZwj = 4;

  constexpr bool is_boundary(P property) const {
    const unsigned next = static_cast<unsigned>(property);
    // GB3-GB9b
    if (((internal::kGraphemePairJoins.masks[previous_] >> next) & 1u) != 0) return false;
    // GB11 (its context: flags_, kept by update())
    if ((flags_ & kPictographicZwj) != 0 && property == P::kExtendedPictographic) return false;
    // GB12, GB13
    if ((flags_ & kRegionalOdd) != 0 && property == P::kRegionalIndicator) return false;
    // GB999
    return true;
  }

  constexpr void start(P property) {
    previous_ = kStart;
    flags_ = 0;
    update(property, true);
  }

  constexpr void update(P property, bool boundary) {
    std::uint8_t flags = 0;
    if (property == P::kRegionalIndicator &&
        !(previous_ == std::uint8_t(P::kRegionalIndicator) && (flags_ & kRegionalOdd) != 0)) {
      flags |= kRegionalOdd;
    }
    if (property == P::kExtendedPictographic ||
        (property == P::kExtend && (flags_ & kPictographic) != 0)) {
      flags |= kPictographic;
    } else if (property == P::kZwj && (flags_ & kPictographic) != 0) {
      flags |= kPictographicZwj;
    }
    flags_ = flags;
    previous_ = static_cast<std::uint8_t>(property);
    length_ = boundary ? 1 : static_cast<std::uint16_t>(length_ + 1);
  }

  std::uint8_t previous_ = kStart;
  std::uint8_t flags_ = 0;
  std::uint16_t length_ = 0;
  std::uint32_t cuts_ = 0;
};

/// Calls `sink(std::size_t index)` for every grapheme cluster boundary of
/// `text[0..size)` after its start, in order: index is the offset of the
/// code point after the boundary, and `size` itself (GB2) when size > 0.
/// Same result as GraphemeBreaker fed the code points one by one. A null
/// `text` is an empty one (no call).
template <typename Sink>
void for_each_grapheme_break(const char32_t* text, std::size_t size, Sink&& sink) {
  if (text == nullptr) size = 0;  // an empty text, whatever `size` says
  GraphemeBreaker breaker;
  for (std::size_t i = 0; i < size; ++i) {
    if (breaker.push(text[i])) sink(i);
  }
  if (size > 0) sink(size);
}

/// The end of the grapheme cluster that starts at `text[from]`: the offset
/// of the next boundary after `from` (`size` at the end; `from` if from >=
/// size). `from` is taken as the start of a text (GB1). A null `text` is an
/// empty one: the result is `from`, whatever `size` says.
inline std::size_t next_grapheme_break(const char32_t* text, std::size_t size, std::size_t from) {
  if (text == nullptr || from >= size) return from;
  GraphemeBreaker breaker;
  breaker.push(text[from]);
  for (std::size_t i = from + 1; i < size; ++i) {
    if (breaker.push(text[i])) return i;
  }
  return size;
}

}  // namespace utf8mcu::text
