// Compile check of the PL011 port configured for the RP2040 (Cortex-M0+, no
// atomic read-modify-write): a complete receive path as firmware would use it.
// Built as an object only (no RP2040 board here; the PL011 runs live on
// lm3s6965evb); check-symbols.sh then checks
// it pulls in nothing beyond the port itself.
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/pl011_uart.h"
#include "utf8mcu/port/uart_port.h"

namespace {

using namespace utf8mcu::port;

constexpr UartPort kPort = make_pl011_uart_port(kRp2040Uart0);
ByteRing<256> rx_ring;
UartReceiver<ByteRing<256>, RxOverflow::kHold> receiver{kPort, rx_ring};

}  // namespace

extern "C" void isr_irq20() { receiver.on_interrupt(); }

extern "C" std::uint32_t utf8mcu_rp2040_check_poll(void (*emit)(void*, char32_t), void* context) {
  static bool started = false;
  if (!started) started = receiver.start(115200);
  static RingReader<ByteRing<256>> reader{rx_ring};
  reader.poll(utf8mcu::CodePointCallback{emit, context}, 32);
  receiver.resume();
  return reader.replacements() + reader.dropped_bytes();
}
