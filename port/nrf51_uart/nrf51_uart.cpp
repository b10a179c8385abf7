// nRF51 UART port: RXDRDY interrupt per byte, polled send.
#include "utf8mcu/port/nrf51_uart.h"

#include "utf8mcu/port/cortex_m.h"

namespace utf8mcu {
namespace port {
namespace {

using namespace nrf51_uart;

const Nrf51Uart& uart_of(void* context) { return *static_cast<const Nrf51Uart*>(context); }

volatile std::uint32_t& reg(const Nrf51Uart& uart, std::uintptr_t offset) {
  return *reinterpret_cast<volatile std::uint32_t*>(uart.base + offset);
}

}  // namespace

bool nrf51_uart_start(void* context, std::uint32_t baud) {
  const Nrf51Uart& uart = uart_of(context);
  const std::uint32_t rate = baud_register(baud);
  if (rate == 0) return false;
  reg(uart, kEnable) = 0;
  reg(uart, kPinRx) = uart.rx_pin;
  reg(uart, kPinTx) = uart.tx_pin;
  reg(uart, kBaudRate) = rate;
  reg(uart, kConfig) = 0;  // no parity, no flow control
  reg(uart, kEnable) = kEnableUart;
  reg(uart, kEventRxReady) = 0;
  reg(uart, kEventError) = 0;
  reg(uart, kErrorSource) = kErrorAll;
  reg(uart, kIntEnableSet) = kIntRxReady | kIntError;
  reg(uart, kTaskStartTx) = kTrigger;
  reg(uart, kTaskStartRx) = kTrigger;
  cortex_m::nvic_enable_irq(uart.irq);
  return true;
}

RxEvent nrf51_uart_read_rx(void* context, std::uint8_t* byte) {
  const Nrf51Uart& uart = uart_of(context);
  if (reg(uart, kEventError) != 0) {
    reg(uart, kEventError) = 0;
    const std::uint32_t source = reg(uart, kErrorSource);
    reg(uart, kErrorSource) = source;  // write 1 to clear what was read
    if ((source & kErrorAll) != 0) return RxEvent::kLoss;
  }
  // The interrupt line follows the events: with RXDRDY clear nothing waits,
  // and a byte arriving from now on sets it again.
  if (reg(uart, kEventRxReady) == 0) return RxEvent::kEmpty;
  // Clear before reading RXD: the read moves the next FIFO byte into RXD and
  // raises RXDRDY for it, which a later clear would wipe out.
  reg(uart, kEventRxReady) = 0;
  *byte = static_cast<std::uint8_t>(reg(uart, kRxData));
  return RxEvent::kByte;
}

// At the NVIC: RXDRDY stays set, so the interrupt stays pending while masked.
void nrf51_uart_set_rx_interrupt(void* context, bool enabled) {
  const Nrf51Uart& uart = uart_of(context);
  cortex_m::nvic_set_enabled(uart.irq, enabled);
}

std::size_t nrf51_uart_write(void* context, const std::uint8_t* data, std::size_t size) {
  const Nrf51Uart& uart = uart_of(context);
  for (std::size_t i = 0; i < size; ++i) {
    reg(uart, kEventTxReady) = 0;
    reg(uart, kTxData) = data[i];
    while (reg(uart, kEventTxReady) == 0) {
    }
  }
  return size;
}

}  // namespace port
}  // namespace utf8mcu
