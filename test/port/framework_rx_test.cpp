// The framework adapters (Zephyr async UART, STM32 HAL reception to idle in
// circular DMA mode, nRF52 UARTE with two buffers, Pico SDK FIFO drain)
// against fakes written here from each framework's documented event order.
// The same input is cut by idle events at every offset (a short multi-script
// text, shifted so that each code point straddles a buffer boundary, and
// several buffer sizes), then at random points (long random texts: a million
// cuts per adapter, fewer on boards with utest::kReduced). Without a loss the
// code points must equal the reference decoder's (test/reference, written
// apart from lib/) of the whole input; every bad event must give its
// documented result: a counted gap (U+FFFD) or nothing, no read outside the
// buffers.

#include <cstddef>
#include <cstdint>

#include "port_test_support.h"
#include "reference_utf8.h"
#include "utest/utest.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/nrf_uarte_rx.h"
#include "utf8mcu/port/pico_uart_rx.h"
#include "utf8mcu/port/stm32_hal_uart_rx.h"
#include "utf8mcu/port/zephyr_uart_rx.h"

namespace {

using port_test::CodePoints;
using utf8mcu::port::ByteRing;
using utf8mcu::port::DmaEvent;
using utf8mcu::port::RingReader;
using Ring = ByteRing<256>;

constexpr char32_t R = utf8mcu::kReplacementCharacter;
constexpr std::size_t kMaxInput = 600;

// The reference decoder's code points of the whole input, then a sink that
// compares what the adapter delivers with them, one by one.
struct Expected {
  char32_t code_points[kMaxInput] = {};
  std::size_t size = 0;

  void take(const std::uint8_t* input, std::size_t n) {
    size = 0;
    ref::decode(input, n, [this](const ref::Item& item) { code_points[size++] = item.code_point; });
  }
};

struct Comparer {
  const Expected& expected;
  std::size_t next = 0;
  std::size_t mismatches = 0;
  void operator()(char32_t code_point) {
    if (next >= expected.size || expected.code_points[next] != code_point) ++mismatches;
    ++next;
  }
  bool same() const { return mismatches == 0 && next == expected.size; }
};

// Where the line goes idle: after `next()` more bytes.
struct Cuts {
  // Exhaustive: one idle event after `at` bytes, then only at the end.
  std::size_t at = 0;
  bool random = false;
  port_test::Random* generator = nullptr;
  std::uint32_t max_gap = 1;
  std::uint32_t made = 0;
  std::size_t first = true;

