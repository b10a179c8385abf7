// Fuzz target: the decoder, and everything built on it, give the reference
// model's result for any bytes, however they are cut, in every policy.
//
// Input: fuzz::CutInput (chunk lengths, then the text). In each policy,
// push(byte), push(span) over the fuzzer's chunks, decode() and (replace) the
// iterator must give the model's code points, error counts and first error;
// every code point is a scalar value. Under kReport, resuming after each
// report must visit exactly the model's maximal subparts, at their offsets,
// and inserting U+FFFD at each report must reproduce the replace output.
// Also validate(), is_valid(), count_code_points(), the CESU-8 decoder and
// the legacy fallback (each byte of each of the model's maximal subparts as
// its ISO-8859-1 character), byte at a time and over the chunks.

#include "fuzz_support.h"

namespace {

using fuzz::Expected;
using fuzz::Report;
using utf8mcu::ErrorPolicy;

// What one way of decoding produced.
struct Run {
  std::vector<char32_t> code_points;
  // kReport: the code points with U+FFFD inserted where each report came.
  std::vector<char32_t> marked;
  std::vector<Report> reports;  // kReport only: resumed after each
  std::size_t errors = 0;       // summed over every result
  utf8mcu::DecodeError first_error{};

  auto sink() {
    return [this](char32_t code_point) {
      UTF8MCU_FUZZ_CHECK(utf8mcu::is_scalar_value(code_point));
      code_points.push_back(code_point);
      marked.push_back(code_point);
    };
  }

