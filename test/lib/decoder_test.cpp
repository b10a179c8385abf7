// Table-driven tests of the incremental decoder: hand-written vectors from the
// seeds, RFC 3629 and Unicode's maximal-subpart example, every error kind,
// the three policies, finish/reset, and both sink styles.

#include "utf8mcu/validate.h"
#include "utf8mcu/decoder.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

using utf8mcu::DecodeResult;
using utf8mcu::Decoder;
using utf8mcu::ErrorPolicy;
using utf8mcu::Status;

constexpr char32_t R = utf8mcu::kReplacementCharacter;

struct ReplaceVector {
  const char* name;
  std::uint8_t input[16];
  std::size_t input_size;
  char32_t expected[16];
  std::size_t expected_size;
};

// Expected outputs are written by hand from the well-formedness table and
// the maximal-subpart rule.
constexpr ReplaceVector kReplaceVectors[] = {
    {"1 byte: y", {0x79}, 1, {0x79}, 1},
    {"2 bytes: a umlaut", {0xC3, 0xA4}, 2, {0xE4}, 1},
    {"2 bytes: registered sign", {0xC2, 0xAE}, 2, {0xAE}, 1},
    {"3 bytes: euro sign", {0xE2, 0x82, 0xAC}, 3, {0x20AC}, 1},
    {"4 bytes: G clef", {0xF0, 0x9D, 0x84, 0x9E}, 4, {0x1D11E}, 1},
    {"edges 7F 80", {0x7F, 0xC2, 0x80}, 3, {0x7F, 0x80}, 2},
    {"edges 7FF 800", {0xDF, 0xBF, 0xE0, 0xA0, 0x80}, 5, {0x7FF, 0x800}, 2},
    {"edges D7FF E000", {0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80}, 6, {0xD7FF, 0xE000}, 2},
    {"edges FFFF 10000", {0xEF, 0xBF, 0xBF, 0xF0, 0x90, 0x80, 0x80}, 7, {0xFFFF, 0x10000}, 2},
    {"edge 10FFFF", {0xF4, 0x8F, 0xBF, 0xBF}, 4, {0x10FFFF}, 1},
    {"NUL", {0x00}, 1, {0x00}, 1},
    // Over-long NUL: C0 is never valid, then 80 is a stray continuation.
    {"over-long C0 80", {0xC0, 0x80}, 2, {R, R}, 2},
    {"over-long C0 AF (a '/')", {0xC0, 0xAF}, 2, {R, R}, 2},
    {"over-long E0 80 AF", {0xE0, 0x80, 0xAF}, 3, {R, R, R}, 3},
    {"over-long F0 8F BF BF", {0xF0, 0x8F, 0xBF, 0xBF}, 4, {R, R, R, R}, 4},
    // CESU-8 surrogate pair for U+233B4: each byte is its own maximal subpart.
    {"CESU-8 pair", {0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4}, 6, {R, R, R, R, R, R}, 6},
    {"above 10FFFF", {0xF4, 0x90, 0x80, 0x80}, 4, {R, R, R, R}, 4},
    {"F5 lead", {0xF5, 0x80, 0x80, 0x80}, 4, {R, R, R, R}, 4},
    {"FE FF", {0xFE, 0xFF}, 2, {R, R}, 2},
    // The byte that ends a broken sequence is kept.
    {"C2 41", {0xC2, 0x41}, 2, {R, 0x41}, 2},
    {"C2 41 42", {0xC2, 0x41, 0x42}, 3, {R, 0x41, 0x42}, 3},
    {"E2 82 41", {0xE2, 0x82, 0x41}, 3, {R, 0x41}, 2},
    {"F0 9F 98 41", {0xF0, 0x9F, 0x98, 0x41}, 4, {R, 0x41}, 2},
    {"truncated then lead", {0xE2, 0x82, 0xE2, 0x82, 0xAC}, 5, {R, 0x20AC}, 2},
    {"C2 C2 80", {0xC2, 0xC2, 0x80}, 3, {R, 0x80}, 2},
    {"lone continuations", {0x80, 0xBF, 0x80}, 3, {R, R, R}, 3},
    {"5-byte form", {0xF8, 0x88, 0x80, 0x80, 0x80}, 5, {R, R, R, R, R}, 5},
    {"truncated at end", {0x41, 0xF0, 0x9F, 0x98}, 4, {0x41, R}, 2},
    // Unicode's example of U+FFFD substitution of maximal subparts.
    {"Unicode example",
     {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64},
     13,
     {0x61, R, R, R, 0x62, R, 0x63, R, R, 0x64},
     10},
};