  std::size_t next() {
    ++made;
    if (random) return 1 + generator->below(max_gap);
    if (first) {
      first = false;
      return at;
    }
    return kMaxInput;
  }
};

// Drains the ring after every event, as the main loop would, and at the end.
struct Pipe {
  Ring ring;
  RingReader<Ring> reader{ring};
  Comparer comparer;
  explicit Pipe(const Expected& expected) : comparer{expected} {}
  void poll() { reader.poll(comparer); }
  bool same() {
    reader.finish(comparer);
    return comparer.same() && reader.gaps() == 0 && ring.dropped_bytes() == 0;
  }
};

// ---- Zephyr: UART_RX_RDY at each timeout and when a buffer fills; at a full
// buffer RX_RDY, RX_BUF_RELEASED, then the next buffer and RX_BUF_REQUEST;
// at the end (uart_rx_disable) RX_RDY, both buffers released, RX_DISABLED.
template <std::size_t kSize>
bool zephyr_matches(const std::uint8_t* input, std::size_t n, Cuts& cuts, const Expected& expected) {
  Pipe pipe{expected};
  utf8mcu::port::ZephyrUartRx<Ring, kSize> rx{pipe.ring};
  std::uint8_t* current = rx.first_buffer();  // uart_rx_enable
  std::uint8_t* next = rx.on_buffer_request();
  std::size_t written = 0;
  std::size_t reported = 0;
  const auto ready = [&]() {
    if (written > reported) rx.on_ready(current, reported, written - reported);
    reported = written;
    pipe.poll();
  };
  std::size_t position = 0;
  while (position < n) {
    for (std::size_t chunk = cuts.next(); chunk > 0 && position < n; --chunk) {
      current[written++] = input[position++];  // the driver writes the buffer it was given
      if (written == kSize) {
        ready();
        rx.on_released(current);
        current = next;
        written = reported = 0;
        next = rx.on_buffer_request();
        if (current == nullptr) return false;
      }
    }
    ready();  // the timeout
  }
  ready();
  rx.on_released(current);
  if (next != nullptr) rx.on_released(next);
  rx.on_disabled();
  return pipe.same() && rx.event_errors() == 0;
}

// ---- STM32 HAL: the DMA writes the circular buffer; HT at half, TC at the
// end (the HAL's Size is then kSize / 2 and kSize), IDLE with Size = the
// position when it is not 0. A DMA callback may be late: after the next
// idle callback, never after the DMA's next half.
template <std::size_t kSize>
bool hal_matches(const std::uint8_t* input, std::size_t n, Cuts& cuts, const Expected& expected,
                 port_test::Random* late) {
  Pipe pipe{expected};
  utf8mcu::port::HalReceiveToIdleRx<Ring, kSize> rx{pipe.ring};
  std::uint8_t* buffer = rx.buffer();
  std::size_t position = 0;
  std::size_t at = 0;
  // DMA callbacks not yet run, oldest first: a late HT, then maybe the TC
  // after it (the HAL runs both in one interrupt, HT first), with the
  // stream position each stands for.
  DmaEvent pending[2] = {};
  std::size_t pending_at[2] = {};
  std::size_t pending_count = 0;
  std::size_t seen = 0;  // the stream position of the latest callback run
  const auto run_pending = [&]() {
    for (std::size_t i = 0; i < pending_count; ++i) {
      rx.on_rx_event(pending[i], pending[i] == DmaEvent::kHalfTransfer ? kSize / 2 : kSize);
      if (pending_at[i] > seen) seen = pending_at[i];
      pipe.poll();
    }
    pending_count = 0;
  };
  const auto dma_event = [&](DmaEvent event) {
    pending[pending_count] = event;
    pending_at[pending_count++] = at;
    if (late == nullptr || late->below(4) != 0) run_pending();
  };
  while (at < n) {
    for (std::size_t chunk = cuts.next(); chunk > 0 && at < n; --chunk) {
      // The adapter's limit: the callbacks run before the DMA comes round
      // to the position of the last one.
      if (at + 1 - seen >= kSize) run_pending();
      buffer[position++] = input[at++];
      if (position == kSize / 2) dma_event(DmaEvent::kHalfTransfer);
      if (position == kSize) {
        position = 0;
        dma_event(DmaEvent::kTransferComplete);
      }
    }
    const bool dma_first = late == nullptr || late->below(2) == 0;
    if (dma_first) run_pending();
    if (position != 0) {
      rx.on_rx_event(DmaEvent::kIdleLine, static_cast<std::uint32_t>(position));
      seen = at;
      pipe.poll();
    }
    run_pending();
  }
  return pipe.same() && rx.event_errors() == 0;
}

// ---- nRF52 UARTE: ENDRX at a full buffer, with the ENDRX_STARTRX shortcut
// starting the other one (ENDRX and RXSTARTED handled in one interrupt); at
// an idle timer STOPRX: ENDRX with the bytes in RAM, RXTO, FLUSHRX (the up
// to four bytes still in the FIFO into RXD.PTR, one more ENDRX), STARTRX.
template <std::size_t kSize>
bool nrf_matches(const std::uint8_t* input, std::size_t n, Cuts& cuts, const Expected& expected,
                 port_test::Random& fifo) {
  Pipe pipe{expected};
  utf8mcu::port::NrfUarteRx<Ring, kSize> rx{pipe.ring};
  std::uint8_t* pointer = rx.first_buffer();  // RXD.PTR
  std::uint8_t* active = pointer;             // STARTRX: RXSTARTED
  pointer = rx.on_rx_started();
  std::size_t amount = 0;
  std::size_t at = 0;
  const auto stop = [&]() {
    // The last bytes received may still be in the receiver's FIFO.
    std::size_t in_fifo = fifo.below(5);
    if (in_fifo > amount) in_fifo = amount;
    rx.on_end_rx(static_cast<std::uint32_t>(amount - in_fifo));
    rx.on_rx_timeout();
    for (std::size_t i = 0; i < in_fifo; ++i) pointer[i] = active[amount - in_fifo + i];  // FLUSHRX
    rx.on_end_rx(static_cast<std::uint32_t>(in_fifo));
    pipe.poll();
    amount = 0;
    active = pointer;  // STARTRX
    pointer = rx.on_rx_started();
  };
  while (at < n) {
    for (std::size_t chunk = cuts.next(); chunk > 0 && at < n; --chunk) {
      active[amount++] = input[at++];
      if (amount == kSize) {  // ENDRX, and the shortcut's RXSTARTED, in one interrupt
        active = pointer;
        rx.on_end_rx(static_cast<std::uint32_t>(amount));
        pointer = rx.on_rx_started();
        amount = 0;
        pipe.poll();
      }
    }
    stop();
  }
  return pipe.same() && rx.event_errors() == 0;
}

// ---- Pico SDK: a 32-byte FIFO; the interrupt (at each idle timeout, and
// when the FIFO reaches its level) drains it with uart_is_readable() and the
// data register.
bool pico_matches(const std::uint8_t* input, std::size_t n, Cuts& cuts, const Expected& expected) {
  Pipe pipe{expected};
  std::uint32_t fifo[32] = {};
  std::size_t head = 0;
  std::size_t count = 0;
  const auto drain = [&]() {
    utf8mcu::port::pico_uart_drain(
        pipe.ring, [&]() { return count != 0; },
        [&]() {
          const std::uint32_t data = fifo[head];
          head = (head + 1) % 32;
          --count;
          return data;
        });
    pipe.poll();
  };
  std::size_t at = 0;
  while (at < n) {
    for (std::size_t chunk = cuts.next(); chunk > 0 && at < n; --chunk) {
      fifo[(head + count) % 32] = input[at++];
      ++count;
      if (count >= 16) drain();  // the FIFO level interrupt
    }
    drain();  // the receive timeout
  }
  while (count != 0) drain();
  return pipe.same();
}

// A short text in several scripts behind 0-3 ASCII bytes, so that each
// multi-byte code point straddles each buffer boundary in one of the shifts.
std::size_t shifted_sample(std::uint8_t* out, std::size_t shift) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < shift; ++i) out[n++] = static_cast<std::uint8_t>('0' + i);
  for (std::size_t i = 0; i < port_test::kSampleTextSize; ++i) out[n++] = port_test::kSampleText[i];
  return n;
}

