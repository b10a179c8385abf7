// Host benchmark (Google Benchmark): utf8mcu, the baselines and peer libraries
// doing the same jobs on the same corpora, in one run.
//
//   bench_host [--benchmark_min_time=0.1] [--benchmark_format=json] ...
//
// Benchmark names are <job>/<implementation>/<corpus>; throughput is
// bytes_per_second (UTF-8 bytes read, or written for "encode"). Each run
// also records whether the implementation's output equals utf8mcu's
// ("same_output" 1/0): peers that do not replace each maximal subpart with
// one U+FFFD differ on ill-formed input. Implementations that cannot take
// ill-formed input are skipped on it with a message. Descriptions, peer
// versions and sizeof of the state objects go to the run's context.

#include <benchmark/benchmark.h>
#include <gnu/libc-version.h>

#include <clocale>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cwchar>
#include <string>
#include <vector>

#include "corpus_table.h"
#include "operations.h"
#include "state_sizes.h"
#include "utf8mcu/validate.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"

#if UTF8MCU_BENCH_HAVE_ICU
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/uvernum.h>
#endif
#if UTF8MCU_BENCH_HAVE_UTFCPP
#include <utf8.h>
#endif
#if UTF8MCU_BENCH_HAVE_UTF8PROC
#include <utf8proc.h>
#endif

