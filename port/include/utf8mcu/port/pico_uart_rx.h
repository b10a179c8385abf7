#pragma once
/// @file
/// Raspberry Pi Pico SDK (RP2040/RP2350 UART, an ARM PL011): the receive
/// interrupt drains the FIFO into a ByteRing. Portable: it takes two
/// callables, not the SDK's headers.
///
///     utf8mcu::port::ByteRing<512> ring;
///     void on_uart0_rx() {   // irq_set_exclusive_handler(UART0_IRQ, on_uart0_rx)
///       utf8mcu::port::pico_uart_drain(ring, [] { return uart_is_readable(uart0); },
///                                      [] { return uart_get_hw(uart0)->dr; });
///     }
///
/// Read the data register (uart_get_hw(uart)->dr), not uart_getc(): its bits
/// 8-11 carry the byte's framing, parity and break errors and an overrun
/// before it (the PL011's OE is set on the first byte the FIFO takes after
/// the lost one), which uart_getc() drops. A damaged byte is discarded and
/// is a gap; an overrun is a gap before the byte. With uart_getc() the
/// adapter still works, but it cannot see those losses.
///
/// Takes at most `max_bytes` per call (default: two FIFOs' worth), so a
/// receiver that never empties cannot hold the interrupt; what is left keeps
/// the interrupt pending. Returns the bytes taken from the UART.

#include <cstddef>
#include <cstdint>

namespace utf8mcu {
namespace port {

// PL011 UARTDR: [OE 11][BE 10][PE 9][FE 8][data 7:0].
inline constexpr std::uint32_t kPl011DataDamaged = 0x7u << 8;
inline constexpr std::uint32_t kPl011DataOverrun = 1u << 11;

template <typename Ring, typename IsReadable, typename ReadData>
std::size_t pico_uart_drain(Ring& ring, IsReadable&& is_readable, ReadData&& read_data,
                            std::size_t max_bytes = 64) noexcept {
  std::size_t taken = 0;
  while (taken < max_bytes && is_readable()) {
    const std::uint32_t data = static_cast<std::uint32_t>(read_data());
    ++taken;
    if ((data & (kPl011DataDamaged | kPl011DataOverrun)) != 0) ring.mark_gap();
    if ((data & kPl011DataDamaged) == 0) static_cast<void>(ring.push(static_cast<std::uint8_t>(data)));
  }
  return taken;
}

}  // namespace port
}  // namespace utf8mcu
