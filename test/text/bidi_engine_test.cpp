// The bidi engine's bounds and bad input: deep nesting past the limits of X1
// and BD16, lone PDF and PDI, paragraph separators, paragraphs over capacity.
// Expected levels follow from the rules' text (stated at each check); the
// conformance files and the ICU differential cover the rest.
#include <cstring>

#include "utest/random.h"
#include "utest/utest.h"
#include "utf8mcu/text/bidi.h"

namespace {

using utf8mcu::text::BidiClass;
using utf8mcu::text::BidiDirection;
using utf8mcu::text::BidiParagraph;

constexpr char32_t kLRE = 0x202A, kRLE = 0x202B, kPDF = 0x202C, kRLO = 0x202E;
constexpr char32_t kLRI = 0x2066, kRLI = 0x2067, kPDI = 0x2069;
constexpr char32_t kAlef = 0x05D0;  // R

// A paragraph object between guard bytes that must stay untouched.
template <std::size_t kCapacity>
struct Guarded {
  std::uint8_t before[32];
  BidiParagraph<kCapacity> paragraph;
  std::uint8_t after[32];
  Guarded() {
    std::memset(before, 0xA5, sizeof before);
    std::memset(after, 0x5A, sizeof after);
  }
  bool intact() const {
    for (std::size_t i = 0; i < sizeof before; ++i) {
      if (before[i] != 0xA5 || after[i] != 0x5A) return false;
    }
    return true;
  }
};

// 10,000 deep (1,000 on microbit's 16 KB of RAM); the text sits in flash.
constexpr std::size_t kDeep = utest::kReduced ? 1000 : 10000;
struct DeepText {
  char32_t code_points[2 * kDeep + 1];
};
constexpr DeepText make_deep_text() {
  DeepText text{};
  for (std::size_t i = 0; i < kDeep; ++i) {
    text.code_points[i] = kRLI;
    text.code_points[kDeep + 1 + i] = kPDI;
  }
  text.code_points[kDeep] = U'a';
  return text;
}
constexpr DeepText kDeepText = make_deep_text();
const char32_t* const deep_text = kDeepText.code_points;
Guarded<2 * kDeep + 1> deep;

UTEST(BidiEngine, TenThousandNestedIsolates) {
  // n RLIs, an L, n PDIs. RLI raises to the next odd level: 1, 3, ..., 125
  // (63 isolates, X5a); the rest overflow (X5a, overflow isolate count) and
  // change nothing. The L sits at level 125 and I2 raises it to 126.
  const std::size_t done = deep.paragraph.resolve(deep_text, 2 * kDeep + 1, BidiDirection::kLeftToRight);
  ASSERT_EQ(done, 2 * kDeep + 1);
  EXPECT_EQ(deep.paragraph.level(kDeep), 126u);
  // The last valid isolate's initiator sits at 123 and ends the level run of
  // 123; the 64th RLI, the first to overflow, is at 125 with the L.
  EXPECT_EQ(deep.paragraph.level(62) & ~1u, 122u);
  static std::uint16_t visual[2 * kDeep + 1];
  deep.paragraph.reorder_line(0, done, visual);
  // L1: the PDIs trail the line and go back to the paragraph level.
  EXPECT_EQ(deep.paragraph.level(2 * kDeep), 0u);
  EXPECT_TRUE(deep.intact());
}

UTEST(BidiEngine, EmbeddingsPastTheDepthLimit) {
  // 200 RLEs then R: RLE gives 1, 3, ..., 125 (63 entries), the rest overflow;
  // the R at odd 125 stays 125. 200 PDFs pop the overflow counter first.
  static char32_t text[401];
  for (int i = 0; i < 200; ++i) {
    text[i] = kRLE;
    text[201 + i] = kPDF;
  }
  text[200] = kAlef;
  Guarded<401> g;
  ASSERT_EQ(g.paragraph.resolve(text, 401, BidiDirection::kLeftToRight), 401u);
  EXPECT_EQ(g.paragraph.level(200), 125u);
  EXPECT_TRUE(g.paragraph.removed(0));
  EXPECT_TRUE(g.paragraph.removed(400));
  EXPECT_TRUE(g.intact());
}

UTEST(BidiEngine, LonePdfAndPdi) {
  // X7: a PDF with nothing to pop does nothing; X6a: an unmatched PDI does
  // not pop either and is a neutral between two Ls (N1): all at level 0.
  const char32_t text[] = {U'a', kPDF, U'b', kPDI, U'c'};
  BidiParagraph<8> p;
  ASSERT_EQ(p.resolve(text, 5), 5u);
  EXPECT_EQ(p.paragraph_level(), 0u);
  EXPECT_TRUE(p.removed(1));
  EXPECT_EQ(p.level(0), 0u);
  EXPECT_EQ(p.level(2), 0u);
  EXPECT_EQ(p.level(3), 0u);
  EXPECT_EQ(p.level(4), 0u);
  // P2: a lone PDI does not hide the R after it.
  const char32_t rtl[] = {kPDI, kAlef};
  ASSERT_EQ(p.resolve(rtl, 2), 2u);
  EXPECT_EQ(p.paragraph_level(), 1u);
}

UTEST(BidiEngine, UnclosedIsolatesAndOverrides) {
  // An LRI without PDI runs to the paragraph's end; an RLO without PDF
  // overrides to its end: "a RLO b c" -> b, c are R at level 1.
  const char32_t text[] = {U'a', kRLO, U'b', U'c', kLRI, U'd'};
  BidiParagraph<8> p;
  ASSERT_EQ(p.resolve(text, 6), 6u);
  EXPECT_EQ(p.level(2), 1u);
  EXPECT_EQ(p.level(3), 1u);
  EXPECT_EQ(p.level(5), 2u);  // LRI at 1 opens 2; d is L at 2
}

UTEST(BidiEngine, ParagraphSeparatorEndsTheParagraph) {
  const char32_t text[] = {kAlef, U' ', 0x2029, U'a', U'b'};
  BidiParagraph<8> p;
  ASSERT_EQ(p.resolve(text, 5), 3u);  // P1: up to and including the B
  EXPECT_EQ(p.paragraph_level(), 1u);
  ASSERT_EQ(p.resolve(text + 3, 2), 2u);
  EXPECT_EQ(p.paragraph_level(), 0u);
}

UTEST(BidiEngine, ManyBracketsStopPairingAtTheStackLimit) {
  // 70 "(" then R then 70 ")" in an LTR paragraph: BD16 stops at the 64th
  // opener, so no pair is found and the brackets stay neutral (N1/N2): the
  // run of neutrals between sos L and R takes the embedding direction L.
  static char32_t text[141];
  for (int i = 0; i < 70; ++i) {
    text[i] = U'(';
    text[71 + i] = U')';
  }
  text[70] = kAlef;
  Guarded<141> g;
  ASSERT_EQ(g.paragraph.resolve(text, 141, BidiDirection::kLeftToRight), 141u);
  EXPECT_EQ(g.paragraph.level(0), 0u);
  EXPECT_EQ(g.paragraph.level(70), 1u);
  EXPECT_EQ(g.paragraph.level(140), 0u);
  // 63 openers fit the stack: the pairs enclose an R, opposite to the
  // embedding direction, with no strong R before them: N0 c2 gives L.
  Guarded<127> h;
  static char32_t fits[127];
  for (int i = 0; i < 63; ++i) {
    fits[i] = U'(';
    fits[64 + i] = U')';
  }
  fits[63] = kAlef;
  ASSERT_EQ(h.paragraph.resolve(fits, 127, BidiDirection::kLeftToRight), 127u);
  EXPECT_EQ(h.paragraph.level(0), 0u);
  EXPECT_EQ(h.paragraph.level(63), 1u);
  EXPECT_TRUE(g.intact());
  EXPECT_TRUE(h.intact());
}

UTEST(BidiEngine, OverCapacityIsResolvedInPieces) {
  // A paragraph longer than the capacity: each capacity-sized piece is a
  // paragraph of its own at the first piece's level; the same as resolving
  // the pieces one by one in a large object.
  utest::Random random(31);
  const char32_t alphabet[] = {U'a', kAlef, U'1', U' ', U'(', U')', kRLI, kPDI, kLRE, kPDF, 0x0627, 0x0661, U'-'};
  constexpr std::size_t kCount = 100;
  char32_t text[kCount];
  for (int round = 0; round < 50; ++round) {
    for (std::size_t i = 0; i < kCount; ++i) text[i] = alphabet[random.below(sizeof alphabet / sizeof alphabet[0])];
    Guarded<16> small;
    BidiParagraph<kCount> large;
    std::size_t at = 0;
    BidiDirection direction = BidiDirection::kAuto;
    const unsigned whole_level = utf8mcu::text::bidi_paragraph_level(text, kCount);
    while (at < kCount) {
      const std::size_t done = small.paragraph.resolve(text + at, kCount - at, direction);
      ASSERT_TRUE(done > 0 && done <= 16);
      EXPECT_EQ(small.paragraph.paragraph_level(), whole_level);
      const std::size_t again = large.resolve(text + at, done, small.paragraph.paragraph_direction());
      ASSERT_EQ(again, done);
      for (std::size_t i = 0; i < done; ++i) EXPECT_EQ(small.paragraph.level(i), large.level(i));
      direction = small.paragraph.paragraph_direction();
      at += done;
    }
    EXPECT_TRUE(small.intact());
  }
}

UTEST(BidiEngine, ClassesAndMirrors) {
  EXPECT_EQ(utf8mcu::text::bidi_class(0x110000), BidiClass::kL);
  EXPECT_EQ(utf8mcu::text::bidi_class(kRLI), BidiClass::kRLI);
  EXPECT_EQ(utf8mcu::text::bidi_class(0x2029), BidiClass::kB);
  EXPECT_EQ(utf8mcu::text::bidi_mirroring_glyph(0x110000), 0x110000u);
  EXPECT_EQ(utf8mcu::text::bidi_mirroring_glyph(U'('), U')');
  EXPECT_EQ(utf8mcu::text::bidi_mirroring_glyph(U'a'), U'a');
}

UTEST(BidiEngine, MirroredGlyphsOnOddLevels) {
  // "a (b)" in an RTL paragraph: the brackets enclose L (N0: embedding R? no,
  // L is opposite; the context before is a, L: N0 c1 gives L), so they stay
  // at level 2 and are not mirrored; in "א (ב)" they are R at level 1 and are.
  const char32_t ltr[] = {U'a', U'(', U'b', U')'};
  const char32_t rtl[] = {kAlef, U'(', 0x05D1, U')'};
  BidiParagraph<8> p;
  p.resolve(ltr, 4, BidiDirection::kRightToLeft);
  EXPECT_EQ(p.glyph(1), U'(');
  p.resolve(rtl, 4, BidiDirection::kRightToLeft);
  EXPECT_EQ(p.glyph(1), U')');
  EXPECT_EQ(p.glyph(3), U'(');
}

UTEST(BidiEngine, IndexesPastTheParagraphAreDefined) {
  // "א ב a" in a right-to-left paragraph: the letters at level 1, the a at 2
  // (I2). Past the 3 code points: the paragraph level, not removed, U+FFFD.
  const char32_t text[] = {kAlef, 0x05D1, U'a'};
  Guarded<4> guarded;
  BidiParagraph<4>& p = guarded.paragraph;
  ASSERT_EQ(p.resolve(text, 3, BidiDirection::kRightToLeft), std::size_t{3});
  EXPECT_EQ(p.level(2), 2u);
  EXPECT_EQ(p.level(3), 1u);
  EXPECT_EQ(p.level(1000), 1u);
  EXPECT_FALSE(p.removed(3));
  EXPECT_FALSE(p.removed(static_cast<std::size_t>(-1)));
  EXPECT_EQ(p.glyph(3), char32_t{0xFFFD});
  // A line past the end is cut at size(): 3 indexes, shown a, ב, א (L2
  // reverses the whole line at level 1, the a alone at 2); the rest of
  // `visual` and the object around the levels stay untouched.
  std::uint8_t visual[8];
  std::memset(visual, 0xEE, sizeof visual);
  p.reorder_line(0, 1000, visual);
  EXPECT_EQ(visual[0], 2u);
  EXPECT_EQ(visual[1], 1u);
  EXPECT_EQ(visual[2], 0u);
  for (std::size_t k = 3; k < sizeof visual; ++k) EXPECT_EQ(visual[k], 0xEEu);
  // A line that starts past the end, or whose first is after its last, is empty.
  p.reorder_line(5, 1000, visual + 3);
  p.reorder_line(2, 1, visual + 3);
  for (std::size_t k = 3; k < sizeof visual; ++k) EXPECT_EQ(visual[k], 0xEEu);
  EXPECT_TRUE(guarded.intact());
}

}  // namespace
