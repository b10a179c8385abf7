// DmaRxCursor: thousands of random circular-DMA runs replayed against a model
// of the hardware written here (the DMA's true byte count, its HT/TC flags,
// the idle-line flag, two interrupt handlers that run late and in either
// order, the DMA moving on between the flag read and the position read). The model knows how many bytes the DMA really wrote between two
// calls, so it knows the right answer without the cursor's lap logic: the
// bytes themselves, or (more than a buffer) all of them lost.

#include <cstdint>

#include "port_test_support.h"
#include "utest/utest.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/dma_rx.h"
#include "utf8mcu/port/ingest.h"

namespace {

using port_test::CodePoints;
using utf8mcu::port::DmaEvent;
using utf8mcu::port::DmaRxCursor;
using utf8mcu::port::DmaRxSpans;

constexpr char32_t R = utf8mcu::kReplacementCharacter;

// The byte the DMA writes as its i-th byte of the stream.
std::uint8_t stream_byte(std::uint32_t i) {
  return static_cast<std::uint8_t>((i * 2654435761u) >> 13);
}

struct DmaModel {
  std::uint8_t buffer[256] = {};
  std::uint32_t size = 0;
  std::uint32_t written = 0;      // true total the DMA wrote
  std::uint32_t at_last_call = 0;  // true total at the cursor's last call
  bool half_flag = false;
  bool complete_flag = false;
  bool idle_flag = false;

