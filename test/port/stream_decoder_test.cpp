// StreamDecoder: drains an available()/read() stream (Arduino's Stream shape)
// into the decoder without blocking. Expected code points are written out from
// RFC 3629 and Unicode's maximal-subpart rule, not taken from the decoder.

#include <type_traits>

#include "port_test_support.h"
#include "utest/utest.h"
#include "utf8mcu/port/stream_decoder.h"

namespace {

using port_test::CodePoints;
using utf8mcu::port::StreamDecoder;

constexpr char32_t R = utf8mcu::kReplacementCharacter;

// A receive buffer with the stream interface: bytes the test lets arrive,
// read one at a time.
struct FakeStream {
  std::uint8_t bytes[64] = {};
  std::size_t received = 0;
  std::size_t read_position = 0;

  int available() const { return static_cast<int>(received - read_position); }
  int read() { return read_position < received ? bytes[read_position++] : -1; }

  template <std::size_t N>
  void arrive(const std::uint8_t (&data)[N]) {
    for (std::size_t i = 0; i < N && received < sizeof bytes; ++i) bytes[received++] = data[i];
  }
};

// A stream whose available() promises more than read() delivers.
struct OverpromisingStream {
  int available() const { return 10; }
  int read() { return left-- > 0 ? 'x' : -1; }
  int left = 2;
};

// A stream that reports an error as a negative count.
struct FailingStream {
  int available() const { return -1; }
  int read() {
    ++reads;
    return 'x';
  }
  int reads = 0;
};

UTEST(StreamDecoder, DeducesTheStreamType) {
  FakeStream stream;
  StreamDecoder decoder(stream);
  static_assert(std::is_same<decltype(decoder), StreamDecoder<FakeStream>>::value, "");
  static_assert(sizeof(decoder) <= 2 * sizeof(void*), "a reference and a 4-byte decoder");
  EXPECT_FALSE(decoder.in_sequence());
}

UTEST(StreamDecoder, ByteByByteArrivalGivesTheSameResult) {
  // A (1 byte), € (3), U+1F600 (4), F4 90 (above U+10FFFF: two parts), B
  const std::uint8_t input[] = {0x41, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xF4, 0x90, 0x42};
  const char32_t want[] = {0x41, 0x20AC, 0x1F600, R, R, 0x42};

  FakeStream whole;
  StreamDecoder whole_decoder(whole);
  CodePoints<16> at_once;
  whole.arrive(input);
  const utf8mcu::DecodeResult result = whole_decoder.poll(at_once);
  EXPECT_EQ(result.consumed, sizeof input);
  EXPECT_EQ(result.errors, 2u);
  EXPECT_EQ(result.error.status, utf8mcu::Status::kTooLarge);
  EXPECT_EQ(result.error.length, 1u);  // F4 alone: 90 cannot follow it
  EXPECT_TRUE(at_once.equals(want, 6));

  FakeStream trickle;
  StreamDecoder trickle_decoder(trickle);
  CodePoints<16> one_by_one;
  std::size_t errors = 0;
  for (const std::uint8_t byte : input) {
    const std::uint8_t one[] = {byte};
    trickle.arrive(one);
    errors += trickle_decoder.poll(one_by_one).errors;
  }
  EXPECT_EQ(errors, 2u);
  EXPECT_TRUE(one_by_one.equals(want, 6));
}

UTEST(StreamDecoder, ReadsAtMostMaxBytes) {
  FakeStream stream;
  StreamDecoder decoder(stream);
  const std::uint8_t input[] = {0x61, 0x62, 0x63, 0x64, 0x65};
  stream.arrive(input);
  CodePoints<8> out;
  EXPECT_EQ(decoder.poll(out, 2).consumed, 2u);
  EXPECT_EQ(stream.available(), 3);
  EXPECT_EQ(decoder.poll(out).consumed, 3u);
  const char32_t want[] = {U'a', U'b', U'c', U'd', U'e'};
  EXPECT_TRUE(out.equals(want, 5));
}

UTEST(StreamDecoder, BytesArrivingDuringAPollWaitForTheNext) {
  // The budget is what available() said on entry: a sequence cut there is
  // completed by the next poll, whatever arrived meanwhile.
  FakeStream stream;
  StreamDecoder decoder(stream);
  const std::uint8_t first[] = {0xD0, 0xBC, 0xD0};  // м, then half of и
  stream.arrive(first);
  CodePoints<8> out;
  EXPECT_EQ(decoder.poll(out).consumed, 3u);
  EXPECT_TRUE(decoder.in_sequence());
  const std::uint8_t rest[] = {0xB8};
  stream.arrive(rest);
  EXPECT_EQ(decoder.poll(out).consumed, 1u);
  const char32_t want[] = {0x043C, 0x0438};
  EXPECT_TRUE(out.equals(want, 2));
}

UTEST(StreamDecoder, StopsWhenReadRunsDry) {
  OverpromisingStream stream;
  StreamDecoder decoder(stream);
  CodePoints<8> out;
  EXPECT_EQ(decoder.poll(out).consumed, 2u);
  EXPECT_EQ(out.size, 2u);
}

UTEST(StreamDecoder, NegativeAvailableReadsNothing) {
  FailingStream stream;
  StreamDecoder decoder(stream);
  CodePoints<8> out;
  EXPECT_EQ(decoder.poll(out).consumed, 0u);
  EXPECT_EQ(stream.reads, 0);
  EXPECT_EQ(out.size, 0u);
}

UTEST(StreamDecoder, SkipAndFinish) {
  FakeStream stream;
  StreamDecoder decoder(stream);
  // FF (never in UTF-8), A, then F0 9F: half of U+1F600 when the line drops.
  const std::uint8_t input[] = {0xFF, 0x41, 0xF0, 0x9F};
  stream.arrive(input);
  CodePoints<8> out;
  const utf8mcu::DecodeResult result = decoder.poll<utf8mcu::ErrorPolicy::kSkip>(out);
  EXPECT_EQ(result.errors, 1u);
  EXPECT_EQ(result.error.status, utf8mcu::Status::kInvalidLead);
  ASSERT_EQ(out.size, 1u);
  EXPECT_EQ(out.code_points[0], U'A');
  EXPECT_TRUE(decoder.in_sequence());

  const utf8mcu::DecodeError error = decoder.finish(out);
  EXPECT_EQ(error.status, utf8mcu::Status::kTruncated);
  EXPECT_EQ(error.length, 2u);
  const char32_t want[] = {U'A', R};
  EXPECT_TRUE(out.equals(want, 2));
  EXPECT_FALSE(decoder.in_sequence());
}

UTEST(StreamDecoder, ResetForgetsAPartialSequence) {
  FakeStream stream;
  StreamDecoder decoder(stream);
  const std::uint8_t input[] = {0xE2, 0x82};
  stream.arrive(input);
  CodePoints<8> out;
  EXPECT_EQ(decoder.poll(out).consumed, 2u);
  EXPECT_TRUE(decoder.in_sequence());
  decoder.reset();
  EXPECT_FALSE(decoder.in_sequence());
  const std::uint8_t next[] = {0x5A};
  stream.arrive(next);
  EXPECT_EQ(decoder.poll(out).errors, 0u);
  const char32_t want[] = {U'Z'};
  EXPECT_TRUE(out.equals(want, 1));
}

}  // namespace
