#pragma once
/// @file
/// From received bytes to the application's code points, with the counters an
/// application reports.
///
/// - IngestDecoder: a Decoder plus counters, fed directly by the thread (e.g.
///   a DMA half-buffer it owns right now, or bytes from a POSIX read()).
/// - RingReader: drains a ByteRing into an IngestDecoder, a bounded number of
///   bytes per call, so a main loop stays responsive.
///
/// Both run in thread context, not in an interrupt handler (the sink runs
/// inside them).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/decoder.h"
#include "utf8mcu/port/byte_ring.h"

namespace utf8mcu {
namespace port {

/// What one drain or push did.
struct IngestResult {
  /// Bytes taken (from the ring: gap markers included).
  std::size_t bytes = 0;
  /// Code points passed to the sink (U+FFFD included).
  std::size_t code_points = 0;
  /// Ill-formed parts met (each became one U+FFFD under kReplace).
  std::size_t errors = 0;
};

/// A Decoder that counts what it delivers. 16 bytes of RAM; trivially
/// copyable; per byte the Decoder's constant work plus one increment per code
/// point.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
class IngestDecoder {
  static_assert(kPolicy != ErrorPolicy::kReport,
                "a live stream cannot stop at an error: use kReplace or kSkip");

 public:
  /// Decodes `size` bytes (a chunk of the stream), calling `sink` for each code
  /// point. A sequence may continue in the next push.
  template <typename Sink>
  IngestResult push(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
    std::size_t delivered = 0;
    const Counting<Sink> counting{sink, delivered};
    const DecodeResult result = decoder_.push<kPolicy>(data, size, counting);
    return account(result.consumed, delivered, result.errors);
  }

  /// Marks a gap in directly decoded input (e.g. a DMA block known to be
  /// lost): exactly what a ByteRing gap marker does, so a cut sequence becomes
  /// U+FFFD and the gap itself shows as one U+FFFD (kReplace).
  template <typename Sink>
  IngestResult gap(Sink&& sink) noexcept {
    std::size_t delivered = 0;
    const Counting<Sink> counting{sink, delivered};
    const DecodeResult result = decoder_.push<kPolicy>(kGapMarker, counting);
    return account(0, delivered, result.errors);  // the marker is no received byte
  }

  /// Takes a gap marker whose gap was already shown (RingReader::finish):
  /// counted as a byte read, nothing decoded.
  IngestResult skip_marker() noexcept { return account(1, 0, 0); }

  /// Ends the stream: a pending incomplete sequence becomes one U+FFFD.
  template <typename Sink>
  IngestResult finish(Sink&& sink) noexcept {
    std::size_t delivered = 0;
    const Counting<Sink> counting{sink, delivered};
    const bool truncated = !decoder_.finish<kPolicy>(counting).ok();
    return account(0, delivered, truncated ? 1 : 0);
  }

  /// True between the first and the last byte of a sequence.
  bool in_sequence() const noexcept { return decoder_.in_sequence(); }

  /// Code points delivered so far (U+FFFD included).
  std::uint32_t code_points() const noexcept { return code_points_; }
  /// Ill-formed parts met so far, each one U+FFFD under kReplace (gap markers
  /// included: each gap adds one, plus one for a sequence it cut).
  std::uint32_t replacements() const noexcept { return replacements_; }
  /// Bytes decoded so far.
  std::uint32_t bytes() const noexcept { return bytes_; }

 private:
  // Passes code points on to `sink` and counts them: what each operation
  // delivered, for its IngestResult and the running totals.
  template <typename Sink>
  struct Counting {
    Sink& sink;
    std::size_t& delivered;
    void operator()(char32_t code_point) const {
      ++delivered;
      sink(code_point);
    }
  };

  IngestResult account(std::size_t bytes, std::size_t code_points, std::size_t errors) noexcept {
    bytes_ += static_cast<std::uint32_t>(bytes);
    code_points_ += static_cast<std::uint32_t>(code_points);
    replacements_ += static_cast<std::uint32_t>(errors);
    return {bytes, code_points, errors};
  }

  Decoder decoder_;
  std::uint32_t code_points_ = 0;
  std::uint32_t replacements_ = 0;
  std::uint32_t bytes_ = 0;
};

/// Drains a ByteRing (any ByteRing<N>) through an IngestDecoder. The consumer
/// side of the ring: use from one thread. RAM: 28 bytes on a 32-bit core (a
/// reference, an IngestDecoder, the position of a gap finish() showed early).
///
///     static utf8mcu::port::ByteRing<256> rx_ring;   // filled by the RX ISR
///     utf8mcu::port::RingReader reader{rx_ring};
///     for (;;) { reader.poll(on_code_point, 64); other_work(); }
template <typename Ring, ErrorPolicy kPolicy = ErrorPolicy::kReplace>
class RingReader {
 public:
  explicit RingReader(Ring& ring) noexcept : ring_(ring) {}

