// Differential of the segmentation engine against ICU's BreakIterator
// (character and line, root locale) and utf8proc's grapheme breaks, over
// random strings drawn from every pair of grapheme and line property values
// (host only).
//
//   segmentation_differential [STRINGS] [SEED] [MISMATCHES TO PRINT]
//
// Every mismatch is printed (the first few in full) and fails the run, except
// the documented differences (docs/text.md, "Differences from ICU"), which are
// counted and printed apart.

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>
#include <utf8proc.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <vector>

#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"

namespace {

namespace text = utf8mcu::text;

std::uint64_t rng_state = 0x9E3779B97F4A7C15u;
std::uint64_t next_random() {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next_random() % bound); }

// Code points by (grapheme value, line class): each string picks a bucket at
// random, then a code point of it, so rare values come as often as common ones.
std::vector<std::vector<char32_t>> make_buckets() {
  std::map<unsigned, std::vector<char32_t>> by_key;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const unsigned key = static_cast<unsigned>(text::grapheme_property(cp)) * 64u +
                         static_cast<unsigned>(text::line_break_class(cp));
    by_key[key].push_back(cp);
  }
  std::vector<std::vector<char32_t>> buckets;
  for (auto& entry : by_key) buckets.push_back(std::move(entry.second));
  return buckets;
}

// Boundaries (as code point offsets 1..n) of an ICU break iterator.
void icu_breaks(icu::BreakIterator& iterator, const std::vector<char32_t>& cps, std::vector<char>& out,
                std::vector<char>* hard) {
  icu::UnicodeString string = icu::UnicodeString::fromUTF32(reinterpret_cast<const UChar32*>(cps.data()),
                                                            static_cast<int32_t>(cps.size()));
  std::vector<std::size_t> cp_index(static_cast<std::size_t>(string.length()) + 1, 0);
  std::size_t unit = 0;
  for (std::size_t i = 0; i < cps.size(); ++i) {
    cp_index[unit] = i;
    unit += cps[i] > 0xFFFF ? 2 : 1;
  }
  cp_index[unit] = cps.size();
  out.assign(cps.size() + 1, 0);
  if (hard != nullptr) hard->assign(cps.size() + 1, 0);
  iterator.setText(string);
  for (int32_t at = iterator.next(); at != icu::BreakIterator::DONE; at = iterator.next()) {
    const std::size_t index = cp_index[static_cast<std::size_t>(at)];
    out[index] = 1;
    if (hard != nullptr && iterator.getRuleStatus() >= UBRK_LINE_HARD && iterator.getRuleStatus() < UBRK_LINE_HARD_LIMIT) {
      (*hard)[index] = 1;
    }
  }
}

using K = text::LineBreakClass;

// The base of the combining sequence before position `i` (LB9), or SIZE_MAX.
std::size_t base_before(const std::vector<char32_t>& cps, std::size_t i) {
  while (i > 0) {
    --i;
    const K k = text::line_break_class(cps[i]);
    if (k != K::kCm && k != K::kZwj) return i;
  }
  return SIZE_MAX;
}

// The first code point from `i` on that is not a combining mark.
std::size_t base_from(const std::vector<char32_t>& cps, std::size_t i) {
  while (i < cps.size()) {
    const K k = text::line_break_class(cps[i]);
    if (k != K::kCm && k != K::kZwj) return i;
    ++i;
  }
  return SIZE_MAX;
}

// ICU 72's root line rules (BreakIterator::getRules()) have three tailorings
// of UAX #14 15.0 that Unicode adopted later (15.1's LB20a, LB15c and LB25):
enum Tailoring : unsigned {
  kWordInitialHyphen,  // ^(HY | U+2010) CM* x AL: no break after a hyphen that starts a segment
  kInfixBeforeDigit,   // LB25 as (PR | PO)? (OP | HY)? IS? NU ...: IS x NU after anything
  kSpaceBeforeInfix,   // SP IS / NU: a break between SP and an IS that a digit follows
  kUnexplained,
};
const char* const kTailoringNames[] = {"word-initial hyphen", "IS x NU", "SP / IS NU", "unexplained"};

