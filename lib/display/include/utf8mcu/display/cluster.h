#pragma once
/// @file
/// Step (d) of the layout (layout.h) for a whole unit: how a grapheme cluster
/// (a base and what follows it: marks, joiners, emoji modifiers, a second
/// regional indicator) is drawn with a FontChain. The layouts collect a
/// unit's code points, ask look_of_cluster() how it looks (its advance decides
/// the wrap), then draw it with draw_cluster().
///
/// Rules:
///   - Hangul: conjoining jamo L V, L V T (and an LV syllable followed by a
///     T) are drawn as their precomposed syllable (Unicode's arithmetic, no
///     table) where a font of the chain has it; else as the jamo.
///   - Canonical composition: a base followed by combining marks is drawn as
///     the precomposed glyph Unicode's canonical composition (NFC) makes of
///     them, where a font of the chain has that glyph and holds the pairs
///     (make_font.py --compositions; font.h): decomposed e U+0302 U+0301
///     draws U+1EBF. As UAX #15: the marks are first put in canonical order
///     (by combining class, stable), and a mark composes with the base unless
///     a mark left over before it has a class at least its own. Only marks
///     named by a composition table (the second of some pair of the chain's
///     fonts) take part; any other code point ends the run (as a class-0
///     code point would), so an unusual mark between a base and a mark that
///     could compose keeps the cluster decomposed. At most kMaxComposingMarks
///     marks after the base are reordered and composed; a mark that is itself
///     a starter (class 0, e.g. a two-part Indic vowel) composes only right
///     after the base. Where the chain lacks the glyph of the last composite,
///     the last one it has is drawn, with the marks composed after it.
///   - The base is drawn as choose_glyph() says.
///   - A combining mark (a glyph that advances 0) is drawn as the font places
///     it, relative to the pen after the glyph before it (where a text layout
///     would put it); a mark whose ink starts at or right of that pen (a font
///     that puts marks over the cell after them, as Unifont's right-to-left
///     marks for text drawn in visual order) is placed from the start of the
///     glyph before it instead, so it falls on that glyph. Marks of one glyph
///     stack: a mark whose ink
///     lies above (its middle row above half the baseline) and shares columns
///     and rows with an earlier above-mark is moved up until its bottom row
///     is just above that mark's top row; a below-mark (its middle row at or
///     below the baseline) moves down below the earlier ones. A moved mark
///     stays inside the line (at its top or bottom row, over what is there).
///     Thai above-vowels and tone marks follow the same rule: a tone mark
///     after an above-vowel goes over it unless the font already draws it
///     there. The first mark of each side stays where the font puts it.
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
/// Cost: a glyph lookup per code point of the cluster and font tried; for a
/// base followed by marks, two binary searches of the composition tables per
/// mark and font, and a glyph lookup per composite. The ClusterLook is a few
/// dozen bytes on the stack; look_of_cluster() also keeps the marks it
/// composes there (kMaxComposingMarks of them, with their steps).

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
  std::int8_t dy = 0;  ///< rows the ink moves down from where the font puts it (negative: up), inside the line
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

/// The most marks after a base that look_of_cluster() puts in canonical
/// order and composes (the rest are drawn as they come).
inline constexpr std::size_t kMaxComposingMarks = 8;

