// How a grapheme cluster is drawn (cluster.h): the rules of its file comment,
// each checked on a font built here glyph by glyph (synthetic_font.h), so the
// expected parts and advances are known without the code under test.
#include "display_test_support.h"
#include <initializer_list>

#include "composition_samples.h"
#include "display_test_font_hangul.h"
#include "display_test_font_thai.h"
#include "display_test_font_vietnamese.h"
#include "synthetic_font.h"
#include "utf8mcu/display/cluster.h"

namespace {

using namespace utf8mcu::display;

constexpr int kCell = 6;

// e, COMBINING ACUTE, COMBINING CIRCUMFLEX, HEBREW POINT HIRIQ, DEVANAGARI
// KA, DEVANAGARI VOWEL SIGN AA (spacing), a regional indicator D, THUMBS UP,
// WOMAN: advances 6, 0, 0, 0, 6, 6, 12, 12, 12. The Latin marks' ink lies over
// the glyph before them (5 pixels left of the pen after it), as fonts place
// marks; the Hebrew point's 2 pixels right of the pen, as Unifont places it.
Font test_font() {
  static display_test::SyntheticFont<9, 256> glyphs(kCell);
  glyphs = display_test::SyntheticFont<9, 256>(kCell);
  const bool added = glyphs.add(U'e', 5, 7, 5, 0, kCell, 0x55) && glyphs.add(0x0301, 3, 2, 0, -5, 0, 0x3) &&
                     glyphs.add(0x0302, 3, 2, 2, -5, 0, 0x3) &&
                     glyphs.add(0x05B4, 2, 2, 10, 2, 0, 0x3) && glyphs.add(0x0915, 5, 7, 5, 0, kCell, 0x7F) &&
                     glyphs.add(0x093E, 2, 9, 3, 0, kCell, 0x1FF) && glyphs.add(0x1F1E9, 10, 8, 4, 1, 2 * kCell, 0xFF) &&
                     glyphs.add(0x1F44D, 10, 8, 4, 1, 2 * kCell, 0x66) && glyphs.add(0x1F469, 10, 8, 4, 1, 2 * kCell, 0x3C);
  EXPECT_TRUE(added);
  return glyphs.font(13, 11);
}

ClusterLook look(const Font& font, std::initializer_list<char32_t> code_points) {
  return look_of_cluster(FontChain(font), code_points.begin(), code_points.size());
}

UTEST(Cluster, BaseAndMarksOverIt) {
  const Font font = test_font();
  const ClusterLook cluster = look(font, {U'e', 0x0302, 0x0301});
  EXPECT_EQ(cluster.count, 3u);
  EXPECT_EQ(cluster.advance, kCell);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), static_cast<std::uint32_t>(U'e'));
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.parts[1].look.code_point), 0x0302u);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.parts[2].look.code_point), 0x0301u);
  // The marks at the pen after the base (their ink over it), where the font
  // puts them: their rows do not meet, so neither moves.
  EXPECT_EQ(cluster.parts[0].dx, 0);
  for (std::size_t i = 1; i < cluster.count; ++i) {
    EXPECT_EQ(cluster.parts[i].dx, kCell);
    EXPECT_EQ(cluster.parts[i].dy, 0);
  }
  EXPECT_EQ(static_cast<int>(cluster.width_class), static_cast<int>(WidthClass::kNarrow));
}

// A mark whose ink starts right of the pen (Unifont's right-to-left marks,
// made to overstrike the cell after them) goes over its own glyph: from the
// base's pen, or from the spacing sign's after one.
UTEST(Cluster, MarksMadeForTheNextCellGoOverTheirGlyph) {
  const Font font = test_font();
  ClusterLook cluster = look(font, {U'e', 0x05B4});
  EXPECT_EQ(cluster.count, 2u);
  EXPECT_EQ(cluster.parts[1].dx, 0);
  EXPECT_EQ(cluster.advance, kCell);
  cluster = look(font, {0x0915, 0x093E, 0x05B4});
  EXPECT_EQ(cluster.count, 3u);
  EXPECT_EQ(cluster.parts[2].dx, kCell);
  EXPECT_EQ(cluster.advance, 2 * kCell);
}

