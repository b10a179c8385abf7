#pragma once
// The corpora a benchmark build embeds: kCorpora is defined by the table that
// bench/corpus/make_corpus.py writes into the build tree (corpus_generated.cpp
// or corpus_all.cpp), with the data in read-only memory.

#include <cstddef>
#include <cstdint>

namespace utf8mcu::bench {

struct Corpus {
  const char* name;    // e.g. "gen-cjk", "lipsum-russian"
  const char* source;  // where the bytes come from, for the report
  const std::uint8_t* data;
  std::size_t size;
};

extern const Corpus kCorpora[];
extern const std::size_t kCorpusCount;

}  // namespace utf8mcu::bench
