// Utilities: sequence lengths, boundaries (checked against the reference
// model's item offsets at every position of random input), truncation, BOM.

#include "utf8mcu/boundary.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

UTEST(Boundary, SequenceLengthAndContinuation) {
  for (unsigned b = 0; b < 256; ++b) {
    const auto byte = static_cast<std::uint8_t>(b);
    std::size_t expected = 0;  // from Table 3-7's lead byte column
    if (b <= 0x7F) expected = 1;
    if (b >= 0xC2 && b <= 0xDF) expected = 2;
    if (b >= 0xE0 && b <= 0xEF) expected = 3;
    if (b >= 0xF0 && b <= 0xF4) expected = 4;
    EXPECT_EQ(utf8mcu::sequence_length(byte), expected);
    EXPECT_EQ(utf8mcu::is_continuation(byte), b >= 0x80 && b <= 0xBF);
  }
}

UTEST(Boundary, BoundariesMatchTheReferenceAtEveryPosition) {
  test::Random random(99);
  std::uint8_t input[48];
  for (int round = 0; round < (utest::kReduced ? 100 : 1000); ++round) {
    const std::size_t size = random.below(sizeof input);
    test::random_utf8ish(random, input, size);
    // Start offset of the item holding each byte, from the reference model.
    std::size_t owner[48] = {};
    ref::decode(input, size, [&](const ref::Item& item) {
      for (std::size_t i = 0; i < item.length; ++i) owner[item.offset + i] = item.offset;
    });
    for (std::size_t pos = 0; pos < size; ++pos) {
      const std::size_t previous = utf8mcu::previous_boundary(input, size, pos);
      EXPECT_EQ(previous, owner[pos]);
      // Next: the first item start after pos, or the end.
      std::size_t next = size;
      for (std::size_t i = size; i-- > pos + 1;) {
        if (owner[i] == i) next = i;
      }
      EXPECT_EQ(utf8mcu::next_boundary(input, size, pos), next);
      // Truncation keeps whole items only.
      const std::size_t cut = utf8mcu::truncate(input, size, pos);
      EXPECT_LE(cut, pos);
      EXPECT_EQ(cut, owner[pos]);
    }
    EXPECT_EQ(utf8mcu::previous_boundary(input, size, size), size);
    EXPECT_EQ(utf8mcu::next_boundary(input, size, size), size);
    EXPECT_EQ(utf8mcu::truncate(input, size, size + 5), size);
  }
}

UTEST(Boundary, ResynchronisesAfterLostBytes) {
  // "€€" with the first byte lost: the reader starts mid-sequence.
  const std::uint8_t text[] = {0x82, 0xAC, 0xE2, 0x82, 0xAC};
  EXPECT_EQ(utf8mcu::previous_boundary(text, 5, 1), 1u);  // a stray continuation
  EXPECT_EQ(utf8mcu::next_boundary(text, 5, 0), 1u);
  EXPECT_EQ(utf8mcu::previous_boundary(text, 5, 4), 2u);
  EXPECT_EQ(utf8mcu::next_boundary(text, 5, 3), 5u);
}

UTEST(Boundary, TruncateNeverSplitsASequence) {
  // a, U+00E9, U+20AC, U+1F600 (1 + 2 + 3 + 4 bytes)
  const std::uint8_t text[] = {0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80};
  constexpr std::size_t kExpected[] = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10};
  for (std::size_t max = 0; max <= 10; ++max) EXPECT_EQ(utf8mcu::truncate(text, 10, max), kExpected[max]);
  EXPECT_EQ(utf8mcu::truncate(nullptr, 10, 4), 0u);
}

UTEST(Boundary, DecodeOne) {
  const std::uint8_t text[] = {0xF0, 0x9F, 0x98, 0x80, 0xE2, 0x82};
  utf8mcu::DecodedCodePoint d = utf8mcu::decode_one(text, 6);
  EXPECT_EQ(d.code_point, char32_t{0x1F600});
  EXPECT_EQ(d.length, 4u);
  d = utf8mcu::decode_one(text + 4, 2);
  EXPECT_EQ(d.code_point, utf8mcu::kReplacementCharacter);
  EXPECT_EQ(d.length, 2u);
  EXPECT_EQ(d.status, utf8mcu::Status::kTruncated);
  d = utf8mcu::decode_one(text, 0);
  EXPECT_EQ(d.length, 0u);
  d = utf8mcu::decode_one(nullptr, 3);
  EXPECT_EQ(d.length, 0u);
}

UTEST(Boundary, ByteOrderMark) {
  const std::uint8_t with_bom[] = {0xEF, 0xBB, 0xBF, 0x41};
  const std::uint8_t almost[] = {0xEF, 0xBB, 0xBE, 0x41};
  EXPECT_TRUE(utf8mcu::starts_with_bom(with_bom, 4));
  EXPECT_EQ(utf8mcu::bom_length(with_bom, 4), 3u);
  EXPECT_FALSE(utf8mcu::starts_with_bom(with_bom, 2));
  EXPECT_FALSE(utf8mcu::starts_with_bom(almost, 4));
  EXPECT_EQ(utf8mcu::bom_length(nullptr, 4), 0u);
}

}  // namespace
