// UAX #9 over a paragraph: the rules in the standard's order, each a pass over
// the caller's arrays. Isolating run sequences (BD13) are walked in place, not
// collected: the next character of a sequence is the next one X9 keeps at the
// sequence's level, or, after an isolate initiator, its matching PDI, the first
// kept character after it that is not deeper. So the only memory beyond the
// two bytes per code point is the fixed workspace.
#include "utf8mcu/text/bidi.h"

#include "bidi_lookup.h"

namespace utf8mcu::text {
namespace internal {
namespace {

using C = BidiClass;

// types[] byte: the working class (BN for what X9 removes) and three flags.
constexpr std::uint8_t kClassMask = 0x1F;
constexpr std::uint8_t kMatchedInitiator = 0x20;  // an isolate initiator with a matching PDI
constexpr std::uint8_t kPairOpens = 0x40;    // opens a bracket pair of BD16
constexpr std::uint8_t kPairCloses = 0x80;   // closes one
// levels[] byte: the level and one flag.
constexpr std::uint8_t kLevelMask = 0x7F;
constexpr std::uint8_t kMatchedPdi = 0x80;   // a PDI with a matching initiator (BD9)

// status[] entry of X1-X8: level, override, isolate.
constexpr std::uint16_t kOverrideL = 0x100;
constexpr std::uint16_t kOverrideR = 0x200;
constexpr std::uint16_t kIsolate = 0x400;

constexpr unsigned kNone = 2;  // no strong direction found (0 = L, 1 = R otherwise)

inline C type_of(const BidiView& v, std::size_t i) { return static_cast<C>(v.types[i] & kClassMask); }
inline void set_type(BidiView& v, std::size_t i, C type) {
  v.types[i] = static_cast<std::uint8_t>((v.types[i] & ~unsigned{kClassMask}) | static_cast<unsigned>(type));
}
inline unsigned level_of(const BidiView& v, std::size_t i) { return v.levels[i] & kLevelMask; }
inline void set_level(BidiView& v, std::size_t i, unsigned level) {
  v.levels[i] = static_cast<std::uint8_t>((v.levels[i] & ~unsigned{kLevelMask}) | level);
}
inline bool is_isolate_initiator(C type) { return type >= C::kLRI && type <= C::kFSI; }
inline bool is_neutral_or_isolate(C type) {
  return type == C::kON || type == C::kB || type == C::kS || type == C::kWS || (type >= C::kLRI && type <= C::kPDI);
}
// The direction N0-N2 see in a resolved weak type: L, or R for R, AL, EN, AN.
inline unsigned strong_direction(C type) {
  if (type == C::kL) return 0;
  if (type == C::kR || type == C::kAL || type == C::kEN || type == C::kAN) return 1;
  return kNone;
}
inline C direction_class(unsigned direction) { return direction != 0 ? C::kR : C::kL; }

// P2-P3 over text[from, end): the first strong character outside isolates,
// up to a paragraph separator. In an FSI's isolate (`in_isolate`), a PDI that
// closes no isolate opened in the range ends it; in a paragraph it is ignored.
unsigned p2_first_strong(const char32_t* text, std::size_t from, std::size_t end, bool in_isolate) {
  std::size_t isolates = 0;
  for (std::size_t i = from; i < end; ++i) {
    const C type = bidi_class_of(text[i]);
    if (is_isolate_initiator(type)) {
      ++isolates;
    } else if (type == C::kPDI) {
      if (isolates > 0) {
        --isolates;
      } else if (in_isolate) {
        break;
      }
    } else if (type == C::kB) {
      break;
    } else if (isolates == 0) {
      if (type == C::kL) return 0;
      if (type == C::kR || type == C::kAL) return 1;
    }
  }
  return kNone;
}

// X1-X8: explicit levels and directions, the overflow counters of X1, and the
// removal of X9 (a flag; the removed characters get their neighbour's level
// at the end).
void x1_to_x8_explicit_levels(BidiView& v, BidiWorkspace& w) {
  std::uint16_t* stack = w.explicit_status.status;
  std::uint32_t* positions = w.explicit_status.position;
  unsigned depth = 1;
  stack[0] = static_cast<std::uint16_t>(v.paragraph_level);
  unsigned overflow_isolates = 0;
  unsigned overflow_embeddings = 0;
  unsigned valid_isolates = 0;
  for (std::size_t i = 0; i < v.length; ++i) {
    C type = bidi_class_of(v.text[i]);
    const std::uint16_t top = stack[depth - 1];
    const unsigned level = top & kLevelMask;
    std::uint8_t level_flags = 0;
    switch (type) {
      case C::kRLE: case C::kLRE: case C::kRLO: case C::kLRO: {
        const bool rtl = type == C::kRLE || type == C::kRLO;
        const unsigned next = rtl ? ((level + 1u) | 1u) : ((level + 2u) & ~1u);
        if (next <= BidiWorkspace::kMaxDepth && overflow_isolates == 0 && overflow_embeddings == 0) {
          std::uint16_t entry = static_cast<std::uint16_t>(next);
          if (type == C::kRLO) entry |= kOverrideR;
          if (type == C::kLRO) entry |= kOverrideL;
          stack[depth++] = entry;
        } else if (overflow_isolates == 0) {
          ++overflow_embeddings;
        }
        type = C::kBN;  // X9: removed, marked by the class no kept character has
        break;
      }
      case C::kRLI: case C::kLRI: case C::kFSI: {
        if ((top & kOverrideL) != 0) type = C::kL;
        if ((top & kOverrideR) != 0) type = C::kR;
        const C isolate = bidi_class_of(v.text[i]);
        const bool can_push = overflow_isolates == 0 && overflow_embeddings == 0;
        bool rtl = isolate == C::kRLI;
        if (isolate == C::kFSI && can_push && level + 1u <= BidiWorkspace::kMaxDepth) {
          rtl = p2_first_strong(v.text, i + 1, v.length, true) == 1;  // X5c
        }
        const unsigned next = rtl ? ((level + 1u) | 1u) : ((level + 2u) & ~1u);
        if (next <= BidiWorkspace::kMaxDepth && can_push) {
          ++valid_isolates;
          positions[depth] = static_cast<std::uint32_t>(i);
          stack[depth++] = static_cast<std::uint16_t>(next | kIsolate);
        } else {
          ++overflow_isolates;
        }
        break;
      }
      case C::kPDI: {
        if (overflow_isolates > 0) {
          --overflow_isolates;
          level_flags = kMatchedPdi;
        } else if (valid_isolates > 0) {
          overflow_embeddings = 0;
          while ((stack[depth - 1] & kIsolate) == 0) --depth;
          --depth;
          v.types[positions[depth]] |= kMatchedInitiator;
          --valid_isolates;
          level_flags = kMatchedPdi;
        }
        const std::uint16_t now = stack[depth - 1];
        if ((now & kOverrideL) != 0) type = C::kL;
        if ((now & kOverrideR) != 0) type = C::kR;
        v.types[i] = static_cast<std::uint8_t>(type);
        v.levels[i] = static_cast<std::uint8_t>((now & kLevelMask) | level_flags);
        continue;
      }
      case C::kPDF:
        if (overflow_isolates == 0) {
          if (overflow_embeddings > 0) {
            --overflow_embeddings;
          } else if ((top & kIsolate) == 0 && depth >= 2) {
            --depth;
          }
        }
        type = C::kBN;
        break;
      case C::kB:
        v.types[i] = static_cast<std::uint8_t>(type);
        v.levels[i] = static_cast<std::uint8_t>(v.paragraph_level);
        continue;
      case C::kBN:
        break;
      default:
        if ((top & kOverrideL) != 0) type = C::kL;
        if ((top & kOverrideR) != 0) type = C::kR;
        break;
    }
    v.types[i] = static_cast<std::uint8_t>(type);
    v.levels[i] = static_cast<std::uint8_t>(level);
  }
}

inline bool kept(const BidiView& v, std::size_t i) { return type_of(v, i) != C::kBN; }

std::size_t next_kept(const BidiView& v, std::size_t i) {
  ++i;
  while (i < v.length && !kept(v, i)) ++i;
  return i;
}

// One isolating run sequence (BD13), walked in place.
struct Sequence {
  BidiView& v;
  std::size_t first;
  unsigned level;
  C sos;
  C eos;

