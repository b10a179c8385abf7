// Transcoding into fixed buffers: UTF-16/UTF-32 to UTF-8 and back, resumed
// across input chunks and across every output capacity, with guard bytes.

#include "utf8mcu/validate.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/transcode.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

using utf8mcu::ErrorPolicy;
using utf8mcu::Status;
using utf8mcu::TranscodeResult;

constexpr std::uint8_t kGuard = 0xA5;

UTEST(Transcode, Utf32ToUtf8) {
  const char32_t in[] = {0x41, 0xE9, 0xD800, 0x20AC, 0x110000, 0x1F600};
  std::uint8_t out[32];
  TranscodeResult r = utf8mcu::utf32_to_utf8(in, 6, out, sizeof out);
  const std::uint8_t expected[] = {0x41, 0xC3, 0xA9, 0xEF, 0xBF, 0xBD, 0xE2, 0x82,
                                   0xAC, 0xEF, 0xBF, 0xBD, 0xF0, 0x9F, 0x98, 0x80};
  EXPECT_EQ(r.status, Status::kOk);
  EXPECT_EQ(r.read, 6u);
  EXPECT_EQ(r.errors, 2u);
  ASSERT_EQ(r.written, sizeof expected);
  EXPECT_MEMEQ(out, expected, sizeof expected);

  r = utf8mcu::utf32_to_utf8<ErrorPolicy::kReport>(in, 6, out, sizeof out);
  EXPECT_EQ(r.status, Status::kInvalidCodePoint);
  EXPECT_EQ(r.read, 2u);  // stopped at the unit after "A" and U+00E9
  EXPECT_EQ(r.written, 3u);

  r = utf8mcu::utf32_to_utf8<ErrorPolicy::kSkip>(in, 6, out, sizeof out);
  EXPECT_EQ(r.written, 10u);
  EXPECT_EQ(r.errors, 2u);
}

// Random UTF-32 (ASCII runs, every length, surrogates and values above
// U+10FFFF) into every capacity: whole sequences only, the longest prefix
// that fits, nothing past the end; the reference model encodes the
// expectation. Long inputs reach the fast path, short rooms the slow one.
UTEST(Transcode, Utf32ToUtf8AtEveryCapacity) {
  test::Random random(3232);
  for (int round = 0; round < (utest::kReduced ? 30 : 150); ++round) {
    char32_t in[40];
    const std::size_t size = random.below(41);
    for (std::size_t i = 0; i < size; ++i) {
      const std::uint32_t kind = random.below(10);
      std::uint32_t c = random.below(0x80);
      if (kind == 6) c = 0x80 + random.below(0x800 - 0x80);
      if (kind == 7) c = 0x800 + random.below(0x10000 - 0x800);  // surrogates too
      if (kind == 8) c = 0x10000 + random.below(0x110000 - 0x10000);
      if (kind == 9) c = random.below(2) == 0 ? 0xD800 + random.below(0x800) : 0x110000 + random.next() % 0x1000;
      in[i] = static_cast<char32_t>(c);
    }
    std::uint8_t expected[40 * 4];
    std::size_t ends[41] = {0};  // ends[i]: bytes of the first i code points
    std::size_t errors = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const bool valid = in[i] <= 0x10FFFF && !(in[i] >= 0xD800 && in[i] <= 0xDFFF);
      errors += valid ? 0 : 1;
      const std::size_t n = ref::encode(valid ? in[i] : utf8mcu::kReplacementCharacter, expected + ends[i]);
      ends[i + 1] = ends[i] + n;
    }
    for (std::size_t capacity = 0; capacity <= ends[size] + 1; ++capacity) {
      std::uint8_t out[40 * 4 + 8];
      for (std::uint8_t& b : out) b = kGuard;
      const TranscodeResult r = utf8mcu::utf32_to_utf8(in, size, out, capacity);
      std::size_t fits = 0;
      while (fits < size && ends[fits + 1] <= capacity) ++fits;
      ASSERT_EQ(r.read, fits);
      ASSERT_EQ(r.written, ends[fits]);
      EXPECT_EQ(r.status, fits == size ? Status::kOk : Status::kOutputFull);
      EXPECT_MEMEQ(out, expected, r.written);
      for (std::size_t k = r.written; k < sizeof out; ++k) ASSERT_EQ(out[k], kGuard);
      if (fits == size) EXPECT_EQ(r.errors, errors);
    }
  }
}