template <std::size_t N>
void expect_output(const test::Recorder<N>& got, const char32_t* expected, std::size_t expected_size,
                   const char* name) {
  EXPECT_EQ(got.size, expected_size);
  for (std::size_t i = 0; i < expected_size && i < got.size && i < N; ++i) {
    if (got.code_points[i] != expected[i]) utest::log() << "  vector: " << name << " index " << i << '\n';
    EXPECT_EQ(got.code_points[i], expected[i]);
  }
}

UTEST(Decoder, ReplaceVectorsByteAtATime) {
  for (const ReplaceVector& v : kReplaceVectors) {
    Decoder decoder;
    test::Recorder<16> out;
    for (std::size_t i = 0; i < v.input_size; ++i) decoder.push(v.input[i], out);
    decoder.finish(out);
    expect_output(out, v.expected, v.expected_size, v.name);
    EXPECT_FALSE(decoder.in_sequence());
  }
}

UTEST(Decoder, ReplaceVectorsWholeBufferAndBulk) {
  for (const ReplaceVector& v : kReplaceVectors) {
    Decoder decoder;
    test::Recorder<16> out;
    const DecodeResult result = decoder.push(v.input, v.input_size, out);
    EXPECT_EQ(result.consumed, v.input_size);
    decoder.finish(out);
    expect_output(out, v.expected, v.expected_size, v.name);

    test::Recorder<16> bulk;
    utf8mcu::decode(v.input, v.input_size, bulk);
    expect_output(bulk, v.expected, v.expected_size, v.name);
  }
}

UTEST(Decoder, SkipDropsExactlyTheReplacements) {
  for (const ReplaceVector& v : kReplaceVectors) {
    // Expected: the replace output without the U+FFFD that stand for errors
    // (none of these vectors contains a literal U+FFFD).
    char32_t expected[16] = {};
    std::size_t expected_size = 0;
    std::size_t replacements = 0;
    for (std::size_t i = 0; i < v.expected_size; ++i) {
      if (v.expected[i] == R) {
        ++replacements;
      } else {
        expected[expected_size++] = v.expected[i];
      }
    }
    test::Recorder<16> out;
    const utf8mcu::ValidationResult result =
        utf8mcu::decode<ErrorPolicy::kSkip>(v.input, v.input_size, out);
    expect_output(out, expected, expected_size, v.name);
    EXPECT_EQ(result.errors, replacements);
  }
}

struct ReportVector {
  const char* name;
  std::uint8_t input[8];
  std::size_t input_size;
  std::size_t offset;  // of the first ill-formed part
  Status status;
  std::uint8_t length;
};

