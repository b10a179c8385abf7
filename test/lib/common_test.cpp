// common.h: the constants, statuses and sinks every header shares, against
// the definitions in the Unicode Standard (D76 scalar values, D73 surrogates)
// and RFC 3629, with the boundary values written out.

#include "utest/utest.h"
#include "utf8mcu/common.h"

namespace {

using utf8mcu::Status;

UTEST(Common, Constants) {
  EXPECT_EQ(static_cast<std::uint32_t>(utf8mcu::kMaxCodePoint), 0x10FFFFu);
  EXPECT_EQ(static_cast<std::uint32_t>(utf8mcu::kReplacementCharacter), 0xFFFDu);
  EXPECT_EQ(utf8mcu::kMaxSequenceBytes, 4u);
}

UTEST(Common, ScalarValuesAndSurrogates) {
  struct Row {
    std::uint32_t code_point;
    bool surrogate;
    bool scalar;
  };
  static const Row kRows[] = {
      {0x0000, false, true},   {0xD7FF, false, true},   {0xD800, true, false},  {0xDBFF, true, false},
      {0xDC00, true, false},   {0xDFFF, true, false},   {0xE000, false, true},  {0xFFFF, false, true},
      {0x10000, false, true},  {0x10FFFF, false, true}, {0x110000, false, false}, {0xFFFFFFFF, false, false},
  };
  for (const Row& row : kRows) {
    const auto code_point = static_cast<char32_t>(row.code_point);
    EXPECT_EQ(utf8mcu::is_surrogate(code_point), row.surrogate);
    EXPECT_EQ(utf8mcu::is_scalar_value(code_point), row.scalar);
  }
  static_assert(utf8mcu::is_scalar_value(0x10FFFF) && !utf8mcu::is_scalar_value(0x110000), "D76");
}

UTEST(Common, StatusesAndTheirNames) {
  // The values are part of the C API and of the Thumb-1 routine's table.
  EXPECT_EQ(static_cast<int>(Status::kOk), 0);
  EXPECT_EQ(static_cast<int>(Status::kTruncated), 6);
  EXPECT_EQ(static_cast<int>(Status::kOutputFull), 9);
  int ill_formed = 0;
  for (int value = 0; value <= 9; ++value) {
    const auto status = static_cast<Status>(value);
    if (utf8mcu::is_ill_formed_utf8(status)) ++ill_formed;
    const char* name = utf8mcu::status_name(status);
    ASSERT_TRUE(name != nullptr);
    EXPECT_TRUE(name[0] != '\0');
    // Each name differs from the others.
    for (int other = 0; other < value; ++other) {
      const char* before = utf8mcu::status_name(static_cast<Status>(other));
      int i = 0;
      while (name[i] != '\0' && name[i] == before[i]) ++i;
      EXPECT_TRUE(name[i] != before[i]);
    }
  }
  EXPECT_EQ(ill_formed, 6);  // kUnexpectedContinuation .. kTruncated
  EXPECT_FALSE(utf8mcu::is_ill_formed_utf8(Status::kOk));
  EXPECT_FALSE(utf8mcu::is_ill_formed_utf8(Status::kInvalidCodePoint));
  EXPECT_STREQ(utf8mcu::status_name(Status::kOverlong), "over-long encoding");
  EXPECT_STREQ(utf8mcu::status_name(static_cast<Status>(200)), "unknown");
}

UTEST(Common, ResultsStartEmpty) {
  const utf8mcu::DecodeError error{};
  EXPECT_TRUE(error.ok());
  EXPECT_FALSE((utf8mcu::DecodeError{Status::kTruncated, 2}).ok());
  const utf8mcu::DecodeResult result{};
  EXPECT_EQ(result.consumed, 0u);
  EXPECT_EQ(result.errors, 0u);
  EXPECT_TRUE(result.error.ok());
}

void count_into(void* context, char32_t code_point) {
  *static_cast<std::uint32_t*>(context) += static_cast<std::uint32_t>(code_point);
}

UTEST(Common, Sinks) {
  std::uint32_t sum = 0;
  const utf8mcu::CodePointCallback callback{&count_into, &sum};
  callback(U'A');
  callback(0x10FFFF);
  EXPECT_EQ(sum, 0x41u + 0x10FFFFu);
  // A null function drops the code points; so does NullSink.
  const utf8mcu::CodePointCallback empty{};
  empty(U'A');
  utf8mcu::NullSink{}(U'A');
  EXPECT_EQ(sum, 0x41u + 0x10FFFFu);
}

}  // namespace
