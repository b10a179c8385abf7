// IngestDecoder, RingReader and UartReceiver: bounded drains, counters, gaps
// turning into U+FFFD instead of glued characters, resynchronisation after a
// single lost byte at every position of a text, and the receive interrupt glue
// with a scripted fake UART (drop and hold policies).

#include "port_test_support.h"
#include "utest/utest.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/uart_port.h"

namespace {

using port_test::CodePoints;
using utf8mcu::port::ByteRing;
using utf8mcu::port::IngestDecoder;
using utf8mcu::port::RingReader;
using utf8mcu::port::RxEvent;
using utf8mcu::port::RxOverflow;
using utf8mcu::port::UartPort;
using utf8mcu::port::UartReceiver;

constexpr char32_t R = utf8mcu::kReplacementCharacter;

static_assert(sizeof(IngestDecoder<>) == 16, "decoder state plus three counters");

UTEST(IngestDecoder, ChunksGiveTheSameAsOnePush) {
  CodePoints<128> whole;
  IngestDecoder<> one;
  one.push(port_test::kSampleText, port_test::kSampleTextSize, whole);
  one.finish(whole);
  port_test::Random random(3);
  for (int trial = 0; trial < 50; ++trial) {
    CodePoints<128> chunked;
    IngestDecoder<> decoder;
    std::size_t at = 0;
    while (at < port_test::kSampleTextSize) {
      std::size_t n = 1 + random.below(7);
      if (n > port_test::kSampleTextSize - at) n = port_test::kSampleTextSize - at;
      decoder.push(port_test::kSampleText + at, n, chunked);
      at += n;
    }
    decoder.finish(chunked);
    ASSERT_TRUE(chunked.equals(whole.code_points, whole.size));
    EXPECT_EQ(decoder.code_points(), whole.size);
    EXPECT_EQ(decoder.bytes(), port_test::kSampleTextSize);
    EXPECT_EQ(decoder.replacements(), 0u);
  }
}

UTEST(IngestDecoder, GapNeverGluesFragments) {
  // C3 A9 C3 A9 ("éé") with A9 C3 lost: without the gap, C3 + A9 would make
  // a wrong "é" from both sides of it.
  const std::uint8_t before[1] = {0xC3};
  const std::uint8_t after[1] = {0xA9};
  CodePoints<8> out;
  IngestDecoder<> decoder;
  decoder.push(before, 1, out);
  const auto gap = decoder.gap(out);
  decoder.push(after, 1, out);
  decoder.finish(out);
  const char32_t want[3] = {R, R, R};  // cut C3, the gap, the stray A9
  EXPECT_TRUE(out.equals(want, 3));
  EXPECT_EQ(gap.errors, 2u);
  EXPECT_EQ(gap.bytes, 0u);  // a gap is no received byte
  EXPECT_EQ(decoder.replacements(), 3u);
  EXPECT_EQ(decoder.bytes(), 2u);
}

UTEST(IngestDecoder, FinishFlushesACutSequence) {
  const std::uint8_t text[3] = {'o', 0xF0, 0x9F};
  CodePoints<4> out;
  IngestDecoder<> decoder;
  decoder.push(text, 3, out);
  EXPECT_TRUE(decoder.in_sequence());
  const auto end = decoder.finish(out);
  EXPECT_EQ(end.errors, 1u);
  const char32_t want[2] = {'o', R};
  EXPECT_TRUE(out.equals(want, 2));
}

UTEST(IngestDecoder, SkipPolicyCountsButDropsReplacements) {
  const std::uint8_t text[4] = {'a', 0xFF, 0x80, 'b'};
  CodePoints<4> out;
  IngestDecoder<utf8mcu::ErrorPolicy::kSkip> decoder;
  decoder.push(text, 4, out);
  const char32_t want[2] = {'a', 'b'};
  EXPECT_TRUE(out.equals(want, 2));
  EXPECT_EQ(decoder.replacements(), 2u);
}

UTEST(RingReader, PollIsBounded) {
  ByteRing<16> ring;
  for (int i = 0; i < 16; ++i) ring.push(static_cast<std::uint8_t>('a' + i));
  RingReader reader{ring};
  CodePoints<16> out;
  const auto step = reader.poll(out, 5);
  EXPECT_EQ(step.bytes, 5u);
  EXPECT_EQ(step.code_points, 5u);
  EXPECT_EQ(ring.size(), 11u);
  EXPECT_EQ(reader.poll(out, 100).bytes, 11u);  // the rest, in two wrapped parts at most
  EXPECT_EQ(reader.poll(out).bytes, 0u);        // empty: returns at once
  EXPECT_EQ(out.size, 16u);
  EXPECT_EQ(reader.bytes_read(), 16u);
}

// Raw-byte mode: the bytes come out as they went in, bounded per call, across
// the ring's wrap-around, gap markers included and nothing decoded.
UTEST(RingReader, PollBytesHandsTheRawBytes) {
  ByteRing<8> ring;
  RingReader reader{ring};
  std::uint8_t out[128] = {};
  std::size_t size = 0;
  auto sink = [&](const std::uint8_t* data, std::size_t n) {
    for (std::size_t i = 0; i < n && size < sizeof(out); ++i) out[size++] = data[i];
  };
  port_test::Random random(5);
  std::size_t at = 0;
  while (at < port_test::kSampleTextSize || ring.size() != 0) {
    while (at < port_test::kSampleTextSize && ring.has_room() && random.below(4) != 0) {
      ring.push(port_test::kSampleText[at++]);
    }
    const std::size_t bound = 1 + random.below(5);
    const std::size_t before = ring.size();
    const auto step = reader.poll_bytes(sink, bound);
    EXPECT_EQ(step.bytes, before < bound ? before : bound);
    EXPECT_EQ(step.code_points, 0u);
  }
  EXPECT_EQ(size, port_test::kSampleTextSize);
  bool same = size == port_test::kSampleTextSize;
  for (std::size_t i = 0; same && i < size; ++i) same = out[i] == port_test::kSampleText[i];
  EXPECT_TRUE(same);
  EXPECT_EQ(reader.code_points(), 0u);
  // A gap goes through as the ring's marker byte, in its place.
  ByteRing<8> lossy;
  RingReader raw{lossy};
  lossy.push('a');
  lossy.mark_gap();
  lossy.push('b');
  size = 0;
  EXPECT_EQ(raw.poll_bytes(sink).bytes, 3u);
  EXPECT_EQ(size, 3u);
  EXPECT_EQ(out[0], 'a');
  EXPECT_EQ(out[1], utf8mcu::port::kGapMarker);
  EXPECT_EQ(out[2], 'b');
}

UTEST(RingReader, BoundedPollsAcrossWrapAroundKeepTheText) {
  ByteRing<8> ring;
  RingReader reader{ring};
  CodePoints<128> out;
  port_test::Random random(11);
  std::size_t at = 0;
  while (at < port_test::kSampleTextSize || ring.size() != 0) {
    while (at < port_test::kSampleTextSize && ring.has_room() && random.below(4) != 0) {
      ring.push(port_test::kSampleText[at++]);
    }
    reader.poll(out, 1 + random.below(5));
  }
  reader.finish(out);
  CodePoints<128> want;
  IngestDecoder<> direct;
  direct.push(port_test::kSampleText, port_test::kSampleTextSize, want);
  EXPECT_TRUE(out.equals(want.code_points, want.size));
  EXPECT_EQ(reader.dropped_bytes(), 0u);
  EXPECT_EQ(reader.replacements(), 0u);
}

UTEST(RingReader, OverflowInsideACharacterGivesReplacements) {
  ByteRing<4> ring;
  RingReader reader{ring};
  CodePoints<16> out;
  // x y z E2 fill the ring; 82 AC (the rest of the euro sign) are dropped.
  const std::uint8_t bytes[6] = {'x', 'y', 'z', 0xE2, 0x82, 0xAC};
  EXPECT_EQ(ring.push(bytes, 6), 4u);
  reader.poll(out);
  ring.push('w');  // marker first, then w
  reader.poll(out);
  reader.finish(out);
  const char32_t want[6] = {'x', 'y', 'z', R, R, 'w'};
  EXPECT_TRUE(out.equals(want, 6));
  EXPECT_EQ(reader.dropped_bytes(), 2u);
  EXPECT_EQ(reader.gaps(), 1u);
  EXPECT_EQ(reader.replacements(), 2u);
  EXPECT_EQ(reader.code_points(), 6u);
  EXPECT_EQ(reader.bytes_read(), 6u);  // 5 bytes and the marker
}

UTEST(RingReader, FinishShowsAGapAtTheVeryEnd) {
  ByteRing<2> ring;
  RingReader reader{ring};
  CodePoints<8> out;
  const std::uint8_t bytes[3] = {'a', 'b', 'c'};
  ring.push(bytes, 3);  // c dropped; no byte follows to carry the marker
  reader.finish(out);
  const char32_t want[3] = {'a', 'b', R};
  EXPECT_TRUE(out.equals(want, 3));
  EXPECT_EQ(reader.bytes_read(), 2u);
}

// finish() used twice, then the producer resumes: the gap shows once, not
// once per finish() plus once for its marker.
UTEST(RingReader, FinishShowsEachGapOnceWhateverTheCalls) {
  ByteRing<2> ring;
  RingReader reader{ring};
  CodePoints<8> out;
  const std::uint8_t bytes[3] = {'a', 'b', 'c'};
  ring.push(bytes, 3);  // c dropped
  reader.finish(out);
  reader.finish(out);
  EXPECT_TRUE(ring.push('d'));  // writes the gap's marker, then d
  reader.poll(out);
  reader.finish(out);
  const char32_t want[4] = {'a', 'b', R, 'd'};
  EXPECT_TRUE(out.equals(want, 4));
  EXPECT_EQ(reader.replacements(), 1u);
  EXPECT_EQ(reader.gaps(), 1u);
  EXPECT_EQ(reader.bytes_read(), 4u);  // a, b, the marker, d
}

// The same with a burst writer, and finish() called (from another core, say)
// between a loss and the end of the burst: the bytes written before the loss
// come first, the gap shows once, nothing is lost without a count.
UTEST(RingReader, FinishDuringABurstKeepsTheBytesBeforeTheGap) {
  ByteRing<8> ring;
  RingReader reader{ring};
  CodePoints<8> out;
  ByteRing<8>::Writer writer{ring};
  EXPECT_TRUE(writer.put('a'));
  writer.mark_gap();
  reader.finish(out);
  EXPECT_TRUE(writer.put('b'));
  writer.publish();
  reader.poll(out);
  reader.finish(out);
  const char32_t want[3] = {'a', R, 'b'};
  EXPECT_TRUE(out.equals(want, 3));
  EXPECT_EQ(reader.replacements(), 1u);
  EXPECT_EQ(reader.gaps(), 1u);
  EXPECT_EQ(ring.dropped_bytes(), 0u);
  EXPECT_EQ(reader.bytes_read(), 3u);  // a, the marker, b
}

// finish() as a periodic flush among random pushes (with drops) and polls:
// the output is the accepted bytes with exactly one U+FFFD per gap, written
// from a model of the drops kept here, not from the reader.
UTEST(RingReader, FinishAsAPeriodicFlushIsExact) {
  constexpr std::size_t kSlots = 8;
  port_test::Random random{0x18u};
  for (int round = 0; round < 300; ++round) {
    ByteRing<kSlots> ring;
    RingReader reader{ring};
    CodePoints<512> out;
    char32_t want[512];
    std::size_t wanted = 0;
    // The model (ByteRing's documented rule): a gap's marker goes in before
    // the next accepted byte, or alone when exactly one slot is left.
    enum class Gap { kNone, kUnmarked, kMarked } gap = Gap::kNone;
    std::size_t used = 0;  // slots holding bytes or markers
    for (int step = 0; step < 120 && wanted < 500; ++step) {
      const std::uint32_t action = random.below(5);
      if (action <= 2) {
        const auto byte = static_cast<std::uint8_t>('a' + random.below(26));
        bool accept = false;
        if (gap == Gap::kUnmarked && used < kSlots) {
          ++used;  // the marker
          gap = Gap::kMarked;
        }
        if (used < kSlots) {
          ++used;
          accept = true;
          gap = Gap::kNone;
          want[wanted++] = byte;
        } else if (gap == Gap::kNone) {
          gap = Gap::kUnmarked;
          want[wanted++] = R;
        }
        if (ring.push(byte) != accept) {
          UTEST_ADD_FAILURE("push disagrees with the model");
          return;
        }
      } else if (action == 3) {
        const std::size_t most = random.below(5);
        reader.poll(out, most);
        used -= most < used ? most : used;
      } else {
        reader.finish(out);
        used = 0;
      }
    }
    reader.finish(out);
    if (!out.equals(want, wanted) || reader.replacements() != reader.gaps()) {
      utest::log() << "round " << round << ": " << out.size << " code points, want " << wanted
                   << "; replacements " << reader.replacements() << ", gaps " << reader.gaps()
                   << "\n";
      UTEST_ADD_FAILURE("gaps not shown exactly once");
      return;
    }
  }
}

// Decodes kSampleText with one byte lost at `lost` and checks that exactly the
// code point holding it became 1-4 U+FFFD and everything else came through.
template <typename Feed>
void check_resync_everywhere(Feed feed) {
  constexpr std::size_t kText = port_test::kSampleTextSize;
  CodePoints<128> want;
  std::size_t starts[128] = {};  // byte offset where each code point starts
  {
    utf8mcu::Decoder decoder;
    std::size_t offset = 0;
    for (std::size_t i = 0; i < kText; ++i) {
      const std::size_t before = want.size;
      decoder.push(port_test::kSampleText[i], want);
      if (want.size != before) {
        starts[before] = offset;
        offset = i + 1;
      }
    }
  }
  for (std::size_t lost = 0; lost < kText; ++lost) {
    CodePoints<128> got;
    feed(lost, got);
    std::size_t k = 0;  // the code point that held the lost byte
    while (k + 1 < want.size && starts[k + 1] <= lost) ++k;
    const std::size_t tail = want.size - k - 1;
    bool ok = got.size >= want.size && got.size <= want.size + 3 && got.size <= 128;
    for (std::size_t i = 0; ok && i < k; ++i) ok = got.code_points[i] == want.code_points[i];
    for (std::size_t i = 0; ok && i < tail; ++i) {
      ok = got.code_points[got.size - tail + i] == want.code_points[k + 1 + i];
    }
    for (std::size_t i = k; ok && i < got.size - tail; ++i) ok = got.code_points[i] == R;
    if (!ok) {
      utest::log() << "lost byte " << lost << ": " << got.size << " code points, want "
                   << want.size << " with code point " << k << " replaced\n";
      UTEST_ADD_FAILURE("more than the one code point lost");
      return;
    }
  }
}

UTEST(Resync, OneByteDroppedByTheRingLosesOneCodePoint) {
  check_resync_everywhere([](std::size_t lost, CodePoints<128>& out) {
    ByteRing<2> ring;
    RingReader reader{ring};
    // Fewer than two bytes before it cannot fill the ring: lose it upstream.
    if (lost < 2) {
      for (std::size_t i = 0; i < port_test::kSampleTextSize; ++i) {
        if (i == lost) {
          ring.mark_gap();
        } else {
          ring.push(port_test::kSampleText[i]);
        }
        reader.poll(out);
      }
      reader.finish(out);
      return;
    }
    for (std::size_t i = 0; i < port_test::kSampleTextSize; ++i) {
      // The reader stalls for the two bytes before `lost`, so the ring is
      // full when it arrives; otherwise it keeps up.
      const bool stalled = i + 2 >= lost && i < lost;
      const bool pushed = ring.push(port_test::kSampleText[i]);
      if (pushed != (i != lost)) UTEST_ADD_FAILURE("unexpected drop");
      if (!stalled) reader.poll(out);
    }
    reader.finish(out);
    if (reader.dropped_bytes() != 1) UTEST_ADD_FAILURE("not exactly one drop");
  });
}

UTEST(Resync, OneByteLostUpstreamLosesOneCodePoint) {
  check_resync_everywhere([](std::size_t lost, CodePoints<128>& out) {
    ByteRing<8> ring;
    RingReader reader{ring};
    for (std::size_t i = 0; i < port_test::kSampleTextSize; ++i) {
      if (i == lost) {
        ring.mark_gap();  // e.g. a UART overrun
      } else {
        ring.push(port_test::kSampleText[i]);
      }
      reader.poll(out);
    }
    reader.finish(out);
  });
}

// A UART whose receive register plays back a script.
struct FakeUart {
  struct Step {
    RxEvent event;
    std::uint8_t byte;
  };
  const Step* script = nullptr;
  std::size_t size = 0;
  std::size_t next = 0;
  bool interrupt_enabled = true;
  int mask_calls = 0;
};

RxEvent fake_read_rx(void* context, std::uint8_t* byte) {
  auto& uart = *static_cast<FakeUart*>(context);
  if (uart.next == uart.size) return RxEvent::kEmpty;
  const FakeUart::Step& step = uart.script[uart.next++];
  *byte = step.byte;
  return step.event;
}

void fake_set_rx_interrupt(void* context, bool enabled) {
  auto& uart = *static_cast<FakeUart*>(context);
  uart.interrupt_enabled = enabled;
  ++uart.mask_calls;
}

bool fake_start(void*, std::uint32_t) { return true; }

UartPort fake_port(FakeUart& uart) {
  return UartPort{fake_start, fake_read_rx, fake_set_rx_interrupt, nullptr, &uart};
}

UTEST(UartReceiver, LossesBecomeGapsInTheRightPlace) {
  const FakeUart::Step script[] = {
      {RxEvent::kByte, 'a'},         {RxEvent::kLossThenByte, 'b'}, {RxEvent::kByteThenLoss, 'c'},
      {RxEvent::kLoss, 0},           {RxEvent::kByte, 'd'},
  };
  FakeUart uart{script, 5};
  const UartPort port = fake_port(uart);
  ByteRing<16> ring;
  UartReceiver<ByteRing<16>> receiver{port, ring};
  EXPECT_TRUE(receiver.start(9600));
  EXPECT_EQ(receiver.on_interrupt(), 4u);
  std::uint8_t out[16];
  ASSERT_EQ(ring.pop(out, sizeof out), 6u);
  const std::uint8_t want[6] = {'a', 0xFF, 'b', 'c', 0xFF, 'd'};
  EXPECT_MEMEQ(out, want, 6);
  EXPECT_EQ(ring.upstream_losses(), 3u);
  EXPECT_EQ(ring.gaps(), 2u);
  EXPECT_EQ(ring.dropped_bytes(), 0u);
}

UTEST(UartReceiver, ReadsAreBoundedPerInterrupt) {
  FakeUart::Step script[10];
  for (std::uint8_t i = 0; i < 10; ++i) script[i] = {RxEvent::kByte, i};
  FakeUart uart{script, 10};
  const UartPort port = fake_port(uart);
  ByteRing<16> ring;
  UartReceiver<ByteRing<16>> receiver{port, ring};
  EXPECT_EQ(receiver.on_interrupt(4), 4u);
  EXPECT_EQ(receiver.on_interrupt(), 6u);
}

UTEST(UartReceiver, DropPolicyDropsWhenFull) {
  FakeUart::Step script[6];
  for (std::uint8_t i = 0; i < 6; ++i) script[i] = {RxEvent::kByte, i};
  FakeUart uart{script, 6};
  const UartPort port = fake_port(uart);
  ByteRing<4> ring;
  UartReceiver<ByteRing<4>, RxOverflow::kDrop> receiver{port, ring};
  EXPECT_EQ(receiver.on_interrupt(16), 6u);
  EXPECT_EQ(ring.dropped_bytes(), 2u);
  EXPECT_EQ(uart.mask_calls, 0);
}

UTEST(UartReceiver, HoldPolicyLosesNothing) {
  FakeUart::Step script[10];
  for (std::uint8_t i = 0; i < 10; ++i) script[i] = {RxEvent::kByte, i};
  FakeUart uart{script, 10};
  const UartPort port = fake_port(uart);
  ByteRing<4> ring;
  UartReceiver<ByteRing<4>, RxOverflow::kHold> receiver{port, ring};
  EXPECT_EQ(receiver.on_interrupt(16), 4u);  // full: the rest stays in the UART
  EXPECT_TRUE(receiver.held());
  EXPECT_FALSE(uart.interrupt_enabled);
  EXPECT_EQ(uart.next, 4u);
  receiver.resume();  // still full: stays masked
  EXPECT_FALSE(uart.interrupt_enabled);
  std::uint8_t out[16];
  std::size_t n = ring.pop(out, 2);  // half full now
  receiver.resume();
  EXPECT_TRUE(uart.interrupt_enabled);
  EXPECT_FALSE(receiver.held());
  while (uart.next < uart.size) {
    receiver.on_interrupt();
    n += ring.pop(out + n, sizeof out - n);
    receiver.resume();
  }
  n += ring.pop(out + n, sizeof out - n);
  ASSERT_EQ(n, 10u);
  for (std::uint8_t i = 0; i < 10; ++i) EXPECT_EQ(out[i], i);
  EXPECT_EQ(ring.dropped_bytes(), 0u);
  EXPECT_GE(receiver.holds(), 1u);
}

}  // namespace