constexpr ReportVector kReportVectors[] = {
    {"lone 80", {0x41, 0x80}, 2, 1, Status::kUnexpectedContinuation, 1},
    {"lone BF", {0xBF}, 1, 0, Status::kUnexpectedContinuation, 1},
    {"C0", {0xC0, 0x80}, 2, 0, Status::kOverlong, 1},
    {"C1", {0x41, 0x42, 0xC1, 0xBF}, 4, 2, Status::kOverlong, 1},
    {"E0 9F", {0xE0, 0x9F, 0xBF}, 3, 0, Status::kOverlong, 1},
    {"F0 8F", {0xF0, 0x8F, 0xBF, 0xBF}, 4, 0, Status::kOverlong, 1},
    {"F5", {0xF5}, 1, 0, Status::kInvalidLead, 1},
    {"FF", {0x30, 0xFF}, 2, 1, Status::kInvalidLead, 1},
    {"ED A0 (U+D800)", {0xED, 0xA0, 0x80}, 3, 0, Status::kSurrogate, 1},
    {"ED BF (U+DFFF)", {0xED, 0xBF, 0xBF}, 3, 0, Status::kSurrogate, 1},
    {"F4 90 (U+110000)", {0xF4, 0x90, 0x80, 0x80}, 4, 0, Status::kTooLarge, 1},
    {"C2 41", {0xC2, 0x41}, 2, 0, Status::kTruncated, 1},
    {"E2 82 41", {0x61, 0xE2, 0x82, 0x41}, 4, 1, Status::kTruncated, 2},
    {"F0 9F 98 then end", {0xF0, 0x9F, 0x98}, 3, 0, Status::kTruncated, 3},
    {"F4 8F BF C0", {0xF4, 0x8F, 0xBF, 0xC0}, 4, 0, Status::kTruncated, 3},
    {"E0 then non-continuation", {0xE0, 0x41}, 2, 0, Status::kTruncated, 1},
    {"ED then end", {0xED}, 1, 0, Status::kTruncated, 1},
};

UTEST(Decoder, ReportGivesOffsetKindAndLength) {
  for (const ReportVector& v : kReportVectors) {
    test::Recorder<8> out;
    const utf8mcu::ValidationResult bulk = utf8mcu::decode<ErrorPolicy::kReport>(v.input, v.input_size, out);
    if (bulk.valid_up_to != v.offset || bulk.error.status != v.status) utest::log() << "  vector: " << v.name << '\n';
    EXPECT_EQ(bulk.valid_up_to, v.offset);
    EXPECT_EQ(bulk.error.status, v.status);
    EXPECT_EQ(bulk.error.length, v.length);
    EXPECT_EQ(bulk.errors, 1u);
    // Everything before the error was delivered, nothing after it.
    EXPECT_EQ(out.size, v.offset);

    const utf8mcu::ValidationResult checked = utf8mcu::validate(v.input, v.input_size);
    EXPECT_EQ(checked.valid_up_to, v.offset);
    EXPECT_EQ(checked.error.status, v.status);
    EXPECT_EQ(checked.error.length, v.length);

    // Byte at a time: the stream offset follows from `consumed`.
    Decoder decoder;
    std::size_t fed = 0;
    utf8mcu::DecodeError error{};
    std::size_t error_end = 0;
    for (; fed < v.input_size && error.ok(); ++fed) {
      const DecodeResult step = decoder.push<ErrorPolicy::kReport>(v.input[fed], utf8mcu::NullSink{});
      error = step.error;
      error_end = fed + step.consumed;
    }
    if (error.ok()) {
      error = decoder.finish<ErrorPolicy::kReport>(utf8mcu::NullSink{});
      error_end = v.input_size;
    }
    EXPECT_EQ(error.status, v.status);
    EXPECT_EQ(error_end - error.length, v.offset);
  }
}

UTEST(Decoder, ReportResumesAfterTheBrokenPart) {
  // E2 82 | 41: the 41 is not consumed by the report and decodes when pushed again.
  const std::uint8_t input[] = {0xE2, 0x82, 0x41, 0x42};
  Decoder decoder;
  test::Recorder<4> out;
  DecodeResult r = decoder.push<ErrorPolicy::kReport>(input, sizeof input, out);
  EXPECT_EQ(r.consumed, 2u);
  EXPECT_EQ(r.error.status, Status::kTruncated);
  EXPECT_EQ(r.error.length, 2u);
  EXPECT_FALSE(decoder.in_sequence());
  r = decoder.push<ErrorPolicy::kReport>(input + r.consumed, sizeof input - r.consumed, out);
  EXPECT_EQ(r.consumed, 2u);
  EXPECT_EQ(r.errors, 0u);
  ASSERT_EQ(out.size, 2u);
  EXPECT_EQ(out.code_points[0], char32_t{0x41});
  EXPECT_EQ(out.code_points[1], char32_t{0x42});
}

