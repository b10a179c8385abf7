// Host time per code point of the segmentation breakers (utf8mcu/text/
// grapheme.h, line_break.h) beside ICU's BreakIterator (character and line
// instances, root locale) and utf8proc's utf8proc_grapheme_break_stateful, on
// the segmentation corpora (bench/corpus/make_corpus.py), and the boundaries
// each finds.
//
//   segmentation_host_bench [RUNS] [EXAMPLES]
//
// EXAMPLES (default 3): how many differing positions to print per corpus and
// contender, with the code points around them.
//
// Every corpus is decoded once by utf8mcu's decoder (U+FFFD for ill-formed
// bytes); every implementation then reads those code points, prepared outside
// the timed loop in the form it takes:
//   utf8mcu            the breaker's push, one code point at a time (UTF-32)
//   utf8mcu from UTF-8 the corpus's bytes through the decoder into the push
//   ICU UTF-16         BreakIterator over a UnicodeString (setText timed)
//   ICU UText UTF-8    BreakIterator over utext_openUTF8 of the code points
//                      re-encoded (setText timed)
//   utf8proc           utf8proc_grapheme_break_stateful on each pair (UTF-32)
// A timed pass walks the whole corpus and counts the boundaries. Each figure
// is the best of RUNS runs (default 50) of enough passes to last about 1 ms,
// the runs going round every contender and corpus in turn: nanoseconds per
// code point and millions of code points per second.
//
// The boundaries are compared position by position, not only counted: the
// interior ones (the start and end of the text left out). Grapheme clusters
// differ where ICU keeps an Indic conjunct together (its tailoring, GB9c of
// Unicode 15.1); line breaks where ICU tailors UAX #14 or segments by
// dictionary (Thai). Differences are printed, never hidden; they
// do not change the exit status (this program measures, it tests nothing).

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>
#include <unicode/uvernum.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "corpus_table.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"
#include "utf8mcu/text/unicode_version.h"

namespace {

namespace text = utf8mcu::text;
using Positions = std::vector<std::size_t>;

// One corpus in every form the implementations take.
struct Prepared {
  const utf8mcu::bench::Corpus* corpus;
  std::vector<char32_t> utf32;
  icu::UnicodeString utf16;
  std::vector<std::size_t> cp_of_utf16;  // code point index of each UTF-16 offset
  std::vector<std::uint8_t> utf8;        // the code points re-encoded: well-formed
  std::vector<std::size_t> cp_of_utf8;   // code point index of each UTF-8 offset
};

Prepared prepare(const utf8mcu::bench::Corpus& corpus) {
  Prepared p;
  p.corpus = &corpus;
  utf8mcu::Decoder decoder;
  auto sink = [&p](char32_t cp) { p.utf32.push_back(cp); };
  decoder.push(corpus.data, corpus.size, sink);
  decoder.finish(sink);
  p.utf16 = icu::UnicodeString::fromUTF32(reinterpret_cast<const UChar32*>(p.utf32.data()),
                                          static_cast<int32_t>(p.utf32.size()));
  for (std::size_t i = 0; i < p.utf32.size(); ++i) {
    p.cp_of_utf16.insert(p.cp_of_utf16.end(), p.utf32[i] > 0xFFFF ? 2u : 1u, i);
    std::uint8_t bytes[4];
    const utf8mcu::EncodeResult encoded = utf8mcu::encode(p.utf32[i], bytes, sizeof bytes);
    p.utf8.insert(p.utf8.end(), bytes, bytes + encoded.length);
    p.cp_of_utf8.insert(p.cp_of_utf8.end(), encoded.length, i);
  }
  p.cp_of_utf16.push_back(p.utf32.size());
  p.cp_of_utf8.push_back(p.utf32.size());
  return p;
}

// --- The implementations: each returns the interior boundaries it finds and,
// when `positions` is given, records them as code point indices.

// The boundaries one contender finds.
class Boundaries {
 public:
  explicit Boundaries(Positions* positions) : positions_(positions) {}
  void add(std::size_t index) {
    ++found_;
    if (positions_ != nullptr) positions_->push_back(index);
  }
  std::uint32_t found() const { return found_; }

