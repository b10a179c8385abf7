#pragma once
/// @file
/// Port for the nRF51 UART (nRF51 Series Reference Manual, chapter UART),
/// register level: the RXDRDY event raises the interrupt, one byte per read of
/// RXD from a 6-byte receive FIFO; TXD is polled on TXDRDY. Cortex-M0: no
/// atomic read-modify-write.
///
///     constexpr utf8mcu::port::UartPort kPort =
///         utf8mcu::port::make_nrf51_uart_port(utf8mcu::port::kNrf51Uart0);
///
/// The board selects the pins (PSELRXD/PSELTXD; the micro:bit's USB bridge is
/// on P0.25 RX, P0.24 TX) before start(). RAM: none.
///
/// Errors: the nRF51 reports them as one ERROR event with ERRORSRC bits
/// (OVERRUN, PARITY, FRAMING, BREAK), not per byte. read_rx reports kLoss
/// where it sees the event, before the next byte. For OVERRUN the lost byte
/// lies somewhere among the up to 6 bytes the FIFO held at that moment, so the
/// gap can sit up to 6 bytes from the real loss: enable hardware flow control
/// (CONFIG.HWFC) where the reader can fall that far behind.

#include <cstdint>

#include "utf8mcu/port/cortex_m.h"
#include "utf8mcu/port/uart_port.h"

namespace utf8mcu {
namespace port {

/// One nRF51 UART instance.
struct Nrf51Uart {
  /// Base address (UART0 0x40002000).
  std::uintptr_t base;
  /// NVIC number (UART0 2).
  std::uint16_t irq;
  /// Pin numbers for PSELRXD and PSELTXD.
  std::uint8_t rx_pin;
  std::uint8_t tx_pin;
};

/// nRF51822 UART0 as wired on the BBC micro:bit (QEMU microbit).
inline constexpr Nrf51Uart kNrf51Uart0{0x40002000u, 2, 25, 24};

/// Register offsets and bits (nRF51 Series Reference Manual v3.0, UART).
namespace nrf51_uart {
inline constexpr std::uintptr_t kTaskStartRx = 0x000;
inline constexpr std::uintptr_t kTaskStopRx = 0x004;
inline constexpr std::uintptr_t kTaskStartTx = 0x008;
inline constexpr std::uintptr_t kEventRxReady = 0x108;  // RXDRDY
inline constexpr std::uintptr_t kEventTxReady = 0x11C;  // TXDRDY
inline constexpr std::uintptr_t kEventError = 0x124;    // ERROR
inline constexpr std::uintptr_t kIntEnableSet = 0x304;  // INTENSET
inline constexpr std::uintptr_t kIntEnableClear = 0x308;  // INTENCLR
inline constexpr std::uintptr_t kErrorSource = 0x480;   // ERRORSRC, write 1 to clear
inline constexpr std::uintptr_t kEnable = 0x500;
inline constexpr std::uintptr_t kPinTx = 0x50C;  // PSELTXD
inline constexpr std::uintptr_t kPinRx = 0x514;  // PSELRXD
inline constexpr std::uintptr_t kRxData = 0x518;  // RXD: reading pops the FIFO
inline constexpr std::uintptr_t kTxData = 0x51C;  // TXD
inline constexpr std::uintptr_t kBaudRate = 0x524;
inline constexpr std::uintptr_t kConfig = 0x56C;  // [PARITY 3:1][HWFC 0]

inline constexpr std::uint32_t kTrigger = 1;
inline constexpr std::uint32_t kEnableUart = 4;
// INTEN: .. [RXTO 17] .. [ERROR 9] .. [TXDRDY 7] .. [RXDRDY 2][NCTS 1][CTS 0]
inline constexpr std::uint32_t kIntRxReady = 1u << 2;
inline constexpr std::uint32_t kIntError = 1u << 9;
// ERRORSRC: [BREAK 3][FRAMING 2][PARITY 1][OVERRUN 0]
inline constexpr std::uint32_t kErrorOverrun = 1u << 0;
inline constexpr std::uint32_t kErrorAll = 0xFu;

/// BAUDRATE register value for `baud` (the table of the reference manual),
/// or 0 if the UART has no such rate.
constexpr std::uint32_t baud_register(std::uint32_t baud) noexcept {
  switch (baud) {
    case 1200: return 0x0004F000u;
    case 2400: return 0x0009D000u;
    case 4800: return 0x0013B000u;
    case 9600: return 0x00275000u;
    case 14400: return 0x003B0000u;
    case 19200: return 0x004EA000u;
    case 28800: return 0x0075F000u;
    case 38400: return 0x009D5000u;
    case 57600: return 0x00EBF000u;
    case 76800: return 0x013A9000u;
    case 115200: return 0x01D7E000u;
    case 230400: return 0x03AFB000u;
    case 250000: return 0x04000000u;
    case 460800: return 0x075F7000u;
    case 921600: return 0x0EBED000u;
    case 1000000: return 0x10000000u;
    default: return 0;
  }
}
}  // namespace nrf51_uart

[[nodiscard]] bool nrf51_uart_start(void* context, std::uint32_t baud);
[[nodiscard]] RxEvent nrf51_uart_read_rx(void* context, std::uint8_t* byte);
void nrf51_uart_set_rx_interrupt(void* context, bool enabled);
[[nodiscard]] std::size_t nrf51_uart_write(void* context, const std::uint8_t* data, std::size_t size);

/// What read_rx does, inline: for Nrf51UartRx and the port's read_rx.
[[nodiscard]] inline RxEvent nrf51_uart_receive(const Nrf51Uart& uart, std::uint8_t* byte) noexcept {
  using namespace nrf51_uart;
  using cortex_m::register_at;
  if (register_at(uart, kEventError) != 0) {
    register_at(uart, kEventError) = 0;
    const std::uint32_t source = register_at(uart, kErrorSource);
    register_at(uart, kErrorSource) = source;  // write 1 to clear what was read
    if ((source & kErrorAll) != 0) return RxEvent::kLoss;
  }
  // The interrupt line follows the events: with RXDRDY clear nothing waits,
  // and a byte arriving from now on sets it again.
  if (register_at(uart, kEventRxReady) == 0) return RxEvent::kEmpty;
  // Clear before reading RXD: the read moves the next FIFO byte into RXD and
  // raises RXDRDY for it, which a later clear would wipe out.
  register_at(uart, kEventRxReady) = 0;
  *byte = static_cast<std::uint8_t>(register_at(uart, kRxData));
  return RxEvent::kByte;
}

/// The port for `uart` (which must outlive it; a constexpr one does).
[[nodiscard]] constexpr UartPort make_nrf51_uart_port(const Nrf51Uart& uart) noexcept {
  return UartPort{nrf51_uart_start, nrf51_uart_read_rx, nrf51_uart_set_rx_interrupt,
                  nrf51_uart_write, const_cast<void*>(static_cast<const void*>(&uart))};
}

/// The receive side of `kUart` known at compile time, for BasicUartReceiver:
/// the register accesses inline into its on_interrupt() (no call per byte).
template <const Nrf51Uart& kUart>
using Nrf51UartRx = CompileTimeUartRx<Nrf51Uart, kUart, nrf51_uart_start, nrf51_uart_receive,
                                      nrf51_uart_set_rx_interrupt>;

}  // namespace port
}  // namespace utf8mcu
