// The port code docs/porting.md shows, between the "snippet:" markers:
// compiled in CI for every board and the host (not linked: it is a sketch of
// a firmware's main(); examples/uart_decode is the whole firmware that runs).
// Edit it here, then run `python3 tools/check-snippets.py --update`.
#include <cstddef>
#include <cstdint>

#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/cmsdk_uart.h"
#include "utf8mcu/port/dma_rx.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/stm32_usart_dma.h"
#include "utf8mcu/port/uart_port.h"

using utf8mcu::port::ByteRing;
using utf8mcu::port::RingReader;
using utf8mcu::port::RxOverflow;
using utf8mcu::port::UartPort;
using utf8mcu::port::UartReceiver;

namespace {

constexpr const utf8mcu::port::CmsdkUart& kUartConfig = utf8mcu::port::kMps2Uart0;
std::uint32_t g_code_points = 0;

void on_code_point(char32_t) { ++g_code_points; }
void other_work() {}

}  // namespace

// snippet: port-main-loop
constexpr UartPort kUart = utf8mcu::port::make_cmsdk_uart_port(kUartConfig);
ByteRing<256> rx_ring;                                   // the only shared state
UartReceiver<ByteRing<256>, RxOverflow::kHold> receiver{kUart, rx_ring};

extern "C" void utf8mcu_bsp_exception(unsigned /*exception_number*/) {  // RX IRQ
  (void)receiver.on_interrupt();  // returns the bytes it took
}

int main() {
  if (!receiver.start(115200)) return 1;
  RingReader reader{rx_ring};
  for (;;) {
    reader.poll(on_code_point, 64);   // at most 64 bytes per pass
    receiver.resume();                // kHold: unmask RX once half the ring is free
    other_work();
  }
}
// end snippet

namespace {

constexpr utf8mcu::port::Stm32DmaChannel kRxDma{0x40026400u, 2, 4, 58};  // DMA2 stream 2, channel 4
alignas(4) std::uint8_t dma_buffer[256];
utf8mcu::port::Stm32UsartDmaRx<utf8mcu::port::Stm32F4Usart, utf8mcu::port::Stm32StreamDma> stm32_rx{
    utf8mcu::port::kStm32F405Usart1, kRxDma, dma_buffer, sizeof dma_buffer};

}  // namespace

extern "C" void DMA2_Stream2_IRQHandler() {
  // snippet: port-dma
  // In the DMA stream's and the USART's interrupt handlers:
  utf8mcu::port::push_spans(rx_ring, stm32_rx.on_interrupt());   // into the ByteRing, as before
  // or, where the thread owns the spans: utf8mcu::port::deliver(decoder, spans, sink);
  // end snippet
}

// snippet: port-compile-time
// The same UART named at compile time: its register reads inline into
// on_interrupt(), with no call per byte (the start and resume calls are as above).
using Uart0Rx = utf8mcu::port::CmsdkUartRx<utf8mcu::port::kMps2Uart0>;
ByteRing<256> fast_ring;
utf8mcu::port::BasicUartReceiver<Uart0Rx, ByteRing<256>, RxOverflow::kHold> fast_receiver{fast_ring};

extern "C" void UARTRX0_Handler() { (void)fast_receiver.on_interrupt(); }
// end snippet
