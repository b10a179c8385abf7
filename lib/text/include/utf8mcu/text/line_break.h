#pragma once
/// @file
/// Line break opportunities by UAX #14 (the default rules of the Unicode
/// version of kUnicodeVersion, with LB25 as the regular expression of its
/// Example 7, the form Unicode's LineBreakTest.txt uses): a push breaker fed
/// one code point at a time, for instance from the decoder's sink, and the
/// same over a buffer.
///
///     utf8mcu::text::LineBreaker breaker;
///     decoder.push(bytes, size, [&](char32_t cp) {
///       const utf8mcu::text::LineBreaks breaks = breaker.push(cp);
///       if (breaks.held_back != 0 && breaks.held == LineBreak::kAllowed) { ... }
///       if (breaks.before == LineBreak::kAllowed) { ... }  // may break before cp
///       add(cp);
///     });
///
/// Every rule but one looks back only, so the opportunity before a code point
/// is decided when it arrives: the runs the rules look past (LB8, LB14-LB17
/// past spaces, LB25 past a number, LB30a past regional indicators) are kept
/// as a few flags. The one look-ahead is LB25's (PR | PO) x OP NU: after PR
/// or PO, the opportunity before an OP waits for the next code point that
/// LB9 does not attach to the OP (kHeld); that push reports it with
/// `held_back`. Results are the same however the input is cut.
///
/// Bound: an opportunity waits for at most kMaxLineBreakHold code points (an
/// OP followed by combining marks without end); then it is decided as a break
/// opportunity (the LB31 default, as if no NU followed) and cuts() counts it.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/text/line_break_properties.h"

namespace utf8mcu::text {

/// The most code points a held opportunity waits (the OP and the marks LB9
/// attaches to it) before LineBreaker decides it as a break.
inline constexpr std::uint16_t kMaxLineBreakHold = 32;

/// The line break status of one position between two code points.
enum class LineBreak : std::uint8_t {
  kNone,       ///< no break here (x)
  kAllowed,    ///< a break opportunity (÷)
  kMandatory,  ///< a break is required (!): after BK, CR (not before LF), LF, NL
  kHeld,       ///< decided by a later push (LineBreaks::held_back)
};

/// What one push decides.
struct LineBreaks {
  /// The position before the code point just pushed (kNone for the first).
  LineBreak before = LineBreak::kNone;
  /// kNone or kAllowed: the decision of a held position, when held_back > 0.
  LineBreak held = LineBreak::kNone;
  /// 0: no held position decided by this push. n: `held` is the position
  /// before the code point pushed n pushes before this one.
  std::uint16_t held_back = 0;
};

namespace internal {
struct LinePairs;
}  // namespace internal

/// Line break opportunities of a code point stream. Trivially copyable,
/// 12 bytes; no heap. Uses the line and the grapheme property tables and a
/// table of the rules' decisions per pair of classes (internal::kLinePairs).
/// Not shared between interrupt contexts without a lock (it is plain data).
class LineBreaker {
 public:
  /// Feeds the next code point. Up to two table lookups, then the rules in
  /// order; constant time.
  LineBreaks push(char32_t code_point) { return push(line_break_class(code_point)); }

  /// push() for a code point whose class is already known.
  constexpr LineBreaks push(LineBreakClass line_class) {
    LineBreaks result;
    const auto raw = static_cast<std::uint8_t>(line_class);
    if (raw_ == kStart) {
      advance(raw, resolve_lb10(raw));
      return result;  // LB2
    }
    const bool attached = is_attaching(raw) && !is_lb9_exception(effective_);
    result.before = decide(raw);
    if (held_ != 0) {
      if (attached) {
        if (held_ < kMaxLineBreakHold) {
          ++held_;
        } else {
          ++cuts_;
          result.held = LineBreak::kAllowed;
          result.held_back = held_;
          held_ = 0;
        }
      } else {
        // LB25: (PR | PO) x OP NU.
        result.held = resolve_lb10(raw) == C(K::kNu) ? LineBreak::kNone : LineBreak::kAllowed;
        result.held_back = held_;
        held_ = 0;
      }
    }
    if (result.before == LineBreak::kHeld) held_ = 1;
    if (attached) {
      raw_ = raw;  // LB9: the class stays that of X; LB8a still sees a ZWJ
    } else {
      advance(raw, resolve_lb10(raw));
    }
    return result;
  }

