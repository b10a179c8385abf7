// The branching baseline (bench/baselines) in the size probe's form, for
// comparison with the push decoder's size budget: a span push with a
// run-time sink, built the same way. Its push returns nothing.

#include "whatwg_decoder.h"

extern "C" void utf8mcu_size_whatwg_push(utf8mcu::bench::WhatwgDecoder* decoder, const std::uint8_t* data,
                                         std::size_t size, utf8mcu::CodePointCallback sink) {
  decoder->push(data, size, sink);
}