namespace detail {
inline constexpr char32_t kZeroWidthJoiner = 0x200D;

constexpr bool is_regional_indicator(char32_t code_point) noexcept {
  return code_point - 0x1F1E6u <= 0x1F1FFu - 0x1F1E6u;
}

// Hangul syllables (Unicode 15.0 section 3.12): S = SBase + (L * 21 + V) * 28 + T.
inline constexpr char32_t kHangulSyllableBase = 0xAC00;
inline constexpr char32_t kLeadingJamoBase = 0x1100;   // 19 of them
inline constexpr char32_t kVowelJamoBase = 0x1161;     // 21
inline constexpr char32_t kTrailingJamoBase = 0x11A7;  // T = 1..27 (0x11A8-0x11C2); 0 is none
inline constexpr std::uint32_t kLeadingJamoCount = 19;
inline constexpr std::uint32_t kVowelJamoCount = 21;
inline constexpr std::uint32_t kTrailingJamoCount = 28;
inline constexpr std::uint32_t kHangulSyllableCount = 11172;

/// The first font's canonical combining class of `mark` (composition_class())
/// among `fonts`, or -1 if no composition table names it.
constexpr int composition_class(const FontChain& fonts, char32_t mark) noexcept {
  for (int i = 0; i < fonts.size(); ++i) {
    const int found = composition_class(fonts.font(i), mark);
    if (found >= 0) return found;
  }
  return -1;
}

/// The composite of `first` and `mark` from the first font of `fonts` that
/// holds the pair, or 0.
constexpr char32_t canonical_composite(const FontChain& fonts, char32_t first, char32_t mark) noexcept {
  for (int i = 0; i < fonts.size(); ++i) {
    const char32_t found = canonical_composite(fonts.font(i), first, mark);
    if (found != 0) return found;
  }
  return 0;
}

/// The Hangul syllable conjoining jamo at `code_points[*next...]` make with
/// `base` (an L or an LV syllable), if a font of `fonts` has it: `base`
/// becomes it and `*next` moves past the jamo taken.
constexpr void compose_jamo(const FontChain& fonts, const char32_t* code_points, std::size_t count, char32_t& base,
                            std::size_t& next) noexcept {
  std::uint32_t syllable = 0;  // an LV syllable's index
  std::size_t taken = next;
  const std::uint32_t leading = base - kLeadingJamoBase;
  const std::uint32_t syllable_index = base - kHangulSyllableBase;
  if (leading < kLeadingJamoCount && taken < count) {
    const std::uint32_t vowel = code_points[taken] - kVowelJamoBase;
    if (vowel >= kVowelJamoCount) return;
    syllable = (leading * kVowelJamoCount + vowel) * kTrailingJamoCount;
    ++taken;
  } else if (syllable_index < kHangulSyllableCount && syllable_index % kTrailingJamoCount == 0) {
    syllable = syllable_index;
  } else {
    return;
  }
  // With a trailing jamo if the fonts have that syllable, else without.
  if (taken < count) {
    const std::uint32_t trailing = code_points[taken] - kTrailingJamoBase;
    const char32_t with_trailing = kHangulSyllableBase + syllable + trailing;
    if (trailing - 1u < kTrailingJamoCount - 1u && fonts.find(with_trailing).found()) {
      base = with_trailing;
      next = taken + 1;
      return;
    }
  }
  if (taken != next && fonts.find(kHangulSyllableBase + syllable).found()) {
    base = kHangulSyllableBase + syllable;
    next = taken;
  }
}

/// A mark of the composition window: its code point, combining class, and
/// the composition step that took it (0: none).
struct ComposingMark {
  char32_t code_point;
  std::uint8_t combining_class;
  std::uint8_t step;
};

/// The marks after the base (from `next`) composed onto `base` as the file
/// comment says; the marks left over, in canonical order, go to `left`
/// (`left_count` of them). Returns where the code points not considered start.
constexpr std::size_t compose_marks(const FontChain& fonts, const char32_t* code_points, std::size_t count,
                                    std::size_t next, char32_t& base, char32_t (&left)[kMaxComposingMarks],
                                    std::size_t& left_count) noexcept {
  left_count = 0;
  // A starter that composes with the base right after it.
  while (next < count && composition_class(fonts, code_points[next]) == 0) {
    const char32_t composite = canonical_composite(fonts, base, code_points[next]);
    if (composite == 0 || !fonts.find(composite).found()) break;
    base = composite;
    ++next;
  }
  // The marks named by a table, put in canonical order (stable).
  ComposingMark marks[kMaxComposingMarks] = {};
  std::size_t mark_count = 0;
  for (; next < count && mark_count < kMaxComposingMarks; ++next) {
    const int combining_class = composition_class(fonts, code_points[next]);
    if (combining_class <= 0) break;
    ComposingMark mark{code_points[next], static_cast<std::uint8_t>(combining_class), 0};
    std::size_t place = mark_count++;
    for (; place > 0 && marks[place - 1].combining_class > mark.combining_class; --place) marks[place] = marks[place - 1];
    marks[place] = mark;
  }
  if (mark_count == 0) return next;
  // UAX #15: a mark composes unless one left over before it has a class >= its own.
  char32_t composites[kMaxComposingMarks + 1] = {base};
  std::uint8_t steps = 0;
  std::uint8_t blocking_class = 0;  // highest class left over so far (0: none)
  for (std::size_t i = 0; i < mark_count; ++i) {
    if (marks[i].combining_class > blocking_class) {
      const char32_t composite = canonical_composite(fonts, composites[steps], marks[i].code_point);
      if (composite != 0) {
        composites[++steps] = composite;
        marks[i].step = steps;
        continue;
      }
    }
    blocking_class = marks[i].combining_class;
  }
  // The last composite the fonts have; marks composed after it are left over.
  while (steps > 0 && !fonts.find(composites[steps]).found()) --steps;
  base = composites[steps];
  for (std::size_t i = 0; i < mark_count; ++i) {
    if (marks[i].step == 0 || marks[i].step > steps) left[left_count++] = marks[i].code_point;
  }
  return next;
}

/// The ink of marks already placed on one side of a glyph, in the cluster's
/// coordinates (columns right of its pen, rows below the line top; right
/// and bottom one past the last).
struct InkBox {
  int left = 0, right = 0, top = 0, bottom = 0;
  bool used = false;