  // The character after `i` in the sequence, v.length at its end.
  std::size_t next(std::size_t i) const {
    const std::size_t j = next_kept(v, i);
    if (j >= v.length) return v.length;
    const unsigned after = level_of(v, j);
    if (after == level) return j;
    if (after > level && (v.types[i] & kMatchedInitiator) != 0) {
      std::size_t k = j;
      while (k < v.length && (!kept(v, k) || level_of(v, k) > level)) ++k;
      if (k < v.length && level_of(v, k) == level && (v.levels[k] & kMatchedPdi) != 0) return k;
    }
    return v.length;
  }
};

// X10: sos and eos of the sequence starting at `first`.
Sequence x10_open_sequence(BidiView& v, std::size_t first, std::size_t previous_kept) {
  Sequence s{v, first, level_of(v, first), C::kL, C::kL};
  const unsigned before = previous_kept < v.length ? level_of(v, previous_kept) : v.paragraph_level;
  s.sos = direction_class((before > s.level ? before : s.level) & 1u);
  std::size_t last = first;
  for (std::size_t i = first; i < v.length; i = s.next(i)) last = i;
  unsigned after = v.paragraph_level;
  if (!is_isolate_initiator(bidi_class_of(v.text[last]))) {
    const std::size_t j = next_kept(v, last);
    if (j < v.length) after = level_of(v, j);
  }
  s.eos = direction_class((after > s.level ? after : s.level) & 1u);
  return s;
}

void w1_to_w7_weak_types(const Sequence& s) {
  BidiView& v = s.v;
  const std::size_t end = v.length;
  // W1: NSM takes the type before it (ON after an isolate initiator or PDI).
  C before = s.sos;
  for (std::size_t i = s.first; i < end; i = s.next(i)) {
    C type = type_of(v, i);
    if (type == C::kNSM) {
      type = (is_isolate_initiator(before) || before == C::kPDI) ? C::kON : before;
      set_type(v, i, type);
    }
    before = type;
  }
  // W2: EN after AL is AN. W3: AL is R.
  C strong = s.sos;
  for (std::size_t i = s.first; i < end; i = s.next(i)) {
    const C type = type_of(v, i);
    if (type == C::kL || type == C::kR || type == C::kAL) strong = type;
    if (type == C::kEN && strong == C::kAL) set_type(v, i, C::kAN);
    if (type == C::kAL) set_type(v, i, C::kR);
  }
  // W4: one ES between ENs is EN; one CS between numbers of one type is that type.
  before = C::kON;
  for (std::size_t i = s.first; i < end;) {
    const std::size_t j = s.next(i);
    C type = type_of(v, i);
    if ((type == C::kES || type == C::kCS) && j < end) {
      const C after = type_of(v, j);
      if (before == C::kEN && after == C::kEN) {
        type = C::kEN;
      } else if (type == C::kCS && before == C::kAN && after == C::kAN) {
        type = C::kAN;
      }
      set_type(v, i, type);
    }
    before = type;
    i = j;
  }
  // W5: a sequence of ETs next to an EN is EN.
  before = C::kON;
  for (std::size_t i = s.first; i < end;) {
    if (type_of(v, i) != C::kET) {
      before = type_of(v, i);
      i = s.next(i);
      continue;
    }
    std::size_t j = i;
    while (j < end && type_of(v, j) == C::kET) j = s.next(j);
    if (before == C::kEN || (j < end && type_of(v, j) == C::kEN)) {
      for (std::size_t k = i; k != j; k = s.next(k)) set_type(v, k, C::kEN);
    }
    before = C::kET;  // only read again if not ET, i.e. at j
    i = j;
  }
  // W6: the remaining separators and terminators are ON. W7: EN after L is L.
  strong = s.sos;
  for (std::size_t i = s.first; i < end; i = s.next(i)) {
    const C type = type_of(v, i);
    if (type == C::kES || type == C::kET || type == C::kCS) {
      set_type(v, i, C::kON);
    } else if (type == C::kL || type == C::kR) {
      strong = type;
    } else if (type == C::kEN && strong == C::kL) {
      set_type(v, i, C::kL);
    }
  }
}

// BD14-BD16: the closing bracket `code_point` pairs with, 0 if it opens none;
// brackets compare by their canonical equivalents.
char32_t canonical_bracket(char32_t code_point) {
  for (unsigned k = 0; k < kBracketCanonicalCount; ++k) {
    if (kBracketCanonical[2 * k] == code_point) return kBracketCanonical[2 * k + 1];
  }
  return code_point;
}
// The first opener at or above `code_point`.
unsigned first_opener_from(char32_t code_point) {
  return lower_bound(kBracketOpeners, kBracketCount, code_point);
}
char32_t closer_of(char32_t opener) {
  const unsigned k = first_opener_from(opener);
  if (k == kBracketCount || kBracketOpeners[k] != opener) return 0;
  return static_cast<char32_t>(static_cast<std::int32_t>(opener) + kBracketDistance[k]);
}
// A closer's opener lies within kBracketMaxDistance of it.
bool is_closer(char32_t code_point) {
  const char32_t from = code_point > kBracketMaxDistance ? code_point - kBracketMaxDistance : 0;
  for (unsigned k = first_opener_from(from); k < kBracketCount && kBracketOpeners[k] <= code_point + kBracketMaxDistance;
       ++k) {
    if (static_cast<char32_t>(kBracketOpeners[k] + kBracketDistance[k]) == code_point) return true;
  }
  return false;
}

// BD16: marks the bracket pairs of the sequence (flags), with the 63-entry stack.
void bd16_bracket_pairs(const Sequence& s, BidiWorkspace& w) {
  BidiView& v = s.v;
  unsigned depth = 0;
  for (std::size_t i = s.first; i < v.length; i = s.next(i)) {
    if (type_of(v, i) != C::kON) continue;
    const char32_t code_point = v.text[i];
    const char32_t closer = closer_of(code_point);
    if (closer != 0) {
      if (depth == BidiWorkspace::kBracketEntries) return;  // BD16: stop processing
      w.brackets.position[depth] = static_cast<std::uint32_t>(i);
      w.brackets.closer[depth] = static_cast<std::uint16_t>(canonical_bracket(closer));
      ++depth;
    } else if (is_closer(code_point)) {
      const char32_t wanted = canonical_bracket(code_point);
      for (unsigned k = depth; k-- > 0;) {
        if (w.brackets.closer[k] == wanted) {
          v.types[w.brackets.position[k]] |= kPairOpens;
          v.types[i] |= kPairCloses;
          depth = k;
          break;
        }
      }
    }
  }
}

// N0's last step: original NSMs right after a bracket that changed follow it.
void retype_marks_after(const Sequence& s, std::size_t bracket, C type) {
  for (std::size_t k = s.next(bracket); k < s.v.length && bidi_class_of(s.v.text[k]) == C::kNSM;
       k = s.next(k)) {
    set_type(s.v, k, type);
  }
}

void n0_paired_brackets(const Sequence& s, BidiWorkspace& w) {
  BidiView& v = s.v;
  bd16_bracket_pairs(s, w);
  const unsigned embedding = s.level & 1u;
  unsigned before = s.sos == C::kR ? 1u : 0u;  // the last strong direction so far
  for (std::size_t i = s.first; i < v.length; i = s.next(i)) {
    if ((v.types[i] & kPairOpens) != 0) {
      bool same = false;
      bool opposite = false;
      unsigned nested = 0;
      std::size_t j = s.next(i);
      for (; j < v.length; j = s.next(j)) {
        if ((v.types[j] & kPairOpens) != 0) {
          ++nested;
        } else if ((v.types[j] & kPairCloses) != 0) {
          if (nested == 0) break;
          --nested;
        }
        const unsigned direction = strong_direction(type_of(v, j));
        if (direction == embedding) same = true;
        if (direction == (embedding ^ 1u)) opposite = true;
      }
      unsigned resolved = kNone;
      if (same) {
        resolved = embedding;
      } else if (opposite) {
        resolved = before == (embedding ^ 1u) ? before : embedding;
      }
      if (resolved != kNone && j < v.length) {
        const C type = direction_class(resolved);
        set_type(v, i, type);
        set_type(v, j, type);
        retype_marks_after(s, i, type);
        retype_marks_after(s, j, type);
      }
    }
    const unsigned direction = strong_direction(type_of(v, i));
    if (direction != kNone) before = direction;
  }
}

// N1-N2: a run of neutrals takes the direction on both its sides if they agree,
// else the embedding direction.
void n1_n2_neutrals(const Sequence& s) {
  BidiView& v = s.v;
  const C embedding = direction_class(s.level & 1u);
  unsigned before = s.sos == C::kR ? 1u : 0u;
  for (std::size_t i = s.first; i < v.length;) {
    if (!is_neutral_or_isolate(type_of(v, i))) {
      before = strong_direction(type_of(v, i));
      i = s.next(i);
      continue;
    }
    std::size_t j = i;
    while (j < v.length && is_neutral_or_isolate(type_of(v, j))) j = s.next(j);
    const unsigned after = j < v.length ? strong_direction(type_of(v, j)) : (s.eos == C::kR ? 1u : 0u);
    const C type = before == after ? direction_class(after) : embedding;
    for (std::size_t k = i; k != j; k = s.next(k)) set_type(v, k, type);
    i = j;
  }
}

// I1-I2, and the characters X9 removed take the level before them.
void i1_i2_implicit_levels(BidiView& v) {
  unsigned level = v.paragraph_level;
  for (std::size_t i = 0; i < v.length; ++i) {
    if (!kept(v, i)) {
      set_level(v, i, level);
      continue;
    }
    level = level_of(v, i);
    const C type = type_of(v, i);
    if ((level & 1u) == 0) {
      if (type == C::kR) level += 1;
      if (type == C::kAN || type == C::kEN) level += 2;
    } else if (type == C::kL || type == C::kEN || type == C::kAN) {
      level += 1;
    }
    set_level(v, i, level);
  }
}

}  // namespace

std::size_t bidi_resolve(BidiView& view, std::size_t capacity, std::size_t count, unsigned direction,
                         BidiWorkspace& workspace) {
  // P1: the paragraph ends after its first paragraph separator.
  std::size_t length = 0;
  while (length < capacity) {
    if (bidi_class_of(view.text[length++]) == C::kB) break;
  }
  view.length = length;
  if (direction == 0) {
    view.paragraph_level = p2_first_strong(view.text, 0, count, false) == 1 ? 1u : 0u;
  } else {
    view.paragraph_level = direction == 2 ? 1u : 0u;
  }
  BidiView& v = view;
  x1_to_x8_explicit_levels(v, workspace);
  // X10: every level run that does not continue an isolate starts a sequence.
  std::size_t previous = v.length;
  for (std::size_t i = 0; i < v.length; ++i) {
    if (!kept(v, i)) continue;
    const bool starts_run = previous == v.length || level_of(v, previous) != level_of(v, i);
    const bool continues_isolate = (v.levels[i] & kMatchedPdi) != 0 && bidi_class_of(v.text[i]) == C::kPDI;
    if (starts_run && !continues_isolate) {
      const Sequence sequence = x10_open_sequence(v, i, previous);
      w1_to_w7_weak_types(sequence);
      n0_paired_brackets(sequence, workspace);
      n1_n2_neutrals(sequence);
    }
    previous = i;
  }
  i1_i2_implicit_levels(v);
  return length;
}

// L1 on one line: separators, and whitespace and isolate controls before them
// or at the line's end, go back to the paragraph level.
void bidi_l1_line_levels(BidiView& view, std::size_t first, std::size_t last) {
  bool trailing = true;
  for (std::size_t i = last; i-- > first;) {
    const C type = bidi_class_of(view.text[i]);
    if (type == C::kS || type == C::kB) {
      set_level(view, i, view.paragraph_level);
      trailing = true;
    } else if (trailing && (type == C::kWS || is_isolate_initiator(type) || type == C::kPDI ||
                            removed_by_x9(type))) {
      set_level(view, i, view.paragraph_level);
    } else {
      trailing = false;
    }
  }
}

}  // namespace internal

char32_t bidi_mirroring_glyph(char32_t code_point) {
  // Every mirrored character is ON (make_bidi_tables.py checks): letters,
  // digits and marks leave after the class lookup.
  if (code_point > 0xFFFF || internal::bidi_class_of(code_point) != BidiClass::kON) return code_point;
  // The runs whose first lower code point is at most code_point; the pair
  // holding it as its higher one lies at most 0xFFF lower.
  unsigned low = 0;
  unsigned high = internal::kMirrorRunCount;
  while (low < high) {
    const unsigned middle = (low + high) / 2u;
    if ((internal::kMirrorRuns[middle] >> 16) <= code_point) {
      low = middle + 1u;
    } else {
      high = middle;
    }
  }
  for (unsigned k = low; k-- > 0;) {
    const std::uint32_t run = internal::kMirrorRuns[k];
    const char32_t first = run >> 16;
    const char32_t distance = (run >> 4) & 0xFFFu;
    const unsigned shift = (run & 0x8u) != 0 ? 1u : 0u;  // lower code points step by 1 << shift
    const char32_t count = (run & 0x7u) + 1u;
    if (first + 0xFFFu + 14u < code_point) break;  // further than any distance and run
    const char32_t as_lower = code_point - first;  // wraps around below first: too large then
    if (code_point >= first && (as_lower & shift) == 0 && (as_lower >> shift) < count) return code_point + distance;
    const char32_t as_upper = code_point - distance - first;
    if (code_point >= first + distance && (as_upper & shift) == 0 && (as_upper >> shift) < count) {
      return code_point - distance;
    }
  }
  return code_point;
}

BidiClass bidi_class(char32_t code_point) { return internal::bidi_class_of(code_point); }

unsigned bidi_paragraph_level(const char32_t* text, std::size_t count) {
  return internal::p2_first_strong(text, 0, count, false) == 1 ? 1u : 0u;
}

}  // namespace utf8mcu::text