  void write(std::uint32_t count) {
    for (std::uint32_t i = 0; i < count; ++i) {
      buffer[written % size] = stream_byte(written);
      ++written;
      if (written % size == size / 2) half_flag = true;
      if (written % size == 0) complete_flag = true;
    }
  }
  std::uint32_t position() const { return written % size; }
};

// Checks one call's result against the model; returns false on a mismatch.
bool check_call(DmaModel& model, const DmaRxSpans& spans, std::uint32_t& lost_total) {
  const std::uint32_t moved = model.written - model.at_last_call;
  const std::uint32_t from = model.at_last_call;
  model.at_last_call = model.written;
  if (moved > model.size) {
    lost_total += moved;
    return spans.lost == moved && spans.first.size == 0 && spans.second.size == 0;
  }
  if (spans.lost != 0 || spans.first.size + spans.second.size != moved) return false;
  for (std::uint32_t i = 0; i < moved; ++i) {
    const std::uint8_t got =
        i < spans.first.size ? spans.first.data[i] : spans.second.data[i - spans.first.size];
    if (got != stream_byte(from + i)) return false;
  }
  return true;
}

UTEST(DmaRxCursor, RandomRunsMatchTheModel) {
  constexpr std::uint32_t kSizes[] = {2, 8, 16, 64, 256};
  port_test::Random random{0xD3Au};
  std::uint32_t calls = 0;
  std::uint32_t overruns = 0;
  for (int run = 0; run < 2000; ++run) {
    DmaModel model;
    model.size = kSizes[random.below(5)];
    DmaRxCursor cursor{model.buffer, model.size};
    std::uint32_t lost_total = 0;
    // The handlers' latency, as the cursor requires: at most one wrap since
    // its last call, and none while a TC flag waits.
    const auto room = [&model]() {
      const std::uint32_t limit = model.complete_flag
                                      ? (model.written / model.size + 1) * model.size - 1
                                      : (model.at_last_call / model.size + 2) * model.size - 1;
      return limit - model.written;
    };
    for (int step = 0; step < 60; ++step) {
      const std::uint32_t pick = random.below(4);
      std::uint32_t count = pick == 0   ? random.below(3)
                            : pick == 1 ? random.below(model.size)
                            : pick == 2 ? room() / 2
                                        : room();
      if (count > room()) count = room();
      model.write(count);
      if (random.below(3) == 0) model.idle_flag = true;
      // The DMA interrupt (HT/TC) and the UART's (IDLE) may both be pending;
      // either runs first, or neither yet. Both call the same routine: read
      // and clear the DMA's flags, then read its position.
      for (int turn = 0; turn < 2; ++turn) {
        const bool dma_first = random.below(2) == 0;
        const bool run_dma = (turn == 0) == dma_first;
        if (random.below(4) == 0) continue;
        DmaEvent event = DmaEvent::kIdleLine;
        if (run_dma && (model.complete_flag || model.half_flag)) {
          event = model.half_flag ? DmaEvent::kHalfTransfer : DmaEvent::kIdleLine;
        } else if (run_dma || !model.idle_flag) {
          continue;
        }
        if (!run_dma) model.idle_flag = false;
        if (model.complete_flag) event = DmaEvent::kTransferComplete;
        model.complete_flag = false;
        model.half_flag = false;
        if (random.below(4) == 0) {
          // The DMA moves on before the position read; a wrap in that window
          // cannot be told from a lap once a whole buffer came since the last
          // call (the cursor's documented limit), so the model does not make one.
          std::uint32_t late = random.below(3);
          if (late > room()) late = room();
          const bool wraps = (model.written + late) / model.size != model.written / model.size;
          if (wraps && model.written + late - model.at_last_call >= model.size) late = 0;
          model.write(late);
        }
        const DmaRxSpans spans = cursor.advance(event, model.position());
        ++calls;
        overruns += spans.lost != 0 ? 1 : 0;
        if (!check_call(model, spans, lost_total)) {
          utest::log() << "run " << run << " step " << step << ": buffer " << model.size
                       << ", DMA at " << model.written << ", lost " << spans.lost << ", spans "
                       << spans.first.size << "+" << spans.second.size << "\n";
          UTEST_ADD_FAILURE("DMA spans differ from the model");
          return;
        }
      }
    }
    if (cursor.lost_bytes() != lost_total || cursor.received_bytes() != model.at_last_call) {
      UTEST_ADD_FAILURE("DMA counters differ from the model");
      return;
    }
  }
  utest::log() << "DMA runs: 2000, calls " << calls << ", overruns " << overruns << "\n";
  // The runs must reach both paths, or the test proves little.
  EXPECT_GT(calls, 50000u);
  EXPECT_GT(overruns, 500u);
}

// An idle-line call sees the wrap first; the TC that follows must not count
// a second lap.
UTEST(DmaRxCursor, TransferCompleteAfterAnIdleLineWrapIsNoLap) {
  std::uint8_t buffer[8] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
  DmaRxCursor cursor{buffer, 8};
  DmaRxSpans spans = cursor.advance(DmaEvent::kHalfTransfer, 6);
  EXPECT_EQ(spans.first.size, 6u);
  spans = cursor.advance(DmaEvent::kIdleLine, 2);  // wrapped: g h, then a b
  EXPECT_EQ(spans.first.size, 2u);
  EXPECT_EQ(spans.second.size, 2u);
  EXPECT_EQ(spans.first.data[0], 'g');
  EXPECT_EQ(spans.second.data[1], 'b');
  spans = cursor.advance(DmaEvent::kTransferComplete, 3);
  EXPECT_EQ(spans.lost, 0u);
  EXPECT_EQ(spans.first.size, 1u);
  // A TC with no wrap seen: a whole lap plus one byte, all lost.
  spans = cursor.advance(DmaEvent::kTransferComplete, 4);
  EXPECT_EQ(spans.lost, 9u);
  EXPECT_EQ(cursor.lost_bytes(), 9u);
  EXPECT_EQ(cursor.received_bytes(), 20u);
}

// Through a ByteRing and the decoder: an overrun is one U+FFFD between the
// text before and after it, and a character cut by it is not glued.
UTEST(DmaRxCursor, OverrunShowsAsOneReplacementInTheText) {
  std::uint8_t buffer[4] = {};
  DmaRxCursor cursor{buffer, 4};
  utf8mcu::port::ByteRing<16> ring;
  utf8mcu::port::RingReader reader{ring};
  CodePoints<8> out;
  buffer[0] = 'h';
  buffer[1] = 0xC3;  // the first byte of U+00E9, cut by the overrun
  utf8mcu::port::push_spans(ring, cursor.advance(DmaEvent::kIdleLine, 2));
  buffer[2] = 'x';  // the DMA then writes 5 bytes: a lap past position 2
  buffer[3] = 'x';
  buffer[0] = 'x';
  buffer[1] = 'x';
  buffer[2] = 'y';
  const DmaRxSpans lapped = cursor.advance(DmaEvent::kTransferComplete, 3);
  EXPECT_EQ(lapped.lost, 5u);
  utf8mcu::port::push_spans(ring, lapped);
  buffer[3] = 'o';
  utf8mcu::port::push_spans(ring, cursor.advance(DmaEvent::kIdleLine, 0));
  reader.finish(out);
  const char32_t want[4] = {'h', R, R, 'o'};  // the cut sequence, the gap, then o
  EXPECT_TRUE(out.equals(want, 4));
  EXPECT_EQ(reader.gaps(), 1u);
}

UTEST(DmaRxCursor, DeliverDecodesDirectly) {
  std::uint8_t buffer[4] = {0xE2, 0x82, 0xAC, 'a'};  // U+20AC, a
  DmaRxCursor cursor{buffer, 4};
  utf8mcu::port::IngestDecoder<> decoder;
  CodePoints<8> out;
  utf8mcu::port::deliver(decoder, cursor.advance(DmaEvent::kTransferComplete, 0), out);
  const char32_t want[2] = {0x20AC, 'a'};
  EXPECT_TRUE(out.equals(want, 2));
  EXPECT_EQ(decoder.bytes(), 4u);
}

// ---- The handler's reads racing the DMA: DmaRxCursor::advance(dma) ----
// A DMA model that moves at each point between the routine's reads (between
// the flag read and the position read, between the position read and the
// second flag read, before the position is read again), by every count from
// 0 to two laps, from every reader position and every number of bytes
// written before the interrupt. The model records how far the DMA had
// written at the position read the routine used, so the right answer is
// known without the cursor's logic: the bytes since the last call, or all of
// them lost when more than a buffer came.

struct RacingDma {
  DmaModel& model;
  int point;             // the read before which the DMA moves (1..3)
  std::uint32_t count;   // by this many bytes
  int reads = 0;
  std::uint32_t used = 0;  // the DMA's true total at the last position read
  bool error_flag = false;

