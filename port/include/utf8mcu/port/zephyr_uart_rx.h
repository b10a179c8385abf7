#pragma once
/// @file
/// Zephyr's asynchronous UART API (uart_rx_enable(), a uart_callback_t) into
/// a ByteRing: the receive buffers, the UART_RX_* events, and every loss as a
/// gap. Portable: it takes the events' fields, not Zephyr's headers.
///
///     utf8mcu::port::ZephyrUartRx<ByteRing<512>, 64> rx{ring};
///     uart_rx_enable(dev, rx.first_buffer(), rx.buffer_size(), 1000);  // idle timeout, us
///     // in the callback (interrupt context):
///     case UART_RX_RDY: rx.on_ready(evt->data.rx.buf, evt->data.rx.offset, evt->data.rx.len); break;
///     case UART_RX_BUF_REQUEST: if (auto* b = rx.on_buffer_request()) uart_rx_buf_rsp(dev, b, rx.buffer_size()); break;
///     case UART_RX_BUF_RELEASED: rx.on_released(evt->data.rx_buf.buf); break;
///     case UART_RX_STOPPED: rx.on_stopped(evt->data.rx_stop.reason); break;
///     case UART_RX_DISABLED: rx.on_disabled(); break;
///
/// Events that break the documented order get a defined result, counted in
/// event_errors(), and never a read outside the buffers: data in a buffer
/// the adapter did not hand out (or one already released) is not read and
/// is a gap; data that skips ahead in its buffer is a gap before it; data
/// already delivered (an offset behind the last one) is not delivered
/// again; data past the buffer's end is cut there and is a gap; a release
/// of a buffer not in use is ignored. A zero-length UART_RX_RDY does
/// nothing. When no buffer is free at UART_RX_BUF_REQUEST, on_buffer_request()
/// returns nullptr: the driver then stops at the end of the current one.
///
/// RAM: kBuffers buffers of kSize bytes, a word and a flag for each, and two words. Work per event: constant plus the
/// copy into the ring. ISR-safe (Zephyr calls it from the UART interrupt).

#include <cstddef>
#include <cstdint>

namespace utf8mcu {
namespace port {

template <typename Ring, std::size_t kSize, std::size_t kBuffers = 2>
class ZephyrUartRx {
  static_assert(kSize > 0 && kSize < (1u << 31) && kBuffers >= 1 && kBuffers <= 255, "buffer size and count");

 public:
  explicit ZephyrUartRx(Ring& ring) noexcept : ring_(ring) {}

  /// The buffer for uart_rx_enable() (counted as in use by the driver).
  std::uint8_t* first_buffer() noexcept { return on_buffer_request(); }
  static constexpr std::size_t buffer_size() noexcept { return kSize; }

  /// UART_RX_BUF_REQUEST: a free buffer for uart_rx_buf_rsp(), or nullptr.
  std::uint8_t* on_buffer_request() noexcept {
    for (std::size_t i = 0; i < kBuffers; ++i) {
      if (!in_use_[i]) {
        in_use_[i] = true;
        filled_[i] = 0;
        return buffers_[i];
      }
    }
    return nullptr;
  }

  /// UART_RX_RDY: `len` new bytes at buf[offset]. Returns the bytes the ring accepted.
  std::size_t on_ready(const std::uint8_t* buf, std::size_t offset, std::size_t len) noexcept {
    if (len == 0) return 0;
    const std::size_t i = index_of(buf);
    if (i == kBuffers || !in_use_[i]) return lose();
    std::size_t from = offset;
    std::size_t to = offset + len;
    bool cut = false;
    if (offset >= kSize || len > kSize - offset) {  // past the end: cut there (no overflow in offset + len)
      to = kSize;
      cut = true;
    }
    if (from > filled_[i]) {
      lose();  // bytes skipped
    } else if (from < filled_[i]) {
      ++event_errors_;  // already delivered
      from = filled_[i];
    }
    std::size_t accepted = 0;
    if (to > from) {
      accepted = ring_.push(buffers_[i] + from, to - from);
      filled_[i] = to;
    }
    if (cut) lose();
    return accepted;
  }

  /// UART_RX_BUF_RELEASED.
  void on_released(const std::uint8_t* buf) noexcept {
    const std::size_t i = index_of(buf);
    if (i == kBuffers || !in_use_[i]) {
      ++event_errors_;  // not ours, or released twice
      return;
    }
    in_use_[i] = false;
  }

  /// UART_RX_STOPPED: `reason` is the uart_rx_stop_reason bits (overrun,
  /// parity, framing, break...): data was lost here.
  void on_stopped(std::uint32_t /*reason*/) noexcept { ring_.mark_gap(); }

  /// UART_RX_DISABLED: the driver holds no buffer any more.
  void on_disabled() noexcept {
    for (bool& in_use : in_use_) in_use = false;
  }

  /// Events that broke the documented order (see the file comment).
  std::uint32_t event_errors() const noexcept { return event_errors_; }

 private:
  std::size_t index_of(const std::uint8_t* buf) const noexcept {
    for (std::size_t i = 0; i < kBuffers; ++i) {
      if (buf == buffers_[i]) return i;
    }
    return kBuffers;
  }
  std::size_t lose() noexcept {
    ++event_errors_;
    ring_.mark_gap();
    return 0;
  }

  Ring& ring_;
  std::uint8_t buffers_[kBuffers][kSize] = {};
  std::size_t filled_[kBuffers] = {};
  bool in_use_[kBuffers] = {};
  std::uint32_t event_errors_ = 0;
};

}  // namespace port
}  // namespace utf8mcu
