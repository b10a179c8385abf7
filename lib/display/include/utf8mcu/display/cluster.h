#pragma once
/// @file
/// Step (d) of the layout (layout.h) for a whole unit: how a grapheme cluster
/// (a base and what follows it: marks, joiners, emoji modifiers, a second
/// regional indicator) is drawn with a FontChain. The layouts collect a
/// unit's code points, ask look_of_cluster() how it looks (its advance decides
/// the wrap), then draw it with draw_cluster().
///
/// Rules:
///   - The base (the first code point) is drawn as choose_glyph() says.
///   - A combining mark (a glyph that advances 0) is drawn over the base.
///   - A spacing glyph inside the cluster (a spacing vowel sign, a conjoining
///     jamo) is drawn after what came before and adds its advance.
///   - An emoji sequence is one picture: after ZERO WIDTH JOINER nothing more
///     of the cluster is drawn, a skin-tone modifier is never drawn, and a
///     flag (two regional indicators) is drawn as its first one, so the base
///     glyph stands for the sequence (or its hex box where no font has it).
///   - Ignorable code points (variation selectors, joiners) draw nothing.
///   - At most kMaxClusterParts glyphs are drawn; further marks of a longer
///     cluster are left out (dropped_parts counts them).
///
/// Cost: a glyph lookup per code point of the cluster and font tried; the
/// ClusterLook is a few dozen bytes on the stack, no other RAM.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/render.h"

namespace utf8mcu::display {

/// The most glyphs one cluster draws (a base and three marks).
inline constexpr std::size_t kMaxClusterParts = 4;

/// One glyph of a cluster and where it goes, relative to the cluster's pen.
struct ClusterPart {
  Appearance look;
  std::int8_t dx = 0;  ///< pixels right of the cluster's pen
  std::int8_t dy = 0;  ///< rows down from the line top (negative: up)
};

/// How a grapheme cluster is drawn: its parts, base first.
struct ClusterLook {
  ClusterPart parts[kMaxClusterParts];
  std::uint8_t count = 0;          ///< parts to draw
  std::uint8_t dropped_parts = 0;  ///< marks left out past kMaxClusterParts
  std::uint8_t advance = 0;        ///< pixels the pen moves past the cluster
  WidthClass width_class = WidthClass::kInvisible;  ///< of the cluster: the base's, kWide if any part is
  char32_t base = 0;               ///< the code point the cluster is drawn as
};

namespace detail {
inline constexpr char32_t kZeroWidthJoiner = 0x200D;

constexpr bool is_regional_indicator(char32_t code_point) noexcept {
  return code_point - 0x1F1E6u <= 0x1F1FFu - 0x1F1E6u;
}

constexpr void add_cluster_part(ClusterLook& cluster, const Appearance& look, int dx) noexcept {
  if (cluster.count == kMaxClusterParts) {
    ++cluster.dropped_parts;
    return;
  }
  ClusterPart& part = cluster.parts[cluster.count++];
  part.look = look;
  part.dx = static_cast<std::int8_t>(dx);
  if (look.width_class == WidthClass::kWide) cluster.width_class = WidthClass::kWide;
}
}  // namespace detail

/// How the cluster `code_points[0, count)` is drawn with `fonts` (the rules
/// in the file comment). An empty cluster draws nothing.
[[nodiscard]] constexpr ClusterLook look_of_cluster(const FontChain& fonts, const char32_t* code_points,
                                                    std::size_t count) noexcept {
  ClusterLook cluster;
  if (code_points == nullptr || count == 0) return cluster;
  const Appearance base = choose_glyph(fonts, code_points[0]);
  cluster.base = base.code_point;
  cluster.width_class = base.width_class;
  int pen = 0;
  if (base.rendering != Rendering::kNothing) {
    detail::add_cluster_part(cluster, base, 0);
    pen = base.advance;
  }
  bool flag = detail::is_regional_indicator(code_points[0]);
  for (std::size_t i = 1; i < count; ++i) {
    const char32_t code_point = code_points[i];
    if (code_point == detail::kZeroWidthJoiner) break;  // the rest of an emoji ZWJ sequence
    if (flag && detail::is_regional_indicator(code_point)) {
      flag = false;  // the second letter of a flag
      continue;
    }
    const Appearance look = choose_glyph(fonts, code_point);
    if (look.rendering == Rendering::kNothing) continue;
    if (look.rendering == Rendering::kGlyph && look.advance == 0) {
      detail::add_cluster_part(cluster, look, 0);
    } else {
      detail::add_cluster_part(cluster, look, pen);
      pen += look.advance;
    }
  }
  cluster.advance = static_cast<std::uint8_t>(pen > 255 ? 255 : pen);
  return cluster;
}

/// Draws `cluster` with its pen at (x, y), y the top of its line, clipped to
/// `clip`; the base opaque, marks over it. Returns the advance.
template <typename Surface>
int draw_cluster(Surface& surface, const ClusterLook& cluster, int x, int y, const Clip& clip,
                 const TextStyle<typename Surface::Color>& style) noexcept {
  for (std::size_t i = 0; i < cluster.count; ++i) {
    const ClusterPart& part = cluster.parts[i];
    draw_appearance(surface, part.look, x + part.dx, y + part.dy, clip, style);
  }
  return cluster.advance;
}

}  // namespace utf8mcu::display
