#pragma once
/// @file
/// Port for the STM32 USART, register level, interrupt per byte (RXNE). Two
/// register layouts, chosen at compile time by a template argument:
///
/// - Stm32F4Usart: SR/DR/BRR/CR1 (STM32F1/F2/F4, RM0090)
/// - Stm32L4Usart: CR1/BRR/ISR/ICR/RDR/TDR (STM32L4/F7/G0/G4/H7, RM0351)
///
///     constexpr utf8mcu::port::Stm32Usart kUsart2{0x40004400u, 42000000u, 38};
///     constexpr utf8mcu::port::UartPort kPort =
///         utf8mcu::port::make_stm32_usart_port<utf8mcu::port::Stm32F4Usart>(kUsart2);
///
/// The board enables the USART's clock (RCC) and routes its pins (GPIO
/// alternate function) before start(); the port touches only the USART and
/// the NVIC. RAM: none. Overrun keeps the older byte: reported as
/// kByteThenLoss. Framing, noise and parity errors: kLoss.

#include <cstdint>

#include "utf8mcu/port/cortex_m.h"
#include "utf8mcu/port/uart_port.h"

namespace utf8mcu {
namespace port {

/// One USART instance.
struct Stm32Usart {
  /// Base address, e.g. USART2 0x40004400 (F4 and L4), USART1 0x40011000
  /// (F4) or 0x40013800 (L4).
  std::uintptr_t base;
  /// Kernel clock of the USART (its APB clock by default), Hz.
  std::uint32_t clock_hz;
  /// NVIC number, e.g. USART1 37, USART2 38 (F4 and L4).
  std::uint16_t irq;
};

/// STM32F405/407 USART1 (QEMU netduinoplus2): APB2 at 84 MHz (168 MHz
/// system clock), IRQ 37. F4 layout.
inline constexpr Stm32Usart kStm32F405Usart1{0x40011000u, 84000000u, 37};

// Status bits common to both layouts (SR on F4, ISR on L4):
//   .... [TXE][TC][RXNE][IDLE][ORE][NF][FE][PE]
namespace stm32_usart {
inline constexpr std::uint32_t kParityError = 1u << 0;
inline constexpr std::uint32_t kFramingError = 1u << 1;
inline constexpr std::uint32_t kNoiseError = 1u << 2;
inline constexpr std::uint32_t kOverrun = 1u << 3;
inline constexpr std::uint32_t kRxNotEmpty = 1u << 5;
inline constexpr std::uint32_t kTxEmpty = 1u << 7;
inline constexpr std::uint32_t kDamaged = kParityError | kFramingError | kNoiseError;
// CR1 bits common to both: RE 2, TE 3, RXNEIE 5. UE differs.
inline constexpr std::uint32_t kCr1RxEnable = 1u << 2;
inline constexpr std::uint32_t kCr1TxEnable = 1u << 3;
inline constexpr std::uint32_t kCr1RxInterrupt = 1u << 5;
}  // namespace stm32_usart

/// F1/F2/F4 layout. Flags clear by reading SR then DR.
struct Stm32F4Usart {
  static constexpr std::uintptr_t kStatus = 0x00;  // SR
  static constexpr std::uintptr_t kRxData = 0x04;  // DR
  static constexpr std::uintptr_t kTxData = 0x04;  // DR
  static constexpr std::uintptr_t kBaud = 0x08;    // BRR
  static constexpr std::uintptr_t kCr1 = 0x0C;
  static constexpr std::uintptr_t kCr2 = 0x10;
  static constexpr std::uintptr_t kCr3 = 0x14;
  static constexpr std::uintptr_t kClear = 0;      // none: see kHasClearRegister
  static constexpr bool kHasClearRegister = false;
  static constexpr std::uint32_t kCr1Enable = 1u << 13;  // UE
};

/// L4/F7/G0/G4/H7 layout. Error flags clear by writing ICR.
struct Stm32L4Usart {
  static constexpr std::uintptr_t kCr1 = 0x00;
  static constexpr std::uintptr_t kCr2 = 0x04;
  static constexpr std::uintptr_t kCr3 = 0x08;
  static constexpr std::uintptr_t kBaud = 0x0C;     // BRR
  static constexpr std::uintptr_t kStatus = 0x1C;   // ISR
  static constexpr std::uintptr_t kClear = 0x20;    // ICR: PECF 0, FECF 1, NCF 2, ORECF 3
  static constexpr std::uintptr_t kRxData = 0x24;   // RDR
  static constexpr std::uintptr_t kTxData = 0x28;   // TDR
  static constexpr bool kHasClearRegister = true;
  static constexpr std::uint32_t kCr1Enable = 1u << 0;  // UE
};

template <typename Layout>
[[nodiscard]] bool stm32_usart_start(void* context, std::uint32_t baud);
template <typename Layout>
[[nodiscard]] RxEvent stm32_usart_read_rx(void* context, std::uint8_t* byte);
void stm32_usart_set_rx_interrupt(void* context, bool enabled);
template <typename Layout>
[[nodiscard]] std::size_t stm32_usart_write(void* context, const std::uint8_t* data, std::size_t size);

/// What read_rx does, inline: for Stm32UsartRx and the port's read_rx.
template <typename Layout>
[[nodiscard]] inline RxEvent stm32_usart_receive(const Stm32Usart& usart, std::uint8_t* byte) noexcept {
  using namespace stm32_usart;
  using cortex_m::register_at;
  const std::uint32_t status = register_at(usart, Layout::kStatus);
  // The usual case first, with one test: a byte and no error.
  if ((status & (kRxNotEmpty | kDamaged | kOverrun)) == kRxNotEmpty) {
    *byte = static_cast<std::uint8_t>(register_at(usart, Layout::kRxData));
    return RxEvent::kByte;
  }
  // RXNEIE also raises the interrupt on overrun, so both end it here; reading
  // the data register clears RXNE (and on F4, after the status read, the
  // error flags).
  if ((status & (kRxNotEmpty | kOverrun)) == 0) return RxEvent::kEmpty;
  const auto data = static_cast<std::uint8_t>(register_at(usart, Layout::kRxData));
  if constexpr (Layout::kHasClearRegister) {
    if ((status & (kDamaged | kOverrun)) != 0) register_at(usart, Layout::kClear) = status & (kDamaged | kOverrun);
  }
  if ((status & kDamaged) != 0) return RxEvent::kLoss;
  if ((status & kRxNotEmpty) == 0) return RxEvent::kLoss;  // overrun, data already taken
  *byte = data;
  // On overrun the data register keeps the older byte; what came after it
  // was lost.
  return (status & kOverrun) != 0 ? RxEvent::kByteThenLoss : RxEvent::kByte;
}

/// The port for `usart` (which must outlive it; a constexpr one does).
template <typename Layout>
[[nodiscard]] constexpr UartPort make_stm32_usart_port(const Stm32Usart& usart) noexcept {
  return UartPort{stm32_usart_start<Layout>, stm32_usart_read_rx<Layout>,
                  stm32_usart_set_rx_interrupt, stm32_usart_write<Layout>,
                  const_cast<void*>(static_cast<const void*>(&usart))};
}

extern template bool stm32_usart_start<Stm32F4Usart>(void*, std::uint32_t);
extern template bool stm32_usart_start<Stm32L4Usart>(void*, std::uint32_t);
extern template RxEvent stm32_usart_read_rx<Stm32F4Usart>(void*, std::uint8_t*);
extern template RxEvent stm32_usart_read_rx<Stm32L4Usart>(void*, std::uint8_t*);
extern template std::size_t stm32_usart_write<Stm32F4Usart>(void*, const std::uint8_t*, std::size_t);
extern template std::size_t stm32_usart_write<Stm32L4Usart>(void*, const std::uint8_t*, std::size_t);

/// The receive side of `kUsart` known at compile time, for BasicUartReceiver:
/// the register accesses inline into its on_interrupt() (no call per byte).
template <typename Layout, const Stm32Usart& kUsart>
using Stm32UsartRx = CompileTimeUartRx<Stm32Usart, kUsart, stm32_usart_start<Layout>, stm32_usart_receive<Layout>,
                                       stm32_usart_set_rx_interrupt>;

}  // namespace port
}  // namespace utf8mcu
