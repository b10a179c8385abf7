#pragma once
/// @file
/// Circular-DMA receive: turns "the DMA's write position in a circular buffer
/// of N bytes is now p" (at a half-transfer, transfer-complete or idle-line
/// interrupt) into at most two spans of new bytes, plus an exact count of
/// bytes lost when the DMA lapped the reader. Portable: the hardware wiring
/// (e.g. port/stm32_usart's stm32_usart_dma.h) reads the position and the
/// event, this class does the arithmetic.
///
///     utf8mcu::port::DmaRxCursor cursor{dma_buffer, sizeof dma_buffer};
///     // in the DMA HT/TC and UART IDLE interrupts (one priority):
///     const DmaRxSpans spans = cursor.advance(event, sizeof dma_buffer - NDTR);
///     utf8mcu::port::push_spans(rx_ring, spans);   // or deliver(decoder, spans, sink)
///
/// Calling: every handler involved (the DMA's HT/TC interrupt, the UART's
/// IDLE interrupt; one priority) runs the same routine: read and clear the
/// DMA's HT/TC flags, then read its position, then advance(kTransferComplete
/// if the TC flag was set, else kHalfTransfer or kIdleLine, position).
///
/// Laps: a position behind the last one means the DMA wrapped once; a TC flag
/// whose wrap no call has seen by position, with the position not behind,
/// means it wrapped and came past the last position (a lap: overrun). The
/// hardware cannot count more than that: the counts are exact as long as the
/// DMA wraps at most once between two calls and not again before the TC
/// flag is handled, and does not complete a lap between the flag read and
/// the position read. With HT and TC interrupts that takes a whole buffer of
/// interrupt latency to break.
///
/// Overrun: when the DMA wrote more than N bytes since the last call, the
/// oldest were overwritten and the rest are being overwritten while the
/// reader would copy them, so all of them count as lost (`lost`), none is
/// delivered, and the reader resumes at the DMA's position. The gap shows as
/// one U+FFFD (a ByteRing gap or IngestDecoder::gap()).
///
/// RAM: 24 bytes on a 32-bit core. Cost per call: constant (no loop), ISR-safe; not
/// reentrant (one interrupt priority for all its events).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"

namespace utf8mcu {
namespace port {

/// Why advance() is called. Only kTransferComplete carries information the
/// position lacks (a whole lap); the others are for the caller's bookkeeping.
enum class DmaEvent : std::uint8_t {
  kHalfTransfer = 0,      ///< the DMA filled the first half (HT)
  kTransferComplete = 1,  ///< the DMA filled the second half and wrapped (TC)
  kIdleLine = 2,          ///< the line went idle: a message may have ended (IDLE)
};

/// New bytes since the last advance(), oldest first, and what was lost
/// before them.
struct DmaRxSpans {
  /// From the last position towards the end of the buffer.
  ByteSpan first;
  /// The part that wrapped to the start of the buffer (empty if none).
  ByteSpan second;
  /// Bytes received but lost before `first` (overrun): 0 if none.
  std::uint32_t lost = 0;
};

class DmaRxCursor {
 public:
  /// `buffer` of `size` bytes (1..2^31) is the DMA's circular buffer.
  constexpr DmaRxCursor(const std::uint8_t* buffer, std::uint32_t size) noexcept
      : buffer_(buffer), size_(size) {}

  /// The DMA's write position is now `position` (buffer size minus the
  /// remaining transfer count; `size` and anything above count as 0). Returns the new bytes,
  /// at most two spans (the buffer wraps), or an overrun. The spans stay
  /// valid until the DMA comes round to them again (less than one lap).
  [[nodiscard]] DmaRxSpans advance(DmaEvent event, std::uint32_t position) noexcept {
    if (position >= size_) position = 0;  // size (a count not yet reloaded), or out of range
    const std::uint32_t last = read_;
    const bool wrapped = position < last;
    std::uint32_t moved = position - last + (wrapped ? size_ : 0);
    if (event == DmaEvent::kTransferComplete) {
      // The TC flag stands for one wrap: one an earlier call saw by position
      // (then a wrap seen now is a newer one, its TC still to come), or one
      // this call sees by position, or else a whole lap.
      if (wrap_unconfirmed_) {
        wrap_unconfirmed_ = wrapped;
      } else if (!wrapped) {
        moved += size_;
      }
    } else if (wrapped) {
      wrap_unconfirmed_ = true;  // its TC interrupt is still to come
    }
    read_ = position;
    received_ += moved;
    if (moved > size_) {
      lost_ += moved;
      return {ByteSpan{}, ByteSpan{}, moved};
    }
    const std::uint32_t to_end = size_ - last;
    if (moved <= to_end) return {ByteSpan{buffer_ + last, moved}, ByteSpan{}, 0};
    return {ByteSpan{buffer_ + last, to_end}, ByteSpan{buffer_, moved - to_end}, 0};
  }

  /// Bytes the DMA received so far (delivered + lost), mod 2^32.
  std::uint32_t received_bytes() const noexcept { return received_; }
  /// Bytes lost to overruns so far (exact, within the one-lap limit).
  std::uint32_t lost_bytes() const noexcept { return lost_; }
  /// Where the next new byte will be read from.
  std::uint32_t position() const noexcept { return read_; }

 private:
  const std::uint8_t* buffer_;
  std::uint32_t size_;
  std::uint32_t read_ = 0;
  std::uint32_t received_ = 0;
  std::uint32_t lost_ = 0;
  bool wrap_unconfirmed_ = false;  // a wrap seen by position, its TC not yet handled
};

/// Appends `spans` to a ByteRing from the DMA interrupt: an overrun becomes a
/// gap (ByteRing::mark_gap), the bytes are copied (what does not fit is
/// dropped and counted by the ring). Returns the bytes accepted.
template <typename Ring>
std::size_t push_spans(Ring& ring, const DmaRxSpans& spans) noexcept {
  if (spans.lost != 0) ring.mark_gap();
  return ring.push(spans.first.data, spans.first.size) +
         ring.push(spans.second.data, spans.second.size);
}

/// Decodes `spans` directly (thread context, e.g. spans handed over from the
/// interrupt while the DMA is known to be elsewhere): an overrun shows as one
/// U+FFFD before the bytes. Returns what the decoder did.
template <typename Decoder, typename Sink>
IngestResult deliver(Decoder& decoder, const DmaRxSpans& spans, Sink&& sink) noexcept {
  IngestResult total;
  const auto add = [&total](const IngestResult& step) {
    total.bytes += step.bytes;
    total.code_points += step.code_points;
    total.errors += step.errors;
  };
  if (spans.lost != 0) add(decoder.gap(sink));
  if (spans.first.size != 0) add(decoder.push(spans.first.data, spans.first.size, sink));
  if (spans.second.size != 0) add(decoder.push(spans.second.data, spans.second.size, sink));
  return total;
}

}  // namespace port
}  // namespace utf8mcu