UTEST(Cluster, SpacingSignFollowsTheBase) {
  const ClusterLook cluster = look(test_font(), {0x0915, 0x093E});
  EXPECT_EQ(cluster.count, 2u);
  EXPECT_EQ(cluster.parts[1].dx, kCell);
  EXPECT_EQ(cluster.advance, 2 * kCell);
}

UTEST(Cluster, EmojiSequencesAreTheirBase) {
  const Font font = test_font();
  // WOMAN ZWJ THUMBS UP (a ZWJ sequence): the woman alone.
  ClusterLook cluster = look(font, {0x1F469, 0x200D, 0x1F44D});
  EXPECT_EQ(cluster.count, 1u);
  EXPECT_EQ(cluster.advance, 2 * kCell);
  EXPECT_EQ(static_cast<int>(cluster.width_class), static_cast<int>(WidthClass::kWide));
  // THUMBS UP with a skin tone: no swatch.
  cluster = look(font, {0x1F44D, 0x1F3FD});
  EXPECT_EQ(cluster.count, 1u);
  EXPECT_EQ(cluster.advance, 2 * kCell);
  // A flag, D and E: the first letter; the font has no E, so no hex box for it.
  cluster = look(font, {0x1F1E9, 0x1F1EA});
  EXPECT_EQ(cluster.count, 1u);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), 0x1F1E9u);
  EXPECT_EQ(cluster.advance, 2 * kCell);
  // A flag whose first letter the font lacks: the hex box of that letter.
  cluster = look(font, {0x1F1EA, 0x1F1E9});
  EXPECT_EQ(cluster.count, 1u);
  EXPECT_EQ(static_cast<int>(cluster.parts[0].look.rendering), static_cast<int>(Rendering::kHexBox));
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.parts[0].look.code_point), 0x1F1EAu);
}

UTEST(Cluster, IgnorablesDrawNothingAndPartsAreBounded) {
  const Font font = test_font();
  ClusterLook cluster = look(font, {U'e', 0xFE0F, 0x0301});  // a variation selector between
  EXPECT_EQ(cluster.count, 2u);
  cluster = look(font, {U'e', 0x0301, 0x0302, 0x0301, 0x0302, 0x0301});
  EXPECT_EQ(cluster.count, kMaxClusterParts);
  EXPECT_EQ(cluster.dropped_parts, 6u - kMaxClusterParts);
  EXPECT_EQ(cluster.advance, kCell);
  cluster = look_of_cluster(FontChain(font), nullptr, 3);
  EXPECT_EQ(cluster.count, 0u);
  EXPECT_EQ(cluster.advance, 0);
}

// draw_cluster() puts the parts where look_of_cluster() says: the picture of
// the cluster equals its parts drawn one by one with draw_appearance().
UTEST(Cluster, DrawsItsParts) {
  const Font font = test_font();
  const ClusterLook cluster = look(font, {0x0915, 0x093E, 0x0301});
  std::uint8_t drawn_bytes[mono_buffer_size(32, 16)] = {};
  std::uint8_t expected_bytes[mono_buffer_size(32, 16)] = {};
  MonoFramebuffer drawn(drawn_bytes, 32, 16);
  MonoFramebuffer expected(expected_bytes, 32, 16);
  const Clip clip = clip_of(Rect{0, 0, 32, 16});
  EXPECT_EQ(draw_cluster(drawn, cluster, 3, 1, clip, kLitOnDark), 2 * kCell);
  const FontChain chain(font);
  draw_appearance(expected, appearance_of(chain, 0x0915), 3, 1, clip, kLitOnDark);
  draw_appearance(expected, appearance_of(chain, 0x093E), 3 + kCell, 1, clip, kLitOnDark);
  draw_appearance(expected, appearance_of(chain, 0x0301), 3 + 2 * kCell, 1, clip, kLitOnDark);
  EXPECT_TRUE(display_test::same_picture(drawn, expected));
}

