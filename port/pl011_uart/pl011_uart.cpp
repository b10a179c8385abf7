// PL011 port: FIFO level and timeout interrupts, polled send.
#include "utf8mcu/port/pl011_uart.h"

#include "utf8mcu/internal/divide.h"
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
  // divide(): no division routine linked on ARMv6-M.
  const std::uint32_t divisor = utf8mcu::detail::divide(4u * uart.clock_hz + baud / 2, baud);
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
  return pl011_uart_receive(context_as<const Pl011Uart>(context), byte);
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