template <typename Run>
std::size_t every_cut_mismatches(Run&& run, std::size_t& cases) {
  std::uint8_t input[kMaxInput] = {};
  Expected expected;
  std::size_t mismatches = 0;
  for (std::size_t shift = 0; shift < 4; ++shift) {
    const std::size_t n = shifted_sample(input, shift);
    expected.take(input, n);
    for (std::size_t at = 0; at <= n; ++at) {
      Cuts cuts;
      cuts.at = at;
      ++cases;
      if (!run(input, n, cuts, expected)) ++mismatches;
    }
  }
  return mismatches;
}

// Random text: well-formed sequences of 1-4 bytes, and now and then a byte
// that is not (the decoder's U+FFFD must come out the same in pieces).
std::size_t random_text(port_test::Random& random, std::uint8_t* out, std::size_t size) {
  std::size_t n = 0;
  while (n + 4 <= size) {
    const std::uint32_t pick = random.below(16);
    if (pick == 0) {
      out[n++] = static_cast<std::uint8_t>(0x80 + random.below(0x80));
      continue;
    }
    const std::uint32_t length = 1 + pick % 4;
    unsigned char bytes[4] = {};
    const std::size_t written = ref::encode(test::random_scalar(random, length), bytes);
    for (std::size_t i = 0; i < written; ++i) out[n++] = bytes[i];
  }
  return n;
}

