// ThreadSanitizer test of ByteRing + RingReader: one producer thread (the
// "interrupt": single bytes, bursts through a Writer, DMA-style spans,
// reported upstream losses) and one consumer thread (the main loop: bounded
// polls), both with random pauses so the ring runs full and empty many times.
// Built with -fsanitize=thread.
//
// The producer logs every byte it lost; afterwards the exact stream the
// reader must have seen is rebuilt (accepted bytes, one 0xFF marker per gap)
// and decoded directly, and the reader's output must equal it.
//
//   port_ring_tsan_test [bytes]     (default 10,000,000)

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "utest/random.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"

namespace {

using Ring = utf8mcu::port::ByteRing<256>;

using utest::Random;

std::vector<std::uint8_t> make_input(std::size_t size) {
  static const char* const kWords[] = {"ascii ", "gr\xC3\xBC\xC3\x9F\x65 ", "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 ",
                                       "\xE4\xBD\xA0\xE5\xA5\xBD ", "\xF0\x9F\x98\x80 ", "\xE2\x82\xAC\n"};
  std::vector<std::uint8_t> input;
  input.reserve(size);
  Random random(42);
  while (input.size() < size) {
    if (random.below(10) == 0) {
      input.push_back(static_cast<std::uint8_t>(random.next()));  // noise, ill-formed bytes
    } else {
      for (const char* p = kWords[random.below(6)]; *p != '\0'; ++p) {
        input.push_back(static_cast<std::uint8_t>(*p));
      }
    }
  }
  input.resize(size);
  return input;
}

// Busy pause of a random length, sometimes a real sleep.
void pause(Random& random, std::uint32_t one_in) {
  if (random.below(one_in) != 0) return;
  if (random.below(8) == 0) {
    std::this_thread::sleep_for(std::chrono::microseconds(random.below(200)));
  } else {
    for (std::uint32_t i = random.below(2000); i > 0; --i) std::atomic_signal_fence(std::memory_order_seq_cst);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t size = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 10000000u;
  const std::vector<std::uint8_t> input = make_input(size);
  std::vector<std::uint8_t> lost(size, 0);  // written by the producer only
  std::uint64_t ring_drops = 0;             // producer's own count
  Ring ring;
  std::atomic<bool> producer_done{false};
  std::vector<char32_t> output;
  output.reserve(size + size / 4);

  const auto start = std::chrono::steady_clock::now();
  std::thread producer([&] {
    Random random(1);
    std::size_t i = 0;
    while (i < size) {
      const std::uint32_t choice = random.below(1000);
      if (choice == 0) {
        lost[i++] = 1;  // an overrun: the byte never reaches the ring
        ring.mark_gap();
      } else if (choice < 300) {
        // An interrupt that takes several bytes (BasicUartReceiver): one
        // Writer, now and then a loss inside the burst.
        Ring::Writer writer{ring};
        for (std::size_t n = std::min<std::size_t>(1 + random.below(16), size - i); n > 0; --n) {
          if (random.below(256) == 0) {
            lost[i++] = 1;
            writer.mark_gap();
          } else {
            if (!writer.put(input[i])) {
              lost[i] = 1;
              ++ring_drops;
            }
            ++i;
          }
        }
        writer.publish();
      } else if (choice < 400) {
        // A DMA chunk.
        const std::size_t n = std::min<std::size_t>(1 + random.below(64), size - i);
        const std::size_t accepted = ring.push(input.data() + i, n);
        for (std::size_t k = accepted; k < n; ++k) lost[i + k] = 1;
        ring_drops += n - accepted;
        i += n;
      } else {
        if (!ring.push(input[i])) {
          lost[i] = 1;
          ++ring_drops;
        }
        ++i;
      }
      pause(random, 64);
    }
    producer_done.store(true, std::memory_order_release);
  });

  utf8mcu::port::RingReader reader{ring};
  std::size_t empty_polls = 0;  // consumer only: the ring also ran dry
  std::thread consumer([&] {
    Random random(2);
    auto sink = [&](char32_t code_point) { output.push_back(code_point); };
    for (;;) {
      const bool done = producer_done.load(std::memory_order_acquire);
      if (reader.poll(sink, 1 + random.below(1024)).bytes == 0) ++empty_polls;
      if (done && ring.size() == 0) break;
      pause(random, 32);
    }
    reader.finish(sink);
  });
  producer.join();
  consumer.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // The stream the reader must have seen, decoded directly.
  std::vector<char32_t> expected;
  expected.reserve(output.size());
  auto expect = [&](char32_t code_point) { expected.push_back(code_point); };
  utf8mcu::Decoder decoder;
  bool gap_open = false;
  std::size_t gaps = 0;
  for (std::size_t i = 0; i < size; ++i) {
    if (lost[i] != 0) {
      if (!gap_open) ++gaps;
      gap_open = true;
      continue;
    }
    if (gap_open) decoder.push(utf8mcu::port::kGapMarker, expect);
    gap_open = false;
    decoder.push(input[i], expect);
  }
  if (gap_open) decoder.push(utf8mcu::port::kGapMarker, expect);
  decoder.finish(expect);

  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("FAIL: %s\n", what);
      ++failures;
    }
  };
  check(ring.dropped_bytes() == static_cast<std::uint32_t>(ring_drops), "dropped_bytes() == drops logged");
  check(ring.received_bytes() == static_cast<std::uint32_t>(size - ring.upstream_losses()),
        "received_bytes() == bytes pushed");
  check(ring.gaps() == gaps, "gaps() == gaps logged");
  check(output.size() == expected.size(), "output length == rebuilt stream's decode length");
  if (output != expected) {
    std::size_t at = 0;
    while (at < output.size() && at < expected.size() && output[at] == expected[at]) ++at;
    std::printf("first difference at code point %zu\n", at);
    check(false, "output == rebuilt stream's decode");
  }
  std::printf("port_ring_tsan_test: %zu bytes, %llu dropped by the ring, %u upstream losses, %zu gaps, "
              "%zu code points, %zu empty polls, %.1f s\n",
              size, static_cast<unsigned long long>(ring_drops), ring.upstream_losses(), gaps,
              output.size(), empty_polls, seconds);
  if (ring_drops == 0 || gaps == 0) check(false, "the ring never overflowed: no drop path exercised");
  if (empty_polls == 0) check(false, "the ring never ran empty");
  std::printf("%d passed, %d failed\n", failures == 0 ? 1 : 0, failures == 0 ? 0 : 1);
  return failures == 0 ? 0 : 1;
}