// ---- Composition and stacking on a font built here ----------------------------
//
// Line 16 rows, baseline 11, cells of 6. o and THAI KO KAI: ink rows 5-10.
// Marks (advance 0, ink 5 pixels left of the pen after the base, so over
// its columns 1-3): grave, acute, circumflex rows 2-3; comma above right
// column 5 only, rows 2-3; dot below row 12; diaeresis below rows 12-13;
// short stroke overlay row 7 (middle of the line: neither above nor below).
// Thai: SARA II rows 3-4 (columns 1-4), SARA U row 12-13, MAI EK rows 0-1
// (drawn high by the font), MAI THO rows 2-4 (columns 3-4). Precomposed:
// o with acute, dot below, circumflex and acute, dot below and circumflex
// (not o with circumflex: a step the font lacks).
constexpr int kStackLine = 16;
constexpr int kStackBaseline = 11;

Font stack_font(bool with_compositions) {
  // Marks 0301, 0302 (class 230) and 0323 (220); pairs (first << 8 | mark's
  // place, composite) in order: o+acute, o+circumflex, o+dot below,
  // o-circumflex+acute, o-dot-below+circumflex.
  static constexpr std::uint32_t kPairs[] = {3,      0x301E6u, 0x302E6u, 0x323DCu, 0x6F00u,   0xF3u,     0x6F01u,
                                             0xF4u,  0x6F02u,  0x1ECDu,  0xF400u,  0x1ED1u,   0x1ECD01u, 0x1ED9u};
  static display_test::SyntheticFont<24, 512> glyphs(kCell);
  glyphs = display_test::SyntheticFont<24, 512>(kCell);
  const bool added =
      glyphs.add(U'o', 5, 6, 5, 0, kCell, 0x3F) && glyphs.add(0x00F3, 5, 9, 2, 0, kCell, 0x1F3) &&
      glyphs.add(0x0300, 3, 2, 2, -5, 0, 0x1) && glyphs.add(0x0301, 3, 2, 2, -5, 0, 0x2) &&
      glyphs.add(0x0302, 3, 2, 2, -5, 0, 0x3) && glyphs.add(0x0315, 1, 2, 2, -1, 0, 0x3) &&
      glyphs.add(0x0323, 3, 1, 12, -5, 0, 0x1) && glyphs.add(0x0324, 3, 2, 12, -5, 0, 0x1) &&
      glyphs.add(0x0335, 5, 1, 7, -6, 0, 0x1) && glyphs.add(0x0E01, 5, 6, 5, 0, kCell, 0x2F) &&
      glyphs.add(0x0E35, 4, 2, 3, -5, 0, 0x3) && glyphs.add(0x0E38, 2, 2, 12, -3, 0, 0x3) &&
      glyphs.add(0x0E48, 2, 2, 0, -3, 0, 0x3) && glyphs.add(0x0E49, 2, 3, 2, -3, 0, 0x5) &&
      glyphs.add(0x1ECD, 5, 10, 5, 0, kCell, 0x33F) && glyphs.add(0x1ED1, 5, 9, 2, 0, kCell, 0x1F1) &&
      glyphs.add(0x1ED9, 5, 12, 2, 0, kCell, 0xC3F);
  EXPECT_TRUE(added);
  Font font = glyphs.font(kStackLine, kStackBaseline);
  if (with_compositions) {
    font.compositions = kPairs;
    font.composition_words = sizeof kPairs / sizeof kPairs[0];
  }
  return font;
}

std::uint32_t part_code_point(const ClusterLook& cluster, std::size_t i) {
  return static_cast<std::uint32_t>(cluster.parts[i].look.code_point);
}

UTEST(ClusterCompose, TableLookups) {
  const Font font = stack_font(true);
  EXPECT_EQ(composition_class(font, 0x0301), 230);
  EXPECT_EQ(composition_class(font, 0x0323), 220);
  EXPECT_EQ(composition_class(font, 0x0300), -1);
  EXPECT_EQ(composition_class(font, 0x10FFFF), -1);
  EXPECT_EQ(static_cast<std::uint32_t>(canonical_composite(font, U'o', 0x0302)), 0xF4u);
  EXPECT_EQ(static_cast<std::uint32_t>(canonical_composite(font, 0xF4, 0x0301)), 0x1ED1u);
  EXPECT_EQ(static_cast<std::uint32_t>(canonical_composite(font, 0xF4, 0x0302)), 0u);
  EXPECT_EQ(static_cast<std::uint32_t>(canonical_composite(font, U'p', 0x0301)), 0u);
  EXPECT_EQ(static_cast<std::uint32_t>(canonical_composite(font, U'o', 0x0300)), 0u);
  // No table, or one whose mark count runs past its end: nothing, no read past it.
  EXPECT_EQ(composition_class(stack_font(false), 0x0301), -1);
  static constexpr std::uint32_t kCorrupt[] = {200, 0x301E6u};
  Font corrupt = stack_font(false);
  corrupt.compositions = kCorrupt;
  corrupt.composition_words = 2;
  EXPECT_EQ(composition_class(corrupt, 0x0301), 230);
  EXPECT_EQ(static_cast<std::uint32_t>(canonical_composite(corrupt, U'o', 0x0301)), 0u);
}