constexpr std::uint32_t kRandomCuts = utest::kReduced ? 20000 : 1000000;

template <typename Run>
std::size_t random_cut_mismatches(Run&& run, std::uint32_t seed, std::uint32_t& cuts_made) {
  port_test::Random random{seed};
  std::uint8_t input[kMaxInput] = {};
  Expected expected;
  std::size_t mismatches = 0;
  while (cuts_made < kRandomCuts) {
    const std::size_t n = random_text(random, input, 64 + random.below(kMaxInput - 64));
    expected.take(input, n);
    Cuts cuts;
    cuts.random = true;
    cuts.generator = &random;
    cuts.max_gap = 1 + random.below(24);
    if (!run(input, n, cuts, expected, random)) ++mismatches;
    cuts_made += cuts.made;
  }
  return mismatches;
}

void report(const char* name, std::size_t cases, std::uint32_t cuts) {
  utest::log() << name << ": " << cases << " inputs cut at every offset, " << cuts << " random cuts"
               << (utest::kReduced ? " (reduced on this board)" : "") << "\n";
}

UTEST(ZephyrUartRx, EveryCutAndRandomCutsGiveTheWholeBufferDecode) {
  std::size_t cases = 0;
  EXPECT_EQ(every_cut_mismatches([](auto... a) { return zephyr_matches<4>(a...); }, cases), 0u);
  EXPECT_EQ(every_cut_mismatches([](auto... a) { return zephyr_matches<7>(a...); }, cases), 0u);
  EXPECT_EQ(every_cut_mismatches([](auto... a) { return zephyr_matches<64>(a...); }, cases), 0u);
  std::uint32_t cuts = 0;
  EXPECT_EQ(random_cut_mismatches(
                [](const std::uint8_t* in, std::size_t n, Cuts& c, const Expected& e, port_test::Random& r) {
                  return r.below(2) == 0 ? zephyr_matches<5>(in, n, c, e) : zephyr_matches<32>(in, n, c, e);
                },
                0x2E9u, cuts),
            0u);
  report("Zephyr async", cases, cuts);
}

UTEST(HalReceiveToIdleRx, EveryCutAndRandomCutsGiveTheWholeBufferDecode) {
  std::size_t cases = 0;
  EXPECT_EQ(every_cut_mismatches([](auto... a) { return hal_matches<4>(a..., nullptr); }, cases), 0u);
  EXPECT_EQ(every_cut_mismatches([](auto... a) { return hal_matches<10>(a..., nullptr); }, cases), 0u);
  EXPECT_EQ(every_cut_mismatches([](auto... a) { return hal_matches<64>(a..., nullptr); }, cases), 0u);
  std::uint32_t cuts = 0;
  EXPECT_EQ(random_cut_mismatches(
                [](const std::uint8_t* in, std::size_t n, Cuts& c, const Expected& e, port_test::Random& r) {
                  return r.below(2) == 0 ? hal_matches<8>(in, n, c, e, &r) : hal_matches<64>(in, n, c, e, &r);
                },
                0x4A1u, cuts),
            0u);
  report("STM32 HAL to idle", cases, cuts);
}