 private:
  Positions* positions_;
  std::uint32_t found_ = 0;
};

class GraphemeCounter {
 public:
  explicit GraphemeCounter(Positions* positions) : boundaries_(positions) {}
  void push(char32_t cp, std::size_t index) {
    if (breaker_.push(cp)) boundaries_.add(index);
  }
  std::uint32_t finish(std::size_t) { return boundaries_.found(); }

 private:
  text::GraphemeBreaker breaker_;
  Boundaries boundaries_;
};

class LineCounter {
 public:
  explicit LineCounter(Positions* positions) : boundaries_(positions) {}
  void push(char32_t cp, std::size_t index) {
    const text::LineBreaks breaks = breaker_.push(cp);
    // A held position is decided before the one this push reports.
    if (breaks.held_back != 0) add(breaks.held, index - breaks.held_back);
    add(breaks.before, index);
  }
  std::uint32_t finish(std::size_t size) {
    const text::LineBreaks breaks = breaker_.finish();
    if (breaks.held_back != 0) add(breaks.held, size - breaks.held_back);
    return boundaries_.found();
  }

 private:
  // A line break opportunity (allowed or mandatory) before code point `index`.
  void add(text::LineBreak kind, std::size_t index) {
    if (kind == text::LineBreak::kAllowed || kind == text::LineBreak::kMandatory) boundaries_.add(index);
  }
  text::LineBreaker breaker_;
  Boundaries boundaries_;
};

// The breaker's push over the decoded code points (UTF-32).
template <typename Counter>
std::uint32_t over_utf32(const Prepared& p, Positions* positions) {
  Counter counter(positions);
  for (std::size_t i = 0; i < p.utf32.size(); ++i) counter.push(p.utf32[i], i);
  return counter.finish(p.utf32.size());
}

// The corpus's bytes through the decoder into the breaker's push.
template <typename Counter>
std::uint32_t over_utf8(const Prepared& p, Positions* positions) {
  Counter counter(positions);
  std::size_t index = 0;
  utf8mcu::Decoder decoder;
  auto sink = [&](char32_t cp) { counter.push(cp, index++); };
  decoder.push(p.corpus->data, p.corpus->size, sink);
  decoder.finish(sink);
  return counter.finish(index);
}

std::uint32_t utf8proc_graphemes(const Prepared& p, Positions* positions) {
  utf8proc_int32_t state = 0;
  std::uint32_t found = 0;
  for (std::size_t i = 1; i < p.utf32.size(); ++i) {
    if (utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(p.utf32[i - 1]),
                                         static_cast<utf8proc_int32_t>(p.utf32[i]), &state)) {
      ++found;
      if (positions != nullptr) positions->push_back(i);
    }
  }
  return found;
}

// ICU: one iterator per kind, made once (making one loads its rules).
icu::BreakIterator* character_iterator;
icu::BreakIterator* line_iterator;

std::uint32_t walk_icu(icu::BreakIterator& iterator, std::size_t end_offset, const std::vector<std::size_t>& cp_of,
                       Positions* positions) {
  std::uint32_t found = 0;
  for (int32_t at = iterator.next(); at != icu::BreakIterator::DONE; at = iterator.next()) {
    const auto offset = static_cast<std::size_t>(at);
    if (offset >= end_offset) break;
    ++found;
    if (positions != nullptr) positions->push_back(cp_of[offset]);
  }
  return found;
}

std::uint32_t icu_utf16(icu::BreakIterator& iterator, const Prepared& p, Positions* positions) {
  iterator.setText(p.utf16);
  return walk_icu(iterator, static_cast<std::size_t>(p.utf16.length()), p.cp_of_utf16, positions);
}

