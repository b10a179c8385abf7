#pragma once
/// @file
/// The layout stage: from code points to placed glyphs, shared by TextBox and
/// the Terminal. It is five steps, each in one place, so that a Unicode
/// engine can take over one of them without touching the others:
///
///     code points -> (a) units -> (b) breaks -> (c) order -> (d) glyphs -> (e) placement
///
///   (a) units      UnitGrouper: which code points form one unit: a
///                  character and the combining marks (and invisible code
///                  points) after it. Grapheme clusters (UAX #29) instead:
///                  UnicodeTextRules (text_box_unicode.h), ParagraphBox
///                  (paragraph_box.h), GraphemeCells (terminal_unicode.h).
///   (b) breaks     BreakRules: where a line may break: after SPACE, TAB and
///                  ZERO WIDTH SPACE, before and after a wide character,
///                  never before kinsoku punctuation (no_break_before()).
///                  UAX #14 instead: UnicodeTextRules, ParagraphBox. Only the
///                  text boxes break lines at opportunities; the Terminal
///                  wraps where a line is full, as terminals do.
///   (c) order      LineOrder: the order of a line's units on screen: left
///                  to right as they come, so a unit is drawn as soon as it
///                  is placed. Bidi reordering (UAX #9) instead:
///                  ParagraphBox, BidiCells (terminal_unicode.h).
///   (d) glyphs     choose_glyph(): the first font of a FontChain that has a
///                  glyph, else nothing (ignorables), else the hex box.
///                  find_chain_glyph() is the same choice as a glyph ordinal,
///                  which a Terminal cell keeps.
///   (e) placement  the consumer's: TextBox places units in pixels with word
///                  wrap, the Terminal in cells; both take tab stops from
///                  next_tab_stop().
///
/// Controls have one meaning for every consumer, decided here once
/// (control_of()):
///
///   LF, VT, NEL (U+0085), U+2028, U+2029   kLineBreak: to the start of the next line
///   FF                                     kFormFeed: a new page: the text area (the
///                                          box, the terminal's grid) is cleared and
///                                          the pen goes home
///   CR                                     kCarriageReturn: to the start of the line
///                                          (so CR LF is one line break)
///   BS                                     kBackspace: one unit back, nothing erased
///   TAB                                    kTab: to the next tab stop
///   SPACE                                  kSpace: a blank unit; a line may break after it
///   U+200B ZERO WIDTH SPACE                kZeroWidthSpace: nothing drawn; a line may
///                                          break here
///
/// Every other code point is text for step (a), C0/C1 controls and DEL
/// included (drawn as hex boxes). A terminal's escape parser, when it has
/// one, takes ESC and CSI sequences before the layout sees them.
///
/// Nothing here keeps RAM but BreakRules (1 byte); every function is a few
/// compares, or the font lookups of step (d).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/display/font.h"
#include "utf8mcu/display/render.h"

