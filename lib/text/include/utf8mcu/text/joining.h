#pragma once
/// @file
/// Arabic joining (Unicode chapter 9.2, ArabicShaping.txt): the presentation
/// form of each letter from its neighbours, in logical order, before or after
/// UAX #9's reordering (the forms do not depend on it). No memory: the form of
/// a code point is computed from the text around it when it is drawn.
///
///     for each code point i of a line, in visual order:
///       char32_t drawn = utf8mcu::text::arabic_presentation_form(text, count, i);
///       if (drawn != 0) draw(drawn);

#include <cstddef>
#include <cstdint>

namespace utf8mcu::text {

/// Joining_Type values (ArabicShaping.txt).
enum class JoiningType : std::uint8_t {
  kNonJoining,     ///< U
  kDualJoining,    ///< D
  kRightJoining,   ///< R: joins the character before it (logically) only
  kLeftJoining,    ///< L: joins the character after it only
  kJoinCausing,    ///< C: ZWJ, tatweel
  kTransparent,    ///< T: marks, which a join passes over
};

/// Joining_Type of `code_point`: the generated exception list, else T for
/// nonspacing marks and format characters, U for the rest. A binary search
/// over about 170 ranges and a Bidi_Class lookup; ISR safe.
JoiningType joining_type(char32_t code_point);

/// The code point to draw for `text[index]` of `text[0, count)` (logical
/// order; a paragraph or a line): a joining letter's isolated, final, initial
/// or medial presentation form (U+FB50-FDFF, U+FE70-FEFF) where the text joins
/// it to its neighbours, transparent marks (harakat) between them ignored and
/// ZWJ/ZWNJ honoured; a lam followed by an alef becomes their ligature, and
/// the alef then gives 0 (nothing to draw). Anything else, and a letter
/// without presentation forms, comes back unchanged. Work: a few table
/// searches and a look past the transparent marks on either side.
char32_t arabic_presentation_form(const char32_t* text, std::size_t count, std::size_t index);

}  // namespace utf8mcu::text