  /// Ends the text: decides a held position (as a break: no NU follows; it
  /// lies `held_back` code points before the end) and the end, which is
  /// always a break (LB3); `before` is kMandatory after BK,
  /// CR, LF or NL, kAllowed after anything else, kNone for an empty text.
  /// Then the breaker is ready for a new text.
  constexpr LineBreaks finish() {
    LineBreaks result;
    if (held_ != 0) {
      result.held = LineBreak::kAllowed;
      result.held_back = held_;
    }
    if (raw_ != kStart) result.before = is_hard_break(raw_) ? LineBreak::kMandatory : LineBreak::kAllowed;
    reset();
    return result;
  }

  /// Forgets the text so far. Keeps cuts().
  constexpr void reset() {
    raw_ = kStart;
    effective_ = kStart;
    before_spaces_ = kStart;
    flags_ = 0;
    held_ = 0;
  }

  /// How many held opportunities were decided at kMaxLineBreakHold.
  [[nodiscard]] constexpr std::uint32_t cuts() const { return cuts_; }

 private:
  using K = LineBreakClass;
  static constexpr std::uint8_t C(K k) { return static_cast<std::uint8_t>(k); }
  static constexpr std::uint8_t kStart = 0xFF;
  // flags_
  static constexpr std::uint8_t kRegionalOdd = 1;   // LB30a: odd count of RI ends the text
  static constexpr std::uint8_t kInNumber = 2;      // LB25: NU (NU | SY | IS)* ends the text
  static constexpr std::uint8_t kNumberClosed = 4;  // LB25: NU (NU | SY | IS)* (CL | CP)
  static constexpr std::uint8_t kHebrewDash = 8;    // LB21a: HL (HY | BA)

  static constexpr bool is_hard_break(std::uint8_t c) {
    return c == C(K::kBk) || c == C(K::kCr) || c == C(K::kLf) || c == C(K::kNl);
  }
  static constexpr bool is_attaching(std::uint8_t c) { return c == C(K::kCm) || c == C(K::kZwj); }
  // LB9: X (CM | ZWJ)* is X for any X but these.
  static constexpr bool is_lb9_exception(std::uint8_t c) {
    return is_hard_break(c) || c == C(K::kSp) || c == C(K::kZw) || c == kStart;
  }
  // LB10: a CM or ZWJ that nothing took is AL.
  static constexpr std::uint8_t resolve_lb10(std::uint8_t c) { return is_attaching(c) ? C(K::kAl) : c; }
  static constexpr bool is_op(std::uint8_t c) { return c == C(K::kOp) || c == C(K::kOpEa); }
  static constexpr bool is_cp(std::uint8_t c) { return c == C(K::kCp) || c == C(K::kCpEa); }
  static constexpr bool is_letter(std::uint8_t c) { return c == C(K::kAl) || c == C(K::kHl); }
  static constexpr bool is_prefix_postfix(std::uint8_t c) { return c == C(K::kPr) || c == C(K::kPo); }
  static constexpr bool is_ideographic(std::uint8_t c) {
    return c == C(K::kId) || c == C(K::kIdPictCn) || c == C(K::kEb) || c == C(K::kEm);
  }
  static constexpr bool is_hangul(std::uint8_t c) {
    return c == C(K::kJl) || c == C(K::kJv) || c == C(K::kJt) || c == C(K::kH2) || c == C(K::kH3);
  }

  friend struct internal::LinePairs;

  // The status of the position before a code point of class `raw`: from
  // internal::kLinePairs where the state is the pair's alone, else by the
  // rules (defined after the table).
  constexpr LineBreak decide(std::uint8_t raw) const;