namespace utf8mcu::display {

// ---- controls ---------------------------------------------------------------

/// What a control character does (see the file comment); kNone for text.
enum class Control : std::uint8_t {
  kNone,
  kLineBreak,
  kFormFeed,
  kCarriageReturn,
  kBackspace,
  kTab,
  kSpace,
  kZeroWidthSpace,
};

/// The one meaning of `code_point` as a control, or Control::kNone. A switch
/// over ten values; printable ASCII is one compare.
[[nodiscard]] constexpr Control control_of(char32_t code_point) noexcept {
  if (code_point - 0x21u < 0x7Fu - 0x21u) return Control::kNone;  // printable ASCII but SPACE
  switch (code_point) {
    case U'\n':
    case 0x0B:
    case 0x85:
    case 0x2028:
    case 0x2029:
      return Control::kLineBreak;
    case 0x0C:
      return Control::kFormFeed;
    case U'\r':
      return Control::kCarriageReturn;
    case 0x08:
      return Control::kBackspace;
    case U'\t':
      return Control::kTab;
    case U' ':
      return Control::kSpace;
    case 0x200B:
      return Control::kZeroWidthSpace;
    default:
      return Control::kNone;
  }
}

/// The next tab stop after `position` on a line that starts at `origin`,
/// stops every `interval` (pixels or cells; at least 1).
[[nodiscard]] constexpr int next_tab_stop(int position, int origin, int interval) noexcept {
  if (interval < 1) interval = 1;
  return origin + ((position - origin) / interval + 1) * interval;
}

// ---- (a) units --------------------------------------------------------------

/// Step (a): groups code points into units. Here a unit is a character and
/// the code points after it that draw nothing of their own: combining marks
/// (glyphs that advance 0, drawn over the unit) and invisible code points.
/// The opt-ins that take grapheme clusters (UAX #29) as units keep a
/// text::GraphemeBreaker of their own in this place (text_box_unicode.h,
/// paragraph_box.h, terminal_unicode.h).
struct UnitGrouper {
  /// True if a code point that looks like `look` (choose_glyph()) belongs to
  /// the unit before it rather than starting one.
  [[nodiscard]] static constexpr bool continues_unit(const Appearance& look) noexcept {
    return look.rendering == Rendering::kNothing || (look.rendering == Rendering::kGlyph && look.advance == 0);
  }
};

// ---- (b) break opportunities -----------------------------------------------

namespace detail {

/// Characters that must not start a line (kinsoku): the Unicode line break
/// classes CL, CP, EX, IS, NS and CJ (small kana, which strict Japanese line
/// breaking treats as NS) in the blocks of kKinsokuBlocks.
inline constexpr char16_t kNoBreakBefore[] = {
    u'!', u')', u',', u'.', u':', u';', u'?', u']', u'}',
    0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301C,
    0x301E, 0x301F, 0x303B, 0x303C,
    0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x309B,
    0x309C, 0x309D, 0x309E,
    0x30A0, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
    0x30FB, 0x30FC, 0x30FD, 0x30FE,
    0xFE10, 0xFE11, 0xFE12, 0xFE13, 0xFE14, 0xFE15, 0xFE16, 0xFE18,
    0xFE36, 0xFE38, 0xFE3A, 0xFE3C, 0xFE3E, 0xFE40, 0xFE42, 0xFE44, 0xFE48,
    0xFE50, 0xFE52, 0xFE54, 0xFE55, 0xFE56, 0xFE57, 0xFE5A, 0xFE5C, 0xFE5E,
    0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64,
    0xFF65, 0xFF67, 0xFF68, 0xFF69, 0xFF6A, 0xFF6B, 0xFF6C, 0xFF6D, 0xFF6E, 0xFF6F, 0xFF70, 0xFF9E, 0xFF9F,
};

/// Where kinsoku characters are, each span a multiple of 32 code points:
/// printable ASCII; CJK Symbols and Punctuation, Hiragana, Katakana; Vertical
/// Forms, CJK Compatibility Forms, Small Form Variants; halfwidth and
/// fullwidth forms up to U+FF9F.
struct KinsokuBlock {
  std::uint16_t first;
  std::uint16_t end;  // one past the last
};
inline constexpr KinsokuBlock kKinsokuBlocks[] = {{0x0020, 0x0080}, {0x3000, 0x3100}, {0xFE10, 0xFE70}, {0xFF00, 0xFFA0}};
inline constexpr unsigned kKinsokuWords = (0x60 + 0x100 + 0x60 + 0xA0) / 32;

/// One bit per code point of the blocks, in order: smaller than a switch over
/// the characters, and one test for any of them.
struct KinsokuBits {
  std::uint32_t words[kKinsokuWords];
};
constexpr KinsokuBits make_kinsoku_bits() noexcept {
  KinsokuBits bits{};
  for (const char16_t code_point : kNoBreakBefore) {
    std::uint32_t offset = 0;
    for (const KinsokuBlock& block : kKinsokuBlocks) {
      if (code_point >= block.first && code_point < block.end) {
        const std::uint32_t bit = offset + static_cast<std::uint32_t>(code_point - block.first);
        bits.words[bit >> 5] |= std::uint32_t{1} << (bit & 31u);
        break;
      }
      offset += static_cast<std::uint32_t>(block.end - block.first);
    }
  }
  return bits;
}
inline constexpr KinsokuBits kKinsokuBits = make_kinsoku_bits();

}  // namespace detail

/// True for punctuation that must not start a line (kinsoku: detail::kNoBreakBefore,
/// checked against LineBreak.txt by display_width_vs_python). A break before
/// it is moved before the character it follows. A few compares and one bit test.
constexpr bool no_break_before(char32_t code_point) noexcept {
  std::uint32_t offset = 0;
  for (const detail::KinsokuBlock& block : detail::kKinsokuBlocks) {
    if (code_point < block.first) return false;
    if (code_point < block.end) {
      const std::uint32_t bit = offset + (code_point - block.first);
      return ((detail::kKinsokuBits.words[bit >> 5] >> (bit & 31u)) & 1u) != 0;
    }
    offset += static_cast<std::uint32_t>(block.end - block.first);
  }
  return false;
}

/// Step (b): line break opportunities between units, fed unit by unit. A
/// line may break after SPACE, TAB and ZERO WIDTH SPACE (after_space()), and
/// before and after a wide unit, except before kinsoku punctuation. The
/// Unicode opt-ins (text_box_unicode.h, paragraph_box.h) use a
/// text::LineBreaker (UAX #14) in this place. 1 byte of RAM.
class BreakRules {
 public:
  /// True if a line may break before a unit that starts with `code_point`
  /// and is `wide` (two of its font's cells or more); then moves past it.
  constexpr bool break_before(char32_t code_point, bool wide) noexcept {
    const bool opportunity = (wide || after_wide_) && !no_break_before(code_point);
    after_wide_ = wide;
    return opportunity;
  }
  /// True for the controls after which a line may break (SPACE, TAB, ZWSP).
  [[nodiscard]] static constexpr bool breaks_after(Control control) noexcept {
    return control == Control::kSpace || control == Control::kTab || control == Control::kZeroWidthSpace;
  }
  /// Forgets the unit before: after a break opportunity or a line break.
  constexpr void reset() noexcept { after_wide_ = false; }