namespace {

using utf8mcu::bench::Corpus;
using utf8mcu::bench::utf32_buffer;
using utf8mcu::bench::utf8_buffer;

constexpr std::size_t kUtf32Capacity = utf8mcu::bench::kUtf32Units;
constexpr std::size_t kUtf8Capacity = sizeof utf8_buffer;

// --- Jobs --------------------------------------------------------------------
// decode:   every code point to a sink that sums them (U+FFFD for ill-formed)
// to_utf32: code points into a buffer; returns the count
// validate: length of the well-formed prefix
// encode:   UTF-32 to UTF-8 into a buffer; returns the bytes written
// sanitize: UTF-8 to well-formed UTF-8 (U+FFFD for ill-formed); returns bytes

using ByteFunction = std::uint32_t (*)(const std::uint8_t* data, std::size_t size);
using EncodeFunction = std::uint32_t (*)(const char32_t* in, std::size_t size);

// ---- utf8mcu (beyond the shared operations) ----

std::uint32_t utf8mcu_encode(const char32_t* in, std::size_t size) {
  return bench_utf32_to_utf8(in, size, utf8_buffer, kUtf8Capacity);
}

std::uint32_t utf8mcu_sanitize(const std::uint8_t* data, std::size_t size) {
  utf8mcu::Utf8Writer writer(utf8_buffer, kUtf8Capacity);
  utf8mcu::Decoder decoder;
  decoder.push(data, size, writer);
  decoder.finish(writer);
  return static_cast<std::uint32_t>(writer.size());
}

// ---- ICU ----
#if UTF8MCU_BENCH_HAVE_ICU
std::int32_t icu_length(std::size_t size) { return static_cast<std::int32_t>(size); }

// Every code point through U8_NEXT, U+FFFD for ill-formed input.
template <typename F>
void icu_for_each(const std::uint8_t* data, std::size_t size, F&& f) {
  const std::int32_t length = icu_length(size);
  for (std::int32_t i = 0; i < length;) {
    UChar32 c = 0;
    U8_NEXT(data, i, length, c);
    f(c < 0 ? U'\uFFFD' : static_cast<char32_t>(c));
  }
}

std::uint32_t icu_decode(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  icu_for_each(data, size, [&sum](char32_t c) { sum += c; });
  return sum;
}

std::uint32_t icu_to_utf32(const std::uint8_t* data, std::size_t size) {
  std::uint32_t written = 0;
  icu_for_each(data, size, [&written](char32_t c) { utf32_buffer[written++] = c; });
  return written;
}

UChar icu_utf16_buffer[2 * kUtf32Capacity];

std::uint32_t icu_to_utf16(const std::uint8_t* data, std::size_t size) {
  std::int32_t written = 0;
  UErrorCode status = U_ZERO_ERROR;
  u_strFromUTF8WithSub(icu_utf16_buffer, static_cast<std::int32_t>(2 * kUtf32Capacity), &written,
                       reinterpret_cast<const char*>(data), icu_length(size), 0xFFFD, nullptr, &status);
  return U_SUCCESS(status) ? static_cast<std::uint32_t>(written) : 0;
}

std::uint32_t icu_validate(const std::uint8_t* data, std::size_t size) {
  const std::int32_t length = icu_length(size);
  for (std::int32_t i = 0; i < length;) {
    const std::int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(data, i, length, c);
    if (c < 0) return static_cast<std::uint32_t>(start);
  }
  return static_cast<std::uint32_t>(size);
}

std::uint32_t icu_encode(const char32_t* in, std::size_t size) {
  const std::int32_t capacity = static_cast<std::int32_t>(kUtf8Capacity);
  std::int32_t written = 0;
  for (std::size_t i = 0; i < size; ++i) {
    UBool error = false;
    U8_APPEND(utf8_buffer, written, capacity, static_cast<std::uint32_t>(in[i]), error);
    if (error) break;
  }
  return static_cast<std::uint32_t>(written);
}
#endif

// ---- utfcpp (checked API: throws on ill-formed input) ----
#if UTF8MCU_BENCH_HAVE_UTFCPP
std::uint32_t utfcpp_decode(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  const std::uint8_t* it = data;
  const std::uint8_t* const end = data + size;
  while (it != end) sum += utf8::next(it, end);
  return sum;
}

std::uint32_t utfcpp_to_utf32(const std::uint8_t* data, std::size_t size) {
  return static_cast<std::uint32_t>(utf8::utf8to32(data, data + size, utf32_buffer) - utf32_buffer);
}

std::uint32_t utfcpp_validate(const std::uint8_t* data, std::size_t size) {
  return static_cast<std::uint32_t>(utf8::find_invalid(data, data + size) - data);
}

std::uint32_t utfcpp_encode(const char32_t* in, std::size_t size) {
  return static_cast<std::uint32_t>(utf8::utf32to8(in, in + size, utf8_buffer) - utf8_buffer);
}

std::uint32_t utfcpp_sanitize(const std::uint8_t* data, std::size_t size) {
  return static_cast<std::uint32_t>(utf8::replace_invalid(data, data + size, utf8_buffer) - utf8_buffer);
}
#endif

// ---- utf8proc (an error skips one byte) ----
#if UTF8MCU_BENCH_HAVE_UTF8PROC
// Every code point through utf8proc_iterate, U+FFFD and one byte for an error.
template <typename F>
void utf8proc_for_each(const std::uint8_t* data, std::size_t size, F&& f) {
  for (std::size_t i = 0; i < size;) {
    utf8proc_int32_t c = 0;
    utf8proc_ssize_t n = utf8proc_iterate(data + i, static_cast<utf8proc_ssize_t>(size - i), &c);
    if (n <= 0) {
      c = 0xFFFD;
      n = 1;
    }
    f(static_cast<char32_t>(c));
    i += static_cast<std::size_t>(n);
  }
}

std::uint32_t utf8proc_decode(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  utf8proc_for_each(data, size, [&sum](char32_t c) { sum += c; });
  return sum;
}

std::uint32_t utf8proc_to_utf32(const std::uint8_t* data, std::size_t size) {
  std::uint32_t written = 0;
  utf8proc_for_each(data, size, [&written](char32_t c) { utf32_buffer[written++] = c; });
  return written;
}

std::uint32_t utf8proc_validate(const std::uint8_t* data, std::size_t size) {
  for (std::size_t i = 0; i < size;) {
    utf8proc_int32_t c = 0;
    const utf8proc_ssize_t n = utf8proc_iterate(data + i, static_cast<utf8proc_ssize_t>(size - i), &c);
    if (n <= 0) return static_cast<std::uint32_t>(i);
    i += static_cast<std::size_t>(n);
  }
  return static_cast<std::uint32_t>(size);
}

std::uint32_t utf8proc_encode(const char32_t* in, std::size_t size) {
  std::size_t written = 0;
  for (std::size_t i = 0; i < size; ++i) {
    written += static_cast<std::size_t>(
        utf8proc_encode_char(static_cast<utf8proc_int32_t>(in[i]), utf8_buffer + written));
  }
  return static_cast<std::uint32_t>(written);
}
#endif

// ---- glibc (C.UTF-8 locale; an error skips one byte) ----
constexpr std::size_t kMbError = static_cast<std::size_t>(-1);
constexpr std::size_t kMbIncomplete = static_cast<std::size_t>(-2);

// Every code point through mbrtowc, U+FFFD and one byte for an error.
template <typename F>
void glibc_for_each(const std::uint8_t* data, std::size_t size, F&& f) {
  std::mbstate_t state{};
  for (std::size_t i = 0; i < size;) {
    wchar_t c = 0;
    std::size_t n = std::mbrtowc(&c, reinterpret_cast<const char*>(data + i), size - i, &state);
    if (n == kMbError || n == kMbIncomplete) {
      c = 0xFFFD;
      n = 1;
      state = std::mbstate_t{};
    } else if (n == 0) {
      n = 1;  // U+0000
    }
    f(static_cast<char32_t>(c));
    i += n;
  }
}

std::uint32_t glibc_decode(const std::uint8_t* data, std::size_t size) {
  std::uint32_t sum = 0;
  glibc_for_each(data, size, [&sum](char32_t c) { sum += c; });
  return sum;
}

std::uint32_t glibc_to_utf32(const std::uint8_t* data, std::size_t size) {
  std::uint32_t written = 0;
  glibc_for_each(data, size, [&written](char32_t c) { utf32_buffer[written++] = c; });
  return written;
}

std::uint32_t glibc_validate(const std::uint8_t* data, std::size_t size) {
  std::mbstate_t state{};
  for (std::size_t i = 0; i < size;) {
    std::size_t n = std::mbrtowc(nullptr, reinterpret_cast<const char*>(data + i), size - i, &state);
    if (n == kMbError || n == kMbIncomplete) return static_cast<std::uint32_t>(i);
    i += n == 0 ? 1 : n;
  }
  return static_cast<std::uint32_t>(size);
}

std::uint32_t glibc_encode(const char32_t* in, std::size_t size) {
  std::mbstate_t state{};
  std::size_t written = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t n = std::wcrtomb(reinterpret_cast<char*>(utf8_buffer + written), static_cast<wchar_t>(in[i]), &state);
    if (n == kMbError) break;
    written += n;
  }
  return static_cast<std::uint32_t>(written);
}