UTEST(Decoder, ErrorsAreCountedInEveryPolicy) {
  // C2 C0: the C2 is truncated by C0, which is itself invalid: two errors from
  // one byte.
  Decoder decoder;
  test::Recorder<4> out;
  decoder.push(std::uint8_t{0xC2}, out);
  const DecodeResult r = decoder.push(std::uint8_t{0xC0}, out);
  EXPECT_EQ(r.errors, 2u);
  EXPECT_EQ(r.error.status, Status::kTruncated);
  EXPECT_EQ(out.size, 2u);

  const std::uint8_t input[] = {0x80, 0x41, 0xC0, 0xE2, 0x82};
  Decoder skipper;
  test::Recorder<4> skipped;
  const DecodeResult s = skipper.push<ErrorPolicy::kSkip>(input, sizeof input, skipped);
  EXPECT_EQ(s.errors, 2u);
  EXPECT_EQ(s.error.status, Status::kUnexpectedContinuation);
  const utf8mcu::DecodeError end = skipper.finish<ErrorPolicy::kSkip>(skipped);
  EXPECT_EQ(end.status, Status::kTruncated);
  EXPECT_EQ(end.length, 2u);
  ASSERT_EQ(skipped.size, 1u);
  EXPECT_EQ(skipped.code_points[0], char32_t{0x41});
}

UTEST(Decoder, FinishAndReset) {
  Decoder decoder;
  test::Recorder<4> out;
  EXPECT_TRUE(decoder.finish(out).ok());
  EXPECT_EQ(out.size, 0u);

  decoder.push(std::uint8_t{0xF0}, out);
  decoder.push(std::uint8_t{0x9F}, out);
  EXPECT_TRUE(decoder.in_sequence());
  decoder.reset();
  EXPECT_FALSE(decoder.in_sequence());
  EXPECT_TRUE(decoder.finish(out).ok());
  EXPECT_EQ(out.size, 0u);

  // A gap: finish() mid-sequence gives one U+FFFD, and the next bytes decode
  // on their own instead of completing a character from both sides.
  decoder.push(std::uint8_t{0xE2}, out);
  const utf8mcu::DecodeError gap = decoder.finish(out);
  EXPECT_EQ(gap.status, Status::kTruncated);
  decoder.push(std::uint8_t{0x82}, out);
  decoder.push(std::uint8_t{0xAC}, out);
  ASSERT_EQ(out.size, 3u);
  EXPECT_EQ(out.code_points[0], R);
  EXPECT_EQ(out.code_points[1], R);
  EXPECT_EQ(out.code_points[2], R);
}

void collect(void* context, char32_t code_point) { (*static_cast<test::Recorder<8>*>(context))(code_point); }

UTEST(Decoder, FunctionPointerSink) {
  test::Recorder<8> out;
  const utf8mcu::CodePointCallback callback{&collect, &out};
  const std::uint8_t input[] = {0xE2, 0x82, 0xAC, 0xC0, 0x41};
  Decoder decoder;
  decoder.push(input, sizeof input, callback);
  ASSERT_EQ(out.size, 3u);
  EXPECT_EQ(out.code_points[0], char32_t{0x20AC});
  EXPECT_EQ(out.code_points[1], R);
  EXPECT_EQ(out.code_points[2], char32_t{0x41});

  // A null callback drops output but decoding still works.
  const utf8mcu::CodePointCallback none{};
  const DecodeResult r = decoder.push(input, sizeof input, none);
  EXPECT_EQ(r.errors, 1u);
}

UTEST(Decoder, NullSpanIsEmpty) {
  Decoder decoder;
  test::Recorder<2> out;
  const DecodeResult r = decoder.push(nullptr, 100, out);
  EXPECT_EQ(r.consumed, 0u);
  EXPECT_EQ(out.size, 0u);
}

UTEST(Decoder, StateIsFourBytes) {
  EXPECT_EQ(sizeof(Decoder), 4u);
  // Two start words and an entry for each lead E0-FF; or, where speed is
  // tuned, the whole state after each lead.
  EXPECT_EQ(sizeof(utf8mcu::detail::kStrictLeads), 40u);
  EXPECT_EQ(sizeof(utf8mcu::detail::kStrictLeadStates), 128u);
}

}  // namespace
