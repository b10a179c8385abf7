// The Arduino/PlatformIO layout (src/), on the host and on every board: the
// example sketch (examples/snippets/Utf8Echo) runs against a stand-in serial
// port, and the port layer and the display are used through src/ alone.
// StreamDecoder's own tests are in test/port.
#include <Arduino.h>
#include <utf8mcu.h>

#include <type_traits>

#include "utf8mcu/display/display.h"
#include "utf8mcu/display/fonts/fixed_6x13.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"

#include "utest/utest.h"

namespace {

template <std::size_t N>
void arrive(HardwareSerial& port, const std::uint8_t (&bytes)[N]) {
  port.arrive(bytes, N);
}

// Collects code points.
struct Collected {
  char32_t code_points[32] = {};
  std::size_t count = 0;

  void operator()(char32_t code_point) {
    if (count < 32) code_points[count] = code_point;
    ++count;
  }
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

UTEST(ArduinoLayout, StreamDecoderIsThePortOne) {
  HardwareSerial port;
  utf8mcu::StreamDecoder decoder(port);
  static_assert(std::is_same<decltype(decoder), utf8mcu::port::StreamDecoder<HardwareSerial>>::value, "");
  const std::uint8_t input[] = {0xC3, 0xA9};  // é
  arrive(port, input);
  Collected out;
  EXPECT_EQ(decoder.poll(out).consumed, 2u);
  ASSERT_EQ(out.count, 1u);
  EXPECT_EQ(out.code_points[0], U'\u00E9');
}

UTEST(ArduinoLayout, PortLayerRingAndReader) {
  // A gap in the ring (a byte the full ring dropped) shows as U+FFFD between
  // the characters on either side.
  utf8mcu::port::ByteRing<4> ring;
  const std::uint8_t input[] = {0x41, 0x42, 0x43, 0x44, 0x45};  // E is dropped: the ring holds 4
  for (const std::uint8_t byte : input) ring.push(byte);
  utf8mcu::port::RingReader reader{ring};
  Collected out;
  (void)reader.poll(out);
  const std::uint8_t after[] = {0x46};
  for (const std::uint8_t byte : after) ring.push(byte);
  (void)reader.poll(out);
  const char32_t want[] = {U'A', U'B', U'C', U'D', utf8mcu::kReplacementCharacter, U'F'};
  ASSERT_EQ(out.count, 6u);
  EXPECT_MEMEQ(out.code_points, want, sizeof want);
  EXPECT_EQ(reader.dropped_bytes(), 1u);
}

UTEST(ArduinoLayout, DisplayDrawsWithTheGeneratedFont) {
  // 'A' of the X11 misc-fixed 6x13 font, rows of its BDF source (BITMAP of
  // ENCODING 65: 00 00 20 50 88 88 88 F8 88 88 88 00 00, bit 7 = column 0).
  const std::uint8_t bdf_rows[13] = {0x00, 0x00, 0x20, 0x50, 0x88, 0x88, 0x88, 0xF8, 0x88, 0x88, 0x88, 0x00, 0x00};
  std::uint8_t pixels[utf8mcu::display::mono_buffer_size(16, 16)] = {};
  utf8mcu::display::MonoFramebuffer screen(pixels, 16, 16);
  utf8mcu::display::TextBox box(screen, utf8mcu::display::fonts::kFixed6x13, utf8mcu::display::Rect{0, 0, 16, 16},
                                utf8mcu::display::kLitOnDark);
  box(U'A');
  for (unsigned y = 0; y < 13; ++y) {
    for (unsigned x = 0; x < 6; ++x) {
      const bool want = ((static_cast<unsigned>(bdf_rows[y]) >> (7 - x)) & 1u) != 0;
      const bool lit = ((static_cast<unsigned>(pixels[(y / 8) * 16 + x]) >> (y % 8)) & 1u) != 0;
      EXPECT_EQ(lit, want);
    }
  }
  // Widths from the generated table: Unicode's East Asian Width and general category.
  EXPECT_EQ(utf8mcu::display::display_width(U'A'), 1);
  EXPECT_EQ(utf8mcu::display::display_width(U'\u4E2D'), 2);  // 中, East_Asian_Width W
  EXPECT_EQ(utf8mcu::display::display_width(U'\u0301'), 0);  // combining acute accent, Mn
}