// --- Registration ------------------------------------------------------------

struct Implementation {
  const char* job;
  const char* id;
  const char* description;
  ByteFunction run;          // null for the encode job
  EncodeFunction encode;     // encode job only
  bool needs_valid_input;    // throws or misbehaves on ill-formed input
};

const Implementation kImplementations[] = {
    {"decode", "utf8mcu", "utf8mcu Decoder::push(span), inlined sink", bench_decoder_push_inline, nullptr, false},
    {"decode", "utf8mcu-callback", "utf8mcu Decoder::push(span), CodePointCallback sink", bench_decoder_push_callback,
     nullptr, false},
    {"decode", "utf8mcu-bytewise", "utf8mcu Decoder::push(byte) per byte, inlined sink",
     bench_decoder_push_byte_inline, nullptr, false},
    {"decode", "utf8mcu-bulk", "utf8mcu decode(ptr, n, sink), inlined sink", bench_decode_bulk_inline, nullptr, false},
    {"decode", "dfa-baseline", "baseline: table DFA push decoder (bench/baselines)", bench_dfa_push_inline, nullptr,
     false},
    {"decode", "whatwg-baseline", "baseline: WHATWG-style push decoder (bench/baselines)", bench_whatwg_push_inline,
     nullptr, false},
#if UTF8MCU_BENCH_HAVE_ICU
    {"decode", "icu", "ICU U8_NEXT loop, U+FFFD for c < 0", icu_decode, nullptr, false},
#endif
#if UTF8MCU_BENCH_HAVE_UTFCPP
    {"decode", "utfcpp", "utfcpp utf8::next loop (throws on ill-formed input)", utfcpp_decode, nullptr, true},
#endif
#if UTF8MCU_BENCH_HAVE_UTF8PROC
    {"decode", "utf8proc", "utf8proc_iterate loop, U+FFFD and skip one byte on error", utf8proc_decode, nullptr,
     false},
#endif
    {"decode", "glibc", "glibc mbrtowc loop in C.UTF-8, U+FFFD and skip one byte on error", glibc_decode, nullptr,
     false},

    {"to_utf32", "utf8mcu", "utf8mcu utf8_to_utf32()", bench_utf8_to_utf32, nullptr, false},
#if UTF8MCU_BENCH_HAVE_ICU
    {"to_utf32", "icu", "ICU U8_NEXT loop into a buffer", icu_to_utf32, nullptr, false},
    {"to_utf32", "icu-utf16", "ICU u_strFromUTF8WithSub (UTF-16 output, for reference)", icu_to_utf16, nullptr,
     false},
#endif
#if UTF8MCU_BENCH_HAVE_UTFCPP
    {"to_utf32", "utfcpp", "utfcpp utf8::utf8to32 (throws on ill-formed input)", utfcpp_to_utf32, nullptr, true},
#endif
#if UTF8MCU_BENCH_HAVE_UTF8PROC
    {"to_utf32", "utf8proc", "utf8proc_iterate loop into a buffer", utf8proc_to_utf32, nullptr, false},
#endif
    {"to_utf32", "glibc", "glibc mbrtowc loop into a wchar_t buffer", glibc_to_utf32, nullptr, false},

    {"validate", "utf8mcu", "utf8mcu validate()", bench_validate, nullptr, false},
    {"validate", "ascii4-baseline", "baseline: validator with a 4-byte ASCII path (bench/baselines)",
     bench_ascii4_validate, nullptr, false},
#if UTF8MCU_BENCH_HAVE_ICU
    {"validate", "icu", "ICU U8_NEXT loop up to the first c < 0", icu_validate, nullptr, false},
#endif
#if UTF8MCU_BENCH_HAVE_UTFCPP
    {"validate", "utfcpp", "utfcpp utf8::find_invalid (as utf8::is_valid)", utfcpp_validate, nullptr, false},
#endif
#if UTF8MCU_BENCH_HAVE_UTF8PROC
    {"validate", "utf8proc", "utf8proc_iterate loop up to the first error", utf8proc_validate, nullptr, false},
#endif
    {"validate", "glibc", "glibc mbrtowc loop up to the first error", glibc_validate, nullptr, false},

    {"encode", "utf8mcu", "utf8mcu utf32_to_utf8()", nullptr, utf8mcu_encode, false},
#if UTF8MCU_BENCH_HAVE_ICU
    {"encode", "icu", "ICU U8_APPEND loop", nullptr, icu_encode, false},
#endif
#if UTF8MCU_BENCH_HAVE_UTFCPP
    {"encode", "utfcpp", "utfcpp utf8::utf32to8", nullptr, utfcpp_encode, false},
#endif
#if UTF8MCU_BENCH_HAVE_UTF8PROC
    {"encode", "utf8proc", "utf8proc_encode_char loop", nullptr, utf8proc_encode, false},
#endif
    {"encode", "glibc", "glibc wcrtomb loop in C.UTF-8", nullptr, glibc_encode, false},

    {"sanitize", "utf8mcu", "utf8mcu Decoder::push(span) into a Utf8Writer", utf8mcu_sanitize, nullptr, false},
#if UTF8MCU_BENCH_HAVE_UTFCPP
    {"sanitize", "utfcpp", "utfcpp utf8::replace_invalid (one U+FFFD per bad sequence and its trail bytes)",
     utfcpp_sanitize, nullptr, false},
#endif
};

