#pragma once
/// @file
/// utf8mcu::port::StreamDecoder: decodes what a byte stream has received,
/// without blocking. A stream is anything with `int available()` (bytes
/// ready) and `int read()` (the next byte, or -1): Arduino's `Stream`,
/// `HardwareSerial`, USB CDC serial, a software serial port, or a driver of
/// your own with that shape.
///
///     utf8mcu::port::StreamDecoder input(Serial);  // 4 bytes of state + a reference
///     void loop() { input.poll(show); }            // show(char32_t) per code point
///
/// Header-only and freestanding like the rest of the portable port layer. It
/// includes nothing from Arduino, so it compiles anywhere; <utf8mcu.h> in the
/// Arduino layout (src/) also names it utf8mcu::StreamDecoder.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/decoder.h"

namespace utf8mcu {
namespace port {

/// Drains an Arduino-style stream into a Decoder. Holds a reference to the
/// stream and one Decoder (4 bytes). Call it from one context (`loop()`, or a
/// task), not from an interrupt as well.
template <typename Stream>
class StreamDecoder {
 public:
  /// No limit for poll().
  static constexpr std::size_t kNoLimit = ~std::size_t{0};

  /// Keeps a reference: `stream` must outlive the StreamDecoder.
  explicit constexpr StreamDecoder(Stream& stream) noexcept : stream_(stream) {}

  /// Decodes the bytes the stream holds now, at most `max_bytes`, and returns
  /// without waiting: it asks available() once, so bytes that arrive
  /// meanwhile wait for the next call and the work per call is bounded
  /// (constant per byte). A sequence cut at the end continues next time.
  ///
  /// Returns the bytes read (`consumed`), the number of ill-formed parts and
  /// the first of them. Under kReplace each part became one U+FFFD, under
  /// kSkip nothing. There is no kReport: a stream cannot take back the byte
  /// that showed a sequence was broken, and the result reports errors anyway.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  DecodeResult poll(Sink&& sink, std::size_t max_bytes = kNoLimit) {
    static_assert(kPolicy != ErrorPolicy::kReport, "StreamDecoder::poll supports kReplace and kSkip");
    DecodeResult total{0, 0, {}};
    const int available = stream_.available();
    std::size_t budget = available > 0 ? static_cast<std::size_t>(available) : 0;
    if (budget > max_bytes) budget = max_bytes;
    while (total.consumed < budget) {
      const int value = stream_.read();
      if (value < 0) break;  // the stream had less than it said
      ++total.consumed;
      const DecodeResult step = decoder_.push<kPolicy>(static_cast<std::uint8_t>(value), sink);
      if (step.errors != 0 && total.errors == 0) total.error = step.error;
      total.errors += step.errors;
    }
    return total;
  }

  /// Ends the input, or marks a gap (a reconnect, an overrun): a pending
  /// incomplete sequence becomes one U+FFFD under kReplace and is returned as
  /// {Status::kTruncated, its length}. Resets the decoder.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  DecodeError finish(Sink&& sink) noexcept {
    return decoder_.finish<kPolicy>(sink);
  }

  /// Forgets any pending partial sequence, silently.
  constexpr void reset() noexcept { decoder_.reset(); }

  /// True between the lead byte and the last byte of a sequence.
  constexpr bool in_sequence() const noexcept { return decoder_.in_sequence(); }

 private:
  Stream& stream_;
  Decoder decoder_;
};

}  // namespace port
}  // namespace utf8mcu