UTEST(ClusterCompose, BaseAndMarksBecomeThePrecomposedGlyph) {
  const Font font = stack_font(true);
  // Through o + circumflex, which the font lacks, to the glyph it has.
  ClusterLook cluster = look(font, {U'o', 0x0302, 0x0301});
  EXPECT_EQ(cluster.count, 1u);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), 0x1ED1u);
  EXPECT_EQ(cluster.advance, kCell);
  // The step alone has no glyph: the base and its mark.
  cluster = look(font, {U'o', 0x0302});
  EXPECT_EQ(cluster.count, 2u);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), static_cast<std::uint32_t>(U'o'));
  EXPECT_EQ(part_code_point(cluster, 1), 0x0302u);
  // Marks out of canonical order (230 before 220) are put in order first.
  cluster = look(font, {U'o', 0x0302, 0x0323});
  EXPECT_EQ(cluster.count, 1u);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), 0x1ED9u);
  // Two marks of one class: the second is blocked by the first's class once
  // o + acute has no pair with the circumflex.
  cluster = look(font, {U'o', 0x0301, 0x0302});
  EXPECT_EQ(cluster.count, 2u);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), 0xF3u);
  EXPECT_EQ(part_code_point(cluster, 1), 0x0302u);
  // A mark no table names ends the marks that compose.
  cluster = look(font, {U'o', 0x0335, 0x0301});
  EXPECT_EQ(cluster.count, 3u);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), static_cast<std::uint32_t>(U'o'));
  // Without the table nothing composes.
  cluster = look(stack_font(false), {U'o', 0x0302, 0x0301});
  EXPECT_EQ(cluster.count, 3u);
  // A composition table in the second font of a chain serves the first.
  const Font plain = stack_font(false);
  const Font table_only = [] {
    Font only = stack_font(true);
    only.run_count = 0;  // no glyphs, the pairs only
    return only;
  }();
  const char32_t sequence[] = {U'o', 0x0323};
  cluster = look_of_cluster(FontChain(plain, table_only), sequence, 2);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), 0x1ECDu);
}

UTEST(ClusterCompose, LongRunsOfMarksStayBounded) {
  const Font font = stack_font(true);
  char32_t sequence[1 + 10] = {U'o'};
  for (std::size_t i = 1; i < 11; ++i) sequence[i] = 0x0323;
  // The first dot below composes; of the 9 left, 3 are drawn.
  const ClusterLook cluster = look_of_cluster(FontChain(font), sequence, 11);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), 0x1ECDu);
  EXPECT_EQ(cluster.count, kMaxClusterParts);
  EXPECT_EQ(cluster.dropped_parts, 6u);
  EXPECT_EQ(cluster.advance, kCell);
}

