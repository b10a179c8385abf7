// The Arduino/PlatformIO layout and utf8mcu::StreamDecoder, on the host and
// on every board: the example sketch (examples/snippets/Utf8Echo) runs against
// a stand-in serial port, and StreamDecoder is checked on its own.
#include <Arduino.h>
#include <utf8mcu.h>

#include <type_traits>

#include "utest/utest.h"

namespace {

template <std::size_t N>
void arrive(HardwareSerial& port, const std::uint8_t (&bytes)[N]) {
  port.arrive(bytes, N);
}

// Collects code points, for the StreamDecoder tests.
struct Collected {
  char32_t code_points[32] = {};
  std::size_t count = 0;

  void operator()(char32_t code_point) {
    if (count < 32) code_points[count] = code_point;
    ++count;
  }
};

// A stream whose available() promises more than read() delivers.
struct OverpromisingStream {
  int available() const { return 10; }
  int read() { return left-- > 0 ? 'x' : -1; }
  int left = 2;
};

}  // namespace

UTEST(ArduinoSketch, EchoesCleanUtf8AcrossPolls) {
  Serial.clear();
  setup();
  // c a f é, space, C0 AF (over-long: two parts), space, then the first two
  // bytes of € (E2 82 AC): they wait for the third.
  const std::uint8_t first[] = {0x63, 0x61, 0x66, 0xC3, 0xA9, 0x20, 0xC0, 0xAF, 0x20, 0xE2, 0x82};
  arrive(Serial, first);
  loop();
  const std::uint8_t want_first[] = {0x63, 0x61, 0x66, 0xC3, 0xA9, 0x20, 0xEF, 0xBF,
                                     0xBD, 0xEF, 0xBF, 0xBD, 0x20};
  ASSERT_EQ(Serial.sent_size(), sizeof want_first);
  EXPECT_MEMEQ(Serial.sent(), want_first, sizeof want_first);
  loop();  // nothing new arrived
  EXPECT_EQ(Serial.sent_size(), sizeof want_first);

  const std::uint8_t last[] = {0xAC};
  arrive(Serial, last);
  loop();
  const std::uint8_t want_euro[] = {0xE2, 0x82, 0xAC};
  ASSERT_EQ(Serial.sent_size(), sizeof want_first + 3);
  EXPECT_MEMEQ(Serial.sent() + sizeof want_first, want_euro, 3);
}

UTEST(StreamDecoder, DeducesTheStreamType) {
  HardwareSerial port;
  utf8mcu::StreamDecoder decoder(port);
  static_assert(std::is_same<decltype(decoder), utf8mcu::StreamDecoder<HardwareSerial>>::value, "");
  static_assert(sizeof(decoder) <= 2 * sizeof(void*), "a reference and a 4-byte decoder");
  EXPECT_FALSE(decoder.in_sequence());
}

UTEST(StreamDecoder, ByteByByteArrivalGivesTheSameResult) {
  // A (1 byte), € (3), U+1F600 (4), F4 90 (above U+10FFFF: two parts), B
  const std::uint8_t input[] = {0x41, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xF4, 0x90, 0x42};
  const char32_t want[] = {0x41, 0x20AC, 0x1F600, 0xFFFD, 0xFFFD, 0x42};

  HardwareSerial whole;
  utf8mcu::StreamDecoder whole_decoder(whole);
  Collected at_once;
  arrive(whole, input);
  const utf8mcu::DecodeResult result = whole_decoder.poll(at_once);
  EXPECT_EQ(result.consumed, sizeof input);
  EXPECT_EQ(result.errors, 2u);
  EXPECT_EQ(result.error.status, utf8mcu::Status::kTooLarge);
  ASSERT_EQ(at_once.count, 6u);
  EXPECT_MEMEQ(at_once.code_points, want, sizeof want);

  HardwareSerial trickle;
  utf8mcu::StreamDecoder trickle_decoder(trickle);
  Collected one_by_one;
  std::size_t errors = 0;
  for (std::uint8_t byte : input) {
    trickle.arrive(&byte, 1);
    errors += trickle_decoder.poll(one_by_one).errors;
  }
  EXPECT_EQ(errors, 2u);
  ASSERT_EQ(one_by_one.count, 6u);
  EXPECT_MEMEQ(one_by_one.code_points, want, sizeof want);
}

UTEST(StreamDecoder, ReadsAtMostMaxBytes) {
  HardwareSerial port;
  utf8mcu::StreamDecoder decoder(port);
  const std::uint8_t input[] = {0x61, 0x62, 0x63, 0x64, 0x65};
  arrive(port, input);
  Collected out;
  EXPECT_EQ(decoder.poll(out, 2).consumed, 2u);
  EXPECT_EQ(port.available(), 3);
  EXPECT_EQ(decoder.poll(out).consumed, 3u);
  EXPECT_EQ(out.count, 5u);
}

UTEST(StreamDecoder, StopsWhenReadRunsDry) {
  OverpromisingStream stream;
  utf8mcu::StreamDecoder decoder(stream);
  Collected out;
  EXPECT_EQ(decoder.poll(out).consumed, 2u);
  EXPECT_EQ(out.count, 2u);
}

UTEST(StreamDecoder, SkipAndFinish) {
  HardwareSerial port;
  utf8mcu::StreamDecoder decoder(port);
  // FF (never in UTF-8), A, then F0 9F: half of U+1F600 when the line drops.
  const std::uint8_t input[] = {0xFF, 0x41, 0xF0, 0x9F};
  arrive(port, input);
  Collected out;
  const utf8mcu::DecodeResult result = decoder.poll<utf8mcu::ErrorPolicy::kSkip>(out);
  EXPECT_EQ(result.errors, 1u);
  EXPECT_EQ(result.error.status, utf8mcu::Status::kInvalidLead);
  ASSERT_EQ(out.count, 1u);
  EXPECT_EQ(out.code_points[0], U'A');
  EXPECT_TRUE(decoder.in_sequence());

  const utf8mcu::DecodeError error = decoder.finish(out);
  EXPECT_EQ(error.status, utf8mcu::Status::kTruncated);
  EXPECT_EQ(error.length, 2u);
  ASSERT_EQ(out.count, 2u);
  EXPECT_EQ(out.code_points[1], utf8mcu::kReplacementCharacter);
  EXPECT_FALSE(decoder.in_sequence());
}
