// The segmentation engine's own properties: state sizes, constexpr use, the
// documented bounds on endless clusters and held opportunities, default
// properties of bad input, and results that do not depend on how the input is
// cut (bytes through the decoder in random chunks against the buffer forms).

#include <cstddef>
#include <cstdint>

#include "segmentation_vectors.h"
#include "utest/random.h"
#include "utest/utest.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"

namespace {

namespace text = utf8mcu::text;
using text::GraphemeProperty;
using text::LineBreak;
using text::LineBreakClass;

static_assert(sizeof(text::GraphemeBreaker) <= 8, "grapheme state budget: 8 bytes");
static_assert(sizeof(text::LineBreaker) <= 32, "line state budget: 32 bytes");

// Boundaries found by a breaker built at compile time.
constexpr unsigned constexpr_grapheme_breaks() {
  text::GraphemeBreaker breaker;
  const GraphemeProperty flags[] = {GraphemeProperty::kRegionalIndicator, GraphemeProperty::kRegionalIndicator,
                                    GraphemeProperty::kRegionalIndicator, GraphemeProperty::kExtend,
                                    GraphemeProperty::kRegionalIndicator};
  unsigned breaks = 0;  // bit i: a boundary before flags[i]
  for (unsigned i = 0; i < 5; ++i) breaks |= breaker.push(flags[i]) ? 1u << i : 0u;
  return breaks;
}
static_assert(constexpr_grapheme_breaks() == 0x14u, "GB12/GB13: RI RI | RI Extend | RI");

constexpr unsigned constexpr_line_breaks() {
  text::LineBreaker breaker;
  const LineBreakClass classes[] = {LineBreakClass::kAl, LineBreakClass::kSp, LineBreakClass::kOp,
                                    LineBreakClass::kSp, LineBreakClass::kAl};
  unsigned breaks = 0;
  for (unsigned i = 0; i < 5; ++i) breaks |= breaker.push(classes[i]).before == LineBreak::kAllowed ? 1u << i : 0u;
  return breaks;
}
static_assert(constexpr_line_breaks() == 0x4u, "LB18 before OP, LB14 after it");

}  // namespace

UTEST(Segmentation, BadInputTakesTheDefaultProperties) {
  // Unassigned, private use, noncharacter, U+FFFD, beyond U+10FFFF.
  const char32_t others[] = {0x0378, 0xE000, 0xF0000, 0x10FFFD, 0xFFFF, 0xFFFD, 0x110000, 0xFFFFFFFF};
  for (char32_t cp : others) {
    EXPECT_EQ(text::grapheme_property(cp), GraphemeProperty::kOther);
    EXPECT_EQ(text::line_break_class(cp), LineBreakClass::kAl);
  }
  // UAX #14: unassigned code points of the CJK planes default to ID.
  EXPECT_EQ(text::line_break_class(0x2FFFD), LineBreakClass::kId);
  EXPECT_EQ(text::line_break_class(0x3FFFD), LineBreakClass::kId);
  // Unassigned Extended_Pictographic (LB30b).
  EXPECT_EQ(text::line_break_class(0x1FFFD), LineBreakClass::kIdPictCn);
  EXPECT_EQ(text::grapheme_property(0x1FFFD), GraphemeProperty::kExtendedPictographic);
}