// Composition tables of random words (counts past the end, unsorted keys,
// composites beyond U+10FFFF) and random clusters: the lookups stay inside the
// table (ASan on the host) and a cluster stays within its bounds.
UTEST(ClusterCompose, HostileTablesStayInBounds) {
  std::uint32_t state = 0x2545F491u;
  const auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
  };
  static constexpr char32_t kAlphabet[] = {U'o', 0x00F3, 0x0300, 0x0301, 0x0302, 0x0323,
                                           0x0324, 0x0335, 0x0E01, 0x0E49, 0x1100, 0x1161,
                                           0x11A8, 0xAC00, 0x200D, 0x10FFFF};
  std::uint32_t words[12] = {};
  Font font = stack_font(false);
  font.compositions = words;
  std::uint8_t bytes[mono_buffer_size(32, 16)] = {};
  MonoFramebuffer surface(bytes, 32, 16);
  const int rounds = utest::kReduced ? 300 : 3000;
  for (int round = 0; round < rounds; ++round) {
    font.composition_words = next() % 13;
    for (std::uint32_t& word : words) {
      const std::uint32_t pick = next();
      word = (pick & 3u) == 0 ? pick : (static_cast<std::uint32_t>(kAlphabet[pick % 16]) << 8) | ((pick >> 8) & 0xFFu);
    }
    if ((next() & 1u) != 0) words[0] = next() % 16;
    char32_t cluster[12] = {};
    const std::size_t length = 1 + next() % 12;
    for (std::size_t i = 0; i < length; ++i) cluster[i] = kAlphabet[next() % 16];
    const ClusterLook look = look_of_cluster(FontChain(font), cluster, length);
    EXPECT_TRUE(look.count <= kMaxClusterParts);
    EXPECT_TRUE(look.count + look.dropped_parts <= length);
    for (std::size_t i = 0; i < look.count; ++i) {
      const Glyph& glyph = look.parts[i].look.glyph;
      if (look.parts[i].look.rendering == Rendering::kGlyph && glyph.height > 0) {
        EXPECT_TRUE(glyph.top + look.parts[i].dy >= 0);
        EXPECT_TRUE(glyph.top + look.parts[i].dy + glyph.height <= kStackLine);
      }
    }
    (void)draw_cluster(surface, look, 4, 0, clip_of(Rect{0, 0, 32, 16}), kLitOnDark);
  }
}

// Expected shifts worked out from the glyph boxes in the comment above.
UTEST(ClusterStack, MarksAboveStackUpward) {
  const Font font = stack_font(false);
  ClusterLook cluster = look(font, {U'o', 0x0300, 0x0301});
  EXPECT_EQ(cluster.count, 3u);
  EXPECT_EQ(cluster.parts[1].dx, kCell);
  EXPECT_EQ(cluster.parts[1].dy, 0);   // the first stays: rows 2-3
  EXPECT_EQ(cluster.parts[2].dy, -2);  // rows 0-1, just above it
  // A third has no room left: it stays at the line's top row, over the second.
  cluster = look(font, {U'o', 0x0300, 0x0301, 0x0302});
  EXPECT_EQ(cluster.parts[2].dy, -2);
  EXPECT_EQ(cluster.parts[3].dy, -2);
  // Marks whose columns do not meet stay side by side.
  cluster = look(font, {U'o', 0x0300, 0x0315});
  EXPECT_EQ(cluster.parts[2].dy, 0);
  // An overlay (middle of the line) is neither above nor below.
  cluster = look(font, {U'o', 0x0335, 0x0300, 0x0301});
  EXPECT_EQ(cluster.parts[1].dy, 0);
  EXPECT_EQ(cluster.parts[2].dy, 0);
  EXPECT_EQ(cluster.parts[3].dy, -2);
  // A below-mark between does not move the above ones.
  cluster = look(font, {U'o', 0x0300, 0x0323, 0x0301});
  EXPECT_EQ(cluster.parts[2].dy, 0);
  EXPECT_EQ(cluster.parts[3].dy, -2);
}

UTEST(ClusterStack, MarksBelowStackDownward) {
  const Font font = stack_font(false);
  const ClusterLook cluster = look(font, {U'o', 0x0323, 0x0324, 0x0323});
  EXPECT_EQ(cluster.count, 4u);
  EXPECT_EQ(cluster.parts[1].dy, 0);  // row 12
  EXPECT_EQ(cluster.parts[2].dy, 1);  // rows 13-14
  EXPECT_EQ(cluster.parts[3].dy, 3);  // row 15, the line's last
}