  constexpr bool overlaps(int box_left, int box_right, int box_top, int box_bottom) const noexcept {
    return used && box_left < right && box_right > left && box_top < bottom && box_bottom > top;
  }
  constexpr void add(int box_left, int box_right, int box_top, int box_bottom) noexcept {
    if (!used) *this = InkBox{box_left, box_right, box_top, box_bottom, true};
    if (box_left < left) left = box_left;
    if (box_right > right) right = box_right;
    if (box_top < top) top = box_top;
    if (box_bottom > bottom) bottom = box_bottom;
  }
};

/// Marks placed over and under the current glyph, and where that glyph
/// starts (columns right of the cluster's pen).
struct MarkStack {
  InkBox above;
  InkBox below;
  int glyph_start = 0;
};

/// The rows `mark` (a glyph of advance 0 drawn `dx` pixels right of the
/// cluster's pen) moves down (negative: up) to stack over or under the marks
/// of `stack`, which it joins.
constexpr int stack_mark(MarkStack& stack, const Appearance& mark, int dx) noexcept {
  const Glyph& glyph = mark.glyph;
  if (glyph.width == 0 || glyph.height == 0) return 0;
  const int top = glyph.top;
  const int bottom = top + glyph.height;
  const int left = dx + glyph.x_offset;
  const int right = left + glyph.width;
  const int middle_twice = top + bottom - 1;  // twice the ink's middle row
  // Above: the middle row above half the baseline; below: at or under it.
  const bool above = middle_twice <= mark.baseline;
  if (!above && middle_twice < 2 * mark.baseline) return 0;  // an overlay: where the font puts it
  InkBox& box = above ? stack.above : stack.below;
  int shift = 0;
  if (box.overlaps(left, right, top, bottom)) shift = above ? box.top - bottom : box.bottom - top;
  // The ink stays in the line.
  if (top + shift < 0) shift = -top;
  if (bottom + shift > mark.line_height) shift = mark.line_height - bottom;
  box.add(left, right, top + shift, bottom + shift);
  return shift;
}

constexpr void add_cluster_part(ClusterLook& cluster, const Appearance& look, int dx, int dy = 0) noexcept {
  if (cluster.count == kMaxClusterParts) {
    ++cluster.dropped_parts;
    return;
  }
  ClusterPart& part = cluster.parts[cluster.count++];
  part.look = look;
  part.dx = static_cast<std::int8_t>(dx);
  part.dy = static_cast<std::int8_t>(dy);
  if (look.width_class == WidthClass::kWide) cluster.width_class = WidthClass::kWide;
}

/// Adds the part of `code_point` to `cluster`: a mark at the pen, stacked;
/// anything else after the pen, which it moves.
constexpr void add_cluster_code_point(ClusterLook& cluster, const FontChain& fonts, char32_t code_point, int& pen,
                                      MarkStack& stack) noexcept {
  const Appearance look = choose_glyph(fonts, code_point);
  if (look.rendering == Rendering::kNothing) return;
  if (look.rendering == Rendering::kGlyph && look.advance == 0) {
    // Ink at or right of the pen would fall on the next cell: the font draws
    // such a mark over the cell after it (Unifont's right-to-left marks, made
    // for text drawn in visual order), so it goes over its own glyph here.
    const int at = look.glyph.x_offset >= 0 ? stack.glyph_start : pen;
    if (cluster.count < kMaxClusterParts) {
      add_cluster_part(cluster, look, at, stack_mark(stack, look, at));
    } else {
      ++cluster.dropped_parts;
    }
  } else {
    add_cluster_part(cluster, look, pen);
    stack = MarkStack{};  // marks after a spacing glyph stack over it
    stack.glyph_start = pen;
    pen += look.advance;
  }
}
}  // namespace detail

