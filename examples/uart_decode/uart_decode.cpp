// uart_decode: UTF-8 received on a UART, decoded, and sent back well-formed.
// The RX interrupt moves bytes into a ring (BasicUartReceiver); the main loop
// decodes them from the ring (RingReader) and re-encodes the code points to
// the UART (uart_writer.h), with U+FFFD for each ill-formed part and for each
// place where the ring overflowed. The board's UART comes from board_uart.h.
//
//   out: "uart_decode: ready\n" (once the receiver runs)
//   in:  [length: 4 bytes, little-endian][length bytes of anything]
//   out: [well-formed UTF-8][FF]["\nuart_decode: key=value ...\n"]
//
// Under QEMU the guest never learns that the input ended, hence the length
// prefix; FF never occurs in UTF-8, so it ends the text without escaping.
// test/port/uart_decode_firmware.cpp is this program with the knobs and
// counters the end-to-end tests use.

#include <cstddef>
#include <cstdint>

#include "board_uart.h"
#include "uart_writer.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu_bsp/semihosting.h"

namespace {

using RxRing = utf8mcu::port::ByteRing<256>;  // 256 bytes of RAM; a power of two
RxRing rx_ring;                              // filled by the RX interrupt, drained by main()
// Ring full: the interrupt leaves bytes in the UART (flow control) rather than
// drop them. board::Rx names the UART at compile time, so the interrupt reads
// its registers inline (UartReceiver<RxRing, ...>{board::kUart, rx_ring}
// takes a UartPort chosen at run time instead, at an indirect call per byte).
utf8mcu::port::BasicUartReceiver<board::Rx, RxRing, utf8mcu::port::RxOverflow::kHold> receiver{rx_ring};

// Sleeps until an interrupt unless the ring has data. Interrupts are masked
// around the check, so a byte arriving just before the WFI still wakes it.
void wait_for_data() {
  __asm__ volatile("cpsid i" ::: "memory");
  if (rx_ring.size() == 0) __asm__ volatile("wfi" ::: "memory");
  __asm__ volatile("cpsie i" ::: "memory");
}

}  // namespace

// The BSP routes every interrupt here (exception number = 16 + IRQ).
extern "C" void utf8mcu_bsp_exception(unsigned exception_number) {
  if (exception_number != 16u + board::kRxIrq) utf8mcu_bsp::semihosting::exit(1);
  receiver.on_interrupt();
}

int main() {
  if (!receiver.start(115200)) return 1;  // QEMU ignores the baud rate; hardware does not
  UartWriter out{board::kUart};
  out.put("uart_decode: ready\n");
  out.flush();

  // The prefix goes around the decoder; nothing is decoded yet, so the ring cannot overflow.
  std::uint8_t prefix[4];
  for (std::size_t have = 0; have < sizeof prefix; receiver.resume()) {
    wait_for_data();
    have += rx_ring.pop(prefix + have, sizeof prefix - have);
  }
  const std::uint32_t total = sizeof prefix + (prefix[0] | (std::uint32_t{prefix[1]} << 8) |
                                               (std::uint32_t{prefix[2]} << 16) | (std::uint32_t{prefix[3]} << 24));

  // Done when every byte of the frame has reached the interrupt and the ring is empty.
  utf8mcu::port::RingReader reader{rx_ring};
  while (rx_ring.received_bytes() != total || rx_ring.size() != 0) {
    const bool idle = reader.poll(out, 64).bytes == 0;
    receiver.resume();  // before sleeping: a held interrupt must be able to wake us
    if (idle) {
      out.flush();  // send what is decoded so far
      wait_for_data();
    }
  }
  reader.finish(out);

  begin_summary(out, rx_ring, reader, receiver);
  end_summary(out);
  return out.sent_all() ? 0 : 1;
}