std::uint32_t icu_utext(icu::BreakIterator& iterator, const Prepared& p, Positions* positions) {
  UErrorCode status = U_ZERO_ERROR;
  UText* utext = utext_openUTF8(nullptr, reinterpret_cast<const char*>(p.utf8.data()),
                                static_cast<int64_t>(p.utf8.size()), &status);
  iterator.setText(utext, status);
  if (U_FAILURE(status)) {
    std::fprintf(stderr, "ICU UText: %s\n", u_errorName(status));
    std::exit(1);
  }
  const std::uint32_t found = walk_icu(iterator, p.utf8.size(), p.cp_of_utf8, positions);
  utext_close(utext);
  return found;
}

std::uint32_t icu_graphemes_utf16(const Prepared& p, Positions* positions) {
  return icu_utf16(*character_iterator, p, positions);
}
std::uint32_t icu_graphemes_utext(const Prepared& p, Positions* positions) {
  return icu_utext(*character_iterator, p, positions);
}
std::uint32_t icu_lines_utf16(const Prepared& p, Positions* positions) {
  return icu_utf16(*line_iterator, p, positions);
}
std::uint32_t icu_lines_utext(const Prepared& p, Positions* positions) {
  return icu_utext(*line_iterator, p, positions);
}

using Implementation = std::uint32_t (*)(const Prepared&, Positions*);

struct Contender {
  const char* name;
  Implementation run;
};

// The first of each list is the reference the others are compared with.
const Contender kGraphemeContenders[] = {
    {"utf8mcu", over_utf32<GraphemeCounter>},
    {"utf8mcu from UTF-8", over_utf8<GraphemeCounter>},
    {"ICU UTF-16", icu_graphemes_utf16},
    {"ICU UText UTF-8", icu_graphemes_utext},
    {"utf8proc", utf8proc_graphemes},
};
const Contender kLineContenders[] = {
    {"utf8mcu", over_utf32<LineCounter>},
    {"utf8mcu from UTF-8", over_utf8<LineCounter>},
    {"ICU UTF-16", icu_lines_utf16},
    {"ICU UText UTF-8", icu_lines_utext},
};

volatile std::uint32_t keep;  // the passes' results, so that none is left out

// Wall-clock nanoseconds. A run that another program interrupts only takes
// longer, so the best run is the one nothing interrupted (the thread's CPU
// time came out below the work done on a shared virtual machine).
double now_nanoseconds() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) * 1e9 + static_cast<double>(now.tv_nsec);
}

// Short runs, so that some of them run without being interrupted.
constexpr double kRunNanoseconds = 1e6;

// One contender on one corpus: passes per run and the best run so far.
struct Timing {
  const Contender* contender;
  const Prepared* corpus;
  long passes;
  double best;  // nanoseconds per pass
};

// Best nanoseconds per code point of every contender on every corpus. The
// runs go round all of them `runs` times, so that a while when the machine
// is busy costs every figure one run rather than a few figures all of theirs.
std::vector<double> time_per_code_point(const std::vector<Timing>& cells_in, int runs) {
  std::vector<Timing> cells = cells_in;
  for (Timing& cell : cells) {
    const double first = now_nanoseconds();
    keep = cell.contender->run(*cell.corpus, nullptr);
    cell.passes = std::max(1L, static_cast<long>(kRunNanoseconds / std::max(now_nanoseconds() - first, 1.0)));
    cell.best = 1e300;
  }
  for (int run = 0; run < runs; ++run) {
    for (Timing& cell : cells) {
      const double begin = now_nanoseconds();
      for (long pass = 0; pass < cell.passes; ++pass) keep = cell.contender->run(*cell.corpus, nullptr);
      cell.best = std::min(cell.best, (now_nanoseconds() - begin) / static_cast<double>(cell.passes));
    }
  }
  std::vector<double> per_code_point;
  for (const Timing& cell : cells) per_code_point.push_back(cell.best / static_cast<double>(cell.corpus->utf32.size()));
  return per_code_point;
}

std::size_t examples;

