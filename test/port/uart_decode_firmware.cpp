// The uart_decode example (examples/uart_decode/uart_decode.cpp) with the
// knobs and counters of the end-to-end tests (test/port/uart_e2e.py): ring
// size and overflow policy, a slow or stalling reader, SysTick timing of the
// RX interrupt, and a log of where the ring dropped bytes. Same protocol and
// summary as the example, with more keys:
//
//   out: "uart_decode: ready\n" (once the receiver runs)
//   in:  [length: 4 bytes, little-endian][length bytes of anything]
//   out: [well-formed UTF-8][FF]["\nuart_decode: key=value ...\n"]
//
// Summary keys: received (bytes the interrupt took from the UART, prefix
// included) = accepted + dropped; dropped (bytes the full ring discarded);
// gaps; bytes (ring slots decoded, gap markers included); code_points;
// replacements (U+FFFD written); holds; overflow (hold or drop: what the
// interrupt does when the ring is full); with INSTRUMENT the calibration and
// interrupt figures; with RECORD_DROPS the drop runs.

#include <cstddef>
#include <cstdint>

#include "board_uart.h"
#include "uart_writer.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu_bsp/semihosting.h"
#include "utf8mcu_bsp/systick.h"

// Knobs, set by test/port/CMakeLists.txt; the defaults are the example's.
#ifndef UTF8MCU_UART_DECODE_RING_BYTES
#define UTF8MCU_UART_DECODE_RING_BYTES 256  // ring capacity (a power of two)
#endif
#ifndef UTF8MCU_UART_DECODE_POLL_BYTES
#define UTF8MCU_UART_DECODE_POLL_BYTES 64  // most bytes decoded per main-loop pass
#endif
#ifndef UTF8MCU_UART_DECODE_SLOW_SPINS
#define UTF8MCU_UART_DECODE_SLOW_SPINS 0  // busy-wait after every pass (slow reader)
#endif
#ifndef UTF8MCU_UART_DECODE_FILL_FIRST
#define UTF8MCU_UART_DECODE_FILL_FIRST 0  // read nothing until the UART has held a byte
#endif
#ifndef UTF8MCU_UART_DECODE_STALL_EVERY
#define UTF8MCU_UART_DECODE_STALL_EVERY 0  // stall after this many bytes read...
#endif
#ifndef UTF8MCU_UART_DECODE_STALL_SPINS
#define UTF8MCU_UART_DECODE_STALL_SPINS 0  // ...for this many loop turns
#endif
#ifndef UTF8MCU_UART_DECODE_HOLD
#define UTF8MCU_UART_DECODE_HOLD 1  // ring full: 1 hold bytes in the UART, 0 drop them
#endif
#ifndef UTF8MCU_UART_DECODE_INSTRUMENT
#define UTF8MCU_UART_DECODE_INSTRUMENT 0  // time the RX interrupt with SysTick
#endif
#ifndef UTF8MCU_UART_DECODE_RECORD_DROPS
#define UTF8MCU_UART_DECODE_RECORD_DROPS 0  // log where the ring dropped bytes
#endif
#ifndef UTF8MCU_UART_DECODE_MAX_DROP_RUNS
#define UTF8MCU_UART_DECODE_MAX_DROP_RUNS 200  // ...in at most this many runs
#endif

