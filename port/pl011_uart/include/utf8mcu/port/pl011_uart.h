#pragma once
/// @file
/// Port for the ARM PL011 UART (PrimeCell UART, ARM DDI0183), register level:
/// receive FIFO on, interrupt on FIFO level and on receive timeout, so every
/// byte arrives promptly. Cortex-M0+ safe: the ring and this port use no
/// atomic read-modify-write. Ready-made configurations: the RP2040's UART0/1
/// and the Stellaris LM3S6965's UART0 (QEMU lm3s6965evb).
///
///     constexpr utf8mcu::port::UartPort kPort =
///         utf8mcu::port::make_pl011_uart_port(utf8mcu::port::kRp2040Uart0);
///
/// The board takes the UART out of reset and clocks it (RP2040: RESETS and
/// clk_peri; Stellaris: RCGC1), and routes its pins (RP2040: GPIO function 2)
/// before start(). RAM: none. Overrun keeps the FIFO and loses the byte in
/// the shift register; the FIFO marks the next byte it takes with OE (PL011
/// TRM, "Overrun bit"; RP2040 datasheet 4.2.3.2.4), so OE on a byte is
/// kLossThenByte; framing, parity and break errors: kLoss.
///
/// RP2040: the receiver (UartReceiver::resume, the NVIC unmask) must run on
/// the core that takes the UART interrupt: each core has its own NVIC.

#include <cstdint>

#include "utf8mcu/port/cortex_m.h"
#include "utf8mcu/port/uart_port.h"

namespace utf8mcu {
namespace port {

/// One PL011 instance.
struct Pl011Uart {
  /// Base address of the register block.
  std::uintptr_t base;
  /// UARTCLK, Hz.
  std::uint32_t clock_hz;
  /// NVIC number of the UART's (combined) interrupt.
  std::uint16_t irq;
};

/// RP2040 UART0: clk_peri (125 MHz by default), UART0_IRQ 20.
inline constexpr Pl011Uart kRp2040Uart0{0x40034000u, 125000000u, 20};
/// RP2040 UART1: clk_peri, UART1_IRQ 21.
inline constexpr Pl011Uart kRp2040Uart1{0x40038000u, 125000000u, 21};
/// Stellaris LM3S6965 UART0 (QEMU lm3s6965evb): system clock 50 MHz, IRQ 5.
inline constexpr Pl011Uart kLm3s6965Uart0{0x4000C000u, 50000000u, 5};

/// Register offsets and bits (PL011 TRM; RP2040 datasheet 4.2).
namespace pl011 {
inline constexpr std::uintptr_t kData = 0x000;      // UARTDR: [OE][BE][PE][FE][data 7:0]
inline constexpr std::uintptr_t kFlags = 0x018;     // UARTFR
inline constexpr std::uintptr_t kIntegerBaud = 0x024;
inline constexpr std::uintptr_t kFractionBaud = 0x028;
inline constexpr std::uintptr_t kLineControl = 0x02C;  // UARTLCR_H
inline constexpr std::uintptr_t kControl = 0x030;      // UARTCR
inline constexpr std::uintptr_t kFifoLevels = 0x034;   // UARTIFLS
inline constexpr std::uintptr_t kIntMask = 0x038;      // UARTIMSC
inline constexpr std::uintptr_t kIntClear = 0x044;     // UARTICR

// UARTDR read: FE, PE and BE belong to the byte in bits 7:0; OE says that
// data was lost before it.
inline constexpr std::uint32_t kDataFraming = 1u << 8;
inline constexpr std::uint32_t kDataParity = 1u << 9;
inline constexpr std::uint32_t kDataBreak = 1u << 10;
inline constexpr std::uint32_t kDataOverrun = 1u << 11;
inline constexpr std::uint32_t kDataDamaged = kDataFraming | kDataParity | kDataBreak;
// UARTFR: .. [TXFE][RXFF][TXFF][RXFE][BUSY] ..
inline constexpr std::uint32_t kFlagRxEmpty = 1u << 4;
inline constexpr std::uint32_t kFlagTxFull = 1u << 5;
inline constexpr std::uint32_t kLine8Bits = 3u << 5;   // WLEN
inline constexpr std::uint32_t kLineFifos = 1u << 4;   // FEN
inline constexpr std::uint32_t kControlEnable = 1u << 0;
inline constexpr std::uint32_t kControlTx = 1u << 8;
inline constexpr std::uint32_t kControlRx = 1u << 9;
inline constexpr std::uint32_t kIntRx = 1u << 4;         // RXIM / RXIC
inline constexpr std::uint32_t kIntRxTimeout = 1u << 6;  // RTIM / RTIC
}  // namespace pl011

[[nodiscard]] bool pl011_uart_start(void* context, std::uint32_t baud);
[[nodiscard]] RxEvent pl011_uart_read_rx(void* context, std::uint8_t* byte);
void pl011_uart_set_rx_interrupt(void* context, bool enabled);
[[nodiscard]] std::size_t pl011_uart_write(void* context, const std::uint8_t* data, std::size_t size);

/// What read_rx does, inline: for Pl011UartRx and the port's read_rx.
[[nodiscard]] inline RxEvent pl011_uart_receive(const Pl011Uart& uart, std::uint8_t* byte) noexcept {
  using namespace pl011;
  using cortex_m::register_at;
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
  // The usual case first, with one test: a byte and no error.
  if ((data & (kDataDamaged | kDataOverrun)) == 0) {
    *byte = static_cast<std::uint8_t>(data);
    return RxEvent::kByte;
  }
  if ((data & kDataDamaged) != 0) return RxEvent::kLoss;
  *byte = static_cast<std::uint8_t>(data);
  // OE rides on the first byte the FIFO takes after the overrun (the lost
  // byte never entered it): the loss came before this byte, not after it.
  return RxEvent::kLossThenByte;
}

/// The port for `uart` (which must outlive it; a constexpr one does).
[[nodiscard]] constexpr UartPort make_pl011_uart_port(const Pl011Uart& uart) noexcept {
  return UartPort{pl011_uart_start, pl011_uart_read_rx, pl011_uart_set_rx_interrupt,
                  pl011_uart_write, const_cast<void*>(static_cast<const void*>(&uart))};
}

/// The receive side of `kUart` known at compile time, for BasicUartReceiver:
/// the register accesses inline into its on_interrupt() (no call per byte).
template <const Pl011Uart& kUart>
using Pl011UartRx = CompileTimeUartRx<Pl011Uart, kUart, pl011_uart_start, pl011_uart_receive,
                                      pl011_uart_set_rx_interrupt>;

}  // namespace port
}  // namespace utf8mcu
