// validate(), is_valid() and count_code_points() against the reference model
// (test/reference): hand-written rows of Table 3-7's edges, every input of one
// and two bytes, and random text at every alignment of the word paths.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/utf8mcu.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

using utf8mcu::Status;

// What the reference model says of one input.
struct Expected {
  std::size_t valid_up_to = 0;
  Status status = Status::kOk;
  std::size_t error_length = 0;
  std::size_t code_points = 0;  // each sequence and each ill-formed part
};

Expected reference(const std::uint8_t* data, std::size_t size) {
  Expected e;
  bool seen_error = false;
  e.valid_up_to = size;
  ref::decode(data, size, [&](const ref::Item& item) {
    ++e.code_points;
    if (item.is_error && !seen_error) {
      seen_error = true;
      e.valid_up_to = item.offset;
      e.status = test::status_of(item.kind);
      e.error_length = item.length;
    }
  });
  return e;
}

// Compares all three functions with the model; false after logging the input.
bool agrees(const std::uint8_t* data, std::size_t size) {
  const Expected want = reference(data, size);
  const utf8mcu::ValidationResult got = utf8mcu::validate(data, size);
  const std::size_t count = utf8mcu::count_code_points(data, size);
  EXPECT_EQ(got.valid_up_to, want.valid_up_to);
  EXPECT_EQ(got.error.status, want.status);
  EXPECT_EQ(got.error.length, want.error_length);
  EXPECT_EQ(got.errors, want.status == Status::kOk ? 0u : 1u);
  EXPECT_EQ(utf8mcu::is_valid(data, size), want.status == Status::kOk);
  EXPECT_EQ(count, want.code_points);
  if (got.valid_up_to == want.valid_up_to && got.error.status == want.status &&
      got.error.length == want.error_length && count == want.code_points) {
    return true;
  }
  utest::log() << "input (" << size << " bytes):";
  for (std::size_t i = 0; i < size && i < 24; ++i) utest::log() << ' ' << utest::hex(data[i], 2);
  utest::log() << '\n';
  return false;
}

struct Row {
  const char* name;
  std::uint8_t input[8];
  std::size_t size;
};

// The edges of Table 3-7, each row checked against the model; the comment
// says what the model finds.
constexpr Row kRows[] = {
    {"7F", {0x7F}, 1},                                  // 1 byte, well-formed
    {"C2 80", {0xC2, 0x80}, 2},                         // 2 bytes, U+0080
    {"C1 BF", {0xC1, 0xBF}, 2},                         // C1 never a lead: 2 errors
    {"DF BF", {0xDF, 0xBF}, 2},                         // 2 bytes, U+07FF
    {"E0 9F 80", {0xE0, 0x9F, 0x80}, 3},                // overlong: E0 takes A0-BF
    {"E0 A0 80", {0xE0, 0xA0, 0x80}, 3},                // 3 bytes, U+0800
    {"ED 9F BF", {0xED, 0x9F, 0xBF}, 3},                // 3 bytes, U+D7FF
    {"ED A0 80", {0xED, 0xA0, 0x80}, 3},                // surrogate U+D800
    {"EE 80 80", {0xEE, 0x80, 0x80}, 3},                // 3 bytes, U+E000
    {"EF BF BF", {0xEF, 0xBF, 0xBF}, 3},                // 3 bytes, U+FFFF
    {"F0 8F BF BF", {0xF0, 0x8F, 0xBF, 0xBF}, 4},       // overlong: F0 takes 90-BF
    {"F0 90 80 80", {0xF0, 0x90, 0x80, 0x80}, 4},       // 4 bytes, U+10000
    {"F4 8F BF BF", {0xF4, 0x8F, 0xBF, 0xBF}, 4},       // 4 bytes, U+10FFFF
    {"F4 90 80 80", {0xF4, 0x90, 0x80, 0x80}, 4},       // above U+10FFFF
    {"F5 80", {0xF5, 0x80}, 2},                         // F5 never a lead
    {"E2 82 then A", {0xE2, 0x82, 0x41}, 3},            // truncated, then 'A'
    {"abc F0 9F 98", {0x61, 0x62, 0x63, 0xF0, 0x9F, 0x98}, 6},  // truncated at the end
    {"80 after ASCII", {0x41, 0x42, 0x80, 0x43}, 4},    // stray continuation
};

