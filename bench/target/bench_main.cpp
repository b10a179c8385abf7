// Board benchmark: exact instruction counts (QEMU -icount shift=0) of every
// operation in operations.h on every embedded corpus, printed over
// semihosting one fact per line as `kind key=value ...` for
// bench/tools/make_report.py. Values with spaces are double-quoted.

#include "console.h"
#include "corpus_table.h"
#include "instruction_clock.h"
#include "measure_encoder.h"
#include "operations.h"
#include "state_sizes.h"
#include "utf8mcu_bsp/board.h"

using utf8mcu::bench::Console;
using utf8mcu::bench::Corpus;
using utf8mcu::bench::InstructionClock;
using utf8mcu::bench::Milli;

namespace {

void print_result(Console& out, const char* operation, const Corpus& corpus, std::uint64_t bytes,
                  std::uint64_t instructions, std::uint32_t checksum) {
  out << "result operation=" << operation << " corpus=" << corpus.name << " bytes=" << bytes
      << " instructions=" << instructions << " checksum=" << checksum << '\n';
}

void run_encoder(Console& out, const InstructionClock& clock, std::uint64_t overhead, const Corpus& corpus) {
  const utf8mcu::bench::EncoderRun run = utf8mcu::bench::measure_encoder(clock, overhead, corpus.data, corpus.size);
  print_result(out, utf8mcu::bench::kEncodeName, corpus, run.written, run.instructions,
               static_cast<std::uint32_t>(run.written));
}

}  // namespace

int main() {
  using namespace utf8mcu::bench;
  Console out;
  InstructionClock clock;
  const bool calibrated = clock.calibrate();
  const std::uint64_t overhead = measure_overhead(clock);

  out << "utf8mcu-bench format=1 board=" << utf8mcu_bsp::board_name() << " compiler=\"gcc " << __VERSION__
      << "\" clock=systick nominal_instructions_per_tick=" << Milli{clock.nominal_per_tick_milli()}
      << " measured_instructions_per_tick=" << Milli{clock.measured_per_tick_milli()}
      << " overhead_instructions=" << overhead << " utf32_window=" << kUtf32Units << '\n';
  if (!calibrated) {
    out << "error: SysTick does not count instructions: run QEMU with -icount shift=0\n";
    return 1;
  }
  for (const StateSize& state : kStateSizes) {
    out << "sizeof type=\"" << state.type << "\" bytes=" << std::uint64_t{state.bytes} << '\n';
  }
  for (std::size_t i = 0; i < kByteOperationCount; ++i) {
    out << "operation name=" << kByteOperations[i].name << " description=\"" << kByteOperations[i].description
        << "\"\n";
  }
  out << "operation name=" << kEncodeName << " description=\"" << kEncodeDescription << "\"\n";

  for (std::size_t c = 0; c < kCorpusCount; ++c) {
    const Corpus& corpus = kCorpora[c];
    out << "corpus name=" << corpus.name << " bytes=" << std::uint64_t{corpus.size} << " source=\"" << corpus.source
        << "\"\n";
    for (std::size_t i = 0; i < kByteOperationCount; ++i) {
      std::uint32_t checksum = 0;
      const std::uint64_t instructions =
          measure(clock, overhead, checksum, kByteOperations[i].run, corpus.data, corpus.size);
      print_result(out, kByteOperations[i].name, corpus, corpus.size, instructions, checksum);
    }
    run_encoder(out, clock, overhead, corpus);
  }
  out << "done\n";
  return 0;
}
