// nRF51 UART port: RXDRDY interrupt per byte, polled send.
#include "utf8mcu/port/nrf51_uart.h"

#include "utf8mcu/port/cortex_m.h"

namespace utf8mcu {
namespace port {

using namespace nrf51_uart;
using cortex_m::register_at;

bool nrf51_uart_start(void* context, std::uint32_t baud) {
  const Nrf51Uart& uart = context_as<const Nrf51Uart>(context);
  const std::uint32_t rate = baud_register(baud);
  if (rate == 0) return false;
  register_at(uart, kEnable) = 0;
  register_at(uart, kPinRx) = uart.rx_pin;
  register_at(uart, kPinTx) = uart.tx_pin;
  register_at(uart, kBaudRate) = rate;
  register_at(uart, kConfig) = 0;  // no parity, no flow control
  register_at(uart, kEnable) = kEnableUart;
  register_at(uart, kEventRxReady) = 0;
  register_at(uart, kEventError) = 0;
  register_at(uart, kErrorSource) = kErrorAll;
  register_at(uart, kIntEnableSet) = kIntRxReady | kIntError;
  register_at(uart, kTaskStartTx) = kTrigger;
  register_at(uart, kTaskStartRx) = kTrigger;
  cortex_m::nvic_enable_irq(uart.irq);
  return true;
}

RxEvent nrf51_uart_read_rx(void* context, std::uint8_t* byte) {
  return nrf51_uart_receive(context_as<const Nrf51Uart>(context), byte);
}

// At the NVIC: RXDRDY stays set, so the interrupt stays pending while masked.
void nrf51_uart_set_rx_interrupt(void* context, bool enabled) {
  const Nrf51Uart& uart = context_as<const Nrf51Uart>(context);
  cortex_m::nvic_set_enabled(uart.irq, enabled);
}

std::size_t nrf51_uart_write(void* context, const std::uint8_t* data, std::size_t size) {
  const Nrf51Uart& uart = context_as<const Nrf51Uart>(context);
  for (std::size_t i = 0; i < size; ++i) {
    register_at(uart, kEventTxReady) = 0;
    register_at(uart, kTxData) = data[i];
    while (register_at(uart, kEventTxReady) == 0) {
    }
  }
  return size;
}

}  // namespace port
}  // namespace utf8mcu