namespace {

using utf8mcu::port::ByteRing;
using utf8mcu::port::RingReader;
using utf8mcu::port::RxOverflow;
using utf8mcu::port::UartPort;
using utf8mcu::port::BasicUartReceiver;

using board::kRxIrq;
using board::kUart;
constexpr std::uint32_t kBaud = 115200;  // QEMU ignores it; real hardware does not
constexpr std::size_t kPrefixBytes = 4;

using RxRing = ByteRing<UTF8MCU_UART_DECODE_RING_BYTES>;
RxRing rx_ring;  // filled by the RX interrupt, drained by main()
constexpr RxOverflow kOverflow = UTF8MCU_UART_DECODE_HOLD ? RxOverflow::kHold : RxOverflow::kDrop;

// Sleeps until an interrupt unless the ring has data. Interrupts are masked
// around the check so that a byte arriving just before the WFI still wakes it
// (a pending interrupt ends WFI even while masked).
void wait_for_data() {
  __asm__ volatile("cpsid i" ::: "memory");
  if (rx_ring.size() == 0) __asm__ volatile("wfi" ::: "memory");
  __asm__ volatile("cpsie i" ::: "memory");
}

void spin(std::uint32_t turns) {
  for (std::uint32_t i = 0; i < turns; ++i) __asm__ volatile("");
}

void fail(const char* why) {
  utf8mcu_bsp::semihosting::write0("uart_decode: ");
  utf8mcu_bsp::semihosting::write0(why);
  utf8mcu_bsp::semihosting::write0("\n");
  utf8mcu_bsp::semihosting::exit(1);
}

#if UTF8MCU_UART_DECODE_INSTRUMENT
// SysTick counts instructions under QEMU's -icount shift=0 (utf8mcu_bsp/systick.h).
namespace systick = utf8mcu_bsp::systick;

struct IsrStats {
  std::uint32_t calls = 0;
  std::uint32_t bytes = 0;
  std::uint32_t ticks = 0;
};
IsrStats isr_stats;  // written by the interrupt only; read after the stream
#endif

#if UTF8MCU_UART_DECODE_RECORD_DROPS
// Where the ring dropped bytes, so that the host can rebuild the exact stream
// the decoder saw.
struct DropRun {
  std::uint32_t first;  // index in the received stream, prefix included
  std::uint32_t count;
};
constexpr std::size_t kMaxDropRuns = UTF8MCU_UART_DECODE_MAX_DROP_RUNS;
struct DropLog {
  DropRun runs[kMaxDropRuns];
  std::uint32_t run_count = 0;  // may exceed kMaxDropRuns: then the log is partial
  std::uint32_t received = 0;
};
DropLog drop_log;

void record_drop(std::uint32_t index) {
  DropLog& log = drop_log;
  DropRun* last = log.run_count > 0 && log.run_count <= kMaxDropRuns ? &log.runs[log.run_count - 1] : nullptr;
  if (last != nullptr && last->first + last->count == index) {
    ++last->count;
  } else {
    if (log.run_count < kMaxDropRuns) log.runs[log.run_count] = {index, 1};
    ++log.run_count;
  }
}

// Stands in for the ring in the interrupt and logs each drop.
struct RecordingRing {
  static constexpr std::size_t capacity() { return RxRing::capacity(); }
  std::size_t size() const { return rx_ring.size(); }
  class Writer {
   public:
    explicit Writer(RecordingRing&) : writer_(rx_ring) {}
    bool has_room() { return writer_.has_room(); }
    void mark_gap() { writer_.mark_gap(); }
    void publish() { writer_.publish(); }
    bool put(std::uint8_t byte) {
      const std::uint32_t index = drop_log.received++;
      if (writer_.put(byte)) return true;
      record_drop(index);
      return false;
    }

   private:
    RxRing::Writer writer_;
  };
};
RecordingRing recording_ring;
BasicUartReceiver<board::Rx, RecordingRing, kOverflow> receiver{recording_ring};
#else
BasicUartReceiver<board::Rx, RxRing, kOverflow> receiver{rx_ring};
#endif

}  // namespace

// The BSP routes every interrupt here (exception number = 16 + IRQ).
extern "C" void utf8mcu_bsp_exception(unsigned exception_number) {
  if (exception_number != 16u + kRxIrq) fail("unexpected interrupt");
#if UTF8MCU_UART_DECODE_INSTRUMENT
  const std::uint32_t start = systick::now();
  const std::size_t n = receiver.on_interrupt();
  isr_stats.ticks += systick::ticks_since(start);
  isr_stats.bytes += static_cast<std::uint32_t>(n);
  ++isr_stats.calls;
#else
  receiver.on_interrupt();
#endif
}