// Why a position differs, for the differences docs/text.md explains, with
// ICU's own properties (not utf8mcu's). `ours` is true when only utf8mcu has
// the boundary.
const char* cause_of(bool line, bool ours, const Prepared& p, std::size_t at) {
  const auto class_of = [](char32_t cp) {
    return static_cast<ULineBreak>(u_getIntPropertyValue(static_cast<UChar32>(cp), UCHAR_LINE_BREAK));
  };
  // The code point before `at`, past the marks LB9 attaches to it.
  std::size_t before = at - 1;
  while (before > 0 && (class_of(p.utf32[before]) == U_LB_COMBINING_MARK || class_of(p.utf32[before]) == U_LB_ZWJ)) {
    --before;
  }
  const ULineBreak previous = class_of(p.utf32[before]);
  const ULineBreak next = class_of(p.utf32[at]);
  if (!line) {
    if (ours && u_getCombiningClass(static_cast<UChar32>(p.utf32[at - 1])) == 9) return "virama before a letter";
    return "other";
  }
  if (ours && previous == U_LB_INFIX_NUMERIC && next == U_LB_NUMERIC) return "IS before a digit";
  if (ours && (previous == U_LB_HYPHEN || p.utf32[before] == 0x2010) &&
      (next == U_LB_ALPHABETIC || next == U_LB_HEBREW_LETTER || next == U_LB_AMBIGUOUS || next == U_LB_UNKNOWN)) {
    return "word-initial hyphen";
  }
  if (!ours && previous == U_LB_SPACE && next == U_LB_INFIX_NUMERIC) return "a space before IS and a digit";
  if (!ours && previous == U_LB_COMPLEX_CONTEXT && next == U_LB_COMPLEX_CONTEXT) return "dictionary (SA)";
  return "other";
}

// Counts the differing positions by cause, and prints up to `examples` of
// them with the code points around each ("|" marks the position).
std::map<std::string, std::size_t> explain_differences(bool line, const char* name, const Prepared& p,
                                                       const Positions& ours, const Positions& theirs) {
  std::map<std::string, std::size_t> causes;
  std::size_t shown = 0;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < ours.size() || j < theirs.size()) {
    std::size_t at = 0;
    bool only_ours = false;
    if (j == theirs.size() || (i < ours.size() && ours[i] < theirs[j])) {
      at = ours[i++];
      only_ours = true;
    } else if (i == ours.size() || theirs[j] < ours[i]) {
      at = theirs[j++];
    } else {
      ++i;
      ++j;
      continue;
    }
    const std::string cause = std::string(only_ours ? "utf8mcu only: " : "ICU only: ") +
                              cause_of(line, only_ours, p, at);
    ++causes[cause];
    if (shown++ >= examples) continue;
    std::printf("  %s, %s, %s, at %zu:", p.corpus->name, name, cause.c_str(), at);
    for (std::size_t k = at >= 4 ? at - 4 : 0; k < std::min(at + 4, p.utf32.size()); ++k) {
      std::printf("%s%04X", k == at ? " | " : " ", static_cast<unsigned>(p.utf32[k]));
    }
    std::printf("\n");
  }
  return causes;
}

// Positions in one list and not in the other.
std::size_t differing(const Positions& a, const Positions& b) {
  std::size_t count = 0;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i] < b[j])) {
      ++count;
      ++i;
    } else if (i == a.size() || b[j] < a[i]) {
      ++count;
      ++j;
    } else {
      ++i;
      ++j;
    }
  }
  return count;
}

