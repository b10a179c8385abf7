// The table DFA baseline (bench/baselines) in the size probe's form, for
// comparison with the push decoder's size budget: a span push with a
// run-time sink, built the same way. Its push returns nothing (no count, no
// error kind, nothing consumed), so its code is a lower bound for that job.

#include "dfa_decoder.h"

extern "C" void utf8mcu_size_dfa_push(utf8mcu::bench::DfaDecoder* decoder, const std::uint8_t* data,
                                      std::size_t size, utf8mcu::CodePointCallback sink) {
  decoder->push(data, size, sink);
}
