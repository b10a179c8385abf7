// The push decoder alone, for the size budget: every function and every data
// object in this file's object is the decoder's code or its tables. Built at
// -Os for cortex-m0plus (the microbit preset); read by bench/tools/size_budget.sh.

#include "utf8mcu/decoder.h"

// A span push with a run-time sink: the form a firmware links once and feeds
// from a UART interrupt or a DMA buffer.
extern "C" utf8mcu::DecodeResult utf8mcu_size_decoder_push(utf8mcu::Decoder* decoder, const std::uint8_t* data,
                                                           std::size_t size, utf8mcu::CodePointCallback sink) {
  return decoder->push(data, size, sink);
}
