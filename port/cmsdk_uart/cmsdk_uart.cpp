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
  return cmsdk_uart_receive(context_as<const CmsdkUart>(context), byte);
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