  void before_read() {
    if (reads++ == point) model.write(count);
  }
  std::uint8_t take_flags(std::uint8_t ignore) {
    before_read();
    std::uint8_t flags = static_cast<std::uint8_t>((model.half_flag ? utf8mcu::port::kDmaHalfTransferFlag : 0) |
                                                   (model.complete_flag ? utf8mcu::port::kDmaTransferCompleteFlag : 0) |
                                                   (error_flag ? utf8mcu::port::kDmaTransferErrorFlag : 0));
    flags = static_cast<std::uint8_t>(flags & ~ignore);
    if ((flags & utf8mcu::port::kDmaHalfTransferFlag) != 0) model.half_flag = false;
    if ((flags & utf8mcu::port::kDmaTransferCompleteFlag) != 0) model.complete_flag = false;
    if ((flags & utf8mcu::port::kDmaTransferErrorFlag) != 0) error_flag = false;
    return flags;
  }
  std::uint32_t position() {
    before_read();
    used = model.written;
    return model.position();
  }
};

// The routine of the cursor's first version: flags, then position, no second
// look. The race test must catch it.
struct NaiveDma {
  RacingDma dma;
  DmaRxSpans advance(DmaRxCursor& cursor) {
    const std::uint8_t flags = dma.take_flags(0);
    const DmaEvent event = (flags & utf8mcu::port::kDmaTransferCompleteFlag) != 0 ? DmaEvent::kTransferComplete
                                                                                   : DmaEvent::kIdleLine;
    return cursor.advance(event, dma.position());
  }
};

DmaRxSpans advance_with(DmaRxCursor& cursor, RacingDma& dma) { return cursor.advance(dma); }
DmaRxSpans advance_with(DmaRxCursor& cursor, NaiveDma& naive) { return naive.advance(cursor); }
RacingDma& racing(RacingDma& dma) { return dma; }
RacingDma& racing(NaiveDma& naive) { return naive.dma; }

// Checks a call whose position read saw the DMA at `used` against the model:
// bytes since `from`, or (more than a buffer) all of them lost. Bytes the DMA
// wrote over since that read are not compared (the spans are valid until the
// DMA comes round to them).
bool race_call_matches(const DmaModel& model, std::uint32_t from, std::uint32_t used, const DmaRxSpans& spans) {
  const std::uint32_t moved = used - from;
  if (spans.first.size + spans.second.size > model.size) return false;  // never more than the buffer
  if (moved > model.size) return spans.lost == moved && spans.first.size == 0 && spans.second.size == 0;
  if (spans.lost != 0 || spans.first.size + spans.second.size != moved) return false;
  for (std::uint32_t i = 0; i < moved; ++i) {
    const std::uint8_t* at = i < spans.first.size ? spans.first.data + i : spans.second.data + (i - spans.first.size);
    if (at < model.buffer || at >= model.buffer + model.size) return false;
    if (model.written - (from + i) > model.size) continue;  // overwritten after the read
    if (*at != stream_byte(from + i)) return false;
  }
  return true;
}

// One racing call and the quiet call after it, from a reader at `start`, with
// `before` bytes written before the interrupt and `during` at read `point`.
// Returns false on a mismatch; counts the calls checked (within the one-wrap
// limit) and the overruns among them.
template <typename Dma>
bool race_matches(std::uint32_t size, std::uint32_t start, std::uint32_t before, int point, std::uint32_t during,
                  std::uint32_t& checked, std::uint32_t& overruns) {
  DmaModel model;
  model.size = size;
  DmaRxCursor cursor{model.buffer, size};
  model.write(start);
  Dma settle{RacingDma{model, 0, 0}};
  static_cast<void>(advance_with(cursor, settle));
  std::uint32_t used = racing(settle).used;
  model.write(before);
  for (int call = 0; call < 2; ++call) {
    Dma dma{RacingDma{model, call == 0 ? point : -1, during}};
    const std::uint32_t from = used;
    const DmaRxSpans spans = advance_with(cursor, dma);
    if (call == 0 && racing(dma).reads <= point) model.write(during);  // after the routine's last read
    used = racing(dma).used;
    if (used / size - from / size > 1) return true;  // beyond the documented limit
    ++checked;
    overruns += spans.lost != 0 ? 1 : 0;
    if (!race_call_matches(model, from, used, spans)) return false;
  }
  return true;
}

template <typename Dma>
std::uint32_t race_mismatches(std::uint32_t& checked, std::uint32_t& overruns) {
  constexpr std::uint32_t kSizes[] = {2, 3, 4, 5, 8, 16};
  std::uint32_t mismatches = 0;
  for (const std::uint32_t size : kSizes) {
    for (std::uint32_t start = 0; start < size; ++start) {
      for (std::uint32_t before = 0; before <= 2 * size + 1; ++before) {
        for (int point = 1; point <= 3; ++point) {
          for (std::uint32_t during = 0; during <= 2 * size + 1; ++during) {
            if (!race_matches<Dma>(size, start, before, point, during, checked, overruns)) {
              if (mismatches == 0) {
                utest::log() << "first mismatch: buffer " << size << ", reader at " << start << ", " << before
                             << " bytes before the interrupt, " << during << " before read " << point << "\n";
              }
              ++mismatches;
            }
          }
        }
      }
    }
  }
  return mismatches;
}

UTEST(DmaRxCursor, HandlerReadsRacingTheDmaAtEveryPointMatchTheModel) {
  std::uint32_t checked = 0;
  std::uint32_t overruns = 0;
  EXPECT_EQ(race_mismatches<RacingDma>(checked, overruns), 0u);
  utest::log() << "DMA race: " << checked << " calls checked, " << overruns << " overruns\n";
  EXPECT_GT(checked, 10000u);
  EXPECT_GT(overruns, 1000u);
}

// The model catches the first version's order (no second look at the flags):
// a lap completed between its flag read and its position read.
UTEST(DmaRxCursor, RaceModelCatchesARoutineWithoutTheSecondLook) {
  std::uint32_t checked = 0;
  std::uint32_t overruns = 0;
  EXPECT_GT(race_mismatches<NaiveDma>(checked, overruns), 0u);
}

// Exactly a buffer between the flag read and the position read: the DMA is
// back at the reader's position; the whole buffer is new, in this call.
UTEST(DmaRxCursor, ExactlyOneBufferInTheWindowIsDeliveredAtOnce) {
  DmaModel model;
  model.size = 8;
  DmaRxCursor cursor{model.buffer, 8};
  model.write(3);
  RacingDma settle{model, -1, 0};
  EXPECT_EQ(cursor.advance(settle).first.size, 3u);
  RacingDma dma{model, 1, 8};  // 8 bytes between the flag read and the position read
  const DmaRxSpans spans = cursor.advance(dma);
  EXPECT_EQ(spans.lost, 0u);
  EXPECT_EQ(spans.first.size + spans.second.size, 8u);
  EXPECT_EQ(spans.first.data[0], stream_byte(3));
  EXPECT_EQ(cursor.received_bytes(), 11u);
  RacingDma quiet{model, -1, 0};  // nothing left for the next call
  const DmaRxSpans next = cursor.advance(quiet);
  EXPECT_EQ(next.first.size + next.second.size + next.lost, 0u);
}

// A transfer error is a status, and a gap after the call's bytes.
UTEST(DmaRxCursor, TransferErrorIsAStatusAndAGap) {
  DmaModel model;
  model.size = 8;
  DmaRxCursor cursor{model.buffer, 8};
  for (std::uint32_t i = 0; i < 8; ++i) model.buffer[i] = static_cast<std::uint8_t>('a' + i);
  model.written = 2;  // "ab"
  RacingDma dma{model, -1, 0};
  dma.error_flag = true;
  const DmaRxSpans spans = cursor.advance(dma);
  EXPECT_EQ(static_cast<int>(spans.status), static_cast<int>(utf8mcu::port::DmaRxStatus::kTransferError));
  EXPECT_EQ(spans.first.size, 2u);
  utf8mcu::port::ByteRing<16> ring;
  utf8mcu::port::RingReader reader{ring};
  utf8mcu::port::push_spans(ring, spans);
  CodePoints<8> out;
  reader.finish(out);
  const char32_t want[3] = {'a', 'b', R};
  EXPECT_TRUE(out.equals(want, 3));
  EXPECT_EQ(reader.gaps(), 1u);
}

}  // namespace
