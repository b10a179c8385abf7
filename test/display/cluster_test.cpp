// How a grapheme cluster is drawn (cluster.h): the rules of its file comment,
// each checked on a font built here glyph by glyph (synthetic_font.h), so the
// expected parts and advances are known without the code under test.
#include "display_test_support.h"
#include <initializer_list>

#include "synthetic_font.h"
#include "utf8mcu/display/cluster.h"

namespace {

using namespace utf8mcu::display;

constexpr int kCell = 6;

// e, COMBINING ACUTE, COMBINING CIRCUMFLEX, DEVANAGARI KA, DEVANAGARI VOWEL
// SIGN AA (spacing), a regional indicator D, THUMBS UP, WOMAN: advances
// 6, 0, 0, 6, 6, 12, 12, 12.
Font test_font() {
  static display_test::SyntheticFont<8, 256> glyphs(kCell);
  glyphs = display_test::SyntheticFont<8, 256>(kCell);
  const bool added = glyphs.add(U'e', 5, 7, 5, 0, kCell, 0x55) && glyphs.add(0x0301, 3, 2, 0, 1, 0, 0x3) &&
                     glyphs.add(0x0302, 3, 2, 2, 1, 0, 0x3) && glyphs.add(0x0915, 5, 7, 5, 0, kCell, 0x7F) &&
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
  for (std::size_t i = 0; i < cluster.count; ++i) EXPECT_EQ(cluster.parts[i].dx, 0);
  EXPECT_EQ(static_cast<int>(cluster.width_class), static_cast<int>(WidthClass::kNarrow));
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
  draw_appearance(expected, appearance_of(chain, 0x0301), 3, 1, clip, kLitOnDark);
  EXPECT_TRUE(display_test::same_picture(drawn, expected));
}

}  // namespace
