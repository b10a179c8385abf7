// The same output however the input is cut: byte at a time, one span, random
// chunks, the iterator and the bulk API all agree with the reference model on
// long random inputs, in every policy.

#include "utf8mcu/boundary.h"
#include "utf8mcu/validate.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/iterator.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

using utf8mcu::Decoder;
using utf8mcu::ErrorPolicy;

constexpr std::size_t kMaxInput = 160;
using Output = test::Recorder<kMaxInput>;

constexpr std::uint32_t kRounds = utest::kReduced ? 300 : 3000;

// Decodes `input` cut into random chunks; chunk size 0 means byte at a time.
template <ErrorPolicy kPolicy>
void decode_in_chunks(test::Random& random, const std::uint8_t* input, std::size_t size, Output& out,
                      std::size_t& errors) {
  Decoder decoder;
  std::size_t i = 0;
  const bool byte_at_a_time = random.below(4) == 0;
  while (i < size) {
    const std::size_t chunk = byte_at_a_time ? 1 : 1 + random.below(9);
    const std::size_t n = chunk < size - i ? chunk : size - i;
    if (n == 1) {
      errors += decoder.push<kPolicy>(input[i], out).errors;
    } else {
      errors += decoder.push<kPolicy>(input + i, n, out).errors;
    }
    i += n;
  }
  errors += decoder.finish<kPolicy>(out).ok() ? 0u : 1u;
}

UTEST(Chunking, AllWaysAgreeWithTheReference) {
  test::Random random(12345);
  std::uint8_t input[kMaxInput];
  std::uint32_t failures = 0;
  std::uint32_t bytes = 0;
  for (std::uint32_t round = 0; round < kRounds && failures < 3; ++round) {
    const std::size_t size = random.below(kMaxInput);
    test::random_utf8ish(random, input, size);
    bytes += static_cast<std::uint32_t>(size);

    Output replaced;
    Output skipped;
    std::size_t ref_errors = 0;
    ref::decode(input, size, [&](const ref::Item& item) {
      replaced(item.is_error ? utf8mcu::kReplacementCharacter : item.code_point);
      if (item.is_error) {
        ++ref_errors;
      } else {
        skipped(item.code_point);
      }
    });

    Output chunked;
    std::size_t errors = 0;
    decode_in_chunks<ErrorPolicy::kReplace>(random, input, size, chunked, errors);
    Output chunked_skip;
    std::size_t skip_errors = 0;
    decode_in_chunks<ErrorPolicy::kSkip>(random, input, size, chunked_skip, skip_errors);
    Output bulk;
    const utf8mcu::ValidationResult bulk_result = utf8mcu::decode(input, size, bulk);
    Output pulled;
    for (char32_t c : utf8mcu::CodePoints(input, size)) pulled(c);

    const bool ok = chunked == replaced && errors == ref_errors && chunked_skip == skipped &&
                    skip_errors == ref_errors && bulk == replaced && bulk_result.errors == ref_errors &&
                    pulled == replaced && utf8mcu::count_code_points(input, size) == replaced.size;
    if (!ok) {
      ++failures;
      utest::log() << "  round " << round << " size " << size << " differs\n";
    }
    EXPECT_TRUE(ok);
  }
  utest::log() << "  " << kRounds << " random inputs, " << bytes << " bytes\n";
}

UTEST(Chunking, ReportResumedAfterEachErrorEqualsReplace) {
  // Report, resumed after every error with U+FFFD inserted by the caller, is
  // the replace policy; offsets from `consumed` match the reference's.
  test::Random random(777);
  std::uint8_t input[kMaxInput];
  for (std::uint32_t round = 0; round < kRounds / 3; ++round) {
    const std::size_t size = random.below(kMaxInput);
    test::random_utf8ish(random, input, size);
    std::size_t ref_offsets[kMaxInput];
    std::size_t ref_count = 0;
    ref::decode(input, size, [&](const ref::Item& item) {
      if (item.is_error) ref_offsets[ref_count++] = item.offset;
    });

    Decoder decoder;
    Output out;
    std::size_t fed = 0;
    std::size_t seen = 0;
    bool ok = true;
    while (fed < size) {
      std::size_t n = 1 + random.below(7);
      if (n > size - fed) n = size - fed;
      std::size_t done = 0;
      while (done < n) {
        const utf8mcu::DecodeResult r = decoder.push<ErrorPolicy::kReport>(input + fed + done, n - done, out);
        done += r.consumed;
        if (r.errors == 0) break;
        ok = ok && seen < ref_count && fed + done - r.error.length == ref_offsets[seen];
        ++seen;
        out(utf8mcu::kReplacementCharacter);
      }
      fed += n;
    }
    const utf8mcu::DecodeError end = decoder.finish<ErrorPolicy::kReport>(out);
    if (!end.ok()) {
      ok = ok && seen < ref_count && size - end.length == ref_offsets[seen];
      ++seen;
      out(utf8mcu::kReplacementCharacter);
    }
    Output replaced;
    utf8mcu::decode(input, size, replaced);
    EXPECT_TRUE(ok);
    EXPECT_EQ(seen, ref_count);
    EXPECT_TRUE(out == replaced);
  }
}

UTEST(Chunking, AsciiFastPathAtEveryAlignment) {
  // ASCII runs with one non-ASCII byte at each position and each alignment:
  // the word-at-a-time scan must stop exactly there.
  alignas(8) std::uint8_t buffer[80];
  for (std::size_t start = 0; start < 8; ++start) {
    for (std::size_t size = 0; size + start <= sizeof buffer; size += 7) {
      for (std::size_t bad = 0; bad <= size; ++bad) {
        std::uint8_t* text = buffer + start;
        for (std::size_t i = 0; i < size; ++i) text[i] = static_cast<std::uint8_t>('a' + i % 26);
        if (bad < size) text[bad] = 0x80;
        const utf8mcu::ValidationResult r = utf8mcu::validate(text, size);
        EXPECT_EQ(r.valid_up_to, bad);
        EXPECT_EQ(utf8mcu::detail::ascii_prefix_length(text, size), bad);
      }
    }
  }
}

}  // namespace