UTEST(Transcode, Utf16ToUtf8Pairs) {
  // U+1F600 as D83D DE00, a lone low, a high followed by 'A', a trailing high.
  const char16_t in[] = {0xD83D, 0xDE00, 0xDC00, 0xD800, 0x0041, 0xD801};
  std::uint8_t out[32];
  TranscodeResult r = utf8mcu::utf16_to_utf8(in, 6, out, sizeof out);
  const std::uint8_t expected[] = {0xF0, 0x9F, 0x98, 0x80, 0xEF, 0xBF, 0xBD, 0xEF,
                                   0xBF, 0xBD, 0x41, 0xEF, 0xBF, 0xBD};
  EXPECT_EQ(r.status, Status::kOk);
  EXPECT_EQ(r.errors, 3u);
  ASSERT_EQ(r.written, sizeof expected);
  EXPECT_MEMEQ(out, expected, sizeof expected);

  // Report: the lone low surrogate at index 2 is consumed and reported.
  r = utf8mcu::utf16_to_utf8<ErrorPolicy::kReport>(in, 6, out, sizeof out);
  EXPECT_EQ(r.status, Status::kUnpairedSurrogate);
  EXPECT_EQ(r.read, 3u);
  EXPECT_EQ(r.length, 1u);
  EXPECT_EQ(r.written, 4u);

  // Report: a high surrogate broken by 'A' ends before the 'A'.
  const char16_t broken[] = {0x41, 0xD800, 0x42};
  r = utf8mcu::utf16_to_utf8<ErrorPolicy::kReport>(broken, 3, out, sizeof out);
  EXPECT_EQ(r.status, Status::kUnpairedSurrogate);
  EXPECT_EQ(r.read, 2u);
  EXPECT_EQ(r.written, 1u);
}

UTEST(Transcode, Utf16PairSplitAcrossChunks) {
  const char16_t in[] = {0xD83D, 0xDE00};
  utf8mcu::Utf16ToUtf8 converter;
  std::uint8_t out[8];
  TranscodeResult r = converter.convert(in, 1, out, sizeof out);
  EXPECT_EQ(r.written, 0u);
  r = converter.convert(in + 1, 1, out, sizeof out);
  ASSERT_EQ(r.written, 4u);
  EXPECT_EQ(out[0], 0xF0u);
  EXPECT_EQ(converter.finish(out, sizeof out).written, 0u);
}

// Converts `in` through a Utf8ToUnits converter with the given output
// capacity per call, resuming after every kOutputFull; returns units written.
// Each call must leave the unit after its room as it was (`out` has room
// for one unit past `out_size`).
template <typename Converter, typename Unit>
std::size_t convert_with_capacity(const std::uint8_t* in, std::size_t size, Unit* out, std::size_t out_size,
                                  std::size_t capacity, bool& ok) {
  constexpr Unit kUnitGuard = static_cast<Unit>(0xA5A5A5A5u);
  Converter converter;
  std::size_t read = 0;
  std::size_t written = 0;
  bool finished = false;
  for (std::size_t calls = 0; calls < 1000 && !finished; ++calls) {
    const std::size_t room = capacity < out_size - written ? capacity : out_size - written;
    out[written + room] = kUnitGuard;
    TranscodeResult r{};
    if (read < size) {
      r = converter.convert(in + read, size - read, out + written, room);
    } else {
      r = converter.finish(out + written, room);
      finished = r.status == Status::kOk;
    }
    ok = ok && out[written + room] == kUnitGuard && r.written <= room;
    read += r.read;
    written += r.written;
    ok = ok && (r.status == Status::kOk || r.status == Status::kOutputFull);
  }
  ok = ok && finished;
  return written;
}

// Checks `out` against the UTF-16 form of `expected` (a surrogate pair for
// each code point above U+FFFF, by the definition); returns the units checked.
std::size_t expect_utf16_of(const char32_t* expected, std::size_t size, const char16_t* out) {
  std::size_t k = 0;
  for (std::size_t i = 0; i < size; ++i) {
    if (expected[i] < 0x10000) {
      EXPECT_EQ(out[k++], static_cast<char16_t>(expected[i]));
    } else {
      EXPECT_EQ(out[k++], static_cast<char16_t>(0xD800 + ((expected[i] - 0x10000) >> 10)));
      EXPECT_EQ(out[k++], static_cast<char16_t>(0xDC00 + ((expected[i] - 0x10000) & 0x3FF)));
    }
  }
  return k;
}