/// How the cluster `code_points[0, count)` is drawn with `fonts` (the rules
/// in the file comment). An empty cluster draws nothing.
[[nodiscard]] constexpr ClusterLook look_of_cluster(const FontChain& fonts, const char32_t* code_points,
                                                    std::size_t count) noexcept {
  ClusterLook cluster;
  if (code_points == nullptr || count == 0) return cluster;
  char32_t base_code_point = code_points[0];
  std::size_t next = 1;
  char32_t left[kMaxComposingMarks] = {};
  std::size_t left_count = 0;
  if (count > 1) {
    detail::compose_jamo(fonts, code_points, count, base_code_point, next);
    next = detail::compose_marks(fonts, code_points, count, next, base_code_point, left, left_count);
  }
  const Appearance base = choose_glyph(fonts, base_code_point);
  cluster.base = base.code_point;
  cluster.width_class = base.width_class;
  int pen = 0;
  if (base.rendering != Rendering::kNothing) {
    detail::add_cluster_part(cluster, base, 0);
    pen = base.advance;
  }
  detail::MarkStack stack;
  bool flag = detail::is_regional_indicator(code_points[0]);
  // The marks left over from composition (taken from the code points before
  // `next`, so at most next - 1 of them), then the code points after them.
  for (std::size_t i = next - left_count; i < count; ++i) {
    const char32_t code_point = i < next ? left[i - (next - left_count)] : code_points[i];
    if (code_point == detail::kZeroWidthJoiner) break;  // the rest of an emoji ZWJ sequence
    if (flag && detail::is_regional_indicator(code_point)) {
      flag = false;  // the second letter of a flag
      continue;
    }
    detail::add_cluster_code_point(cluster, fonts, code_point, pen, stack);
  }
  cluster.advance = static_cast<std::uint8_t>(pen > 255 ? 255 : pen);
  return cluster;
}

/// Draws `cluster` with its pen at (x, y), y the top of its line, clipped to
/// `clip`; the base opaque, marks over it. A part moved up or down (dy) is
/// drawn inside the line all the same: its ink no higher than the line's top
/// row, no lower than its bottom one. Returns the advance.
template <typename Surface>
int draw_cluster(Surface& surface, const ClusterLook& cluster, int x, int y, const Clip& clip,
                 const TextStyle<typename Surface::Color>& style) noexcept {
  for (std::size_t i = 0; i < cluster.count && i < kMaxClusterParts; ++i) {
    const ClusterPart& part = cluster.parts[i];
    if (part.dy == 0 || part.look.rendering != Rendering::kGlyph) {
      draw_appearance(surface, part.look, x + part.dx, y, clip, style);
      continue;
    }
    // The ink moves within the glyph's line; the line itself stays.
    Appearance moved = part.look;
    const int room = moved.glyph.line_height - moved.glyph.height;
    int top = moved.glyph.top + part.dy;
    top = top < 0 ? 0 : (top > room ? (room < 0 ? 0 : room) : top);
    moved.glyph.top = static_cast<std::uint8_t>(top);
    draw_appearance(surface, moved, x + part.dx, y, clip, style);
  }
  return cluster.advance;
}

}  // namespace utf8mcu::display