UTEST(Validate, TableEdgesAgreeWithTheReference) {
  for (const Row& row : kRows) {
    if (!agrees(row.input, row.size)) utest::log() << "  row: " << row.name << '\n';
  }
}

UTEST(Validate, EveryInputOfOneAndTwoBytes) { EXPECT_TRUE(test::every_input_of_one_and_two_bytes(agrees)); }

// Every prefix of texts of 1- and 2-byte sequences (and one with 3-byte
// sequences among them), placed so that it ends where its array ends: under
// ASan on the host, a read past the input is a read past the array. The
// prefixes that cut a sequence end in a truncated one, found where it starts.
UTEST(Validate, TextEndingAtTheBufferEnd) {
  constexpr std::uint8_t kTexts[][40] = {
      {'a', 0xC3, 0xA9, 'b', 'c', 'd', 'e', 'f', 0xC3, 0xA8, 'g', 'h', 'i', 0xC3, 0xBC, 'j', 'k', 'l', 'm', 'n',
       0xC3, 0x9F, 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', '0', '1', '2', '3', '4', '5'},
      {0xD0, 0xB0, 0xD0, 0xB1, ' ', 0xD0, 0xB2, 0xD0, 0xB3, 0xD0, 0xB4, ' ', 0xD0, 0xB5, 0xD1, 0x8F, 0xD0, 0xB6, ' ', 0xD0,
       0xB7, 0xD0, 0xB8, 0xD0, 0xB9, 0xD0, 0xBA, ' ', 0xD0, 0xBB, 0xD0, 0xBC, 0xD0, 0xBD, 0xD0, 0xBE, 0xD0, 0xBF, 0xD1, 0x80},
      {0xD0, 0xB0, 0xD0, 0xB1, 0xE2, 0x80, 0x94, 0xD0, 0xB2, 0xD0, 0xB3, 0xD0, 0xB4, 0xE2, 0x82, 0xAC, 0xD0, 0xB5, 0xD1, 0x8F,
       0xD0, 0xB6, 0x20, 0xD0, 0xB7, 0xE2, 0x80, 0x9C, 0xD0, 0xB8, 0xD0, 0xB9, 0xD0, 0xBA, 0x20, 0xD0, 0xBB, 0xD0, 0xBC, 0x21},
  };
  for (const auto& text : kTexts) {
    for (std::size_t length = 0; length <= sizeof text; ++length) {
      std::uint8_t buffer[sizeof text];
      std::uint8_t* const input = buffer + sizeof buffer - length;
      for (std::size_t i = 0; i < length; ++i) input[i] = text[i];
      // Where the sequence the prefix cuts starts: back over continuation bytes.
      std::size_t start = length;
      if (length < sizeof text && (text[length] & 0xC0) == 0x80) {
        while ((text[start] & 0xC0) == 0x80) --start;
      }
      const utf8mcu::ValidationResult v = utf8mcu::validate(input, length);
      EXPECT_EQ(v.valid_up_to, start);
      EXPECT_EQ(v.error.status, start == length ? Status::kOk : Status::kTruncated);
      EXPECT_EQ(v.error.length, start == length ? 0u : length - start);
    }
  }
}

// Text-like input (long ASCII runs, runs of one sequence length, a broken or
// cut sequence now and then) and byte soup, at each of the eight alignments a
// word load can meet, so every fast path starts and hands back mid-word.
UTEST(Validate, RandomTextAtEveryAlignment) {
  test::Random random(0x7A11DA7Eu);
  constexpr std::size_t kLongest = 96;
  std::uint8_t source[kLongest];
  alignas(8) std::uint8_t shifted[kLongest + 8];
  const int rounds = utest::kReduced ? 60 : 400;
  for (int round = 0; round < rounds; ++round) {
    const std::size_t size = 1 + random.below(kLongest);
    if (round % 4 == 3) {
      test::random_utf8ish(random, source, size);
    } else {
      test::random_text(random, source, size);
    }
    for (std::size_t shift = 0; shift < 8; ++shift) {
      for (std::size_t i = 0; i < size; ++i) shifted[shift + i] = source[i];
      ASSERT_TRUE(agrees(shifted + shift, size));
    }
  }
}

}  // namespace