int main() {
#if UTF8MCU_UART_DECODE_INSTRUMENT
  systick::start();
  // Before any interrupt can arrive; the host converts the ISR's ticks with it.
  const systick::Calibration calibration = systick::calibrate();
#endif
  if (!receiver.start(kBaud)) fail("cannot start the UART");
  UartWriter out{kUart};
  out.put("uart_decode: ready\n");
  out.flush();

  // The prefix goes around the decoder; nothing is decoded yet, so the ring
  // cannot overflow here.
  std::uint8_t prefix[kPrefixBytes];
  std::size_t have = 0;
  while (have < kPrefixBytes) {
    wait_for_data();
    have += rx_ring.pop(prefix + have, kPrefixBytes - have);
    receiver.resume();
  }
  const std::uint32_t length = prefix[0] | (std::uint32_t{prefix[1]} << 8) |
                               (std::uint32_t{prefix[2]} << 16) | (std::uint32_t{prefix[3]} << 24);
  const std::uint32_t total = static_cast<std::uint32_t>(kPrefixBytes) + length;

  // A reader that is merely slow keeps up when the host feeds the UART
  // slowly (a loaded machine, a model that takes a byte per poll); the first
  // hold is made certain by reading nothing until it happens.
  if (UTF8MCU_UART_DECODE_FILL_FIRST != 0) {
    while (receiver.holds() == 0 && rx_ring.received_bytes() != total) {
    }
  }

  RingReader reader{rx_ring};
  std::uint32_t next_stall = UTF8MCU_UART_DECODE_STALL_EVERY;
  // Done when every byte of the frame has reached the interrupt (accepted or
  // dropped) and the ring is empty.
  while (rx_ring.received_bytes() != total || rx_ring.size() != 0) {
    const bool idle = reader.poll(out, UTF8MCU_UART_DECODE_POLL_BYTES).bytes == 0;
    receiver.resume();  // before sleeping: a held interrupt must be able to wake us
    if (idle) {
      out.flush();  // send what is decoded so far
      wait_for_data();
    }
    if (UTF8MCU_UART_DECODE_SLOW_SPINS != 0) spin(UTF8MCU_UART_DECODE_SLOW_SPINS);
    if (next_stall != 0 && reader.bytes_read() >= next_stall) {
      const std::uint32_t dropped_before = rx_ring.dropped_bytes();
      spin(UTF8MCU_UART_DECODE_STALL_SPINS);
      // However slowly a loaded host feeds the UART, a stall of a ring that
      // drops lasts until it has overflowed, or until the frame is all in.
      while (kOverflow == RxOverflow::kDrop && rx_ring.dropped_bytes() == dropped_before &&
             rx_ring.received_bytes() != total) {
      }
      next_stall += UTF8MCU_UART_DECODE_STALL_EVERY;
    }
  }
  reader.finish(out);

  begin_summary(out, rx_ring, reader, receiver);
#if UTF8MCU_UART_DECODE_INSTRUMENT
  out.field("calib_instructions", calibration.instructions);
  out.field("calib_ticks", calibration.ticks);
  out.field("isr_calls", isr_stats.calls);
  out.field("isr_bytes", isr_stats.bytes);
  out.field("isr_ticks", isr_stats.ticks);
#endif
#if UTF8MCU_UART_DECODE_RECORD_DROPS
  out.field("drop_runs", drop_log.run_count);
  out.put(" drops=");
  const std::uint32_t logged = drop_log.run_count < kMaxDropRuns ? drop_log.run_count : kMaxDropRuns;
  for (std::uint32_t i = 0; i < logged; ++i) {
    if (i != 0) out.put(",");
    out.put(drop_log.runs[i].first);
    out.put("+");
    out.put(drop_log.runs[i].count);
  }
#endif
  end_summary(out);
  if (!out.sent_all()) fail("cannot send");
  return 0;
}