UTEST(Transcode, Utf8ToUtf32AndUtf16AtEveryCapacity) {
  test::Random random(4242);
  std::uint8_t input[64];
  for (int round = 0; round < (utest::kReduced ? 40 : 200); ++round) {
    const std::size_t size = random.below(sizeof input);
    test::random_utf8ish(random, input, size);
    // Expected: the reference model's replace output.
    char32_t expected[64];
    std::size_t expected_size = 0;
    ref::decode(input, size, [&](const ref::Item& item) {
      expected[expected_size++] = item.is_error ? utf8mcu::kReplacementCharacter : item.code_point;
    });

    for (std::size_t capacity = 1; capacity <= 4; ++capacity) {
      char32_t out32[66];
      for (char32_t& c : out32) c = 0xA5A5A5A5;
      bool ok = true;
      const std::size_t n32 = convert_with_capacity<utf8mcu::Utf8ToUtf32>(input, size, out32, 64, capacity, ok);
      EXPECT_TRUE(ok);
      ASSERT_EQ(n32, expected_size);
      for (std::size_t i = 0; i < n32; ++i) EXPECT_EQ(out32[i], expected[i]);
      EXPECT_EQ(out32[n32], char32_t{0xA5A5A5A5});

      // UTF-16: each code point above U+FFFF takes a pair, never split, so
      // progress needs room for two units.
      char16_t out16[130];
      for (char16_t& c : out16) c = 0xA5A5;
      const std::size_t n16 =
          convert_with_capacity<utf8mcu::Utf8ToUtf16>(input, size, out16, 128, capacity + 1, ok);
      EXPECT_TRUE(ok);
      EXPECT_EQ(n16, expect_utf16_of(expected, expected_size, out16));
      EXPECT_EQ(out16[n16], char16_t{0xA5A5});
    }
  }
}

// Capacities of 16 units and more, so that the converters take their fast
// paths with the output, not the input, as the limit: text-like input
// (ASCII runs, runs of one sequence length) and input with errors (the loop
// for dense errors), longer than the room of one call. Every call must stop
// at its room (convert_with_capacity() checks the unit after it).
UTEST(Transcode, FastPathsStopAtTheRoomGiven) {
  test::Random random(5150);
  std::uint8_t input[160];
  for (int round = 0; round < (utest::kReduced ? 12 : 60); ++round) {
    const std::size_t size = 64 + random.below(sizeof input - 64 + 1);
    if (round % 2 == 0) {
      test::random_text(random, input, size);
    } else {
      test::random_utf8ish(random, input, size);
    }
    char32_t expected[sizeof input];
    std::size_t expected_size = 0;
    ref::decode(input, size, [&](const ref::Item& item) {
      expected[expected_size++] = item.is_error ? utf8mcu::kReplacementCharacter : item.code_point;
    });
    for (std::size_t capacity = 16; capacity <= 40; ++capacity) {
      char32_t out32[sizeof input + 1];
      bool ok = true;
      const std::size_t n32 =
          convert_with_capacity<utf8mcu::Utf8ToUtf32>(input, size, out32, sizeof input, capacity, ok);
      EXPECT_TRUE(ok);
      ASSERT_EQ(n32, expected_size);
      for (std::size_t i = 0; i < n32; ++i) EXPECT_EQ(out32[i], expected[i]);

      char16_t out16[2 * sizeof input + 1];
      ok = true;
      const std::size_t n16 =
          convert_with_capacity<utf8mcu::Utf8ToUtf16>(input, size, out16, 2 * sizeof input, capacity, ok);
      EXPECT_TRUE(ok);
      EXPECT_EQ(n16, expect_utf16_of(expected, expected_size, out16));
    }
  }
}