template <std::size_t kCount>
void report(const char* title, bool line, const Contender (&contenders)[kCount], const std::vector<Prepared>& corpora, int runs,
            std::size_t& mismatched_corpora) {
  std::printf("\n%s: nanoseconds per code point (millions of code points per second), best of %d runs\n\n", title,
              runs);
  std::printf("| corpus | code points |");
  for (const Contender& c : contenders) std::printf(" %s |", c.name);
  std::printf("\n|---|---:|");
  for (std::size_t i = 0; i < kCount; ++i) std::printf("---:|");
  std::printf("\n");
  std::vector<Timing> cells;
  for (const Prepared& p : corpora) {
    for (const Contender& c : contenders) cells.push_back({&c, &p, 0, 0.0});
  }
  const std::vector<double> ns = time_per_code_point(cells, runs);
  std::size_t cell = 0;
  for (const Prepared& p : corpora) {
    std::printf("| %s | %zu |", p.corpus->name, p.utf32.size());
    for (std::size_t i = 0; i < kCount; ++i, ++cell) std::printf(" %.2f (%.0f) |", ns[cell], 1e3 / ns[cell]);
    std::printf("\n");
  }

  std::printf("\n%s: interior boundaries each finds; positions differing from utf8mcu's\n\n", title);
  std::printf("| corpus |");
  for (const Contender& c : contenders) std::printf(" %s |", c.name);
  std::printf("\n|---|");
  for (std::size_t i = 0; i < kCount; ++i) std::printf("---:|");
  std::printf("\n");
  struct Difference {
    const char* name;
    const Prepared* corpus;
    Positions ours;
    Positions theirs;
  };
  std::vector<Difference> differences;
  for (const Prepared& p : corpora) {
    std::printf("| %s |", p.corpus->name);
    Positions reference;
    bool mismatch = false;
    for (std::size_t i = 0; i < kCount; ++i) {
      Positions positions;
      const std::uint32_t found = contenders[i].run(p, &positions);
      if (i == 0) reference = positions;
      const std::size_t differ = differing(reference, positions);
      if (differ == 0) {
        std::printf(" %u |", found);
      } else {
        std::printf(" %u (%zu differ) |", found, differ);
        mismatch = true;
        differences.push_back({contenders[i].name, &p, reference, std::move(positions)});
      }
    }
    std::printf("\n");
    if (mismatch) ++mismatched_corpora;
  }
  if (differences.empty()) return;
  std::printf("\n%s: the differing positions by cause (examples first: the code points around; | marks the "
              "position)\n\n",
              title);
  std::vector<std::map<std::string, std::size_t>> causes;
  for (const Difference& d : differences) causes.push_back(explain_differences(line, d.name, *d.corpus, d.ours, d.theirs));
  std::printf("\n| corpus | against | cause | positions |\n|---|---|---|---:|\n");
  for (std::size_t i = 0; i < differences.size(); ++i) {
    for (const auto& [cause, count] : causes[i]) {
      std::printf("| %s | %s | %s | %zu |\n", differences[i].corpus->corpus->name, differences[i].name, cause.c_str(),
                  count);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 50;
  examples = argc > 2 ? static_cast<std::size_t>(std::max(0, std::atoi(argv[2]))) : 3;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> characters(
      icu::BreakIterator::createCharacterInstance(icu::Locale::getRoot(), status));
  std::unique_ptr<icu::BreakIterator> lines(icu::BreakIterator::createLineInstance(icu::Locale::getRoot(), status));
  if (U_FAILURE(status)) {
    std::fprintf(stderr, "ICU break iterators: %s\n", u_errorName(status));
    return 1;
  }
  character_iterator = characters.get();
  line_iterator = lines.get();

  std::vector<Prepared> corpora;
  for (std::size_t i = 0; i < utf8mcu::bench::kCorpusCount; ++i) {
    if (utf8mcu::bench::kCorpora[i].size != 0) corpora.push_back(prepare(utf8mcu::bench::kCorpora[i]));
  }
  std::printf("segmentation on the host: gcc %s, ICU %s (Unicode %s), utf8proc %s (Unicode %s), utf8mcu Unicode %u.%u\n",
              __VERSION__, U_ICU_VERSION, U_UNICODE_VERSION, utf8proc_version(), utf8proc_unicode_version(),
              text::kUnicodeVersion.major, text::kUnicodeVersion.minor);
  std::printf("\ncorpora:\n");
  for (const Prepared& p : corpora) std::printf("- %s: %s\n", p.corpus->name, p.corpus->source);

  std::size_t mismatched = 0;
  report("grapheme clusters", false, kGraphemeContenders, corpora, runs, mismatched);
  std::size_t line_mismatched = 0;
  report("line break opportunities", true, kLineContenders, corpora, runs, line_mismatched);
  std::printf("\ncorpora where a grapheme boundary differs: %zu; where a line break differs: %zu\n", mismatched,
              line_mismatched);
  return 0;
}