  /// Decodes at most `max_bytes` waiting bytes, calling `sink` for each code
  /// point; returns at once when the ring is empty. Never waits. Worst case:
  /// `max_bytes` decoder steps and 2 * `max_bytes` sink calls. The bytes are
  /// decoded in place and released to the producer afterwards.
  template <typename Sink>
  IngestResult poll(Sink&& sink, std::size_t max_bytes = Ring::capacity()) noexcept {
    IngestResult total;
    while (total.bytes < max_bytes) {
      const ByteSpan span = ring_.peek();
      if (span.size == 0) break;
      const std::size_t left = max_bytes - total.bytes;
      std::size_t n = span.size < left ? span.size : left;
      if (marker_shown_) {
        // The marker of a gap finish() already showed: take it undecoded.
        const std::uint32_t ahead = shown_marker_at_ - ring_.read_position();
        if (ahead == 0) {
          ring_.consume(1);
          add(total, decoder_.skip_marker());
          marker_shown_ = false;
          continue;
        }
        if (ahead < n) n = ahead;
      }
      const IngestResult step = decoder_.push(span.data, n, sink);
      ring_.consume(n);
      add(total, step);
    }
    return total;
  }

  /// Raw-byte mode: hands at most `max_bytes` waiting bytes to `sink`
  /// undecoded, as spans `sink(const std::uint8_t* data, std::size_t size)`,
  /// for a consumer that must see bytes before any decoding because the
  /// meaning of later bytes depends on them (a Terminal switches between
  /// UTF-8 and ISO-8859-1 on `ESC % G` / `ESC % @`). A gap marker (0xFF,
  /// never part of UTF-8) goes through like any byte, so the consumer's own
  /// decoder turns a gap into U+FFFD. Use either this or poll()/finish() on
  /// one reader; the counters count decoded input only. Returns the bytes
  /// taken. Never waits; at most two sink calls per wrap of the ring.
  template <typename ByteSink>
  IngestResult poll_bytes(ByteSink&& sink, std::size_t max_bytes = Ring::capacity()) noexcept {
    IngestResult total;
    while (total.bytes < max_bytes) {
      const ByteSpan span = ring_.peek();
      if (span.size == 0) break;
      const std::size_t left = max_bytes - total.bytes;
      const std::size_t n = span.size < left ? span.size : left;
      sink(span.data, n);
      ring_.consume(n);
      total.bytes += n;
    }
    return total;
  }

  /// Ends the stream (or flushes it, e.g. on an idle line): drains the ring,
  /// shows a gap still without a marker (data lost at the very end) as
  /// U+FFFD, and turns a pending incomplete sequence into U+FFFD. Each gap
  /// shows exactly once whatever the calling pattern: when the producer later
  /// writes that gap's marker, poll() takes it without decoding it again.
  /// Cost: one poll of the ring.
  template <typename Sink>
  IngestResult finish(Sink&& sink) noexcept {
    IngestResult total = poll(sink, Ring::capacity());
    // A pending gap's marker goes where the producer writes next. Shown only
    // when nothing waits before it (else bytes arrived meanwhile: the next
    // poll or finish shows them first, in order).
    if (ring_.gap_pending()) {
      const std::uint32_t at = ring_.write_position();
      const bool shown = marker_shown_ && shown_marker_at_ == at;
      if (!shown && at == ring_.read_position()) {
        add(total, decoder_.gap(sink));
        shown_marker_at_ = at;
        marker_shown_ = true;
      }
    }
    add(total, decoder_.finish(sink));
    return total;
  }

  /// Code points delivered so far (U+FFFD included).
  std::uint32_t code_points() const noexcept { return decoder_.code_points(); }
  /// Ill-formed parts so far (see IngestDecoder::replacements()).
  std::uint32_t replacements() const noexcept { return decoder_.replacements(); }
  /// Bytes taken from the ring so far, gap markers included.
  std::uint32_t bytes_read() const noexcept { return decoder_.bytes(); }
  /// Bytes the ring dropped because it was full (exact).
  std::uint32_t dropped_bytes() const noexcept { return ring_.dropped_bytes(); }
  /// Separate gaps (ring overflows and reported upstream losses).
  std::uint32_t gaps() const noexcept { return ring_.gaps(); }

  /// The ring this reader drains (for its counters, or to reset it while
  /// the producer is stopped).
  Ring& ring() noexcept { return ring_; }

 private:
  static void add(IngestResult& total, const IngestResult& step) noexcept {
    total.bytes += step.bytes;
    total.code_points += step.code_points;
    total.errors += step.errors;
  }

  Ring& ring_;
  IngestDecoder<kPolicy> decoder_;
  std::uint32_t shown_marker_at_ = 0;  // ring position of that marker
  bool marker_shown_ = false;          // finish() showed a gap whose marker is to come
};

}  // namespace port
}  // namespace utf8mcu