UTEST(ClusterStack, ThaiToneMarkGoesOverTheVowel) {
  const Font font = stack_font(false);
  // SARA II then MAI THO: the tone mark moves up to rows 0-2.
  ClusterLook cluster = look(font, {0x0E01, 0x0E35, 0x0E49});
  EXPECT_EQ(cluster.count, 3u);
  EXPECT_EQ(cluster.parts[1].dy, 0);
  EXPECT_EQ(cluster.parts[2].dy, -2);
  // Alone over the consonant, it stays where the font puts it.
  cluster = look(font, {0x0E01, 0x0E49});
  EXPECT_EQ(cluster.parts[1].dy, 0);
  // A tone mark the font already draws high (MAI EK) is not moved.
  cluster = look(font, {0x0E01, 0x0E35, 0x0E48});
  EXPECT_EQ(cluster.parts[2].dy, 0);
  // A below-vowel first: the tone mark over the consonant stays.
  cluster = look(font, {0x0E01, 0x0E38, 0x0E49});
  EXPECT_EQ(cluster.parts[1].dy, 0);
  EXPECT_EQ(cluster.parts[2].dy, 0);
}

// The stacked picture equals the parts drawn one by one, each mark drawn
// that many rows higher or lower (its ink whole inside the line).
UTEST(ClusterStack, DrawsTheMovedMarks) {
  const Font font = stack_font(false);
  const FontChain chain(font);
  const ClusterLook cluster = look(font, {U'o', 0x0300, 0x0301, 0x0323, 0x0324});
  std::uint8_t drawn_bytes[mono_buffer_size(32, 24)] = {};
  std::uint8_t expected_bytes[mono_buffer_size(32, 24)] = {};
  MonoFramebuffer drawn(drawn_bytes, 32, 24);
  MonoFramebuffer expected(expected_bytes, 32, 24);
  const Clip clip = clip_of(Rect{0, 0, 32, 24});
  EXPECT_EQ(draw_cluster(drawn, cluster, 2, 4, clip, kLitOnDark), kCell);
  draw_appearance(expected, appearance_of(chain, U'o'), 2, 4, clip, kLitOnDark);
  draw_appearance(expected, appearance_of(chain, 0x0300), 2 + kCell, 4, clip, kLitOnDark);
  draw_appearance(expected, appearance_of(chain, 0x0301), 2 + kCell, 4 - 2, clip, kLitOnDark);
  draw_appearance(expected, appearance_of(chain, 0x0323), 2 + kCell, 4, clip, kLitOnDark);
  EXPECT_EQ(cluster.count, kMaxClusterParts);  // the diaeresis below is left out
  EXPECT_TRUE(display_test::same_picture(drawn, expected));
}

// However far a part is said to move, its ink stays inside the line.
UTEST(ClusterStack, MovedInkStaysInTheLine) {
  const Font font = stack_font(false);
  ClusterLook cluster = look(font, {U'o', 0x0300, 0x0323});
  cluster.parts[1].dy = -100;
  cluster.parts[2].dy = 100;
  std::uint8_t bytes[mono_buffer_size(16, 32)] = {};
  MonoFramebuffer drawn(bytes, 16, 32);
  EXPECT_EQ(draw_cluster(drawn, cluster, 0, 8, clip_of(Rect{0, 0, 16, 32}), kLitOnDark), kCell);
  int lit_in_line = 0;
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 16; ++x) {
      if (!drawn.get_pixel(x, y)) continue;
      EXPECT_TRUE(y >= 8 && y < 8 + kStackLine);
      ++lit_in_line;
    }
  }
  EXPECT_TRUE(drawn.get_pixel(1, 8));                   // the grave's ink on the line's top row
  EXPECT_TRUE(drawn.get_pixel(1, 8 + kStackLine - 1));  // the dot below on its bottom row
  EXPECT_TRUE(lit_in_line > 0);
}

// ---- Real fonts ------------------------------------------------------------------