// One input through the converters, the span push and the bulk decoder, in
// every policy, against the reference model.
constexpr std::size_t kMaxText = utest::kReduced ? 96 : 256;
void check_against_reference(const std::uint8_t* input, std::size_t size) {
  char32_t replaced[kMaxText];
  char32_t skipped[kMaxText];
  std::size_t replaced_size = 0;
  std::size_t skipped_size = 0;
  std::size_t errors = 0;
  std::size_t first_offset = size;
  std::size_t first_length = 0;
  ref::decode(input, size, [&](const ref::Item& item) {
    replaced[replaced_size++] = item.is_error ? utf8mcu::kReplacementCharacter : item.code_point;
    if (!item.is_error) skipped[skipped_size++] = item.code_point;
    if (item.is_error && errors++ == 0) {
      first_offset = item.offset;
      first_length = item.length;
    }
  });

  char32_t out32[kMaxText + 1];
  for (char32_t& c : out32) c = 0xA5A5A5A5;
  TranscodeResult r = utf8mcu::utf8_to_utf32(input, size, out32, kMaxText);
  ASSERT_EQ(r.status, Status::kOk);
  EXPECT_EQ(r.read, size);
  EXPECT_EQ(r.errors, errors);
  ASSERT_EQ(r.written, replaced_size);
  for (std::size_t i = 0; i < replaced_size; ++i) EXPECT_EQ(out32[i], replaced[i]);
  EXPECT_EQ(out32[replaced_size], char32_t{0xA5A5A5A5});

  r = utf8mcu::utf8_to_utf32<ErrorPolicy::kSkip>(input, size, out32, kMaxText);
  EXPECT_EQ(r.errors, errors);
  ASSERT_EQ(r.written, skipped_size);
  for (std::size_t i = 0; i < skipped_size; ++i) EXPECT_EQ(out32[i], skipped[i]);

  r = utf8mcu::utf8_to_utf32<ErrorPolicy::kReport>(input, size, out32, kMaxText);
  if (errors == 0) {
    EXPECT_EQ(r.status, Status::kOk);
    EXPECT_EQ(r.read, size);
  } else {
    EXPECT_NE(r.status, Status::kOk);
    EXPECT_EQ(r.read - r.length, first_offset);
    EXPECT_EQ(r.length, first_length);
  }

  char16_t out16[2 * kMaxText];
  r = utf8mcu::utf8_to_utf16(input, size, out16, 2 * kMaxText);
  ASSERT_EQ(r.status, Status::kOk);
  EXPECT_EQ(r.errors, errors);
  EXPECT_EQ(r.written, expect_utf16_of(replaced, replaced_size, out16));

  // The span push, as one span, in replace and skip.
  utf8mcu::Decoder decoder;
  test::Recorder<kMaxText> pushed;
  std::size_t push_errors = decoder.push(input, size, pushed).errors;
  push_errors += decoder.finish(pushed).ok() ? 0u : 1u;
  EXPECT_EQ(push_errors, errors);
  EXPECT_TRUE(pushed.equals(replaced, replaced_size));
  test::Recorder<kMaxText> pushed_skip;
  push_errors = decoder.push<ErrorPolicy::kSkip>(input, size, pushed_skip).errors;
  push_errors += decoder.finish<ErrorPolicy::kSkip>(pushed_skip).ok() ? 0u : 1u;
  EXPECT_EQ(push_errors, errors);
  EXPECT_TRUE(pushed_skip.equals(skipped, skipped_size));

  // The bulk API: the first error's offset, then the policy to the end.
  test::Recorder<kMaxText> bulk;
  const utf8mcu::ValidationResult whole = utf8mcu::decode(input, size, bulk);
  EXPECT_EQ(whole.errors, errors);
  EXPECT_EQ(whole.valid_up_to, first_offset);
  EXPECT_TRUE(bulk.equals(replaced, replaced_size));
  test::Recorder<kMaxText> bulk_skip;
  EXPECT_EQ(utf8mcu::decode<ErrorPolicy::kSkip>(input, size, bulk_skip).errors, errors);
  EXPECT_TRUE(bulk_skip.equals(skipped, skipped_size));
}

// With room to spare, the converters, the span push and the bulk decoder
// take their fast paths (ASCII 16 bytes per test, runs of one sequence
// length, ill-formed single bytes replaced in the loop); text-like input
// reaches all of them. Each input ends where its buffer ends, so that
// AddressSanitizer sees any read past it.
UTEST(Transcode, FastPathsOnTextLikeInput) {
  test::Random random(777);
  std::uint8_t buffer[kMaxText];
  for (int round = 0; round < (utest::kReduced ? 60 : 400); ++round) {
    const std::size_t size = random.below(kMaxText + 1);
    std::uint8_t* const input = buffer + kMaxText - size;
    test::random_text(random, input, size);
    check_against_reference(input, size);
  }
}