UTEST(Segmentation, NullTextIsEmpty) {
  // Whatever the size says, a null text has no code point: no boundary to
  // report, and the next boundary is where the search starts.
  EXPECT_EQ(text::next_grapheme_break(nullptr, 5, 0), std::size_t{0});
  EXPECT_EQ(text::next_grapheme_break(nullptr, 5, 2), std::size_t{2});
  int calls = 0;
  text::for_each_grapheme_break(nullptr, 5, [&](std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
  // The same calls as for an empty text (LB2/LB3 on no code points).
  int empty_calls = 0;
  const char32_t none[1] = {U'a'};
  text::for_each_line_break(none, 0, [&](std::size_t, LineBreak) { ++empty_calls; });
  text::for_each_line_break(nullptr, 5, [&](std::size_t index, LineBreak) {
    EXPECT_EQ(index, std::size_t{0});
    ++calls;
  });
  EXPECT_EQ(calls, empty_calls);
}

UTEST(Segmentation, ReplacementCharacterIsAClusterOfItsOwn) {
  // "a", two ill-formed parts, "b": four clusters, four code points.
  const std::uint8_t bytes[] = {'a', 0xC0, 0xE2, 0x82, 'b'};
  utf8mcu::Decoder decoder;
  text::GraphemeBreaker breaker;
  unsigned code_points = 0;
  unsigned boundaries = 0;
  auto sink = [&](char32_t cp) {
    ++code_points;
    if (breaker.push(cp)) ++boundaries;
  };
  decoder.push(bytes, sizeof bytes, sink);
  decoder.finish(sink);
  EXPECT_EQ(code_points, 4u);
  EXPECT_EQ(boundaries, 3u);
}

UTEST(Segmentation, EndlessClusterIsCutAtTheBound) {
  // 'a' then 10,000 combining marks: clusters of kMaxGraphemeCodePoints.
  constexpr unsigned kMarks = 10000;
  text::GraphemeBreaker breaker;
  EXPECT_FALSE(breaker.push(U'a'));
  unsigned boundaries = 0;
  unsigned wrong = 0;
  for (unsigned i = 1; i <= kMarks; ++i) {
    const bool boundary = breaker.push(U'\u0301');
    if (boundary) ++boundaries;
    if (boundary != (i % text::kMaxGraphemeCodePoints == 0)) ++wrong;
  }
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(boundaries, kMarks / text::kMaxGraphemeCodePoints);
  EXPECT_EQ(breaker.cuts(), kMarks / text::kMaxGraphemeCodePoints);
  // After a cut the rules go on: a letter starts a cluster of its own.
  EXPECT_TRUE(breaker.push(U'b'));
  EXPECT_EQ(breaker.cuts(), kMarks / text::kMaxGraphemeCodePoints);
}

UTEST(Segmentation, EndlessZwjChainIsCutAtTheBound) {
  // 👨 ZWJ 👩 ZWJ 👨 ZWJ ... (GB11 joins each): cut every kMaxGraphemeCodePoints.
  text::GraphemeBreaker breaker;
  unsigned wrong = 0;
  constexpr unsigned kCodePoints = 20001;
  for (unsigned i = 0; i < kCodePoints; ++i) {
    const char32_t cp = i % 2 == 1 ? U'\u200D' : (i % 4 == 0 ? U'\U0001F468' : U'\U0001F469');
    const bool boundary = breaker.push(cp);
    if (boundary != (i > 0 && i % text::kMaxGraphemeCodePoints == 0)) ++wrong;
  }
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(breaker.cuts(), (kCodePoints - 1) / text::kMaxGraphemeCodePoints);
  // A short family stays whole.
  text::GraphemeBreaker family;
  const char32_t cps[] = {0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467, 0x1F44D, 0x1F3FD};
  unsigned boundaries = 0;
  for (char32_t cp : cps) boundaries += family.push(cp) ? 1u : 0u;
  EXPECT_EQ(boundaries, 1u);  // only before 👍 (then 🏽 joins it by GB9)
  EXPECT_EQ(family.cuts(), 0u);
}

UTEST(Segmentation, HeldOpportunityIsDecidedByWhatFollows) {
  // LB25 (PR | PO) x OP NU: "$(1" joins, "$(a" may break before "(".
  struct Case {
    char32_t cps[6];
    std::size_t size;
    LineBreak held;
    std::uint16_t back;  // where the push that decides it sees the held position
  };
  const Case cases[] = {
      {{U'$', U'(', U'1'}, 3, LineBreak::kNone, 1},
      {{U'$', U'(', U'a'}, 3, LineBreak::kAllowed, 1},
      {{U'%', U'(', 0x0301, 0x0301, U'1'}, 5, LineBreak::kNone, 3},
      {{U'$', U'(', 0x200D, U' ', U'1'}, 5, LineBreak::kAllowed, 2},
  };
  for (const Case& c : cases) {
    text::LineBreaker breaker;
    unsigned decided = 0;
    for (std::size_t i = 0; i < c.size; ++i) {
      const text::LineBreaks breaks = breaker.push(c.cps[i]);
      EXPECT_EQ(breaks.before == LineBreak::kHeld, i == 1);
      if (breaks.held_back != 0) {
        ++decided;
        EXPECT_EQ(breaks.held, c.held);
        EXPECT_EQ(breaks.held_back, c.back);
      }
    }
    EXPECT_EQ(decided, 1u);
    EXPECT_EQ(breaker.finish().before, LineBreak::kAllowed);
  }
  // Held at the end of the text: decided by finish() as a break.
  text::LineBreaker breaker;
  breaker.push(U'$');
  breaker.push(U'(');
  const text::LineBreaks end = breaker.finish();
  EXPECT_EQ(end.held, LineBreak::kAllowed);
  EXPECT_EQ(end.held_back, 1u);
  EXPECT_EQ(end.before, LineBreak::kAllowed);
}

UTEST(Segmentation, EndlessHoldIsCutAtTheBound) {
  // "$(" then 10,000 combining marks then "1": decided as a break at the bound.
  text::LineBreaker breaker;
  breaker.push(U'$');
  EXPECT_EQ(breaker.push(U'(').before, LineBreak::kHeld);
  unsigned decided = 0;
  for (unsigned i = 1; i <= 10000; ++i) {
    const text::LineBreaks breaks = breaker.push(U'\u0301');
    EXPECT_EQ(breaks.before, LineBreak::kNone);
    if (breaks.held_back != 0) {
      ++decided;
      EXPECT_EQ(i, unsigned{text::kMaxLineBreakHold});
      EXPECT_EQ(breaks.held, LineBreak::kAllowed);
      EXPECT_EQ(breaks.held_back, text::kMaxLineBreakHold);
    }
  }
  const text::LineBreaks last = breaker.push(U'1');
  EXPECT_EQ(last.held_back, 0u);
  EXPECT_EQ(decided, 1u);
  EXPECT_EQ(breaker.cuts(), 1u);
}

UTEST(Segmentation, MandatoryBreaks) {
  const char32_t cps[] = {U'a', U'\r', U'\n', U'b', 0x0085, U'c', 0x2028, U'd', U'\r', U'e'};
  LineBreak got[11] = {};
  text::for_each_line_break(cps, 10, [&](std::size_t index, LineBreak kind) { got[index] = kind; });
  const LineBreak want[11] = {LineBreak::kNone, LineBreak::kNone, LineBreak::kNone, LineBreak::kMandatory,
                              LineBreak::kNone, LineBreak::kMandatory, LineBreak::kNone, LineBreak::kMandatory,
                              LineBreak::kNone, LineBreak::kMandatory, LineBreak::kAllowed};
  for (unsigned i = 0; i < 11; ++i) EXPECT_EQ(got[i], want[i]);
  text::LineBreaker breaker;
  breaker.push(U'x');
  breaker.push(U'\n');
  EXPECT_EQ(breaker.finish().before, LineBreak::kMandatory);
  EXPECT_EQ(breaker.finish().before, LineBreak::kNone);  // empty text
}

namespace {

// Random code points from both test files' palettes (every property value
// the files exercise) and, one in eight, any scalar value.
template <typename Vectors>
char32_t random_code_point(utest::Random& random) {
  if (random.below(8) == 0) {
    for (;;) {
      const char32_t cp = random.below(0x110000);
      if (cp < 0xD800 || cp > 0xDFFF) return cp;
    }
  }
  return Vectors::kPalette[random.below(sizeof Vectors::kPalette / sizeof Vectors::kPalette[0])];
}

constexpr std::size_t kRandomLength = 64;
// A broken byte can turn each byte of a sequence into a U+FFFD.
constexpr std::size_t kMaxDecoded = kRandomLength * 4;

}  // namespace

UTEST(Segmentation, SameResultHoweverTheInputIsCut) {
  const unsigned texts = utest::kReduced ? 200 : 3000;
  utest::Random random(30);
  static char32_t cps[kMaxDecoded];
  static std::uint8_t bytes[kRandomLength * 4];
  static std::uint8_t want_grapheme[kMaxDecoded + 1];
  static std::uint8_t want_line[kMaxDecoded + 1];
  static std::uint8_t got_grapheme[kMaxDecoded + 1];
  static std::uint8_t got_line[kMaxDecoded + 1];
  unsigned mismatches = 0;
  for (unsigned t = 0; t < texts; ++t) {
    std::size_t size = 0;
    const std::size_t count = random.below(kRandomLength) + 1;
    for (std::size_t i = 0; i < count; ++i) {
      const char32_t cp = (t & 1) != 0 ? random_code_point<segmentation_vectors::line_test>(random)
                                       : random_code_point<segmentation_vectors::grapheme_test>(random);
      size += utf8mcu::encode(cp, bytes + size, 4).length;
    }
    // Now and then a broken sequence: U+FFFD after decoding.
    if (random.below(4) == 0) bytes[random.below(static_cast<std::uint32_t>(size))] = 0xF8;
    // The buffer forms over the decoded text.
    std::size_t n = 0;
    utf8mcu::Decoder decoder;
    auto collect = [&](char32_t cp) {
      if (n < kMaxDecoded) cps[n] = cp;
      ++n;
    };
    decoder.push(bytes, size, collect);
    decoder.finish(collect);
    ASSERT_TRUE(n <= kMaxDecoded);
    for (std::size_t i = 0; i <= n; ++i) want_grapheme[i] = want_line[i] = got_grapheme[i] = got_line[i] = 0;
    text::for_each_grapheme_break(cps, n, [&](std::size_t i) { want_grapheme[i] = 1; });
    text::for_each_line_break(cps, n, [&](std::size_t i, LineBreak kind) { want_line[i] = static_cast<std::uint8_t>(kind); });
    // The push forms behind the decoder, the bytes in random chunks.
    text::GraphemeBreaker grapheme;
    text::LineBreaker line;
    std::size_t index = 0;
    auto take_line = [&](const text::LineBreaks& breaks) {
      if (breaks.held_back != 0) got_line[index - breaks.held_back] = static_cast<std::uint8_t>(breaks.held);
      if (breaks.before != LineBreak::kHeld) got_line[index] = static_cast<std::uint8_t>(breaks.before);
    };
    auto sink = [&](char32_t cp) {
      if (index >= kMaxDecoded) return;
      if (grapheme.push(cp)) got_grapheme[index] = 1;
      take_line(line.push(cp));
      ++index;
    };
    for (std::size_t at = 0; at < size;) {
      const std::size_t chunk = 1 + random.below(static_cast<std::uint32_t>(size - at));
      decoder.push(bytes + at, chunk, sink);
      at += chunk;
    }
    decoder.finish(sink);
    if (index > 0) got_grapheme[index] = 1;
    take_line(line.finish());
    bool same = index == n;
    for (std::size_t i = 0; same && i <= n; ++i) {
      same = got_grapheme[i] == want_grapheme[i] && got_line[i] == want_line[i];
    }
    if (!same && ++mismatches <= 3) utest::log() << "text " << t << " differs\n";
  }
  EXPECT_EQ(mismatches, 0u);
  utest::log() << texts << " random texts, chunked, same breaks as the buffer forms\n";
}
