// The baselines must do the same job as the library, or comparing their speed
// means nothing: each is checked against the independent reference model
// (test/reference) on every 1-2 byte input, on edge bytes up to 4 long, and on
// random streams. Runs on the host and on every board.

#include <cstddef>
#include <cstdint>

#include "ascii4_validator.h"
#include "dfa_decoder.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"
#include "whatwg_decoder.h"

namespace {

using utf8mcu::bench::DfaDecoder;
using utf8mcu::bench::validate_ascii4;
using utf8mcu::bench::WhatwgDecoder;

constexpr std::size_t kMaxInput = 256;

// Code points of one decoding (a sequence of n bytes gives at most n).
struct CodePoints {
  char32_t value[kMaxInput] = {};
  std::size_t size = 0;

  void operator()(char32_t c) {
    if (size < kMaxInput) value[size] = c;
    ++size;
  }
  bool operator==(const CodePoints& other) const {
    if (size != other.size) return false;
    for (std::size_t i = 0; i < size; ++i) {
      if (value[i] != other.value[i]) return false;
    }
    return true;
  }
};

struct Expected {
  CodePoints code_points;
  std::size_t valid_up_to = 0;
};

Expected reference(const std::uint8_t* data, std::size_t size) {
  Expected expected;
  expected.valid_up_to = size;
  bool seen_error = false;
  ref::decode(data, size, [&](const ref::Item& item) {
    expected.code_points(item.code_point);
    if (item.is_error && !seen_error) {
      seen_error = true;
      expected.valid_up_to = item.offset;
    }
  });
  return expected;
}

template <typename Decoder>
CodePoints decode_with(const std::uint8_t* data, std::size_t size) {
  CodePoints out;
  Decoder decoder;
  decoder.push(data, size, out);
  decoder.finish(out);
  return out;
}

// The same input in three pieces: a span, one byte pushed alone, a span
// (the WHATWG baseline's span push keeps its state in locals and hands it
// over at the end, so the pieces must join as if whole).
template <typename Decoder>
CodePoints decode_in_pieces(const std::uint8_t* data, std::size_t size) {
  CodePoints out;
  Decoder decoder;
  const std::size_t cut = size / 2;
  decoder.push(data, cut, out);
  if (cut < size) decoder.push(data[cut], out);
  if (cut + 1 < size) decoder.push(data + cut + 1, size - cut - 1, out);
  decoder.finish(out);
  return out;
}

// Checks all three baselines on one input; returns false (after logging the
// first mismatch) so that loops can stop early.
bool check(const std::uint8_t* data, std::size_t size) {
  const Expected expected = reference(data, size);
  const bool dfa_ok = decode_with<DfaDecoder>(data, size) == expected.code_points;
  const bool whatwg_ok = decode_with<WhatwgDecoder>(data, size) == expected.code_points &&
                         decode_in_pieces<WhatwgDecoder>(data, size) == expected.code_points;
  const std::size_t valid_up_to = validate_ascii4(data, size);
  EXPECT_TRUE(dfa_ok);
  EXPECT_TRUE(whatwg_ok);
  EXPECT_EQ(valid_up_to, expected.valid_up_to);
  if (dfa_ok && whatwg_ok && valid_up_to == expected.valid_up_to) return true;
  utest::log() << "input (" << size << " bytes):";
  for (std::size_t i = 0; i < size && i < 16; ++i) utest::log() << ' ' << utest::hex(data[i], 2);
  utest::log() << '\n';
  return false;
}

using test::kEdgeBytes;
constexpr std::size_t kEdgeCount = sizeof kEdgeBytes;
using test::Random;

// Appends a well-formed sequence of 1-4 bytes, an edge byte, or a long ASCII
// run (to exercise the validator's word path).
std::size_t append_piece(Random& random, std::uint8_t* out, std::size_t room) {
  const std::uint32_t choice = random.below(10);
  std::size_t n = 0;
  if (choice < 2) {
    out[n++] = kEdgeBytes[random.below(kEdgeCount)];
  } else if (choice < 3) {
    const std::size_t run = 1 + random.below(12);
    while (n < run && n < room) out[n++] = static_cast<std::uint8_t>(0x20 + random.below(0x5F));
  } else {
    const std::uint32_t bases[] = {0, 0x80, 0x800, 0x10000};
    const std::uint32_t ends[] = {0x80, 0x800, 0x10000, 0x110000};
    const std::uint32_t width = random.below(4);
    std::uint32_t cp = bases[width] + random.below(ends[width] - bases[width]);
    if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xE000 + (cp & 0x7FF);
    unsigned char bytes[4] = {};
    const std::size_t length = ref::encode(static_cast<char32_t>(cp), bytes);
    for (std::size_t k = 0; k < length && n < room; ++k) out[n++] = bytes[k];
  }
  return n;
}

}  // namespace

UTEST(Baselines, EveryInputOfOneAndTwoBytes) { EXPECT_TRUE(test::every_input_of_one_and_two_bytes(check)); }

UTEST(Baselines, EdgeBytesUpToFourLong) {
  // 25^4 inputs take a few seconds on the slowest board: three-long there.
  const std::size_t longest = utest::kReduced ? 3 : 4;
  std::uint8_t input[4] = {};
  std::size_t tried = 0;
  for (std::size_t length = 3; length <= longest; ++length) {
    std::size_t index[4] = {};
    for (;;) {
      for (std::size_t k = 0; k < length; ++k) input[k] = kEdgeBytes[index[k]];
      ASSERT_TRUE(check(input, length));
      ++tried;
      std::size_t k = 0;
      while (k < length && ++index[k] == kEdgeCount) index[k++] = 0;
      if (k == length) break;
    }
  }
  utest::log() << "checked " << tried << " edge-byte inputs of 3-" << longest << " bytes\n";
}

UTEST(Baselines, RandomStreamsAtEveryAlignment) {
  Random random(0x5EED1234u);
  std::uint8_t source[kMaxInput] = {};
  alignas(4) std::uint8_t shifted[kMaxInput + 4] = {};
  const int streams = utest::kReduced ? 100 : 1000;
  for (int stream = 0; stream < streams; ++stream) {
    const std::size_t size = 1 + random.below(kMaxInput);
    std::size_t n = 0;
    while (n < size) n += append_piece(random, source + n, size - n);
    // The validator's word path depends on the address: try all four.
    for (std::size_t shift = 0; shift < 4; ++shift) {
      for (std::size_t i = 0; i < size; ++i) shifted[shift + i] = source[i];
      ASSERT_TRUE(check(shifted + shift, size));
    }
  }
}
