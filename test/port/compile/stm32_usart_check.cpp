// Compile check of the STM32 USART port on its own core (Cortex-M4): a
// complete receive path for both register layouts, as firmware would use it.
// Built as an object only (no STM32 board here); check-symbols.sh then checks
// it pulls in nothing beyond the port itself.
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/stm32_usart.h"
#include "utf8mcu/port/uart_port.h"

namespace {

using namespace utf8mcu::port;

constexpr Stm32Usart kUsart2{0x40004400u, 42000000u, 38};  // F4: APB1 at 42 MHz
constexpr Stm32Usart kLpUsart1{0x40013800u, 80000000u, 37};  // L4 USART1: APB2 at 80 MHz
constexpr UartPort kF4Port = make_stm32_usart_port<Stm32F4Usart>(kUsart2);
constexpr UartPort kL4Port = make_stm32_usart_port<Stm32L4Usart>(kLpUsart1);

ByteRing<512> f4_ring;
ByteRing<128> l4_ring;
UartReceiver<ByteRing<512>, RxOverflow::kDrop> f4_receiver{kF4Port, f4_ring};
UartReceiver<ByteRing<128>, RxOverflow::kHold> l4_receiver{kL4Port, l4_ring};

}  // namespace

extern "C" void USART2_IRQHandler() { f4_receiver.on_interrupt(); }
extern "C" void USART1_IRQHandler() { l4_receiver.on_interrupt(); }

// The thread side: start both, decode whatever arrived, report counts.
extern "C" std::uint32_t utf8mcu_stm32_check_poll(void (*emit)(void*, char32_t), void* context) {
  static bool started = false;
  if (!started) {
    started = f4_receiver.start(115200) && l4_receiver.start(921600);
  }
  static RingReader<ByteRing<512>> f4_reader{f4_ring};
  static RingReader<ByteRing<128>> l4_reader{l4_ring};
  const utf8mcu::CodePointCallback sink{emit, context};
  f4_reader.poll(sink, 64);
  l4_reader.poll(sink, 64);
  l4_receiver.resume();
  return f4_reader.dropped_bytes() + l4_reader.code_points();
}