  // The status of the position before a code point of class `raw`, by the
  // rules in order (the first that applies decides).
  constexpr LineBreak decide_by_rules(std::uint8_t raw) const {
    // LB4, LB5
    if (raw_ == C(K::kBk) || raw_ == C(K::kLf) || raw_ == C(K::kNl)) return LineBreak::kMandatory;
    if (raw_ == C(K::kCr)) return raw == C(K::kLf) ? LineBreak::kNone : LineBreak::kMandatory;
    // LB6
    if (is_hard_break(raw)) return LineBreak::kNone;
    // LB7
    if (raw == C(K::kSp) || raw == C(K::kZw)) return LineBreak::kNone;
    // What ends the text, looking past spaces (LB8, LB14-LB17).
    const std::uint8_t a = effective_;
    const std::uint8_t before_spaces = a == C(K::kSp) ? before_spaces_ : a;
    // LB8
    if (before_spaces == C(K::kZw)) return LineBreak::kAllowed;
    // LB8a
    if (raw_ == C(K::kZwj)) return LineBreak::kNone;
    // LB9
    if (is_attaching(raw) && !is_lb9_exception(a)) return LineBreak::kNone;
    // LB10
    const std::uint8_t b = resolve_lb10(raw);
    // LB11
    if (a == C(K::kWj) || b == C(K::kWj)) return LineBreak::kNone;
    // LB12
    if (a == C(K::kGl)) return LineBreak::kNone;
    // LB12a
    if (b == C(K::kGl) && a != C(K::kSp) && a != C(K::kBa) && a != C(K::kHy)) return LineBreak::kNone;
    // LB13
    if (b == C(K::kCl) || is_cp(b) || b == C(K::kEx) || b == C(K::kIs) || b == C(K::kSy)) {
      return LineBreak::kNone;
    }
    // LB14
    if (is_op(before_spaces)) return LineBreak::kNone;
    // LB15
    if (before_spaces == C(K::kQu) && is_op(b)) return LineBreak::kNone;
    // LB16
    if ((before_spaces == C(K::kCl) || is_cp(before_spaces)) && b == C(K::kNs)) return LineBreak::kNone;
    // LB17
    if (before_spaces == C(K::kB2) && b == C(K::kB2)) return LineBreak::kNone;
    // LB18
    if (a == C(K::kSp)) return LineBreak::kAllowed;
    // LB19
    if (a == C(K::kQu) || b == C(K::kQu)) return LineBreak::kNone;
    // LB20
    if (a == C(K::kCb) || b == C(K::kCb)) return LineBreak::kAllowed;
    // LB21
    if (b == C(K::kBa) || b == C(K::kHy) || b == C(K::kNs) || a == C(K::kBb)) return LineBreak::kNone;
    // LB21a
    if ((flags_ & kHebrewDash) != 0) return LineBreak::kNone;
    // LB21b
    if (a == C(K::kSy) && b == C(K::kHl)) return LineBreak::kNone;
    // LB22
    if (b == C(K::kIn)) return LineBreak::kNone;
    // LB23
    if ((is_letter(a) && b == C(K::kNu)) || (a == C(K::kNu) && is_letter(b))) return LineBreak::kNone;
    // LB23a
    if ((a == C(K::kPr) && is_ideographic(b)) || (is_ideographic(a) && b == C(K::kPo))) {
      return LineBreak::kNone;
    }
    // LB24
    if ((is_prefix_postfix(a) && is_letter(b)) || (is_letter(a) && is_prefix_postfix(b))) {
      return LineBreak::kNone;
    }
    // LB25, as the regular expression of UAX #14's Example 7:
    //   (PR | PO) x (OP | HY)? NU
    //   (OP | HY) x NU
    //   NU (NU | SY | IS)* x (NU | SY | IS | CL | CP)
    //   NU (NU | SY | IS)* (CL | CP)? x (PR | PO)
    // (PR | PO) x HY is LB21's already; (PR | PO) x OP waits for the next class.
    if (is_prefix_postfix(a) && b == C(K::kNu)) return LineBreak::kNone;
    if (is_prefix_postfix(a) && is_op(b)) return LineBreak::kHeld;
    if ((is_op(a) || a == C(K::kHy)) && b == C(K::kNu)) return LineBreak::kNone;
    if ((flags_ & kInNumber) != 0 && (b == C(K::kNu) || b == C(K::kSy) || b == C(K::kIs) ||
                                      b == C(K::kCl) || is_cp(b))) {
      return LineBreak::kNone;
    }
    if ((flags_ & (kInNumber | kNumberClosed)) != 0 && is_prefix_postfix(b)) return LineBreak::kNone;
    // LB26
    if (a == C(K::kJl) && (b == C(K::kJl) || b == C(K::kJv) || b == C(K::kH2) || b == C(K::kH3))) {
      return LineBreak::kNone;
    }
    if ((a == C(K::kJv) || a == C(K::kH2)) && (b == C(K::kJv) || b == C(K::kJt))) return LineBreak::kNone;
    if ((a == C(K::kJt) || a == C(K::kH3)) && b == C(K::kJt)) return LineBreak::kNone;
    // LB27
    if ((is_hangul(a) && b == C(K::kPo)) || (a == C(K::kPr) && is_hangul(b))) return LineBreak::kNone;
    // LB28
    if (is_letter(a) && is_letter(b)) return LineBreak::kNone;
    // LB29
    if (a == C(K::kIs) && is_letter(b)) return LineBreak::kNone;
    // LB30
    if ((is_letter(a) || a == C(K::kNu)) && b == C(K::kOp)) return LineBreak::kNone;
    if (a == C(K::kCp) && (is_letter(b) || b == C(K::kNu))) return LineBreak::kNone;
    // LB30a
    if (a == C(K::kRi) && b == C(K::kRi) && (flags_ & kRegionalOdd) != 0) return LineBreak::kNone;
    // LB30b
    if ((a == C(K::kEb) || a == C(K::kIdPictCn)) && b == C(K::kEm)) return LineBreak::kNone;
    // LB31
    return LineBreak::kAllowed;
  }

