#pragma once
/// @file
/// STM32 HAL reception to idle in circular DMA mode
/// (HAL_UARTEx_ReceiveToIdle_DMA() with the DMA channel set to circular)
/// into a ByteRing. Portable: it takes the callback's Size and event type,
/// not the HAL's headers.
///
///     utf8mcu::port::HalReceiveToIdleRx<ByteRing<512>, 128> rx{ring};
///     HAL_UARTEx_ReceiveToIdle_DMA(&huart2, rx.buffer(), rx.buffer_size());
///     void HAL_UARTEx_RxEventCallback(UART_HandleTypeDef* huart, uint16_t size) {
///       rx.on_rx_event(utf8mcu::port::hal_rx_event(HAL_UARTEx_GetRxEventType(huart)), size);
///     }
///     void HAL_UART_ErrorCallback(UART_HandleTypeDef* huart) {  // the HAL stopped reception
///       rx.on_error();
///       HAL_UARTEx_ReceiveToIdle_DMA(huart, rx.buffer(), rx.buffer_size());
///     }
///
/// The HAL calls back with Size = the DMA's write position: buffer_size() / 2
/// at half transfer, buffer_size() at transfer complete (the DMA wraps), the
/// position read from the DMA's counter at an idle line. The DMA's and the
/// UART's interrupt should have one priority. The half and full positions are
/// fixed, not read from the DMA, so their callbacks can come after an idle
/// callback that read a later position: a half-transfer callback behind the
/// last position is stale and ignored; an idle position behind the last one
/// is the wrap, whose transfer-complete callback then delivers nothing.
///
/// Bad input: a Size past the buffer is not read, counted in
/// event_errors() and a gap; a second wrap seen by an idle callback before
/// the first one's transfer-complete callback (the DMA lapped the reader) is
/// a gap, counted. An event at the last position (no new bytes) does
/// nothing. The HAL's callbacks
/// carry no live position at half and full transfer, so a reader a whole
/// buffer late cannot be detected: size the buffer for twice the longest
/// interrupt latency. on_error() marks a gap and starts over at position 0
/// (where the HAL restarts the DMA).
///
/// RAM: kSize bytes plus 12. Work per event: constant plus the copy.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/port/dma_rx.h"

namespace utf8mcu {
namespace port {

/// HAL_UARTEx_GetRxEventType()'s value (HAL_UART_RXEVENT_TC 0, _HT 1,
/// _IDLE 2) as a DmaEvent.
constexpr DmaEvent hal_rx_event(std::uint32_t hal_event_type) noexcept {
  return hal_event_type == 0   ? DmaEvent::kTransferComplete
         : hal_event_type == 1 ? DmaEvent::kHalfTransfer
                               : DmaEvent::kIdleLine;
}

template <typename Ring, std::size_t kSize>
class HalReceiveToIdleRx {
  static_assert(kSize >= 2 && kSize <= 0xFFFF, "the HAL's transfer size is 16 bits");

 public:
  explicit HalReceiveToIdleRx(Ring& ring) noexcept : ring_(ring) {}

  std::uint8_t* buffer() noexcept { return buffer_; }
  static constexpr std::uint16_t buffer_size() noexcept { return static_cast<std::uint16_t>(kSize); }

  /// HAL_UARTEx_RxEventCallback(huart, size). Returns the bytes the ring accepted.
  std::size_t on_rx_event(DmaEvent event, std::uint32_t size) noexcept {
    if (size > kSize) return lose();
    if (event == DmaEvent::kTransferComplete) {
      if (wrap_seen_) {
        wrap_seen_ = false;  // an idle callback already took the bytes up to the wrap
        return 0;
      }
      const std::size_t accepted = deliver(last_, kSize);
      last_ = 0;
      return accepted;
    }
    const std::uint32_t position = size == kSize ? 0 : size;
    if (position >= last_) {
      if (event == DmaEvent::kHalfTransfer && wrap_seen_) return 0;  // the last lap's, stale
      const std::size_t accepted = deliver(last_, position);
      last_ = position;
      return accepted;
    }
    if (event == DmaEvent::kHalfTransfer) return 0;  // an idle callback already passed the half
    if (wrap_seen_) {  // a second wrap before the first one's TC: lapped
      last_ = position;
      return lose();
    }
    const std::size_t accepted = deliver(last_, kSize) + deliver(0, position);
    last_ = position;
    wrap_seen_ = true;
    return accepted;
  }

  /// HAL_UART_ErrorCallback: the HAL has stopped reception (overrun, framing,
  /// noise, DMA error). A gap; the next reception starts at position 0.
  void on_error() noexcept {
    ring_.mark_gap();
    last_ = 0;
    wrap_seen_ = false;
  }

  std::uint32_t event_errors() const noexcept { return event_errors_; }

 private:
  std::size_t deliver(std::uint32_t from, std::uint32_t to) noexcept { return ring_.push(buffer_ + from, to - from); }
  std::size_t lose() noexcept {
    ++event_errors_;
    ring_.mark_gap();
    return 0;
  }

  Ring& ring_;
  std::uint32_t last_ = 0;
  std::uint32_t event_errors_ = 0;
  bool wrap_seen_ = false;
  std::uint8_t buffer_[kSize] = {};
};

}  // namespace port
}  // namespace utf8mcu
