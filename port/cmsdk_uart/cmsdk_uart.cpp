// CMSDK APB UART port: register-level, interrupt-driven receive, polled send.
#include "utf8mcu/port/cmsdk_uart.h"

#include "utf8mcu/port/cortex_m.h"

namespace utf8mcu {
namespace port {

using namespace cmsdk_uart;
using cortex_m::register_at;

bool cmsdk_uart_start(void* context, std::uint32_t baud) {
  const CmsdkUart& uart = context_as<const CmsdkUart>(context);
  if (baud == 0 || uart.pclk_hz / baud < kMinBaudDiv) return false;
  register_at(uart, kCtrl) = 0;
  register_at(uart, kBaudDiv) = (uart.pclk_hz + baud / 2) / baud;
  register_at(uart, kState) = kStateRxOverrun;  // stale overrun from before start
  register_at(uart, kIntStatus) = kIntRx;
  register_at(uart, kCtrl) = kCtrlTxEnable | kCtrlRxEnable | kCtrlRxInterrupt;
  cortex_m::nvic_enable_irq(uart.rx_irq);
  return true;
}

RxEvent cmsdk_uart_read_rx(void* context, std::uint8_t* byte) {
  const CmsdkUart& uart = context_as<const CmsdkUart>(context);
  std::uint32_t state = register_at(uart, kState);
  if ((state & kStateRxFull) == 0) {
    // Acknowledge only once the holding register is seen empty, then look
    // again: a byte that arrived between the two reads would otherwise sit
    // there with its interrupt cleared, and the UART would stall.
    register_at(uart, kIntStatus) = kIntRx;
    state = register_at(uart, kState);
    if ((state & kStateRxFull) == 0) return RxEvent::kEmpty;
  }
  // On overrun the holding register was overwritten: what it holds now came
  // after the lost byte.
  const bool overrun = (state & kStateRxOverrun) != 0;
  if (overrun) register_at(uart, kState) = kStateRxOverrun;
  *byte = static_cast<std::uint8_t>(register_at(uart, kData));
  return overrun ? RxEvent::kLossThenByte : RxEvent::kByte;
}

std::size_t cmsdk_uart_write(void* context, const std::uint8_t* data, std::size_t size) {
  const CmsdkUart& uart = context_as<const CmsdkUart>(context);
  for (std::size_t i = 0; i < size; ++i) {
    while ((register_at(uart, kState) & kStateTxFull) != 0) {
    }
    register_at(uart, kData) = data[i];
  }
  // Return only once the last byte has left the holding register, so that a
  // caller may power down or exit (QEMU: end the emulation) right after.
  while ((register_at(uart, kState) & kStateTxFull) != 0) {
  }
  return size;
}

// At the NVIC, not in CTRL: the UART latches INTSTATUS.RX, and its interrupt
// line follows INTSTATUS, so only the NVIC can keep a waiting byte pending.
void cmsdk_uart_set_rx_interrupt(void* context, bool enabled) {
  const CmsdkUart& uart = context_as<const CmsdkUart>(context);
  cortex_m::nvic_set_enabled(uart.rx_irq, enabled);
}

}  // namespace port
}  // namespace utf8mcu