  // The text gained a code point of class `raw` that LB9 did not attach,
  // `b` after LB10.
  constexpr void advance(std::uint8_t raw, std::uint8_t b) {
    const std::uint8_t a = effective_;
    std::uint8_t flags = 0;
    if (b == C(K::kRi) && !(a == C(K::kRi) && (flags_ & kRegionalOdd) != 0)) flags |= kRegionalOdd;
    if (b == C(K::kNu) || ((flags_ & kInNumber) != 0 &&
                           (b == C(K::kSy) || b == C(K::kIs)))) {
      flags |= kInNumber;
    } else if ((flags_ & kInNumber) != 0 && (b == C(K::kCl) || is_cp(b))) {
      flags |= kNumberClosed;
    }
    if (a == C(K::kHl) && (b == C(K::kHy) || b == C(K::kBa))) flags |= kHebrewDash;
    if (b == C(K::kSp) && a != C(K::kSp)) before_spaces_ = a;
    flags_ = flags;
    raw_ = raw;
    effective_ = b;
  }

  std::uint8_t raw_ = kStart;            // class of the last code point (LB4-LB8a)
  std::uint8_t effective_ = kStart;      // class of the last X of LB9, after LB10
  std::uint8_t before_spaces_ = kStart;  // effective class before the last run of SP
  std::uint8_t flags_ = 0;
  std::uint16_t held_ = 0;  // code points since the held position (0: none held)
  std::uint32_t cuts_ = 0;
};

namespace internal {

// decide_by_rules() for every pair of classes, at compile time, 2 bits each
// (a LineBreak): valid where the state holds nothing but the last class `a`
// (no marks attached to it, no flags, not SP, whose rules look further back):
// in text that is most positions, decided by one load instead of the rules.
struct LinePairs {
  static constexpr unsigned kPairs = kLineBreakClasses * kLineBreakClasses;
  std::uint8_t packed[(kPairs + 3) / 4];

  static constexpr LinePairs make() {
    LinePairs pairs{};
    for (unsigned a = 0; a < kLineBreakClasses; ++a) {
      LineBreaker state;
      state.raw_ = static_cast<std::uint8_t>(a);
      state.effective_ = static_cast<std::uint8_t>(a);
      state.before_spaces_ = static_cast<std::uint8_t>(a);
      for (unsigned b = 0; b < kLineBreakClasses; ++b) {
        const unsigned index = a * kLineBreakClasses + b;
        const auto value = static_cast<unsigned>(state.decide_by_rules(static_cast<std::uint8_t>(b)));
        pairs.packed[index / 4] = static_cast<std::uint8_t>(pairs.packed[index / 4] | (value << (index % 4 * 2)));
      }
    }
    return pairs;
  }

  constexpr LineBreak get(unsigned a, unsigned b) const {
    const unsigned index = a * kLineBreakClasses + b;
    return static_cast<LineBreak>((packed[index / 4] >> (index % 4 * 2)) & 3u);
  }
};

inline constexpr LinePairs kLinePairs = LinePairs::make();

}  // namespace internal

constexpr LineBreak LineBreaker::decide(std::uint8_t raw) const {
  if (raw_ == effective_ && flags_ == 0 && effective_ != C(K::kSp)) return internal::kLinePairs.get(raw_, raw);
  return decide_by_rules(raw);
}

/// Calls `sink(std::size_t index, LineBreak kind)` for every break
/// opportunity of `text[0..size)` (kAllowed or kMandatory; index = offset of
/// the code point after it, `size` for the end), in order. Same result as a
/// LineBreaker fed the code points one by one, then finish(). A null `text`
/// is an empty one.
template <typename Sink>
void for_each_line_break(const char32_t* text, std::size_t size, Sink&& sink) {
  if (text == nullptr) size = 0;  // an empty text, whatever `size` says
  LineBreaker breaker;
  auto report = [&](std::size_t index, const LineBreaks& breaks) {
    if (breaks.held_back != 0 && breaks.held == LineBreak::kAllowed) sink(index - breaks.held_back, breaks.held);
    if (breaks.before == LineBreak::kAllowed || breaks.before == LineBreak::kMandatory) sink(index, breaks.before);
  };
  for (std::size_t i = 0; i < size; ++i) report(i, breaker.push(text[i]));
  report(size, breaker.finish());
}

}  // namespace utf8mcu::text