// What an implementation produced on a corpus, to compare with utf8mcu's.
struct Output {
  std::uint32_t value = 0;
  std::vector<unsigned char> bytes;  // buffer contents, for the buffer jobs
};

bool same_text(const char* a, const char* b) { return std::strcmp(a, b) == 0; }

Output run_once(const Implementation& implementation, const Corpus& corpus, const std::vector<char32_t>& text) {
  Output output;
  if (implementation.encode != nullptr) {
    output.value = implementation.encode(text.data(), text.size());
    output.bytes.assign(utf8_buffer, utf8_buffer + output.value);
    return output;
  }
  output.value = implementation.run(corpus.data, corpus.size);
  if (same_text(implementation.job, "to_utf32") && !same_text(implementation.id, "icu-utf16")) {
    const auto* begin = reinterpret_cast<const unsigned char*>(utf32_buffer);
    output.bytes.assign(begin, begin + output.value * sizeof(char32_t));
  } else if (same_text(implementation.job, "sanitize")) {
    output.bytes.assign(utf8_buffer, utf8_buffer + output.value);
  }
  return output;
}

struct CorpusData {
  const Corpus* corpus;
  std::vector<char32_t> text;  // decoded by utf8mcu: the encoders' input
  bool valid;
};

void register_all(std::vector<CorpusData>& corpora) {
  for (CorpusData& data : corpora) {
    const Corpus& corpus = *data.corpus;
    for (const Implementation& implementation : kImplementations) {
      // utf8mcu's output for the same job is the reference.
      const Implementation* reference = nullptr;
      for (const Implementation& candidate : kImplementations) {
        if (same_text(candidate.job, implementation.job)) {
          reference = &candidate;
          break;
        }
      }
      const std::string name = std::string(implementation.job) + "/" + implementation.id + "/" + corpus.name;
      const Implementation* self = &implementation;
      const CorpusData* input = &data;
      bool same_output = true;
      if (!(implementation.needs_valid_input && !data.valid) && !same_text(implementation.id, "icu-utf16")) {
        const Output expected = run_once(*reference, corpus, data.text);
        const Output actual = run_once(implementation, corpus, data.text);
        same_output = expected.value == actual.value && expected.bytes == actual.bytes;
      }
      const std::size_t bytes = same_text(implementation.job, "encode") ? run_once(implementation, corpus, data.text).value
                                                                        : corpus.size;
      benchmark::RegisterBenchmark(name.c_str(), [self, input, same_output, bytes](benchmark::State& state) {
        if (self->needs_valid_input && !input->valid) {
          state.SkipWithError("n/a: throws on ill-formed input");
          return;
        }
        for (auto _ : state) {
          const std::uint32_t result = self->encode != nullptr
                                           ? self->encode(input->text.data(), input->text.size())
                                           : self->run(input->corpus->data, input->corpus->size);
          benchmark::DoNotOptimize(result);
          benchmark::ClobberMemory();
        }
        state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
        state.counters["same_output"] = same_output ? 1 : 0;
        state.counters["bytes"] = static_cast<double>(bytes);
      });
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (std::setlocale(LC_CTYPE, "C.UTF-8") == nullptr) {
    std::fprintf(stderr, "bench_host: no C.UTF-8 locale: glibc results are meaningless\n");
  }
  benchmark::Initialize(&argc, argv);

  std::vector<CorpusData> corpora;
  for (std::size_t i = 0; i < utf8mcu::bench::kCorpusCount; ++i) {
    const Corpus& corpus = utf8mcu::bench::kCorpora[i];
    CorpusData data{&corpus, {}, utf8mcu::validate(corpus.data, corpus.size).ok()};
    const std::uint32_t units = bench_utf8_to_utf32(corpus.data, corpus.size);
    data.text.assign(utf32_buffer, utf32_buffer + units);
    corpora.push_back(std::move(data));
    benchmark::AddCustomContext(std::string("corpus.") + corpus.name,
                                std::to_string(corpus.size) + " bytes; " + corpus.source);
  }
  register_all(corpora);

  for (const Implementation& implementation : kImplementations) {
    benchmark::AddCustomContext(std::string("implementation.") + implementation.job + "/" + implementation.id,
                                implementation.description);
  }
  for (const utf8mcu::bench::StateSize& state : utf8mcu::bench::kStateSizes) {
    benchmark::AddCustomContext(std::string("sizeof.") + state.type, std::to_string(state.bytes));
  }
#if UTF8MCU_BENCH_HAVE_ICU
  benchmark::AddCustomContext("version.icu", U_ICU_VERSION);
#endif
#if UTF8MCU_BENCH_HAVE_UTF8PROC
  benchmark::AddCustomContext("version.utf8proc", utf8proc_version());
#endif
  benchmark::AddCustomContext("version.glibc", gnu_get_libc_version());
  benchmark::AddCustomContext("compiler", "g++ " __VERSION__);

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
