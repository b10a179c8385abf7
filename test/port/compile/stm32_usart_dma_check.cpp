// Compile check of the STM32 circular-DMA + idle-line receiver on its own
// core (Cortex-M4): F4 USART with stream DMA (F405 USART1 on DMA2 stream 2)
// and L4 USART with channel DMA (L476 USART2 on DMA1 channel 6). Built as an
// object only (QEMU models no STM32 DMA); check-symbols.sh then checks it
// pulls in nothing beyond the port itself.
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/dma_rx.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/stm32_usart_dma.h"

namespace {

using namespace utf8mcu::port;

constexpr Stm32DmaChannel kF4RxDma{0x40026400u, 2, 4, 58};  // DMA2 stream 2, channel 4
constexpr Stm32Usart kL4Usart2{0x40004400u, 80000000u, 38};
constexpr Stm32DmaChannel kL4RxDma{0x40020000u, 6, 2, 16};  // DMA1 channel 6, CSELR 2

alignas(4) std::uint8_t f4_buffer[256];
alignas(4) std::uint8_t l4_buffer[128];
Stm32UsartDmaRx<Stm32F4Usart, Stm32StreamDma> f4_rx{kStm32F405Usart1, kF4RxDma, f4_buffer,
                                                    sizeof f4_buffer};
Stm32UsartDmaRx<Stm32L4Usart, Stm32ChannelDma> l4_rx{kL4Usart2, kL4RxDma, l4_buffer, sizeof l4_buffer};
ByteRing<1024> f4_ring;
ByteRing<512> l4_ring;

}  // namespace

extern "C" void DMA2_Stream2_IRQHandler() { push_spans(f4_ring, f4_rx.on_interrupt()); }
extern "C" void USART1_IRQHandler() { push_spans(f4_ring, f4_rx.on_interrupt()); }
extern "C" void DMA1_Channel6_IRQHandler() { push_spans(l4_ring, l4_rx.on_interrupt()); }
extern "C" void USART2_IRQHandler() { push_spans(l4_ring, l4_rx.on_interrupt()); }

extern "C" std::uint32_t utf8mcu_stm32_dma_check_poll(void (*emit)(void*, char32_t), void* context) {
  static bool started = false;
  if (!started) started = f4_rx.start(115200) && l4_rx.start(921600);
  static RingReader<ByteRing<1024>> f4_reader{f4_ring};
  static RingReader<ByteRing<512>> l4_reader{l4_ring};
  const utf8mcu::CodePointCallback sink{emit, context};
  f4_reader.poll(sink, 64);
  l4_reader.finish(sink);  // as a flush on an idle line
  return f4_rx.cursor().lost_bytes() + l4_reader.code_points();
}
