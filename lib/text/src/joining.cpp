// Arabic joining: the form of a letter from the joining types of the nearest
// non-transparent characters on either side (Unicode chapter 9.2, R1-R7).
#include "utf8mcu/text/joining.h"

#include "bidi_lookup.h"

namespace utf8mcu::text {
namespace {

using internal::kFormLetterCount;

constexpr char32_t kLam = 0x0644;

// Index of `code_point` in a sorted 16-bit table, or `count` if absent.
unsigned find(const std::uint16_t* table, unsigned count, char32_t code_point) {
  const unsigned at = internal::lower_bound(table, count, code_point);
  return at < count && table[at] == code_point ? at : count;
}

bool joins_forward(JoiningType type) {  // has a join on its logical end side
  return type == JoiningType::kDualJoining || type == JoiningType::kLeftJoining ||
         type == JoiningType::kJoinCausing;
}
bool joins_backward(JoiningType type) {
  return type == JoiningType::kDualJoining || type == JoiningType::kRightJoining ||
         type == JoiningType::kJoinCausing;
}

unsigned lam_alef(char32_t alef);
unsigned form_mask(char32_t code_point);

// A dual-joining letter with presentation forms but neither an initial nor a
// medial one (U+06BA) is drawn unjoined on its end side, so the letter after
// it must not join it either: it acts as right-joining (as ICU's shaping).
JoiningType type_before(const char32_t* text, std::size_t index) {
  while (index-- > 0) {
    const JoiningType type = joining_type(text[index]);
    if (type == JoiningType::kTransparent) continue;
    if (type == JoiningType::kDualJoining && (form_mask(text[index]) & 0x10u) != 0 &&
        (form_mask(text[index]) & 6u) == 0) {
      return JoiningType::kRightJoining;
    }
    return type;
  }
  return JoiningType::kNonJoining;
}
JoiningType type_after(const char32_t* text, std::size_t count, std::size_t index) {
  while (++index < count) {
    const JoiningType type = joining_type(text[index]);
    if (type != JoiningType::kTransparent) return type;
  }
  return JoiningType::kNonJoining;
}

// The forms a letter has: bit 0 final, 1 initial, 2 medial, and bit 4 set if
// it has presentation forms at all; the forms away from the others in `far`.
unsigned form_mask(char32_t code_point, char32_t* far) {
  const unsigned letter = find(internal::kFormLetters, kFormLetterCount, code_point);
  if (letter == kFormLetterCount) return 0;
  unsigned forms = 0x10u | ((internal::kFormMasks[letter / 2] >> (4 * (letter % 2))) & 0xFu);
  for (unsigned k = 0; k < internal::kFormFarCount; ++k) {
    if (internal::kFormFar[3 * k] == code_point) {
      const unsigned form = internal::kFormFar[3 * k + 1];
      if (far != nullptr) far[form] = internal::kFormFar[3 * k + 2];
      forms |= 1u << (form - 1u);
    }
  }
  return forms;
}
unsigned form_mask(char32_t code_point) { return form_mask(code_point, nullptr); }

unsigned lam_alef(char32_t alef) {
  for (unsigned k = 0; k < internal::kLamAlefCount; ++k) {
    if (internal::kLamAlef[2 * k] == alef) return k;
  }
  return internal::kLamAlefCount;
}

}  // namespace

JoiningType joining_type(char32_t code_point) {
  if (code_point > 0x10FFFF) return JoiningType::kNonJoining;
  const std::uint32_t key = static_cast<std::uint32_t>(code_point) << 11 | 0x7FFu;
  unsigned low = 0;
  unsigned high = internal::kJoiningRangeCount;
  while (low < high) {  // the last range starting at or before code_point
    const unsigned middle = (low + high) / 2u;
    if (internal::kJoiningRanges[middle] <= key) {
      low = middle + 1u;
    } else {
      high = middle;
    }
  }
  if (low > 0) {
    const std::uint32_t range = internal::kJoiningRanges[low - 1];
    if (code_point - (range >> 11) <= (range & 0xFFu)) return static_cast<JoiningType>((range >> 8) & 7u);
  }
  // The derivation make_bidi_tables.py checks for every code point.
  const BidiClass bidi = internal::bidi_class_of(code_point);
  const bool noncharacter = (code_point & 0xFFFEu) == 0xFFFEu || (code_point >= 0xFDD0 && code_point <= 0xFDEF);
  if (bidi == BidiClass::kNSM ||
      (bidi == BidiClass::kBN && code_point >= 0xA0 && code_point < 0xE0000 && !noncharacter)) {
    return JoiningType::kTransparent;
  }
  return JoiningType::kNonJoining;
}

char32_t arabic_presentation_form(const char32_t* text, std::size_t count, std::size_t index) {
  const char32_t code_point = text[index];
  const JoiningType type = joining_type(code_point);
  if (type == JoiningType::kNonJoining || type == JoiningType::kTransparent) return code_point;
  const bool joined_before = joins_backward(type) && joins_forward(type_before(text, index));
  // Lam-alef: the alef right after a lam is drawn in the lam's ligature.
  if (index > 0 && text[index - 1] == kLam && lam_alef(code_point) < internal::kLamAlefCount) return 0;
  if (code_point == kLam && index + 1 < count) {
    const unsigned ligature = lam_alef(text[index + 1]);
    if (ligature < internal::kLamAlefCount) {
      return static_cast<char32_t>(internal::kLamAlef[2 * ligature + 1] + (joined_before ? 1u : 0u));
    }
  }
  const unsigned letter = find(internal::kFormLetters, kFormLetterCount, code_point);
  if (letter == kFormLetterCount) return code_point;
  const bool joined_after = joins_forward(type) && joins_backward(type_after(text, count, index));
  char32_t far[4] = {0, 0, 0, 0};
  const unsigned forms = form_mask(code_point, far);
  // Forms: final 1, initial 2, medial 3, as offsets from the isolated form
  // (or from the list of forms elsewhere). A letter without the form it needs
  // falls back: medial to final, initial to isolated.
  unsigned form = 0;
  if (joined_before && joined_after && (forms & 4u) != 0) {
    form = 3;
  } else if (joined_before && (forms & 1u) != 0) {
    form = 1;
  } else if (!joined_before && joined_after && (forms & 2u) != 0) {
    form = 2;
  }
  if (far[form] != 0) return far[form];
  return static_cast<char32_t>(0xFB50u + internal::kFormIsolated[letter] + form);
}

}  // namespace utf8mcu::text