 private:
  bool after_wide_ = false;  // the unit before was wide: a break may follow it
};

// ---- (c) order ----------------------------------------------------------------

/// Step (c): where the unit at logical position `logical` of a line of
/// `count` units goes on screen. Left to right (visual = logical), so a
/// layout can draw each unit as it is placed (kStreams). ParagraphBox and
/// the terminal's BidiCells reorder by UAX #9 (text::BidiParagraph) in this
/// place, and so need a line's units before they draw any.
struct LineOrder {
  static constexpr bool kStreams = true;
  [[nodiscard]] static constexpr int visual_position(int logical, int /*count*/) noexcept { return logical; }
};

// ---- (d) glyphs -----------------------------------------------------------------

/// Step (d): how `code_point` is drawn with `fonts`: the first font's glyph
/// that has one, nothing for an ignorable code point no font has, else the
/// hex box (appearance_of()). Cost: a glyph lookup per font tried.
[[nodiscard]] constexpr Appearance choose_glyph(const FontChain& fonts, char32_t code_point) noexcept {
  return appearance_of(fonts, code_point);
}

/// A glyph of a FontChain named by one number: its ordinal among all the
/// chain's glyphs (the first font's ordinals, then the second's after them,
/// ...), as a Terminal cell keeps it.
struct ChainGlyph {
  std::int32_t ordinal = -1;  ///< -1: no font of the chain has the code point
  Glyph glyph;                ///< placed on the chain's line, as FontChain::find() places it
};

// The chain functions below take a FontChain, or any object with the same
// four calls (size(), font(i), baseline(), line_height()), such as a
// Terminal's view of its one font or its chain, which needs no copy.

namespace detail {
/// `glyph` of `font` moved onto the line of `fonts`; not found if its ink
/// would leave the line (a font taller than the chain can hold).
template <typename Fonts>
constexpr Glyph place_on_chain(Glyph glyph, const Font& font, const Fonts& fonts) noexcept {
  if (!glyph.found()) return glyph;
  const int top = glyph.top + fonts.baseline() - font.baseline;
  if (top < 0 || top + glyph.height > fonts.line_height()) return Glyph{};
  glyph.top = static_cast<std::uint8_t>(top);
  glyph.line_height = static_cast<std::uint8_t>(fonts.line_height());
  return glyph;
}
}  // namespace detail

template <typename Fonts = FontChain>
[[nodiscard]] constexpr Glyph chain_glyph_at(const Fonts& fonts, std::uint32_t ordinal) noexcept;

/// Step (d) as a chain ordinal: the glyph of the first font of `fonts` that
/// has `code_point`. Control characters and non-scalar values have none.
/// Cost: a binary search over each font's runs until one has it.
template <typename Fonts = FontChain>
[[nodiscard]] constexpr ChainGlyph find_chain_glyph(const Fonts& fonts, char32_t code_point) noexcept {
  if (is_control(code_point) || !is_scalar_value(code_point)) return {};
  std::uint32_t before = 0;  // glyphs of the fonts tried so far
  for (int i = 0; i < fonts.size(); ++i) {
    const Font& font = fonts.font(i);
    const std::int32_t ordinal = find_glyph_ordinal(font, code_point);
    const std::uint32_t count = glyph_count(font);
    if (ordinal >= 0) {
      if (static_cast<std::uint32_t>(ordinal) >= count) return {};  // a corrupt index
      // The glyph as the renderer reads it back: one copy of that code.
      const std::uint32_t chain_ordinal = before + static_cast<std::uint32_t>(ordinal);
      const Glyph glyph = chain_glyph_at(fonts, chain_ordinal);
      if (!glyph.found()) return {};
      return ChainGlyph{static_cast<std::int32_t>(chain_ordinal), glyph};
    }
    before += count;
  }
  return {};
}

/// The glyph of chain ordinal `ordinal` (find_chain_glyph()), placed on the
/// chain's line; not found if there is none.
template <typename Fonts>
[[nodiscard]] constexpr Glyph chain_glyph_at(const Fonts& fonts, std::uint32_t ordinal) noexcept {
  for (int i = 0; i < fonts.size(); ++i) {
    const Font& font = fonts.font(i);
    const std::uint32_t count = glyph_count(font);
    if (ordinal < count) return detail::place_on_chain(glyph_at(font, ordinal), font, fonts);
    ordinal -= count;
  }
  return {};
}

/// The code point of chain ordinal `ordinal`, or 0 if there is none.
template <typename Fonts = FontChain>
[[nodiscard]] constexpr char32_t chain_code_point_of(const Fonts& fonts, std::uint32_t ordinal) noexcept {
  for (int i = 0; i < fonts.size(); ++i) {
    const std::uint32_t count = glyph_count(fonts.font(i));
    if (ordinal < count) return code_point_of_ordinal(fonts.font(i), ordinal);
    ordinal -= count;
  }
  return 0;
}

}  // namespace utf8mcu::display