// Every precomposed Latin and Vietnamese letter Unifont's Vietnamese set has,
// written decomposed (NFD, and each reordering NFC still composes: Python's
// unicodedata made the list), draws the precomposed glyph's picture.
UTEST(ClusterCompose, DecomposedVietnameseLooksComposed) {
  using utf8mcu::display::fonts::kTestFontVietnamese;
  const FontChain chain(kTestFontVietnamese);
  const Clip clip = clip_of(Rect{0, 0, 16, 16});
  std::size_t tested = 0;
  std::size_t vietnamese = 0;
  for (const auto& sample : display_test::kCompositionSamples) {
    if (sample.hangul || !chain.find(sample.composed).found()) continue;
    const ClusterLook cluster = look_of_cluster(chain, sample.sequence, sample.length);
    EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), static_cast<std::uint32_t>(sample.composed));
    EXPECT_EQ(cluster.count, 1u);
    std::uint8_t drawn_bytes[mono_buffer_size(16, 16)] = {};
    std::uint8_t expected_bytes[mono_buffer_size(16, 16)] = {};
    MonoFramebuffer drawn(drawn_bytes, 16, 16);
    MonoFramebuffer expected(expected_bytes, 16, 16);
    draw_cluster(drawn, cluster, 4, 0, clip, kLitOnDark);
    draw_appearance(expected, appearance_of(chain, sample.composed), 4, 0, clip, kLitOnDark);
    EXPECT_TRUE(display_test::same_picture(drawn, expected));
    ++tested;
    if (sample.composed >= 0x1EA0) ++vietnamese;
  }
  // U+1EA0-U+1EF9 (90 letters, several with two orders) and Latin-1's and
  // Latin Extended's letters the set holds.
  EXPECT_TRUE(vietnamese >= 90);
  EXPECT_TRUE(tested >= 150);
  // The case of the issue: e U+0302 U+0301 and U+1EBF.
  const char32_t decomposed[] = {U'e', 0x0302, 0x0301};
  EXPECT_EQ(static_cast<std::uint32_t>(look_of_cluster(chain, decomposed, 3).base), 0x1EBFu);
}

// Conjoining jamo (Python's NFD of each syllable, and LV syllable + T) draw
// the syllable where the font has it; else the jamo.
UTEST(ClusterCompose, JamoBecomeTheSyllable) {
  using utf8mcu::display::fonts::kTestFontHangul;
  const FontChain chain(kTestFontHangul);
  std::size_t tested = 0;
  for (const auto& sample : display_test::kCompositionSamples) {
    if (!sample.hangul) continue;
    const ClusterLook cluster = look_of_cluster(chain, sample.sequence, sample.length);
    EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), static_cast<std::uint32_t>(sample.composed));
    EXPECT_EQ(cluster.count, 1u);
    EXPECT_EQ(cluster.advance, appearance_of(chain, sample.composed).advance);
    ++tested;
  }
  EXPECT_EQ(tested, 6u);  // AC00 and D558 (LV), AC01 and D55C (LVT, two ways each)
  // NIEUN A: the font has no U+B098, so the jamo are drawn.
  const char32_t missing[] = {0x1102, 0x1161};
  const ClusterLook cluster = look_of_cluster(chain, missing, 2);
  EXPECT_EQ(static_cast<std::uint32_t>(cluster.base), 0x1102u);
  // An LVT whose syllable is missing falls back to the LV syllable and the T:
  // KIYEOK A SSANGKIYEOK (U+AC02 is not in the font).
  const char32_t partial[] = {0x1100, 0x1161, 0x11A9};
  const ClusterLook lv = look_of_cluster(chain, partial, 3);
  EXPECT_EQ(static_cast<std::uint32_t>(lv.base), 0xAC00u);
  EXPECT_EQ(part_code_point(lv, lv.count - 1), 0x11A9u);
}

// Unifont draws Thai tone marks high, over where an above-vowel goes: the
// tone mark stays above the vowel, no row shared.
UTEST(ClusterStack, ThaiInUnifont) {
  using utf8mcu::display::fonts::kTestFontThai;
  const FontChain chain(kTestFontThai);
  const char32_t sequence[] = {0x0E01, 0x0E35, 0x0E49};
  const ClusterLook cluster = look_of_cluster(chain, sequence, 3);
  EXPECT_EQ(cluster.count, 3u);
  const Glyph& vowel = cluster.parts[1].look.glyph;
  const Glyph& tone = cluster.parts[2].look.glyph;
  EXPECT_TRUE(tone.top + cluster.parts[2].dy + tone.height <= vowel.top + cluster.parts[1].dy);
  EXPECT_EQ(cluster.advance, appearance_of(chain, 0x0E01).advance);
}

}  // namespace
