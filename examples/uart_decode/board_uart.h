#pragma once
// The UART the uart_decode firmware uses on each QEMU board, chosen by
// examples/uart_decode/uart_decode.cmake: CMSDK UART0 on the mps2 boards,
// PL011 UART0 on lm3s6965evb, STM32 USART1 on netduinoplus2, nRF51 UART0 on
// microbit. A firmware for one board names its UART directly. kUart (a
// UartPort) sends; Rx, the same UART as a compile-time type, receives, so that
// the RX interrupt reads the registers inline.

#include "utf8mcu/port/uart_port.h"

#if defined(UTF8MCU_UART_DECODE_PL011)
#include "utf8mcu/port/pl011_uart.h"
#elif defined(UTF8MCU_UART_DECODE_STM32F4)
#include "utf8mcu/port/stm32_usart.h"
#elif defined(UTF8MCU_UART_DECODE_NRF51)
#include "utf8mcu/port/nrf51_uart.h"
#else
#include "utf8mcu/port/cmsdk_uart.h"
#endif

namespace board {

#if defined(UTF8MCU_UART_DECODE_PL011)
inline constexpr const utf8mcu::port::Pl011Uart& kUartConfig = utf8mcu::port::kLm3s6965Uart0;
using Rx = utf8mcu::port::Pl011UartRx<utf8mcu::port::kLm3s6965Uart0>;
inline constexpr utf8mcu::port::UartPort kUart = utf8mcu::port::make_pl011_uart_port(kUartConfig);
inline constexpr unsigned kRxIrq = kUartConfig.irq;
#elif defined(UTF8MCU_UART_DECODE_STM32F4)
inline constexpr const utf8mcu::port::Stm32Usart& kUartConfig = utf8mcu::port::kStm32F405Usart1;
using Rx = utf8mcu::port::Stm32UsartRx<utf8mcu::port::Stm32F4Usart, utf8mcu::port::kStm32F405Usart1>;
inline constexpr utf8mcu::port::UartPort kUart =
    utf8mcu::port::make_stm32_usart_port<utf8mcu::port::Stm32F4Usart>(kUartConfig);
inline constexpr unsigned kRxIrq = kUartConfig.irq;
#elif defined(UTF8MCU_UART_DECODE_NRF51)
inline constexpr const utf8mcu::port::Nrf51Uart& kUartConfig = utf8mcu::port::kNrf51Uart0;
using Rx = utf8mcu::port::Nrf51UartRx<utf8mcu::port::kNrf51Uart0>;
inline constexpr utf8mcu::port::UartPort kUart = utf8mcu::port::make_nrf51_uart_port(kUartConfig);
inline constexpr unsigned kRxIrq = kUartConfig.irq;
#elif defined(UTF8MCU_UART_DECODE_AN505)
inline constexpr const utf8mcu::port::CmsdkUart& kUartConfig = utf8mcu::port::kAn505Uart0;
using Rx = utf8mcu::port::CmsdkUartRx<utf8mcu::port::kAn505Uart0>;
inline constexpr utf8mcu::port::UartPort kUart = utf8mcu::port::make_cmsdk_uart_port(kUartConfig);
inline constexpr unsigned kRxIrq = kUartConfig.rx_irq;
#else
inline constexpr const utf8mcu::port::CmsdkUart& kUartConfig = utf8mcu::port::kMps2Uart0;
using Rx = utf8mcu::port::CmsdkUartRx<utf8mcu::port::kMps2Uart0>;
inline constexpr utf8mcu::port::UartPort kUart = utf8mcu::port::make_cmsdk_uart_port(kUartConfig);
inline constexpr unsigned kRxIrq = kUartConfig.rx_irq;
#endif

}  // namespace board
