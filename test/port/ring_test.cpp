// ByteRing: capacity, order across wrap-around, exact drop counts, gap
// markers (including the one-slot case), span pushes, consumer clamping.

#include "port_test_support.h"
#include "utest/utest.h"
#include "utf8mcu/port/byte_ring.h"

namespace {

using utf8mcu::port::ByteRing;
using utf8mcu::port::ByteSpan;
using utf8mcu::port::kGapMarker;

// RAM cost is the storage plus five counters and a state byte.
static_assert(sizeof(ByteRing<4>) == 4 + 24, "ring overhead");
static_assert(sizeof(ByteRing<64>) == 64 + 24, "ring overhead");
static_assert(sizeof(ByteRing<1024>) == 1024 + 24, "ring overhead");
static_assert(ByteRing<256>::capacity() == 256, "capacity");

UTEST(ByteRing, EverySlotIsUsable) {
  ByteRing<16> ring;
  for (std::uint8_t i = 0; i < 16; ++i) EXPECT_TRUE(ring.push(i));
  EXPECT_EQ(ring.size(), 16u);
  EXPECT_FALSE(ring.has_room());
  EXPECT_FALSE(ring.push(99));
  EXPECT_EQ(ring.dropped_bytes(), 1u);
  std::uint8_t out[16] = {};
  ASSERT_EQ(ring.pop(out, sizeof out), 16u);
  for (std::uint8_t i = 0; i < 16; ++i) EXPECT_EQ(out[i], i);
  EXPECT_EQ(ring.size(), 0u);
}

UTEST(ByteRing, OrderSurvivesWrapAround) {
  // Many cycles with uneven push and pop sizes, so the indices wrap the
  // storage at every offset.
  ByteRing<8> ring;
  port_test::Random random(7);
  std::uint8_t next_in = 0;
  std::uint8_t next_out = 0;
  for (int round = 0; round < 2000; ++round) {
    const std::uint32_t pushes = random.below(9);
    for (std::uint32_t i = 0; i < pushes && ring.has_room(); ++i) ring.push(next_in++);
    std::uint8_t out[8];
    const std::size_t n = ring.pop(out, random.below(9));
    for (std::size_t i = 0; i < n; ++i) {
      if (out[i] != next_out) {
        UTEST_FAIL("bytes out of order");
      }
      ++next_out;
    }
  }
  EXPECT_EQ(ring.dropped_bytes(), 0u);
  EXPECT_EQ(ring.gaps(), 0u);
}

UTEST(ByteRing, PeekGivesContiguousPartsAcrossTheEnd) {
  ByteRing<8> ring;
  const std::uint8_t first[6] = {1, 2, 3, 4, 5, 6};
  ring.push(first, 6);
  ring.consume(5);  // tail at offset 5
  const std::uint8_t second[6] = {7, 8, 9, 10, 11, 12};
  EXPECT_EQ(ring.push(second, 6), 6u);  // wraps: 7,8 at the end, the rest at the start
  ByteSpan span = ring.peek();
  ASSERT_EQ(span.size, 3u);  // 6, 7, 8 up to the end of storage
  EXPECT_EQ(span.data[0], 6);
  EXPECT_EQ(span.data[2], 8);
  ring.consume(span.size);
  span = ring.peek();
  ASSERT_EQ(span.size, 4u);
  const std::uint8_t want[4] = {9, 10, 11, 12};
  EXPECT_MEMEQ(span.data, want, 4);
}

UTEST(ByteRing, DropsAreCountedExactlyAndMarked) {
  ByteRing<16> ring;
  for (unsigned i = 0; i < 100; ++i) ring.push(static_cast<std::uint8_t>('a' + i % 26));
  EXPECT_EQ(ring.dropped_bytes(), 84u);
  EXPECT_EQ(ring.received_bytes(), 100u);
  EXPECT_EQ(ring.gaps(), 1u);
  EXPECT_TRUE(ring.gap_pending());
  std::uint8_t out[32] = {};
  EXPECT_EQ(ring.pop(out, sizeof out), 16u);
  // Room again: the marker goes in before the next accepted byte.
  EXPECT_TRUE(ring.push('Z'));
  EXPECT_FALSE(ring.gap_pending());
  EXPECT_EQ(ring.gaps(), 1u);
  ASSERT_EQ(ring.pop(out, sizeof out), 2u);
  EXPECT_EQ(out[0], kGapMarker);
  EXPECT_EQ(out[1], 'Z');
  EXPECT_EQ(ring.received_bytes(), 101u);
}

UTEST(ByteRing, EveryGapGetsItsOwnMarker) {
  ByteRing<4> ring;
  std::uint8_t stream[64] = {};
  std::size_t length = 0;
  for (int gap = 0; gap < 5; ++gap) {
    // 6 bytes into 4 slots: 2 dropped the first time; later the marker takes
    // a slot, so 3.
    for (std::uint8_t b = 0; b < 6; ++b) ring.push(static_cast<std::uint8_t>(gap * 10 + b));
    length += ring.pop(stream + length, sizeof stream - length);
  }
  ring.push(99);
  length += ring.pop(stream + length, sizeof stream - length);
  EXPECT_EQ(ring.dropped_bytes(), 2u + 4u * 3u);
  EXPECT_EQ(ring.gaps(), 5u);
  // 0 1 2 3 | FF 10 11 12 | FF 20 21 22 | ... | FF 99: the marker takes a slot.
  const std::uint8_t want[] = {0,  1,  2,  3,  0xFF, 10, 11, 12, 0xFF, 20, 21, 22,
                               0xFF, 30, 31, 32, 0xFF, 40, 41, 42, 0xFF, 99};
  ASSERT_EQ(length, sizeof want);
  EXPECT_MEMEQ(stream, want, sizeof want);
}

UTEST(ByteRing, OneFreeSlotTakesTheMarkerAndDropsTheByte) {
  ByteRing<4> ring;
  const std::uint8_t fill[5] = {1, 2, 3, 4, 5};
  EXPECT_EQ(ring.push(fill, 5), 4u);  // 5 dropped
  std::uint8_t out[8] = {};
  EXPECT_EQ(ring.pop(out, 1), 1u);  // one slot free
  EXPECT_FALSE(ring.has_room());    // a byte would need two: marker + byte
  EXPECT_FALSE(ring.push(6));       // marker in, 6 dropped
  EXPECT_EQ(ring.dropped_bytes(), 2u);
  EXPECT_FALSE(ring.gap_pending());
  EXPECT_EQ(ring.gaps(), 1u);  // 5 and 6 are one gap, marked once
  EXPECT_EQ(ring.pop(out, sizeof out), 4u);
  EXPECT_TRUE(ring.push(7));  // no second marker
  EXPECT_EQ(ring.pop(out + 4, 4), 1u);
  const std::uint8_t want[5] = {2, 3, 4, 0xFF, 7};
  EXPECT_MEMEQ(out, want, 5);
  EXPECT_EQ(ring.received_bytes(), 7u);
}

UTEST(ByteRing, SpanPushAcceptsWhatFitsAndCountsTheRest) {
  ByteRing<8> ring;
  std::uint8_t chunk[20];
  for (std::uint8_t i = 0; i < 20; ++i) chunk[i] = i;
  EXPECT_EQ(ring.push(chunk, 20), 8u);
  EXPECT_EQ(ring.dropped_bytes(), 12u);
  EXPECT_EQ(ring.push(chunk, 3), 0u);  // still full: all dropped, same gap
  EXPECT_EQ(ring.dropped_bytes(), 15u);
  EXPECT_EQ(ring.gaps(), 1u);
  std::uint8_t out[8];
  EXPECT_EQ(ring.pop(out, 3), 3u);
  EXPECT_EQ(ring.push(chunk + 10, 5), 2u);  // marker + 2 bytes fill 3 slots
  EXPECT_EQ(ring.dropped_bytes(), 18u);
  EXPECT_EQ(ring.gaps(), 2u);               // a new gap after the accepted bytes
  EXPECT_EQ(ring.push(nullptr, 5), 0u);     // null span: nothing, not a drop
  EXPECT_EQ(ring.dropped_bytes(), 18u);
  EXPECT_EQ(ring.received_bytes(), 20u + 3u + 5u);
}

UTEST(ByteRing, UpstreamLossesAreMarkedButNotCountedAsDrops) {
  ByteRing<8> ring;
  ring.push('a');
  ring.mark_gap();
  ring.mark_gap();  // consecutive losses: one gap
  ring.push('b');
  EXPECT_EQ(ring.upstream_losses(), 2u);
  EXPECT_EQ(ring.dropped_bytes(), 0u);
  EXPECT_EQ(ring.gaps(), 1u);
  std::uint8_t out[8];
  ASSERT_EQ(ring.pop(out, sizeof out), 3u);
  const std::uint8_t want[3] = {'a', 0xFF, 'b'};
  EXPECT_MEMEQ(out, want, 3);
}

UTEST(ByteRing, ConsumeIsClamped) {
  ByteRing<8> ring;
  ring.push('x');
  ring.consume(100);
  EXPECT_EQ(ring.size(), 0u);
  EXPECT_TRUE(ring.push('y'));
  std::uint8_t out = 0;
  EXPECT_EQ(ring.pop(&out, 1), 1u);
  EXPECT_EQ(out, 'y');
}

// ---- Writer: one interrupt's bytes, published at once ----

UTEST(ByteRingWriter, BytesAppearOnlyOncePublished) {
  ByteRing<8> ring;
  ByteRing<8>::Writer writer{ring};
  EXPECT_TRUE(writer.put('a'));
  EXPECT_TRUE(writer.put('b'));
  EXPECT_EQ(ring.size(), 0u);  // not yet visible to the consumer
  writer.publish();
  EXPECT_EQ(ring.size(), 2u);
  EXPECT_EQ(ring.received_bytes(), 2u);
}

UTEST(ByteRingWriter, LossesAndDropsAreMarkedWhereTheyHappened) {
  // 4 slots: a b, a loss, c fill them with the marker; d e are dropped. The
  // next interrupt, once the consumer has read all, starts with the drop's
  // marker; a loss reported after f gets its marker before g.
  ByteRing<4> ring;
  {
    ByteRing<4>::Writer writer{ring};
    EXPECT_TRUE(writer.has_room());
    EXPECT_TRUE(writer.put('a'));
    EXPECT_TRUE(writer.put('b'));
    writer.mark_gap();
    EXPECT_TRUE(writer.put('c'));
    EXPECT_FALSE(writer.has_room());
    EXPECT_FALSE(writer.put('d'));
    EXPECT_FALSE(writer.put('e'));
    writer.publish();
  }
  std::uint8_t out[16] = {};
  std::size_t length = ring.pop(out, sizeof out);
  EXPECT_EQ(ring.dropped_bytes(), 2u);
  EXPECT_TRUE(ring.gap_pending());
  {
    ByteRing<4>::Writer writer{ring};
    EXPECT_TRUE(writer.has_room());
    EXPECT_TRUE(writer.put('f'));
    writer.mark_gap();
    EXPECT_TRUE(writer.put('g'));
    writer.publish();
  }
  length += ring.pop(out + length, sizeof out - length);
  const std::uint8_t want[] = {'a', 'b', 0xFF, 'c', 0xFF, 'f', 0xFF, 'g'};
  ASSERT_EQ(length, sizeof want);
  EXPECT_MEMEQ(out, want, sizeof want);
  EXPECT_EQ(ring.gaps(), 3u);
  EXPECT_EQ(ring.upstream_losses(), 2u);
  EXPECT_EQ(ring.received_bytes(), 7u);
}

UTEST(ByteRingWriter, SeesRoomTheConsumerMadeDuringTheBurst) {
  ByteRing<4> ring;
  ByteRing<4>::Writer writer{ring};
  for (std::uint8_t b = 0; b < 4; ++b) EXPECT_TRUE(writer.put(b));
  writer.publish();
  std::uint8_t out[4] = {};
  EXPECT_EQ(ring.pop(out, 2), 2u);  // as if the thread ran in between
  EXPECT_TRUE(writer.has_room());
  EXPECT_TRUE(writer.put(4));
  EXPECT_TRUE(writer.put(5));
  EXPECT_FALSE(writer.put(6));
  writer.publish();
  EXPECT_EQ(ring.dropped_bytes(), 1u);
  EXPECT_EQ(ring.pop(out, 4), 4u);
  const std::uint8_t want[4] = {2, 3, 4, 5};
  EXPECT_MEMEQ(out, want, 4);
}

// Random bursts of bytes and losses with a consumer reading between them: a
// ring fed through Writers must hold the same stream and counts as one fed
// byte by byte through push() and mark_gap(), whose rules the tests above
// pin down.
UTEST(ByteRingWriter, RandomBurstsMatchPushByPush) {
  ByteRing<16> burst_ring;
  ByteRing<16> byte_ring;
  port_test::Random random(11);
  std::uint8_t next = 0;
  std::uint32_t compared = 0;
  for (int round = 0; round < 3000; ++round) {
    ByteRing<16>::Writer writer{burst_ring};
    for (std::uint32_t n = random.below(24); n > 0; --n) {
      if (random.below(16) == 0) {
        writer.mark_gap();
        byte_ring.mark_gap();
      } else {
        const bool by_burst = writer.put(next);
        const bool by_byte = byte_ring.push(next);
        if (by_burst != by_byte) UTEST_FAIL("put() and push() disagree on a drop");
        ++next;
      }
    }
    writer.publish();
    const std::size_t take = random.below(20);
    std::uint8_t a[20] = {};
    std::uint8_t b[20] = {};
    const std::size_t got = burst_ring.pop(a, take);
    ASSERT_EQ(got, byte_ring.pop(b, take));
    EXPECT_MEMEQ(a, b, got);
    compared += static_cast<std::uint32_t>(got);
    ASSERT_EQ(burst_ring.dropped_bytes(), byte_ring.dropped_bytes());
    ASSERT_EQ(burst_ring.gaps(), byte_ring.gaps());
    ASSERT_EQ(burst_ring.received_bytes(), byte_ring.received_bytes());
  }
  EXPECT_GT(compared, 10000u);
  EXPECT_GT(byte_ring.dropped_bytes(), 1000u);
  EXPECT_GT(byte_ring.upstream_losses(), 1000u);
}

}  // namespace