// Which tailoring explains ICU's decision at position i (between cps[i-1] and cps[i]).
Tailoring explain_line(const std::vector<char32_t>& cps, std::size_t i, bool ours_break,
                       const std::vector<char>& ours) {
  const std::size_t before = base_before(cps, i);
  if (before == SIZE_MAX) return kUnexplained;
  const K a = text::line_break_class(cps[before]);
  const K b = text::line_break_class(cps[i]);
  if (ours_break) {
    // ICU keeps together what we break.
    const bool hyphen = a == K::kHy || cps[before] == 0x2010;
    if (hyphen && b == K::kAl && (before == 0 || ours[before] != 0)) return kWordInitialHyphen;
    if (a == K::kIs && b == K::kNu) return kInfixBeforeDigit;
    // (PR | PO) x OP IS NU: our held opportunity sees IS, not NU, after the OP.
    if ((a == K::kPr || a == K::kPo) && (b == K::kOp || b == K::kOpEa)) {
      const std::size_t infix = base_from(cps, i + 1);
      const std::size_t digit = infix == SIZE_MAX ? SIZE_MAX : base_from(cps, infix + 1);
      if (digit != SIZE_MAX && text::line_break_class(cps[infix]) == K::kIs &&
          text::line_break_class(cps[digit]) == K::kNu) {
        return kInfixBeforeDigit;
      }
    }
    return kUnexplained;
  }
  // ICU breaks where we do not.
  const std::size_t next = base_from(cps, i + 1);
  if (a == K::kSp && b == K::kIs && before + 1 == i && next != SIZE_MAX &&
      text::line_break_class(cps[next]) == K::kNu) {
    return kSpaceBeforeInfix;
  }
  return kUnexplained;
}

