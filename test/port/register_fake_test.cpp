// The ports' read_rx against a fake register block: the error and overrun
// paths no QEMU model ever takes (their UARTs never overrun: the emulator
// holds bytes back). The fake is plain memory at the port's base address, so
// each test sets the status the datasheet describes, calls read_rx once and
// checks the event, the byte and what the port wrote back (flag clears).
// Expected results come from the datasheets cited in each port's header.

#include <cstdint>

#include "utest/utest.h"
#include "utf8mcu/port/cmsdk_uart.h"
#include "utf8mcu/port/nrf51_uart.h"
#include "utf8mcu/port/pl011_uart.h"
#include "utf8mcu/port/stm32_usart.h"
#include "utf8mcu/port/uart_port.h"

namespace {

using utf8mcu::port::RxEvent;

// Covers the largest register offset used (nRF51 CONFIG, 0x56C).
struct FakeRegisters {
  std::uint32_t words[0x580 / 4] = {};
  std::uint32_t& at(std::uintptr_t offset) { return words[offset / 4]; }
  std::uintptr_t base() const { return reinterpret_cast<std::uintptr_t>(words); }
};

// ---- CMSDK APB UART (DDI0479): overrun overwrites the holding register ----

UTEST(CmsdkUartRegisters, OverrunIsALossBeforeTheByteAndIsCleared) {
  namespace r = utf8mcu::port::cmsdk_uart;
  FakeRegisters fake;
  utf8mcu::port::CmsdkUart uart{fake.base(), 25000000u, 0};
  fake.at(r::kState) = r::kStateRxFull | r::kStateRxOverrun;
  fake.at(r::kData) = 'x';
  std::uint8_t byte = 0;
  EXPECT_EQ(static_cast<int>(utf8mcu::port::cmsdk_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kLossThenByte));
  EXPECT_EQ(byte, 'x');
  EXPECT_EQ(fake.at(r::kState), r::kStateRxOverrun);  // written back: W1C
}

UTEST(CmsdkUartRegisters, EmptyAcknowledgesTheInterrupt) {
  namespace r = utf8mcu::port::cmsdk_uart;
  FakeRegisters fake;
  utf8mcu::port::CmsdkUart uart{fake.base(), 25000000u, 0};
  std::uint8_t byte = 0;
  EXPECT_EQ(static_cast<int>(utf8mcu::port::cmsdk_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kEmpty));
  EXPECT_EQ(fake.at(r::kIntStatus), r::kIntRx);
}

// ---- STM32 USART (RM0090 F4, RM0351 L4): overrun keeps the older byte ----

template <typename Layout>
RxEvent stm32_read(FakeRegisters& fake, std::uint32_t status, std::uint8_t data, std::uint8_t* byte) {
  utf8mcu::port::Stm32Usart usart{fake.base(), 84000000u, 37};
  fake.at(Layout::kStatus) = status;
  fake.at(Layout::kRxData) = data;
  return utf8mcu::port::stm32_usart_read_rx<Layout>(&usart, byte);
}

UTEST(Stm32UsartRegisters, F4OverrunIsTheByteThenALoss) {
  namespace r = utf8mcu::port::stm32_usart;
  using utf8mcu::port::Stm32F4Usart;
  FakeRegisters fake;
  std::uint8_t byte = 0;
  EXPECT_EQ(static_cast<int>(stm32_read<Stm32F4Usart>(fake, r::kRxNotEmpty | r::kOverrun, 'y', &byte)),
            static_cast<int>(RxEvent::kByteThenLoss));
  EXPECT_EQ(byte, 'y');
  // ORE without RXNE: the data register was read already; only the loss is left.
  EXPECT_EQ(static_cast<int>(stm32_read<Stm32F4Usart>(fake, r::kOverrun, 'y', &byte)),
            static_cast<int>(RxEvent::kLoss));
  EXPECT_EQ(static_cast<int>(stm32_read<Stm32F4Usart>(fake, r::kRxNotEmpty | r::kFramingError, 'y', &byte)),
            static_cast<int>(RxEvent::kLoss));
  EXPECT_EQ(static_cast<int>(stm32_read<Stm32F4Usart>(fake, r::kTxEmpty, 'y', &byte)),
            static_cast<int>(RxEvent::kEmpty));
}

UTEST(Stm32UsartRegisters, L4OverrunIsClearedThroughIcr) {
  namespace r = utf8mcu::port::stm32_usart;
  using utf8mcu::port::Stm32L4Usart;
  FakeRegisters fake;
  std::uint8_t byte = 0;
  EXPECT_EQ(static_cast<int>(stm32_read<Stm32L4Usart>(fake, r::kRxNotEmpty | r::kOverrun, 'z', &byte)),
            static_cast<int>(RxEvent::kByteThenLoss));
  EXPECT_EQ(byte, 'z');
  EXPECT_EQ(fake.at(Stm32L4Usart::kClear), r::kOverrun);  // ORECF
  fake.at(Stm32L4Usart::kClear) = 0;
  EXPECT_EQ(static_cast<int>(stm32_read<Stm32L4Usart>(fake, r::kRxNotEmpty | r::kNoiseError, 'z', &byte)),
            static_cast<int>(RxEvent::kLoss));
  EXPECT_EQ(fake.at(Stm32L4Usart::kClear), r::kNoiseError);  // NCF
}

// ---- PL011 (DDI0183): error bits travel with each byte in UARTDR ----

// The TRM's "Overrun bit": the byte in the shift register is lost, and the
// overrun state goes into the FIFO with the next byte received, so the loss
// comes before the byte that carries OE (a marker after it would let the
// bytes on both sides of the loss join into one wrong character).
UTEST(Pl011Registers, OverrunFlagOnAByteIsALossBeforeIt) {
  namespace r = utf8mcu::port::pl011;
  FakeRegisters fake;
  utf8mcu::port::Pl011Uart uart{fake.base(), 50000000u, 5};
  std::uint8_t byte = 0;
  fake.at(r::kData) = r::kDataOverrun | 'q';
  EXPECT_EQ(static_cast<int>(utf8mcu::port::pl011_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kLossThenByte));
  EXPECT_EQ(byte, 'q');
  fake.at(r::kData) = r::kDataFraming | 'q';
  EXPECT_EQ(static_cast<int>(utf8mcu::port::pl011_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kLoss));
  fake.at(r::kData) = r::kDataBreak;
  EXPECT_EQ(static_cast<int>(utf8mcu::port::pl011_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kLoss));
}

UTEST(Pl011Registers, EmptyClearsOnlyTheTimeoutInterrupt) {
  namespace r = utf8mcu::port::pl011;
  FakeRegisters fake;
  utf8mcu::port::Pl011Uart uart{fake.base(), 50000000u, 5};
  fake.at(r::kFlags) = r::kFlagRxEmpty;
  std::uint8_t byte = 0;
  EXPECT_EQ(static_cast<int>(utf8mcu::port::pl011_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kEmpty));
  EXPECT_EQ(fake.at(r::kIntClear), r::kIntRxTimeout);
}

// ---- nRF51 UART (nRF51 RM, UART): errors come as an event ----

UTEST(Nrf51UartRegisters, OverrunEventIsALossAndIsCleared) {
  namespace r = utf8mcu::port::nrf51_uart;
  FakeRegisters fake;
  utf8mcu::port::Nrf51Uart uart{fake.base(), 2, 25, 24};
  fake.at(r::kEventError) = 1;
  fake.at(r::kErrorSource) = r::kErrorOverrun;
  fake.at(r::kEventRxReady) = 1;
  fake.at(r::kRxData) = 'w';
  std::uint8_t byte = 0;
  EXPECT_EQ(static_cast<int>(utf8mcu::port::nrf51_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kLoss));
  EXPECT_EQ(fake.at(r::kEventError), 0u);
  EXPECT_EQ(fake.at(r::kErrorSource), r::kErrorOverrun);  // written back: W1C
  fake.at(r::kErrorSource) = 0;
  // The byte after it comes next, its event cleared before RXD is read.
  EXPECT_EQ(static_cast<int>(utf8mcu::port::nrf51_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kByte));
  EXPECT_EQ(byte, 'w');
  EXPECT_EQ(fake.at(r::kEventRxReady), 0u);
  EXPECT_EQ(static_cast<int>(utf8mcu::port::nrf51_uart_read_rx(&uart, &byte)),
            static_cast<int>(RxEvent::kEmpty));
}

}  // namespace