UTEST(NrfUarteRx, EveryCutAndRandomCutsGiveTheWholeBufferDecode) {
  std::size_t cases = 0;
  port_test::Random fifo{0x52u};
  EXPECT_EQ(every_cut_mismatches([&fifo](auto... a) { return nrf_matches<4>(a..., fifo); }, cases), 0u);
  EXPECT_EQ(every_cut_mismatches([&fifo](auto... a) { return nrf_matches<9>(a..., fifo); }, cases), 0u);
  EXPECT_EQ(every_cut_mismatches([&fifo](auto... a) { return nrf_matches<64>(a..., fifo); }, cases), 0u);
  std::uint32_t cuts = 0;
  EXPECT_EQ(random_cut_mismatches(
                [](const std::uint8_t* in, std::size_t n, Cuts& c, const Expected& e, port_test::Random& r) {
                  return r.below(2) == 0 ? nrf_matches<6>(in, n, c, e, r) : nrf_matches<32>(in, n, c, e, r);
                },
                0x52Au, cuts),
            0u);
  report("nRF52 UARTE", cases, cuts);
}

UTEST(PicoUartDrain, EveryCutAndRandomCutsGiveTheWholeBufferDecode) {
  std::size_t cases = 0;
  EXPECT_EQ(every_cut_mismatches([](auto... a) { return pico_matches(a...); }, cases), 0u);
  std::uint32_t cuts = 0;
  EXPECT_EQ(random_cut_mismatches([](const std::uint8_t* in, std::size_t n, Cuts& c, const Expected& e,
                                     port_test::Random&) { return pico_matches(in, n, c, e); },
                                  0x9C0u, cuts),
            0u);
  report("Pico SDK drain", cases, cuts);
}

// ---- Bad events: each a defined result, a counted gap or nothing ----

template <typename Adapter>
struct Bench {
  Ring ring;
  RingReader<Ring> reader{ring};
  CodePoints<32> out;
  Adapter rx{ring};
  bool shows(const char32_t* want, std::size_t count) {
    reader.finish(out);
    return out.equals(want, count);
  }
};

UTEST(ZephyrUartRx, BadEventsGiveTheirDocumentedResults) {
  Bench<utf8mcu::port::ZephyrUartRx<Ring, 4>> b;
  std::uint8_t* first = b.rx.first_buffer();
  std::uint8_t* second = b.rx.on_buffer_request();
  EXPECT_TRUE(b.rx.on_buffer_request() == nullptr);  // both with the driver: none to give
  first[0] = 'a';
  first[1] = 'b';
  EXPECT_EQ(b.rx.on_ready(first, 0, 0), 0u);  // zero length: nothing
  b.rx.on_ready(first, 0, 2);
  b.rx.on_ready(first, 0, 2);  // again: already delivered, nothing
  first[3] = 'c';
  b.rx.on_ready(first, 3, 1);  // skips first[2]: a gap before c
  b.rx.on_released(first);
  b.rx.on_released(first);  // twice: counted, nothing
  b.rx.on_ready(first, 0, 1);  // a released buffer: not read, a gap
  second[0] = 'd';
  second[1] = 'e';
  b.rx.on_ready(second, 0, 1000);  // past the end: cut there, a gap after
  std::uint8_t foreign[4] = {'x', 'x', 'x', 'x'};
  b.rx.on_ready(foreign, 0, 4);  // not the adapter's: not read, a gap
  b.rx.on_ready(second, static_cast<std::size_t>(-1), 2);  // offset + len wraps: skipped and cut, two
  b.rx.on_stopped(1);  // UART_ERROR_OVERRUN
  b.rx.on_disabled();
  const char32_t want[] = {'a', 'b', R, 'c', R, 'd', 'e', 0, 0, R};
  b.reader.poll(b.out);
  // d e and the two zero bytes the buffer held, then one U+FFFD for the run of gaps.
  EXPECT_TRUE(b.shows(want, 10));
  EXPECT_EQ(b.rx.event_errors(), 8u);
}