void print_string(const char* what, const std::vector<char32_t>& cps, const std::vector<char>& want,
                  const std::vector<char>& got) {
  std::printf("%s mismatch:", what);
  for (std::size_t i = 0; i < cps.size(); ++i) {
    std::printf(" %s %04X", i == 0 ? "" : (want[i] != 0 ? "÷" : "×"), static_cast<unsigned>(cps[i]));
  }
  std::printf(" ÷\n  ours: ");
  for (std::size_t i = 1; i <= cps.size(); ++i) std::printf("%s", got[i] != 0 ? "÷" : "×");
  std::printf("\n  them: ");
  for (std::size_t i = 1; i <= cps.size(); ++i) std::printf("%s", want[i] != 0 ? "÷" : "×");
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned long strings = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100000;
  if (argc > 2) rng_state = std::strtoull(argv[2], nullptr, 10) * 0x9E3779B97F4A7C15u + 1u;
  const unsigned long print_limit = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 20;
  const std::vector<std::vector<char32_t>> buckets = make_buckets();

  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> characters(
      icu::BreakIterator::createCharacterInstance(icu::Locale::getRoot(), status));
  std::unique_ptr<icu::BreakIterator> lines(icu::BreakIterator::createLineInstance(icu::Locale::getRoot(), status));
  if (U_FAILURE(status)) {
    std::printf("ICU: %s\n", u_errorName(status));
    return 2;
  }

  unsigned long grapheme_icu = 0, grapheme_utf8proc = 0, line_icu = 0, line_hard = 0, printed = 0;
  unsigned long utf8proc_unassigned_controls = 0, utf8proc_unassigned_pictographic = 0;
  unsigned long tailored[kUnexplained] = {};
  std::vector<char32_t> cps;
  std::vector<char> ours, ours_hard, them, them_hard;
  for (unsigned long s = 0; s < strings; ++s) {
    cps.resize(1 + below(12));
    for (char32_t& cp : cps) {
      const std::vector<char32_t>& bucket = buckets[below(buckets.size())];
      cp = bucket[below(bucket.size())];
    }
    // Graphemes: ours, ICU, utf8proc.
    ours.assign(cps.size() + 1, 0);
    text::for_each_grapheme_break(cps.data(), cps.size(), [&](std::size_t i) { ours[i] = 1; });
    icu_breaks(*characters, cps, them, nullptr);
    if (ours != them) {
      ++grapheme_icu;
      if (printed++ < print_limit) print_string("grapheme/ICU", cps, them, ours);
    }
    them.assign(cps.size() + 1, 0);
    utf8proc_int32_t state = 0;
    for (std::size_t i = 1; i < cps.size(); ++i) {
      them[i] = utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(cps[i - 1]),
                                                 static_cast<utf8proc_int32_t>(cps[i]), &state) ? 1 : 0;
    }
    them[cps.size()] = 1;
    if (ours != them) {
      // utf8proc 2.8 gives unassigned code points no grapheme property:
      // neither the Control value GraphemeBreakProperty.txt gives E0000,
      // E0002..E001F, E0080..E00FF and E01F0..E0FFF (it joins marks to
      // them), nor Extended_Pictographic, which emoji-data.txt gives the
      // reserved emoji ranges (GB11 does not join them).
      bool explained = true;
      bool control = false;
      auto unassigned_as = [](char32_t cp, text::GraphemeProperty property) {
        return text::grapheme_property(cp) == property &&
               utf8proc_category(static_cast<utf8proc_int32_t>(cp)) == UTF8PROC_CATEGORY_CN;
      };
      for (std::size_t i = 1; i < cps.size(); ++i) {
        if (ours[i] == them[i]) continue;
        constexpr auto kControl = text::GraphemeProperty::kControl;
        constexpr auto kPictographic = text::GraphemeProperty::kExtendedPictographic;
        if (unassigned_as(cps[i - 1], kControl) || unassigned_as(cps[i], kControl)) {
          control = true;
          continue;
        }
        std::size_t base = i - 1;
        while (base > 0 && (text::grapheme_property(cps[base]) == text::GraphemeProperty::kZwj ||
                            text::grapheme_property(cps[base]) == text::GraphemeProperty::kExtend)) {
          --base;
        }
        if (!unassigned_as(cps[i], kPictographic) && !unassigned_as(cps[base], kPictographic)) explained = false;
      }
      if (explained) {
        ++(control ? utf8proc_unassigned_controls : utf8proc_unassigned_pictographic);
      } else {
        ++grapheme_utf8proc;
        if (printed++ < print_limit) print_string("grapheme/utf8proc", cps, them, ours);
      }
    }
    // Lines: ours and ICU, the positions and which are mandatory.
    ours.assign(cps.size() + 1, 0);
    ours_hard.assign(cps.size() + 1, 0);
    text::for_each_line_break(cps.data(), cps.size(), [&](std::size_t i, text::LineBreak kind) {
      ours[i] = 1;
      ours_hard[i] = kind == text::LineBreak::kMandatory ? 1 : 0;
    });
    icu_breaks(*lines, cps, them, &them_hard);
    if (ours != them) {
      Tailoring first = kUnexplained;
      for (std::size_t i = 1; i < cps.size(); ++i) {
        if (ours[i] == them[i]) continue;
        const Tailoring why = explain_line(cps, i, ours[i] != 0, ours);
        if (first == kUnexplained || why == kUnexplained) first = why;
        if (why == kUnexplained) break;
      }
      if (first != kUnexplained) {
        ++tailored[first];
      } else {
        ++line_icu;
        if (printed++ < print_limit) print_string("line/ICU", cps, them, ours);
      }
    } else {
      // ICU marks the end of text hard only after a hard break character, as we do.
      if (ours_hard != them_hard) {
        ++line_hard;
        if (printed++ < print_limit) print_string("line-hard/ICU", cps, them_hard, ours_hard);
      }
    }
  }
  std::printf("%lu random strings (1-12 code points from %zu property buckets): mismatches: grapheme vs ICU %lu, "
              "grapheme vs utf8proc %lu, line vs ICU %lu, mandatory vs ICU %lu\n",
              strings, buckets.size(), grapheme_icu, grapheme_utf8proc, line_icu, line_hard);
  std::printf("documented differences (strings): utf8proc's unassigned Control %lu, unassigned "
              "Extended_Pictographic %lu", utf8proc_unassigned_controls, utf8proc_unassigned_pictographic);
  for (unsigned t = 0; t < kUnexplained; ++t) std::printf(", ICU %s %lu", kTailoringNames[t], tailored[t]);
  std::printf("\n");
  return grapheme_icu + grapheme_utf8proc + line_icu + line_hard == 0 ? 0 : 1;
}
