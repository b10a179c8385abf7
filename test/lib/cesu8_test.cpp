// The explicit CESU-8 / Modified UTF-8 mode, and that strict mode rejects both
// of its extra forms.

#include "utf8mcu/validate.h"
#include "utf8mcu/cesu8.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

using utf8mcu::Cesu8Decoder;
using utf8mcu::Status;

constexpr char32_t R = utf8mcu::kReplacementCharacter;

struct Vector {
  const char* name;
  std::uint8_t input[12];
  std::size_t input_size;
  char32_t expected[8];
  std::size_t expected_size;
};

constexpr Vector kVectors[] = {
    {"surrogate pair for U+233B4", {0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4}, 6, {0x233B4}, 1},
    {"pair for U+10000", {0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80}, 6, {0x10000}, 1},
    {"pair for U+10FFFF", {0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF}, 6, {0x10FFFF}, 1},
    {"C0 80 is NUL", {0x41, 0xC0, 0x80, 0x42}, 4, {0x41, 0x00, 0x42}, 3},
    {"plain UTF-8 passes", {0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80}, 7, {0x20AC, 0x1F600}, 2},
    {"lone high then A", {0xED, 0xA0, 0x80, 0x41}, 4, {R, 0x41}, 2},
    {"lone low", {0xED, 0xB0, 0x80}, 3, {R}, 1},
    {"two highs then low", {0xED, 0xA0, 0x80, 0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80}, 9, {R, 0x10400}, 2},
    {"high at end", {0x41, 0xED, 0xA0, 0x80}, 4, {0x41, R}, 2},
    {"high then broken low", {0xED, 0xA0, 0x80, 0xED, 0xB0}, 5, {R, R}, 2},
    {"C0 81", {0xC0, 0x81}, 2, {R, R}, 2},
    {"C0 at end", {0xC0}, 1, {R}, 1},
    {"C1 80 still invalid", {0xC1, 0x80}, 2, {R, R}, 2},
    {"high then error byte", {0xED, 0xA0, 0x80, 0xFF, 0xED, 0xB0, 0x80}, 7, {R, R, R}, 3},
    {"C0 mid-sequence", {0xE2, 0xC0, 0x80}, 3, {R, 0x00}, 2},
};

UTEST(Cesu8, Vectors) {
  for (const Vector& v : kVectors) {
    Cesu8Decoder decoder;
    test::Recorder<8> out;
    for (std::size_t i = 0; i < v.input_size; ++i) decoder.push(v.input[i], out);
    decoder.finish(out);
    if (out.size != v.expected_size) utest::log() << "  vector: " << v.name << '\n';
    ASSERT_EQ(out.size, v.expected_size);
    for (std::size_t i = 0; i < v.expected_size; ++i) EXPECT_EQ(out.code_points[i], v.expected[i]);
  }
}

UTEST(Cesu8, SkipDropsErrors) {
  const std::uint8_t input[] = {0xED, 0xA0, 0x80, 0x41, 0xC0, 0x42};
  Cesu8Decoder decoder;
  test::Recorder<4> out;
  const utf8mcu::DecodeResult r = decoder.push<utf8mcu::ErrorPolicy::kSkip>(input, sizeof input, out);
  EXPECT_EQ(r.errors, 2u);
  EXPECT_EQ(r.error.status, Status::kSurrogate);
  ASSERT_EQ(out.size, 2u);
  EXPECT_EQ(out.code_points[0], char32_t{0x41});
  EXPECT_EQ(out.code_points[1], char32_t{0x42});
}

UTEST(Cesu8, StrictModeRejectsBoth) {
  const std::uint8_t pair[] = {0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4};
  const std::uint8_t nul[] = {0xC0, 0x80};
  EXPECT_EQ(utf8mcu::validate(pair, sizeof pair).error.status, Status::kSurrogate);
  EXPECT_EQ(utf8mcu::validate(nul, sizeof nul).error.status, Status::kOverlong);
}

}  // namespace