UTEST(HalReceiveToIdleRx, BadEventsGiveTheirDocumentedResults) {
  Bench<utf8mcu::port::HalReceiveToIdleRx<Ring, 8>> b;
  std::uint8_t* buffer = b.rx.buffer();
  for (std::uint8_t i = 0; i < 8; ++i) buffer[i] = static_cast<std::uint8_t>('a' + i);
  b.rx.on_rx_event(DmaEvent::kIdleLine, 9);  // past the buffer: not read, a gap
  b.rx.on_rx_event(DmaEvent::kIdleLine, 2);  // a b
  b.rx.on_rx_event(DmaEvent::kIdleLine, 2);  // no new bytes: nothing
  b.rx.on_rx_event(DmaEvent::kIdleLine, 1);  // behind: the wrap, c..h a
  b.rx.on_rx_event(DmaEvent::kIdleLine, 0 + 0);  // HAL never sends 0; as position 0: behind again, a lap: gap
  b.rx.on_rx_event(DmaEvent::kTransferComplete, 8);  // the first wrap's TC: nothing more
  b.rx.on_error();  // overrun: the HAL stopped; a gap, and position 0 again
  b.rx.on_rx_event(DmaEvent::kIdleLine, 1);  // a
  const char32_t want[] = {R, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'a', R, 'a'};
  EXPECT_TRUE(b.shows(want, 12));
  EXPECT_EQ(b.rx.event_errors(), 2u);
}

UTEST(NrfUarteRx, BadEventsGiveTheirDocumentedResults) {
  Bench<utf8mcu::port::NrfUarteRx<Ring, 4>> b;
  std::uint8_t* first = b.rx.first_buffer();
  b.rx.on_end_rx(3);  // no buffer started: nothing read, a gap
  static_cast<void>(b.rx.on_rx_started());  // `first` is filled, `second` is next
  first[0] = 'a';
  first[1] = 'b';
  b.rx.on_end_rx(0);  // nothing
  b.rx.on_rx_started();  // `second` takes over
  b.rx.on_rx_started();  // while it is open (its ENDRX missed): a gap; `first` takes over
  b.rx.on_error(1);  // OVERRUN: a gap before this buffer's bytes
  b.rx.on_end_rx(300);  // more than MAXCNT: cut to the buffer (a b and two zeros), a gap after
  // The gaps before a b are one run: one U+FFFD.
  const char32_t want[] = {R, 'a', 'b', 0, 0, R};
  EXPECT_TRUE(b.shows(want, 6));
  EXPECT_EQ(b.rx.event_errors(), 3u);
}

UTEST(PicoUartDrain, ErrorBitsAreGapsAndTheDrainIsBounded) {
  Ring ring;
  RingReader<Ring> reader{ring};
  CodePoints<16> out;
  namespace p = utf8mcu::port;
  // C3 A9 with an overrun before the A9: the lost byte sits before it, so the
  // C3 is cut (U+FFFD), the gap shows, the A9 is a stray continuation.
  const std::uint32_t fifo[] = {'a', 0xC3, 0xA9 | p::kPl011DataOverrun, 'b' | (1u << 8) /* framing */, 'c'};
  std::size_t next = 0;
  const std::size_t taken =
      p::pico_uart_drain(ring, [&]() { return next < 5; }, [&]() { return fifo[next++]; });
  EXPECT_EQ(taken, 5u);
  // A receiver that never empties: at most max_bytes per call.
  const std::size_t bounded = p::pico_uart_drain(ring, []() { return true; }, []() { return 'z'; }, 3);
  EXPECT_EQ(bounded, 3u);
  reader.finish(out);
  // a, the cut C3, the gap, the stray A9, the gap of the damaged b, c.
  const char32_t want[] = {'a', R, R, R, R, 'c', 'z', 'z', 'z'};
  EXPECT_TRUE(out.equals(want, 9));
  EXPECT_EQ(ring.upstream_losses(), 2u);
}

}  // namespace
