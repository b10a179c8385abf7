// The ports' read_rx, and the STM32 DMA receiver's interrupt routine,
// against a fake register block: the error and overrun paths no QEMU model
// ever takes (their UARTs never overrun: the emulator holds bytes back), and
// a DMA QEMU does not model. The fake is plain memory at the port's base address, so
// each test sets the status the datasheet describes, calls read_rx once and
// checks the event, the byte and what the port wrote back (flag clears).
// Expected results come from the datasheets cited in each port's header.

#include <cstddef>
#include <cstdint>

#include "utest/utest.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/cmsdk_uart.h"
#include "utf8mcu/port/nrf51_uart.h"
#include "utf8mcu/port/pl011_uart.h"
#include "utf8mcu/port/stm32_usart.h"
#include "utf8mcu/port/stm32_usart_dma.h"
#include "utf8mcu/port/uart_port.h"

namespace {

using utf8mcu::port::RxEvent;

// Plain memory standing in for a register block of kBytes; the default
// covers the largest UART offset used (nRF51 CONFIG, 0x56C).
template <std::size_t kBytes = 0x580>
struct FakeBlock {
  std::uint32_t words[kBytes / 4] = {};
  std::uint32_t& at(std::uintptr_t offset) { return words[offset / 4]; }
  std::uintptr_t base() const { return reinterpret_cast<std::uintptr_t>(words); }
};
using FakeRegisters = FakeBlock<>;
// A USART or DMA block (up to DMA stream 6's NDTR, 0xA4): small enough that
// two fit the microbit's stack with room to spare.
using FakeDmaBlock = FakeBlock<0xB0>;

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

// ---- STM32 circular DMA + idle line (RM0090 DMA streams, RM0351 DMA channels) ----
// Stm32UsartDmaRx::on_interrupt() against fake USART and DMA blocks: which
// flag it clears, which count register it reads, and the spans it makes of
// them. Plain memory does not clear flags on its own, so each step sets the
// flags it wants seen. Streams 6 and channel 6 put the flags in the upper
// half of a flag register, where a wrong shift or register shows.

UTEST(Stm32UsartDmaRegisters, F4StreamFlagsAndCountBecomeSpans) {
  namespace r = utf8mcu::port::stm32_usart;
  FakeDmaBlock usart_block;
  FakeDmaBlock dma_block;
  const utf8mcu::port::Stm32Usart usart{usart_block.base(), 84000000u, 37};
  const utf8mcu::port::Stm32DmaChannel stream6{dma_block.base(), 6, 5, 69};  // DMA2 stream 6
  std::uint8_t buffer[16] = {};
  utf8mcu::port::Stm32UsartDmaRx<utf8mcu::port::Stm32F4Usart, utf8mcu::port::Stm32StreamDma> rx{
      usart, stream6, buffer, sizeof buffer};
  constexpr std::uintptr_t kHisr = 0x04, kHifcr = 0x0C, kS6ndtr = 0x14 + 0x18 * 6;
  constexpr std::uint32_t kHtif6 = 1u << 20, kTcif6 = 1u << 21;

  dma_block.at(kHisr) = kHtif6;  // half transfer: 8 of 16 written
  dma_block.at(kS6ndtr) = 8;
  utf8mcu::port::DmaRxSpans spans = rx.on_interrupt();
  EXPECT_EQ(dma_block.at(kHifcr), kHtif6);
  EXPECT_TRUE(spans.first.data == buffer);
  EXPECT_EQ(spans.first.size, 8u);
  EXPECT_EQ(spans.lost, 0u);

  dma_block.at(kHisr) = 0;
  dma_block.at(kHifcr) = 0;
  usart_block.at(utf8mcu::port::Stm32F4Usart::kStatus) = r::kIdle;  // idle after 3 more
  dma_block.at(kS6ndtr) = 5;
  spans = rx.on_interrupt();
  EXPECT_EQ(dma_block.at(kHifcr), 0u);
  EXPECT_TRUE(spans.first.data == buffer + 8);
  EXPECT_EQ(spans.first.size, 3u);

  usart_block.at(utf8mcu::port::Stm32F4Usart::kStatus) = 0;
  dma_block.at(kHisr) = kTcif6;  // transfer complete, count reloaded: the 5 up to the end
  dma_block.at(kS6ndtr) = 16;
  spans = rx.on_interrupt();
  EXPECT_EQ(dma_block.at(kHifcr), kTcif6);
  EXPECT_TRUE(spans.first.data == buffer + 11);
  EXPECT_EQ(spans.first.size, 5u);
  EXPECT_EQ(spans.second.size, 0u);
  EXPECT_EQ(spans.lost, 0u);

  dma_block.at(kS6ndtr) = 14;  // TC again with no wrap seen: a whole lap, 18 bytes lost
  spans = rx.on_interrupt();
  EXPECT_EQ(spans.lost, 18u);
  EXPECT_EQ(spans.first.size, 0u);

  dma_block.at(kHisr) = 0;
  usart_block.at(utf8mcu::port::Stm32F4Usart::kStatus) = r::kOverrun | r::kIdle;
  dma_block.at(kS6ndtr) = 12;  // 2 bytes, and a byte the DMA missed
  spans = rx.on_interrupt();
  EXPECT_EQ(spans.lost, 1u);
  EXPECT_EQ(spans.first.size, 2u);
  EXPECT_EQ(rx.cursor().lost_bytes(), 18u);
}

UTEST(Stm32UsartDmaRegisters, L4ChannelFlagsAndIdleClearedThroughTheirClearRegisters) {
  namespace r = utf8mcu::port::stm32_usart;
  using utf8mcu::port::Stm32L4Usart;
  FakeDmaBlock usart_block;
  FakeDmaBlock dma_block;
  const utf8mcu::port::Stm32Usart usart{usart_block.base(), 80000000u, 38};
  const utf8mcu::port::Stm32DmaChannel channel6{dma_block.base(), 6, 2, 16};  // DMA1 channel 6
  std::uint8_t buffer[8] = {};
  utf8mcu::port::Stm32UsartDmaRx<Stm32L4Usart, utf8mcu::port::Stm32ChannelDma> rx{usart, channel6, buffer,
                                                                                  sizeof buffer};
  constexpr std::uintptr_t kIsr = 0x00, kIfcr = 0x04, kCndtr6 = 0x0C + 20 * 5;
  constexpr std::uint32_t kTcif6 = 1u << 21, kHtif6 = 1u << 22;

  dma_block.at(kIsr) = kHtif6 | kTcif6;  // both pending: TC wins, the count reloaded
  dma_block.at(kCndtr6) = 8;
  usart_block.at(Stm32L4Usart::kStatus) = r::kIdle | r::kOverrun;
  utf8mcu::port::DmaRxSpans spans = rx.on_interrupt();
  EXPECT_EQ(dma_block.at(kIfcr), kHtif6 | kTcif6);
  EXPECT_EQ(usart_block.at(Stm32L4Usart::kClear), r::kIdle | r::kOverrun);  // IDLECF, ORECF
  EXPECT_EQ(spans.first.size, 8u);
  EXPECT_EQ(spans.lost, 1u);

  dma_block.at(kIsr) = 0;
  dma_block.at(kIfcr) = 0;
  usart_block.at(Stm32L4Usart::kStatus) = r::kIdle;
  usart_block.at(Stm32L4Usart::kClear) = 0;
  dma_block.at(kCndtr6) = 5;  // idle after 3 bytes
  spans = rx.on_interrupt();
  EXPECT_EQ(usart_block.at(Stm32L4Usart::kClear), r::kIdle);
  EXPECT_EQ(dma_block.at(kIfcr), 0u);
  EXPECT_TRUE(spans.first.data == buffer);
  EXPECT_EQ(spans.first.size, 3u);
  EXPECT_EQ(spans.lost, 0u);
}

// RM0090 10.3.16: a bus error sets TEIF and the hardware clears EN: the
// stream stops. It is cleared, and reported, not dropped.
UTEST(Stm32UsartDmaRegisters, TransferErrorIsClearedAndReported) {
  FakeDmaBlock usart_block;
  FakeDmaBlock dma_block;
  const utf8mcu::port::Stm32Usart usart{usart_block.base(), 84000000u, 37};
  const utf8mcu::port::Stm32DmaChannel stream6{dma_block.base(), 6, 5, 69};
  std::uint8_t buffer[16] = {};
  utf8mcu::port::Stm32UsartDmaRx<utf8mcu::port::Stm32F4Usart, utf8mcu::port::Stm32StreamDma> rx{
      usart, stream6, buffer, sizeof buffer};
  constexpr std::uintptr_t kHisr = 0x04, kHifcr = 0x0C, kS6ndtr = 0x14 + 0x18 * 6;
  constexpr std::uint32_t kTeif6 = 1u << 19;
  dma_block.at(kHisr) = kTeif6;
  dma_block.at(kS6ndtr) = 13;  // 3 bytes came before the error
  const utf8mcu::port::DmaRxSpans spans = rx.on_interrupt();
  EXPECT_EQ(dma_block.at(kHifcr), kTeif6);
  EXPECT_EQ(static_cast<int>(spans.status), static_cast<int>(utf8mcu::port::DmaRxStatus::kTransferError));
  EXPECT_EQ(spans.first.size, 3u);
  EXPECT_EQ(spans.lost, 0u);
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

// ---- Compile-time ports: BasicUartReceiver with the register reads inline ----
// The same datasheet rules, now through a whole interrupt (on_interrupt), so
// that the order of bytes and gap markers in the ring is checked too. A port
// type names its UART as a template argument, which must have static storage:
// these point at the fake once a test has made it.

utf8mcu::port::CmsdkUart cmsdk_at_fake{0, 25000000u, 0};
utf8mcu::port::Stm32Usart stm32_at_fake{0, 84000000u, 37};
utf8mcu::port::Nrf51Uart nrf51_at_fake{0, 2, 25, 24};

UTEST(CompileTimePortRegisters, CmsdkOverrunMarkerGoesBeforeTheByte) {
  namespace r = utf8mcu::port::cmsdk_uart;
  using Rx = utf8mcu::port::CmsdkUartRx<cmsdk_at_fake>;
  FakeRegisters fake;
  cmsdk_at_fake.base = fake.base();
  utf8mcu::port::ByteRing<8> ring;
  utf8mcu::port::BasicUartReceiver<Rx, utf8mcu::port::ByteRing<8>> receiver{ring};
  fake.at(r::kData) = 'x';
  fake.at(r::kState) = r::kStateRxFull;
  EXPECT_EQ(receiver.on_interrupt(1), 1u);  // the fake never empties: one read
  fake.at(r::kData) = 'y';
  fake.at(r::kState) = r::kStateRxFull | r::kStateRxOverrun;
  // 'y' with the overrun; the W1C write-back leaves the state "not full", so
  // the next read finds the UART empty and acknowledges the interrupt.
  EXPECT_EQ(receiver.on_interrupt(), 1u);
  EXPECT_EQ(fake.at(r::kIntStatus), r::kIntRx);
  std::uint8_t out[8] = {};
  const std::uint8_t want[3] = {'x', 0xFF, 'y'};
  ASSERT_EQ(ring.pop(out, sizeof out), sizeof want);
  EXPECT_MEMEQ(out, want, sizeof want);
  EXPECT_EQ(ring.upstream_losses(), 1u);
}

UTEST(CompileTimePortRegisters, Stm32OverrunMarkerGoesAfterTheByte) {
  namespace r = utf8mcu::port::stm32_usart;
  using Layout = utf8mcu::port::Stm32F4Usart;
  using Rx = utf8mcu::port::Stm32UsartRx<Layout, stm32_at_fake>;
  FakeRegisters fake;
  stm32_at_fake.base = fake.base();
  utf8mcu::port::ByteRing<8> ring;
  utf8mcu::port::BasicUartReceiver<Rx, utf8mcu::port::ByteRing<8>> receiver{ring};
  fake.at(Layout::kRxData) = 'y';
  fake.at(Layout::kStatus) = r::kRxNotEmpty | r::kOverrun;
  EXPECT_EQ(receiver.on_interrupt(1), 1u);
  fake.at(Layout::kRxData) = 'z';
  fake.at(Layout::kStatus) = r::kRxNotEmpty;
  EXPECT_EQ(receiver.on_interrupt(1), 1u);
  fake.at(Layout::kStatus) = r::kTxEmpty;
  EXPECT_EQ(receiver.on_interrupt(), 0u);
  std::uint8_t out[8] = {};
  const std::uint8_t want[3] = {'y', 0xFF, 'z'};
  ASSERT_EQ(ring.pop(out, sizeof out), sizeof want);
  EXPECT_MEMEQ(out, want, sizeof want);
}

UTEST(CompileTimePortRegisters, Nrf51ErrorThenByteInOneInterrupt) {
  namespace r = utf8mcu::port::nrf51_uart;
  using Rx = utf8mcu::port::Nrf51UartRx<nrf51_at_fake>;
  FakeRegisters fake;
  nrf51_at_fake.base = fake.base();
  utf8mcu::port::ByteRing<8> ring;
  utf8mcu::port::BasicUartReceiver<Rx, utf8mcu::port::ByteRing<8>> receiver{ring};
  fake.at(r::kEventError) = 1;
  fake.at(r::kErrorSource) = r::kErrorOverrun;
  fake.at(r::kEventRxReady) = 1;
  fake.at(r::kRxData) = 'w';
  // The error event, then the byte (RXDRDY cleared by the port), then empty.
  // The fake keeps ERRORSRC as written back, so the second error check sees
  // the event cleared and goes on to the byte.
  EXPECT_EQ(receiver.on_interrupt(), 1u);
  std::uint8_t out[8] = {};
  const std::uint8_t want[2] = {0xFF, 'w'};
  ASSERT_EQ(ring.pop(out, sizeof out), sizeof want);
  EXPECT_MEMEQ(out, want, sizeof want);
}

}  // namespace