// Noise: uniformly random bytes, and a mix of edge bytes, random bytes and
// sequences of every length. After its first error a span push takes such
// input one sequence or ill-formed part at a time, in a loop of its own.
UTEST(Transcode, FastPathsOnNoise) {
  test::Random random(4242);
  std::uint8_t buffer[kMaxText];
  for (int round = 0; round < (utest::kReduced ? 60 : 400); ++round) {
    const std::size_t size = random.below(kMaxText + 1);
    std::uint8_t* const input = buffer + kMaxText - size;
    if (round % 2 == 0) {
      for (std::size_t i = 0; i < size; ++i) input[i] = static_cast<std::uint8_t>(random.next());
    } else {
      test::random_utf8ish(random, input, size);
    }
    check_against_reference(input, size);
  }
}

// ASCII and then a sequence, whole or cut, or a stray byte, in the last bytes
// of the input: where the fast loops hand over to the state machine.
UTEST(Transcode, FastPathsNearTheEnd) {
  const std::uint8_t tails[][4] = {{0xC3, 0xA9}, {0xE2, 0x82, 0xAC}, {0xF0, 0x9F, 0x98, 0x80}, {0xC3},
                                   {0xE2, 0x82}, {0xE2}, {0xF0, 0x9F, 0x98}, {0xF0, 0x9F}, {0xF0},
                                   {0x80}, {0xFF}, {0xED, 0xA0}};
  const std::size_t tail_sizes[] = {2, 3, 4, 1, 2, 1, 3, 2, 1, 1, 1, 2};
  std::uint8_t buffer[kMaxText];
  for (std::size_t t = 0; t < sizeof tail_sizes / sizeof tail_sizes[0]; ++t) {
    for (std::size_t ascii = 0; ascii <= 40; ++ascii) {
      for (std::size_t after = 0; after <= 3; ++after) {
        const std::size_t size = ascii + tail_sizes[t] + after;
        std::uint8_t* const input = buffer + kMaxText - size;
        for (std::size_t i = 0; i < size; ++i) input[i] = static_cast<std::uint8_t>('a' + i % 26);
        for (std::size_t i = 0; i < tail_sizes[t]; ++i) input[ascii + i] = tails[t][i];
        check_against_reference(input, size);
      }
    }
  }
}

UTEST(Transcode, Utf8ToUtf16NeedsRoomForBothHalves) {
  const std::uint8_t emoji[] = {0xF0, 0x9F, 0x98, 0x80};
  char16_t out[3] = {0xA5A5, 0xA5A5, 0xA5A5};
  TranscodeResult r = utf8mcu::utf8_to_utf16(emoji, 4, out, 1);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.written, 0u);
  EXPECT_EQ(r.read, 3u);  // the last byte completes the pair and stays unread
  EXPECT_EQ(out[0], char16_t{0xA5A5});
  r = utf8mcu::utf8_to_utf16(emoji, 4, out, 2);
  EXPECT_EQ(r.status, Status::kOk);
  EXPECT_EQ(r.written, 2u);
  EXPECT_EQ(out[2], char16_t{0xA5A5});
}

UTEST(Transcode, Utf8ReportStopsAtTheBrokenPart) {
  const std::uint8_t in[] = {0x41, 0xE2, 0x82, 0x42};
  char32_t out[8];
  const TranscodeResult r = utf8mcu::utf8_to_utf32<ErrorPolicy::kReport>(in, 4, out, 8);
  EXPECT_EQ(r.status, Status::kTruncated);
  EXPECT_EQ(r.read, 3u);
  EXPECT_EQ(r.length, 2u);
  EXPECT_EQ(r.written, 1u);
  const TranscodeResult end = utf8mcu::utf8_to_utf32<ErrorPolicy::kReport>(in, 3, out, 8);
  EXPECT_EQ(end.status, Status::kTruncated);
  EXPECT_EQ(end.read, 3u);
  EXPECT_EQ(end.length, 2u);
}

UTEST(Transcode, NullArguments) {
  std::uint8_t out[4];
  EXPECT_EQ(utf8mcu::utf32_to_utf8(nullptr, 5, out, 4).read, 0u);
  const char32_t one[] = {0x41};
  const TranscodeResult r = utf8mcu::utf32_to_utf8(one, 1, nullptr, 4);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.written, 0u);
  char32_t u32[2];
  EXPECT_EQ(utf8mcu::utf8_to_utf32(nullptr, 3, u32, 2).read, 0u);
  const std::uint8_t a[] = {0x41};
  EXPECT_EQ(utf8mcu::utf8_to_utf32(a, 1, nullptr, 2).status, Status::kOutputFull);
}

}  // namespace
