// STM32 USART port: register level, RXNE interrupt per byte, polled send.
#include "utf8mcu/port/stm32_usart.h"

#include "utf8mcu/port/cortex_m.h"

namespace utf8mcu {
namespace port {

using namespace stm32_usart;
using cortex_m::register_at;

template <typename Layout>
bool stm32_usart_start(void* context, std::uint32_t baud) {
  const Stm32Usart& usart = context_as<const Stm32Usart>(context);
  // Oversampling by 16: BRR = clock / baud, and at least 16.
  if (baud == 0 || usart.clock_hz / baud < 16 || usart.clock_hz / baud > 0xFFFF) return false;
  register_at(usart, Layout::kCr1) = 0;  // UE off: BRR may only change while disabled (L4)
  register_at(usart, Layout::kBaud) = (usart.clock_hz + baud / 2) / baud;
  register_at(usart, Layout::kCr2) = 0;  // 1 stop bit
  register_at(usart, Layout::kCr3) = 0;  // no flow control, no DMA
  register_at(usart, Layout::kCr1) = Layout::kCr1Enable | kCr1RxEnable | kCr1TxEnable | kCr1RxInterrupt;
  cortex_m::nvic_enable_irq(usart.irq);
  return true;
}

template <typename Layout>
RxEvent stm32_usart_read_rx(void* context, std::uint8_t* byte) {
  return stm32_usart_receive<Layout>(context_as<const Stm32Usart>(context), byte);
}

// At the NVIC: RXNE stays set, so the interrupt stays pending while masked.
void stm32_usart_set_rx_interrupt(void* context, bool enabled) {
  const Stm32Usart& usart = context_as<const Stm32Usart>(context);
  cortex_m::nvic_set_enabled(usart.irq, enabled);
}

template <typename Layout>
std::size_t stm32_usart_write(void* context, const std::uint8_t* data, std::size_t size) {
  const Stm32Usart& usart = context_as<const Stm32Usart>(context);
  for (std::size_t i = 0; i < size; ++i) {
    while ((register_at(usart, Layout::kStatus) & kTxEmpty) == 0) {
    }
    register_at(usart, Layout::kTxData) = data[i];
  }
  return size;
}

template bool stm32_usart_start<Stm32F4Usart>(void*, std::uint32_t);
template bool stm32_usart_start<Stm32L4Usart>(void*, std::uint32_t);
template RxEvent stm32_usart_read_rx<Stm32F4Usart>(void*, std::uint8_t*);
template RxEvent stm32_usart_read_rx<Stm32L4Usart>(void*, std::uint8_t*);
template std::size_t stm32_usart_write<Stm32F4Usart>(void*, const std::uint8_t*, std::size_t);
template std::size_t stm32_usart_write<Stm32L4Usart>(void*, const std::uint8_t*, std::size_t);

}  // namespace port
}  // namespace utf8mcu
