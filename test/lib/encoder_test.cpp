// The encoder: every scalar value round-trips and matches the reference
// model's encoding; invalid code points per policy; buffer ends with guard
// bytes; the writer never leaves half a sequence.

#include "utf8mcu/boundary.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"

namespace {

using utf8mcu::ErrorPolicy;
using utf8mcu::Status;
using utf8mcu::Utf8Writer;

constexpr std::uint8_t kGuard = 0xA5;

UTEST(Encoder, EveryScalarValueRoundTrips) {
  std::uint32_t scalars = 0;
  std::uint32_t failures = 0;
  for (char32_t cp = 0; cp <= utf8mcu::kMaxCodePoint && failures < 5; ++cp) {
    if (utf8mcu::is_surrogate(cp)) continue;
    ++scalars;
    std::uint8_t bytes[6] = {kGuard, kGuard, kGuard, kGuard, kGuard, kGuard};
    const utf8mcu::EncodeResult r = utf8mcu::encode(cp, bytes, 4);
    unsigned char expected[4] = {};
    const std::size_t expected_length = ref::encode(cp, expected);

    bool ok = r.status == Status::kOk && r.length == expected_length &&
              utf8mcu::encoded_length(cp) == expected_length && bytes[4] == kGuard;
    for (std::size_t i = 0; i < 4; ++i) ok = ok && bytes[i] == (i < r.length ? expected[i] : kGuard);

    utf8mcu::Decoder decoder;
    char32_t back = 0;
    std::size_t outputs = 0;
    for (std::size_t i = 0; i < r.length; ++i) {
      decoder.push(bytes[i], [&](char32_t c) {
        back = c;
        ++outputs;
      });
    }
    ok = ok && outputs == 1 && back == cp && !decoder.in_sequence();
    if (!ok) {
      ++failures;
      utest::log() << "  code point " << utest::hex(cp) << " fails\n";
    }
  }
  EXPECT_EQ(failures, 0u);
  EXPECT_EQ(scalars, 1112064u);
}

UTEST(Encoder, InvalidCodePointsPerPolicy) {
  constexpr char32_t kInvalid[] = {0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0x7FFFFFFF, 0xFFFFFFFF};
  for (char32_t cp : kInvalid) {
    EXPECT_EQ(utf8mcu::encoded_length(cp), 0u);
    std::uint8_t out[4] = {kGuard, kGuard, kGuard, kGuard};
    utf8mcu::EncodeResult r = utf8mcu::encode<ErrorPolicy::kReport>(cp, out, 4);
    EXPECT_EQ(r.status, Status::kInvalidCodePoint);
    EXPECT_EQ(r.length, 0u);
    EXPECT_EQ(out[0], kGuard);
    r = utf8mcu::encode<ErrorPolicy::kSkip>(cp, out, 4);
    EXPECT_EQ(r.length, 0u);
    EXPECT_EQ(out[0], kGuard);
    r = utf8mcu::encode(cp, out, 4);  // replace
    EXPECT_EQ(r.status, Status::kInvalidCodePoint);
    ASSERT_EQ(r.length, 3u);
    EXPECT_EQ(out[0], 0xEFu);
    EXPECT_EQ(out[1], 0xBFu);
    EXPECT_EQ(out[2], 0xBDu);
    EXPECT_EQ(out[3], kGuard);
  }
}

UTEST(Encoder, NeverWritesPastTheEnd) {
  constexpr char32_t kSamples[] = {0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF, 0xD800};
  for (char32_t cp : kSamples) {
    for (std::size_t capacity = 0; capacity <= 4; ++capacity) {
      std::uint8_t out[8] = {kGuard, kGuard, kGuard, kGuard, kGuard, kGuard, kGuard, kGuard};
      const utf8mcu::EncodeResult r = utf8mcu::encode(cp, out + 1, capacity);
      const std::size_t need = utf8mcu::encoded_length(cp) == 0 ? 3 : utf8mcu::encoded_length(cp);
      if (capacity < need) {
        EXPECT_EQ(r.status, Status::kOutputFull);
        EXPECT_EQ(r.length, 0u);
      } else {
        EXPECT_EQ(r.length, need);
      }
      // Nothing before the buffer, nothing past `capacity`, nothing when full.
      EXPECT_EQ(out[0], kGuard);
      for (std::size_t i = 1 + r.length; i < 8; ++i) EXPECT_EQ(out[i], kGuard);
    }
  }
  const utf8mcu::EncodeResult null_out = utf8mcu::encode(0x41, nullptr, 4);
  EXPECT_EQ(null_out.status, Status::kOutputFull);
}

UTEST(Encoder, WriterStopsAtAWholeSequenceAndCountsWhatItNeeded) {
  // "a" (1) + U+00E9 (2) + U+20AC (3) + U+1F600 (4) = 10 bytes.
  constexpr char32_t kText[] = {0x61, 0xE9, 0x20AC, 0x1F600};
  constexpr std::size_t kEnds[] = {1, 3, 6, 10};  // byte count after each code point
  for (std::size_t capacity = 0; capacity <= 11; ++capacity) {
    std::uint8_t buffer[16];
    for (std::uint8_t& b : buffer) b = kGuard;
    Utf8Writer writer(buffer, capacity);
    for (char32_t cp : kText) writer.put(cp);
    // Expected size: the last whole code point that fits.
    std::size_t expected = 0;
    for (std::size_t end : kEnds) {
      if (end <= capacity) expected = end;
    }
    EXPECT_EQ(writer.size(), expected);
    EXPECT_EQ(writer.needed(), 10u);
    EXPECT_EQ(writer.overflowed(), capacity < 10);
    for (std::size_t i = expected; i < sizeof buffer; ++i) EXPECT_EQ(buffer[i], kGuard);
    EXPECT_EQ(utf8mcu::truncate(buffer, writer.size(), writer.size()), writer.size());
  }
}

UTEST(Encoder, WriterStaysStoppedAfterOverflow) {
  std::uint8_t buffer[4];
  Utf8Writer writer(buffer, sizeof buffer);
  EXPECT_EQ(writer.put(0x20AC), Status::kOk);   // 3 bytes
  EXPECT_EQ(writer.put(0xE9), Status::kOutputFull);  // 2 bytes: no room
  // A 1-byte code point would fit, but writing it would drop U+00E9 silently.
  EXPECT_EQ(writer.put(0x41), Status::kOutputFull);
  EXPECT_EQ(writer.size(), 3u);
  EXPECT_EQ(writer.needed(), 6u);
  EXPECT_EQ(writer.put<ErrorPolicy::kReport>(0xD800), Status::kInvalidCodePoint);
  EXPECT_EQ(writer.needed(), 6u);

  Utf8Writer none(nullptr, 100);
  EXPECT_EQ(none.capacity(), 0u);
  EXPECT_EQ(none.put(0x41), Status::kOutputFull);
}

UTEST(Encoder, WriterAsSinkReencodesDecodedText) {
  const std::uint8_t input[] = {0x48, 0xC3, 0xA9, 0xC0, 0xF0, 0x9F, 0x98, 0x80};
  std::uint8_t buffer[16];
  Utf8Writer writer(buffer, sizeof buffer);
  utf8mcu::Decoder decoder;
  decoder.push(input, sizeof input, writer);
  decoder.finish(writer);
  const std::uint8_t expected[] = {0x48, 0xC3, 0xA9, 0xEF, 0xBF, 0xBD, 0xF0, 0x9F, 0x98, 0x80};
  ASSERT_EQ(writer.size(), sizeof expected);
  EXPECT_MEMEQ(buffer, expected, sizeof expected);
}

}  // namespace