  // Counts `count` errors, the first being `error`; under kReport, `error` is
  // reported and its part ends at byte `end`.
  template <ErrorPolicy kPolicy>
  void note(std::size_t count, utf8mcu::DecodeError error, std::size_t end) {
    if (count == 0) return;
    UTF8MCU_FUZZ_CHECK(!error.ok() && error.length >= 1 && error.length <= 3 && end >= error.length);
    if (errors == 0) first_error = error;
    errors += count;
    if (kPolicy == ErrorPolicy::kReport) {
      UTF8MCU_FUZZ_CHECK(count == 1);
      reports.push_back({end - error.length, error.status, error.length});
      marked.push_back(utf8mcu::kReplacementCharacter);
    }
  }
};

template <ErrorPolicy kPolicy>
void check_run(const Run& run, const Expected& expected) {
  UTF8MCU_FUZZ_CHECK(run.errors == expected.errors.size());
  if (!expected.errors.empty()) {
    UTF8MCU_FUZZ_CHECK(run.first_error.status == expected.errors[0].status);
    UTF8MCU_FUZZ_CHECK(run.first_error.length == expected.errors[0].length);
  }
  if (kPolicy == ErrorPolicy::kReplace) UTF8MCU_FUZZ_CHECK(run.code_points == expected.replaced);
  if (kPolicy == ErrorPolicy::kSkip) UTF8MCU_FUZZ_CHECK(run.code_points == expected.valid);
  if (kPolicy == ErrorPolicy::kReport) {
    UTF8MCU_FUZZ_CHECK(run.code_points == expected.valid);
    UTF8MCU_FUZZ_CHECK(run.marked == expected.replaced);
    UTF8MCU_FUZZ_CHECK(run.reports == expected.errors);
  }
}

template <ErrorPolicy kPolicy>
Run push_bytes(const std::uint8_t* text, std::size_t size) {
  Run run;
  utf8mcu::Decoder decoder;
  auto sink = run.sink();
  std::size_t steps = 0;
  for (std::size_t i = 0; i < size;) {
    const utf8mcu::DecodeResult r = decoder.push<kPolicy>(text[i], sink);
    UTF8MCU_FUZZ_CHECK(r.consumed == 1 || (kPolicy == ErrorPolicy::kReport && r.consumed == 0 && r.errors == 1));
    run.note<kPolicy>(r.errors, r.error, i + r.consumed);
    // kReport, consumed 0: the decoder was reset; the same byte goes again.
    i += r.consumed;
    UTF8MCU_FUZZ_CHECK(++steps <= 2 * size);
  }
  const utf8mcu::DecodeError end = decoder.finish<kPolicy>(sink);
  run.note<kPolicy>(end.ok() ? 0 : 1, end, size);
  return run;
}

template <ErrorPolicy kPolicy>
Run push_chunks(const std::uint8_t* text, std::size_t size, fuzz::Schedule schedule) {
  Run run;
  utf8mcu::Decoder decoder;
  auto sink = run.sink();
  for (std::size_t pos = 0; pos < size;) {
    const std::size_t chunk = schedule.next_chunk(size - pos);
    if (chunk == 0) {
      // An empty span, as null or as a pointer.
      const utf8mcu::DecodeResult r = decoder.push<kPolicy>(pos % 2 == 0 ? nullptr : text + pos, 0, sink);
      UTF8MCU_FUZZ_CHECK(r.consumed == 0 && r.errors == 0);
      continue;
    }
    // kReport stops at each ill-formed part: resume with the rest of the chunk.
    for (std::size_t done = 0; done < chunk;) {
      const utf8mcu::DecodeResult r = decoder.push<kPolicy>(text + pos + done, chunk - done, sink);
      UTF8MCU_FUZZ_CHECK(r.consumed <= chunk - done);
      UTF8MCU_FUZZ_CHECK(r.consumed == chunk - done || (kPolicy == ErrorPolicy::kReport && r.errors == 1));
      done += r.consumed;
      run.note<kPolicy>(r.errors, r.error, pos + done);
    }
    pos += chunk;
  }
  const utf8mcu::DecodeError end = decoder.finish<kPolicy>(sink);
  UTF8MCU_FUZZ_CHECK(!decoder.in_sequence());
  run.note<kPolicy>(end.ok() ? 0 : 1, end, size);
  return run;
}

template <ErrorPolicy kPolicy>
Run bulk_decode(const std::uint8_t* text, std::size_t size, const Expected& expected) {
  Run run;
  auto sink = run.sink();
  // A C-style sink, to cover that form too.
  const utf8mcu::CodePointCallback callback{[](void* context, char32_t c) { (*static_cast<decltype(sink)*>(context))(c); },
                                            &sink};
  for (std::size_t pos = 0;;) {
    const utf8mcu::ValidationResult r = utf8mcu::decode<kPolicy>(text + pos, size - pos, callback);
    const std::size_t first_error = expected.errors.empty() ? size : expected.errors[0].offset;
    if (kPolicy != ErrorPolicy::kReport) {
      UTF8MCU_FUZZ_CHECK(r.valid_up_to == first_error);
      run.errors = r.errors;
      run.first_error = r.error;
      return run;
    }
    if (r.ok()) {
      UTF8MCU_FUZZ_CHECK(r.errors == 0 && r.valid_up_to == size - pos);
      return run;
    }
    UTF8MCU_FUZZ_CHECK(r.errors == 1 && r.valid_up_to + r.error.length <= size - pos);
    run.note<kPolicy>(1, r.error, pos + r.valid_up_to + r.error.length);
    pos += r.valid_up_to + r.error.length;
  }
}

template <ErrorPolicy kPolicy>
void check_policy(const fuzz::CutInput& input, const Expected& expected) {
  check_run<kPolicy>(push_bytes<kPolicy>(input.text(), input.text_size()), expected);
  check_run<kPolicy>(push_chunks<kPolicy>(input.text(), input.text_size(), input.schedule()), expected);
  check_run<kPolicy>(bulk_decode<kPolicy>(input.text(), input.text_size(), expected), expected);
}

void check_iterator(const std::uint8_t* text, std::size_t size, const Expected& expected) {
  std::size_t index = 0;
  const utf8mcu::CodePoints range(text, size);
  for (auto it = range.begin(); it != range.end(); ++it, ++index) {
    UTF8MCU_FUZZ_CHECK(index < expected.items.size());
    const ref::Item& item = expected.items[index];
    UTF8MCU_FUZZ_CHECK(*it == item.code_point);
    UTF8MCU_FUZZ_CHECK(static_cast<std::size_t>(it.position() - text) == item.offset);
    UTF8MCU_FUZZ_CHECK(it.decoded().length == item.length);
    UTF8MCU_FUZZ_CHECK(fuzz::same_kind(it.decoded().status, item.kind));
  }
  UTF8MCU_FUZZ_CHECK(index == expected.items.size());
}

void check_validation(const std::uint8_t* text, std::size_t size, const Expected& expected) {
  const utf8mcu::ValidationResult r = utf8mcu::validate(text, size);
  if (expected.errors.empty()) {
    UTF8MCU_FUZZ_CHECK(r.ok() && r.errors == 0 && r.valid_up_to == size);
  } else {
    const Report& first = expected.errors[0];
    UTF8MCU_FUZZ_CHECK(!r.ok() && r.errors == 1 && r.valid_up_to == first.offset);
    UTF8MCU_FUZZ_CHECK(r.error.status == first.status && r.error.length == first.length);
  }
  UTF8MCU_FUZZ_CHECK(utf8mcu::is_valid(text, size) == expected.errors.empty());
  UTF8MCU_FUZZ_CHECK(utf8mcu::count_code_points(text, size) == expected.items.size());
}

// CESU-8 accepts more than UTF-8, so the model only fixes its output on
// well-formed UTF-8; on any input, how it is fed must not matter.
template <ErrorPolicy kPolicy>
void check_cesu8(const fuzz::CutInput& input, const Expected& expected) {
  const std::uint8_t* text = input.text();
  const std::size_t size = input.text_size();
  Run bytes;
  Run chunks;
  utf8mcu::Cesu8Decoder by_byte;
  utf8mcu::Cesu8Decoder by_chunk;
  auto byte_sink = bytes.sink();
  auto chunk_sink = chunks.sink();
  for (std::size_t i = 0; i < size; ++i) bytes.errors += by_byte.push<kPolicy>(text[i], byte_sink).errors;
  fuzz::Schedule schedule = input.schedule();
  for (std::size_t pos = 0; pos < size;) {
    const std::size_t chunk = schedule.next_chunk(size - pos);
    const utf8mcu::DecodeResult r = by_chunk.push<kPolicy>(text + pos, chunk, chunk_sink);
    UTF8MCU_FUZZ_CHECK(r.consumed == chunk);
    chunks.errors += r.errors;
    pos += chunk;
  }
  bytes.errors += by_byte.finish<kPolicy>(byte_sink).ok() ? 0 : 1;
  chunks.errors += by_chunk.finish<kPolicy>(chunk_sink).ok() ? 0 : 1;
  UTF8MCU_FUZZ_CHECK(bytes.code_points == chunks.code_points);
  UTF8MCU_FUZZ_CHECK(bytes.errors == chunks.errors);
  if (expected.errors.empty()) UTF8MCU_FUZZ_CHECK(bytes.code_points == expected.replaced);
}

void check_legacy_fallback(const fuzz::CutInput& input, const Expected& expected) {
  const std::uint8_t* text = input.text();
  const std::size_t size = input.text_size();
  std::vector<char32_t> want;
  for (const ref::Item& item : expected.items) {
    if (!item.is_error) want.push_back(item.code_point);
    for (std::size_t i = 0; item.is_error && i < item.length; ++i) want.push_back(text[item.offset + i]);
  }
  Run bytes;
  Run chunks;
  utf8mcu::LegacyFallbackDecoder<> by_byte;
  utf8mcu::LegacyFallbackDecoder<> by_chunk;
  auto byte_sink = bytes.sink();
  auto chunk_sink = chunks.sink();
  for (std::size_t i = 0; i < size; ++i) bytes.errors += by_byte.push(text[i], byte_sink).errors;
  fuzz::Schedule schedule = input.schedule();
  for (std::size_t pos = 0; pos < size;) {
    const std::size_t chunk = schedule.next_chunk(size - pos);
    const utf8mcu::DecodeResult r = by_chunk.push(text + pos, chunk, chunk_sink);
    UTF8MCU_FUZZ_CHECK(r.consumed == chunk);
    chunks.errors += r.errors;
    pos += chunk;
  }
  bytes.errors += by_byte.finish(byte_sink).ok() ? 0 : 1;
  chunks.errors += by_chunk.finish(chunk_sink).ok() ? 0 : 1;
  UTF8MCU_FUZZ_CHECK(bytes.code_points == want && chunks.code_points == want);
  UTF8MCU_FUZZ_CHECK(bytes.errors == expected.errors.size() && chunks.errors == expected.errors.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::CutInput input(data, size);
  const Expected expected = fuzz::expect(input.text(), input.text_size());
  check_policy<ErrorPolicy::kReplace>(input, expected);
  check_policy<ErrorPolicy::kSkip>(input, expected);
  check_policy<ErrorPolicy::kReport>(input, expected);
  check_iterator(input.text(), input.text_size(), expected);
  check_validation(input.text(), input.text_size(), expected);
  check_cesu8<ErrorPolicy::kReplace>(input, expected);
  check_cesu8<ErrorPolicy::kSkip>(input, expected);
  check_legacy_fallback(input, expected);
  return 0;
}
