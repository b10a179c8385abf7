// Instructions per code point of the segmentation breakers
// (utf8mcu/text/grapheme.h, line_break.h) on the generated corpora, exact
// under QEMU -icount shift=0, and their budgets as counts: one table row per
// breaker and corpus, then a summary line the test matches. Built at -O2
// (bench_segmentation) and at -Os (bench_segmentation_os).
//
// Each corpus is decoded once into a window of code points (not measured);
// the measured loop pushes the window's code points one at a time into a
// fresh breaker and counts the opportunities, as a receive path would.

#include "console.h"
#include "corpus_table.h"
#include "instruction_clock.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"
#include "utf8mcu_bsp/board.h"

#ifndef UTF8MCU_BENCH_SIZE_TUNED
#define UTF8MCU_BENCH_SIZE_TUNED 0
#endif

namespace {

using utf8mcu::bench::Console;
using utf8mcu::bench::Corpus;
using utf8mcu::bench::InstructionClock;
using utf8mcu::bench::Milli;
namespace text = utf8mcu::text;

constexpr std::size_t kWindow = UTF8MCU_BENCH_UTF32_UNITS < 4096 ? UTF8MCU_BENCH_UTF32_UNITS : 4096;
char32_t window[kWindow];

__attribute__((noinline)) std::uint32_t run_graphemes(const char32_t* cps, std::size_t size) {
  text::GraphemeBreaker breaker;
  std::uint32_t boundaries = 0;
  for (std::size_t i = 0; i < size; ++i) boundaries += breaker.push(cps[i]) ? 1u : 0u;
  return boundaries;
}

__attribute__((noinline)) std::uint32_t run_lines(const char32_t* cps, std::size_t size) {
  text::LineBreaker breaker;
  std::uint32_t opportunities = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const text::LineBreaks breaks = breaker.push(cps[i]);
    opportunities += breaks.before == text::LineBreak::kAllowed || breaks.before == text::LineBreak::kMandatory;
    opportunities += breaks.held == text::LineBreak::kAllowed;
  }
  return opportunities;
}

struct Budget {
  const char* breaker;  // "grapheme" or "line"
  const char* corpus;
  std::uint32_t m0plus_milli;  // instructions per code point, times 1000: microbit
  std::uint32_t m3_milli;      // mps2-an385
};

// What each build reaches with about 5 % to spare (docs/text.md has the
// figures); any corpus not listed is measured and printed only.
constexpr Budget kBudgets[] = {
#if UTF8MCU_BENCH_SIZE_TUNED
#include "segmentation_budgets_os.inc"
#else
#include "segmentation_budgets.inc"
#endif
};

bool same_text(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

bool is_m3() { return same_text(utf8mcu_bsp::board_name(), "mps2-an385"); }

}  // namespace

int main() {
  Console out;
  InstructionClock clock;
  if (!clock.calibrate()) {
    out << "error: SysTick does not count instructions: run QEMU with -icount shift=0\n";
    return 1;
  }
  const std::uint64_t overhead = utf8mcu::bench::measure_overhead(clock);
  out << "segmentation on " << utf8mcu_bsp::board_name() << (UTF8MCU_BENCH_SIZE_TUNED ? " -Os" : " -O2")
      << " (gcc " << __VERSION__ << "), instructions per code point, window " << kWindow << " code points\n";
  out << "| breaker | corpus | code points | boundaries | instructions/cp | budget | result |\n"
      << "|---|---|---:|---:|---:|---:|---|\n";
  std::uint32_t within = 0;
  std::uint32_t over = 0;
  for (std::size_t c = 0; c < utf8mcu::bench::kCorpusCount; ++c) {
    const Corpus& corpus = utf8mcu::bench::kCorpora[c];
    if (corpus.size == 0) continue;
    std::size_t count = 0;
    utf8mcu::Decoder decoder;
    auto sink = [&](char32_t cp) {
      if (count < kWindow) window[count++] = cp;
    };
    decoder.push(corpus.data, corpus.size, sink);
    decoder.finish(sink);
    for (int which = 0; which < 2; ++which) {
      const char* name = which == 0 ? "grapheme" : "line";
      std::uint32_t found = 0;
      const std::uint64_t spent = which == 0
                                      ? utf8mcu::bench::measure(clock, overhead, found, run_graphemes,
                                                                static_cast<const char32_t*>(window), count)
                                      : utf8mcu::bench::measure(clock, overhead, found, run_lines,
                                                                static_cast<const char32_t*>(window), count);
      const std::uint64_t milli = (spent * 1000u + count / 2) / count;
      out << "| " << name << " | " << corpus.name << " | " << count << " | " << found << " | " << Milli{milli}
          << " | ";
      const Budget* budget = nullptr;
      for (const Budget& b : kBudgets) {
        if (same_text(b.breaker, name) && same_text(b.corpus, corpus.name)) budget = &b;
      }
      if (budget == nullptr) {
        out << "- | measured |\n";
        continue;
      }
      const std::uint32_t limit = is_m3() ? budget->m3_milli : budget->m0plus_milli;
      out << Milli{limit} << " | " << (milli <= limit ? "ok" : "OVER") << " |\n";
      if (milli <= limit) {
        ++within;
      } else {
        ++over;
      }
    }
  }
  out << "segmentation budgets: " << within << " within, " << over << " over\n";
  return over == 0 ? 0 : 1;
}
