#pragma once
/// @file
/// nRF52 UARTE (EasyDMA) reception with two buffers into a ByteRing: RXD.PTR
/// is double-buffered, so while one buffer fills the next is already set up.
/// Portable: it takes the events and RXD.AMOUNT, not nrfx's headers.
///
///     utf8mcu::port::NrfUarteRx<ByteRing<512>, 64> rx{ring};
///     NRF_UARTE0->RXD.PTR = (uint32_t)rx.first_buffer(); NRF_UARTE0->RXD.MAXCNT = 64;
///     NRF_UARTE0->SHORTS = UARTE_SHORTS_ENDRX_STARTRX_Msk; NRF_UARTE0->TASKS_STARTRX = 1;
///     // UARTE0 interrupt (RXSTARTED, ENDRX, RXTO, ERROR enabled):
///     if (EVENTS_ERROR) { EVENTS_ERROR = 0; rx.on_error(ERRORSRC); ERRORSRC = ERRORSRC; }
///     if (EVENTS_ENDRX) { EVENTS_ENDRX = 0; rx.on_end_rx(RXD.AMOUNT); }   // before RXSTARTED
///     if (EVENTS_RXSTARTED) { EVENTS_RXSTARTED = 0; RXD.PTR = (uint32_t)rx.on_rx_started(); }
///     if (EVENTS_RXTO) { EVENTS_RXTO = 0; rx.on_rx_timeout(); TASKS_FLUSHRX = 1; }
///
/// In that order: with the ENDRX_STARTRX shortcut, a buffer's ENDRX and the
/// next one's RXSTARTED can be pending together.
///
/// Each ENDRX closes the buffer the last RXSTARTED took, with RXD.AMOUNT
/// bytes (fewer than MAXCNT after STOPRX, e.g. on an idle timer). After
/// STOPRX, RXTO comes once the receiver stopped; FLUSHRX then moves the up to
/// four bytes left in the FIFO to RXD.PTR with one more ENDRX and no
/// RXSTARTED, which on_rx_timeout() prepares for. An ERROR (overrun, parity,
/// framing, break) shows as a gap before the bytes of the buffer it came in
/// (the registers do not say where among them).
///
/// Bad input: an ENDRX with no buffer started reads nothing and is a gap; an
/// AMOUNT above the buffer size is cut to it and is a gap after the bytes;
/// an RXSTARTED while a buffer is still open (its ENDRX missed) is a gap.
/// Each is counted in event_errors(). ENDRX with AMOUNT 0 does nothing.
///
/// RAM: 2 * kSize bytes plus 12. Work per event: constant plus the copy.

#include <cstddef>
#include <cstdint>

namespace utf8mcu {
namespace port {

template <typename Ring, std::size_t kSize>
class NrfUarteRx {
  static_assert(kSize >= 1 && kSize <= 0xFFFF, "MAXCNT is 16 bits on the nRF52840 (8 on the nRF52832: 255)");
  static constexpr std::uint8_t kNone = 2;

 public:
  explicit NrfUarteRx(Ring& ring) noexcept : ring_(ring) {}

  /// For RXD.PTR before the first STARTRX.
  std::uint8_t* first_buffer() noexcept { return buffers_[next_]; }

  /// RXSTARTED: the receiver took RXD.PTR. Returns the buffer for RXD.PTR
  /// next (the other one).
  std::uint8_t* on_rx_started() noexcept {
    if (active_ != kNone) lose();  // the open buffer's ENDRX never came
    active_ = next_;
    next_ = static_cast<std::uint8_t>(1 - next_);
    return buffers_[next_];
  }

  /// ENDRX with RXD.AMOUNT. Returns the bytes the ring accepted.
  std::size_t on_end_rx(std::uint32_t amount) noexcept {
    if (active_ == kNone) return lose();
    const std::uint8_t* buffer = buffers_[active_];
    active_ = kNone;
    if (error_) {
      error_ = false;
      ring_.mark_gap();
    }
    const std::size_t accepted = ring_.push(buffer, amount < kSize ? amount : kSize);
    if (amount > kSize) lose();
    return accepted;
  }

  /// RXTO, before FLUSHRX: the flush fills RXD.PTR (the buffer
  /// on_rx_started() last returned) and ends with an ENDRX of its own.
  void on_rx_timeout() noexcept {
    if (active_ != kNone) lose();
    active_ = next_;
  }

  /// ERROR with ERRORSRC (nonzero): shown as a gap before this buffer's bytes.
  void on_error(std::uint32_t error_source) noexcept {
    if (error_source != 0) error_ = true;
  }

  std::uint32_t event_errors() const noexcept { return event_errors_; }

 private:
  std::size_t lose() noexcept {
    ++event_errors_;
    ring_.mark_gap();
    return 0;
  }

  Ring& ring_;
  std::uint32_t event_errors_ = 0;
  std::uint8_t next_ = 0;      // the buffer in RXD.PTR for the next start
  std::uint8_t active_ = kNone;  // the buffer being filled
  bool error_ = false;
  std::uint8_t buffers_[2][kSize] = {};
};

}  // namespace port
}  // namespace utf8mcu
