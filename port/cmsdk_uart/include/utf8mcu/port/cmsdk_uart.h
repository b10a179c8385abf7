#pragma once
/// @file
/// Port for the ARM CMSDK APB UART (Cortex-M System Design Kit), as on the
/// MPS2 FPGA images and QEMU's mps2-an385/386/500/505 boards: a one-byte
/// receive holding register, an RX interrupt, always 8N1.
///
///     constexpr utf8mcu::port::UartPort kUart0 =
///         utf8mcu::port::make_cmsdk_uart_port(utf8mcu::port::kMps2Uart0);
///     utf8mcu::port::UartReceiver<decltype(rx_ring)> receiver{kUart0, rx_ring};
///     if (!receiver.start(115200)) { /* the baud rate is out of reach */ }
///     // in the handler of IRQ kMps2Uart0.rx_irq:
///     receiver.on_interrupt();
///
/// RAM: none (the context is the const CmsdkUart). RX interrupt: about 5
/// register accesses per byte.

#include <cstdint>

#include "utf8mcu/port/cortex_m.h"
#include "utf8mcu/port/uart_port.h"

namespace utf8mcu {
namespace port {

/// One CMSDK UART instance.
struct CmsdkUart {
  /// Base address of the register block.
  std::uintptr_t base;
  /// APB clock feeding the baud divider (Hz).
  std::uint32_t pclk_hz;
  /// NVIC number of the RX interrupt (exception number 16 + rx_irq).
  std::uint16_t rx_irq;
};

/// UART0 on MPS2 AN385 (Cortex-M3), AN386 (M4) and AN500 (M7): 25 MHz, RX IRQ 0.
inline constexpr CmsdkUart kMps2Uart0{0x40004000u, 25000000u, 0};
/// UART0 on MPS2 AN505 (Cortex-M33, Secure state): the Secure alias of
/// 0x40200000, 20 MHz; the expansion interrupts start at NVIC 32, so RX is 32.
inline constexpr CmsdkUart kAn505Uart0{0x50200000u, 20000000u, 32};

/// Register offsets and bits (ARM DDI0479, CMSDK APB UART).
namespace cmsdk_uart {
inline constexpr std::uintptr_t kData = 0x00;       // RX on read, TX on write
inline constexpr std::uintptr_t kState = 0x04;      // status, overrun bits W1C
inline constexpr std::uintptr_t kCtrl = 0x08;       // enables
inline constexpr std::uintptr_t kIntStatus = 0x0C;  // read: status, write: clear (W1C)
inline constexpr std::uintptr_t kBaudDiv = 0x10;    // PCLK / baud, at least 16

// STATE:     .... [RX overrun][TX overrun][RX full][TX full]
inline constexpr std::uint32_t kStateTxFull = 1u << 0;
inline constexpr std::uint32_t kStateRxFull = 1u << 1;
inline constexpr std::uint32_t kStateRxOverrun = 1u << 3;
// CTRL:      .. [RX overrun int][TX overrun int][RX int][TX int][RX en][TX en]
inline constexpr std::uint32_t kCtrlTxEnable = 1u << 0;
inline constexpr std::uint32_t kCtrlRxEnable = 1u << 1;
inline constexpr std::uint32_t kCtrlRxInterrupt = 1u << 3;
// INTSTATUS: .... [RX overrun][TX overrun][RX][TX]
inline constexpr std::uint32_t kIntRx = 1u << 1;
inline constexpr std::uint32_t kMinBaudDiv = 16;
}  // namespace cmsdk_uart

[[nodiscard]] bool cmsdk_uart_start(void* context, std::uint32_t baud);
[[nodiscard]] RxEvent cmsdk_uart_read_rx(void* context, std::uint8_t* byte);
void cmsdk_uart_set_rx_interrupt(void* context, bool enabled);
[[nodiscard]] std::size_t cmsdk_uart_write(void* context, const std::uint8_t* data, std::size_t size);

/// What read_rx does, inline: for CmsdkUartRx and the port's read_rx.
[[nodiscard]] inline RxEvent cmsdk_uart_receive(const CmsdkUart& uart, std::uint8_t* byte) noexcept {
  using namespace cmsdk_uart;
  using cortex_m::register_at;
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

/// The port for `uart` (which must outlive it; a constexpr CmsdkUart does).
[[nodiscard]] constexpr UartPort make_cmsdk_uart_port(const CmsdkUart& uart) noexcept {
  // The functions only read the CmsdkUart; void* is the contract's type.
  return UartPort{cmsdk_uart_start, cmsdk_uart_read_rx, cmsdk_uart_set_rx_interrupt,
                  cmsdk_uart_write, const_cast<void*>(static_cast<const void*>(&uart))};
}

/// The receive side of `kUart` known at compile time, for BasicUartReceiver:
/// the register accesses inline into its on_interrupt() (no call per byte).
///
///     BasicUartReceiver<CmsdkUartRx<kMps2Uart0>, ByteRing<256>> receiver{rx_ring};
template <const CmsdkUart& kUart>
using CmsdkUartRx = CompileTimeUartRx<CmsdkUart, kUart, cmsdk_uart_start, cmsdk_uart_receive,
                                      cmsdk_uart_set_rx_interrupt>;

}  // namespace port
}  // namespace utf8mcu
