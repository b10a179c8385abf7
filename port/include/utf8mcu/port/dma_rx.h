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
/// IDLE interrupt; one priority) runs the same routine, best through
/// advance(dma), which does the reads in the race-free order: read and clear
/// the DMA's flags, read its position, read the flags again; a TC set since
/// the clear means the DMA wrapped in between, maybe before the position
/// read, so it takes that TC too and reads the position again. Then
/// advance(kTransferComplete if a TC was taken, else kHalfTransfer or
/// kIdleLine, position). Without the second look a lap completed between
/// the flag read and the position read would look like a few new bytes.
///
/// Laps: a position behind the last one means the DMA wrapped once; a TC flag
/// whose wrap no call has seen by position, with the position not behind,
/// means it wrapped and came past the last position (a lap: overrun). The
/// hardware cannot count more than that: the counts are exact as long as the
/// DMA wraps at most once between two calls' position reads (and, for
/// advance(event, position) called directly, not between its flag read and
/// position read). With HT and TC interrupts that takes a whole buffer of
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

/// What the DMA reported besides its position.
enum class DmaRxStatus : std::uint8_t {
  kOk = 0,
  /// The DMA's transfer-error flag (a bus error): the hardware stopped the
  /// transfer, nothing more arrives until the receiver is started again.
  /// push_spans()/deliver() show it as a gap (one U+FFFD).
  kTransferError = 1,
};

/// DMA flags as a DmaSource's take_flags() returns them (bits).
enum DmaFlagBits : std::uint8_t {
  kDmaHalfTransferFlag = 1u << 0,
  kDmaTransferCompleteFlag = 1u << 1,
  kDmaTransferErrorFlag = 1u << 2,
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
  /// kTransferError if the DMA stopped on an error (after these bytes).
  DmaRxStatus status = DmaRxStatus::kOk;
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

  /// The handler's whole routine, in the race-free order. `dma` provides
  /// `std::uint8_t take_flags(std::uint8_t ignore)`: read the HT/TC/TE flags
  /// (DmaFlagBits), clear those set and not in `ignore`, return them; and
  /// `std::uint32_t position()`: the write position. A TC that is set again
  /// after being taken (a second wrap in one call) is beyond the one-wrap
  /// limit and is left for the next call. Costs one more flag read than
  /// advance(event, position), and one more position read after a late TC.
  template <typename DmaSource>
  [[nodiscard]] DmaRxSpans advance(DmaSource& dma) noexcept {
    const std::uint8_t flags = dma.take_flags(0);
    std::uint32_t position = dma.position();
    const std::uint8_t late = dma.take_flags(flags);
    if ((late & kDmaTransferCompleteFlag) != 0) position = dma.position();
    const std::uint8_t all = static_cast<std::uint8_t>(flags | late);
    const DmaEvent event = (all & kDmaTransferCompleteFlag) != 0 ? DmaEvent::kTransferComplete
                           : (all & kDmaHalfTransferFlag) != 0   ? DmaEvent::kHalfTransfer
                                                                  : DmaEvent::kIdleLine;
    DmaRxSpans spans = advance(event, position);
    if ((all & kDmaTransferErrorFlag) != 0) spans.status = DmaRxStatus::kTransferError;
    return spans;
  }

  /// Starts over at position 0 with the counters kept (after the receiver
  /// restarted its DMA).
  void restart() noexcept {
    read_ = 0;
    wrap_unconfirmed_ = false;
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
/// gap (ByteRing::mark_gap) before the bytes, a transfer error one after
/// them; the bytes are copied (what does not fit is dropped and counted by
/// the ring). Returns the bytes accepted.
template <typename Ring>
std::size_t push_spans(Ring& ring, const DmaRxSpans& spans) noexcept {
  if (spans.lost != 0) ring.mark_gap();
  const std::size_t accepted =
      ring.push(spans.first.data, spans.first.size) + ring.push(spans.second.data, spans.second.size);
  if (spans.status != DmaRxStatus::kOk) ring.mark_gap();
  return accepted;
}

/// Decodes `spans` directly (thread context, e.g. spans handed over from the
/// interrupt while the DMA is known to be elsewhere): an overrun shows as one
/// U+FFFD before the bytes, a transfer error one after them. Returns what
/// the decoder did.
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
  if (spans.status != DmaRxStatus::kOk) add(decoder.gap(sink));
  return total;
}

}  // namespace port
}  // namespace utf8mcu
