// PL011 port: FIFO level and timeout interrupts, polled send.
#include "utf8mcu/port/pl011_uart.h"

#include "utf8mcu/port/cortex_m.h"

namespace utf8mcu {
namespace port {

using namespace pl011;
using cortex_m::register_at;

bool pl011_uart_start(void* context, std::uint32_t baud) {
  const Pl011Uart& uart = context_as<const Pl011Uart>(context);
  // Divisor clock / (16 * baud) in 16.6 fixed point, rounded: 64 * clock /
  // (16 * baud) = 4 * clock / baud (32 bits suffice for clocks below 1 GHz).
  if (baud == 0 || uart.clock_hz > 0x3FFFFFFFu) return false;
  const std::uint32_t divisor = (4u * uart.clock_hz + baud / 2) / baud;
  const std::uint32_t integer = divisor >> 6;
  if (integer == 0 || integer > 0xFFFF) return false;
  register_at(uart, kControl) = 0;
  register_at(uart, kIntegerBaud) = integer;
  register_at(uart, kFractionBaud) = divisor & 0x3F;
  register_at(uart, kLineControl) = kLine8Bits | kLineFifos;  // also latches the divisor
  register_at(uart, kFifoLevels) = 0;  // RX interrupt at 1/8 full; the timeout catches the rest
  register_at(uart, kIntClear) = 0x7FF;
  register_at(uart, kIntMask) = kIntRx | kIntRxTimeout;
  register_at(uart, kControl) = kControlEnable | kControlTx | kControlRx;
  cortex_m::nvic_enable_irq(uart.irq);
  // A byte that arrived while the interrupts were being set up may have had
  // its interrupt cleared above; the level interrupt rises only when the FIFO
  // goes from empty to the trigger level, so it would never fire again. Run
  // the handler once so that it drains the FIFO.
  cortex_m::nvic_set_pending(uart.irq);
  return true;
}

RxEvent pl011_uart_read_rx(void* context, std::uint8_t* byte) {
  const Pl011Uart& uart = context_as<const Pl011Uart>(context);
  if ((register_at(uart, kFlags) & kFlagRxEmpty) != 0) {
    // The level interrupt clears itself as the FIFO drains; only the timeout
    // one needs clearing. Never clear RXIC here: a byte arriving just before
    // the write would have its level interrupt cleared with the FIFO no
    // longer empty, and the interrupt rises again only when the FIFO fills
    // from empty. Look again afterwards: a byte that arrived in between would
    // otherwise wait for the next timeout.
    register_at(uart, kIntClear) = kIntRxTimeout;
    if ((register_at(uart, kFlags) & kFlagRxEmpty) != 0) return RxEvent::kEmpty;
  }
  const std::uint32_t data = register_at(uart, kData);
  if ((data & kDataDamaged) != 0) return RxEvent::kLoss;
  *byte = static_cast<std::uint8_t>(data);
  // OE rides on the first byte the FIFO takes after the overrun (the lost
  // byte never entered it): the loss came before this byte, not after it.
  return (data & kDataOverrun) != 0 ? RxEvent::kLossThenByte : RxEvent::kByte;
}

void pl011_uart_set_rx_interrupt(void* context, bool enabled) {
  const Pl011Uart& uart = context_as<const Pl011Uart>(context);
  cortex_m::nvic_set_enabled(uart.irq, enabled);
}

std::size_t pl011_uart_write(void* context, const std::uint8_t* data, std::size_t size) {
  const Pl011Uart& uart = context_as<const Pl011Uart>(context);
  for (std::size_t i = 0; i < size; ++i) {
    while ((register_at(uart, kFlags) & kFlagTxFull) != 0) {
    }
    register_at(uart, kData) = data[i];
  }
  return size;
}

}  // namespace port
}  // namespace utf8mcu
