#pragma once
/// @file
/// ByteRing: a single-producer/single-consumer byte queue between one interrupt
/// handler (the producer) and one thread (the consumer), with static storage.
///
/// Overflow is never silent. When the ring is full the producer drops the byte
/// and counts it; when room returns it writes one gap marker (the byte 0xFF)
/// before the next byte it accepts. 0xFF never occurs in UTF-8, and the strict
/// decoder turns it into U+FFFD after turning any sequence cut by the gap into
/// U+FFFD too, so a character is never glued together from bytes on both sides
/// of a gap, and the consumer needs no logic of its own for gaps. A real 0xFF on
/// the wire decodes the same way (it is ill-formed anyway), so markers cost no
/// escaping and no extra RAM.
///
/// Synchronisation uses only atomic loads and stores (acquire/release), never
/// read-modify-write, so it links and is correct on ARMv6-M (Cortex-M0/M0+),
/// which has no LDREX/STREX. Every counter has exactly one writer.
///
/// RAM: `sizeof(ByteRing<N>)` is N + 24 bytes (five 32-bit words and a state
/// byte, padded). Counters are 32 bits and wrap after 2^32 events.

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace utf8mcu {
namespace port {

/// The in-band gap marker: a byte that is never part of well-formed UTF-8.
inline constexpr std::uint8_t kGapMarker = 0xFF;

/// A contiguous run of bytes (C++17 has no std::span).
struct ByteSpan {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
};

/// Lock-free SPSC byte queue of `kCapacity` bytes (a power of two, 2..2^31).
///
/// Producer side (push, mark_gap): call from one context only, e.g. the UART
/// RX interrupt, or DMA half/full-transfer and idle-line interrupts of the same
/// priority. Consumer side (size, peek, consume, pop): one thread. The counters
/// may be read from anywhere.
template <std::size_t kCapacity>
class ByteRing {
  static_assert(kCapacity >= 2, "ByteRing needs room for a gap marker and a byte");
  static_assert((kCapacity & (kCapacity - 1)) == 0, "ByteRing capacity must be a power of two");
  static_assert(kCapacity <= (std::size_t{1} << 31),
                "ByteRing indices are 32-bit counters: capacity at most 2^31");

 public:
  /// Bytes of storage (every slot is usable: the indices run freely).
  static constexpr std::size_t capacity() noexcept { return kCapacity; }

  // ---- Producer (one interrupt context) ----------------------------------

  /// Appends `byte`. Returns false if it was dropped (the ring was full, or
  /// only the gap marker still fitted); the drop is counted and the gap is
  /// marked in the stream. ISR-safe, wait-free, O(1): a few loads, compares
  /// and stores, no loop (docs/porting.md has the interrupt's cost per byte).
  bool push(std::uint8_t byte) noexcept {
    std::uint32_t head = head_.load(std::memory_order_relaxed);
    std::uint32_t room = room_at(head);
    if (gap_.load(std::memory_order_relaxed) == kGapUnmarked) {
      if (room == 0) return drop(1);
      write_marker(head);
      --room;
      if (room == 0) {
        head_.store(head, std::memory_order_release);
        return drop(1);
      }
    }
    if (room == 0) return drop(1);
    storage_[head & kMask] = byte;
    head_.store(head + 1, std::memory_order_release);
    if (gap_.load(std::memory_order_relaxed) != kGapNone) {
      gap_.store(kGapNone, std::memory_order_relaxed);
    }
    return true;
  }

  /// Appends a span (a DMA half/full-transfer or idle-line chunk): as many
  /// bytes as fit, in order; the rest are dropped and counted. Returns the
  /// number accepted. ISR-safe, wait-free; one copy of at most `size` bytes.
  std::size_t push(const std::uint8_t* data, std::size_t size) noexcept {
    if (data == nullptr || size == 0) return 0;
    std::uint32_t head = head_.load(std::memory_order_relaxed);
    std::uint32_t room = room_at(head);
    if (gap_.load(std::memory_order_relaxed) == kGapUnmarked && room != 0) {
      write_marker(head);
      --room;
    }
    const std::size_t accepted = size < room ? size : room;
    if (accepted != 0) {
      // At most two pieces: up to the end of storage, then from its start.
      const std::size_t offset = head & kMask;
      const std::size_t first = accepted < kCapacity - offset ? accepted : kCapacity - offset;
      __builtin_memcpy(storage_ + offset, data, first);
      __builtin_memcpy(storage_, data + first, accepted - first);
      head += static_cast<std::uint32_t>(accepted);
      gap_.store(kGapNone, std::memory_order_relaxed);
    }
    head_.store(head, std::memory_order_release);
    if (accepted < size) drop(static_cast<std::uint32_t>(size - accepted));
    return accepted;
  }

  /// The producer side for one interrupt that takes several bytes: reads
  /// the consumer's index once, stores each byte with no barrier, and
  /// publish() makes them all visible at once (one release store). Same
  /// results as push(byte) and mark_gap() called in the same order: drops are
  /// counted and gap markers land where the data went missing. The counters
  /// and gap state are exact once publish() has run. While a Writer is open,
  /// call no other producer function of the ring.
  ///
  ///     ByteRing<256>::Writer writer{ring};
  ///     while (/* a byte waits */) writer.put(byte);
  ///     writer.publish();
  class Writer {
   public:
    explicit Writer(ByteRing& ring) noexcept : ring_(ring), head_(ring.head_.load(std::memory_order_relaxed)) {
      reload();
    }

    /// Appends `byte` as push(byte) does: false if it was dropped and
    /// counted. A few instructions while the ring has room and no gap is
    /// open; otherwise a call of push(byte) and two more barriers.
    bool put(std::uint8_t byte) noexcept {
      if (head_ != limit_) {
        ring_.storage_[head_ & kMask] = byte;
        ++head_;
        return true;
      }
      return put_slowly(byte);
    }

    /// As ByteRing::mark_gap(): data was lost before the next byte. The
    /// burst so far is published first: a reader that shows a pending gap
    /// (RingReader::finish(), on another core) puts its marker at the
    /// published head, which must be after the bytes that came before it.
    void mark_gap() noexcept {
      publish();
      ring_.mark_gap();
      limit_ = head_;  // a gap is open: the next put() writes its marker
    }

    /// True if put() would accept a byte now, as ByteRing::has_room(); reads
    /// the consumer's index again only when the room seen so far is used up.
    bool has_room() noexcept {
      if (head_ != limit_) return true;
      reload();
      if (head_ != limit_) return true;
      const std::uint32_t need = ring_.gap_.load(std::memory_order_relaxed) == kGapUnmarked ? 2 : 1;
      return ring_.room_at(head_) >= need;
    }

    /// Makes the bytes put so far visible to the consumer. May be called
    /// again after more put()s.
    void publish() noexcept { ring_.head_.store(head_, std::memory_order_release); }

   private:
    // Where put() must take the slow path: when the ring is full as far as
    // the consumer's index now says, or at once while a gap is open.
    void reload() noexcept {
      const std::uint32_t tail = ring_.tail_.load(std::memory_order_acquire);
      const bool gap_open = ring_.gap_.load(std::memory_order_relaxed) != kGapNone;
      limit_ = gap_open ? head_ : tail + static_cast<std::uint32_t>(kCapacity);
    }

    // A gap is open, or the room seen so far is used up: push(byte)'s rules
    // on the ring itself, then the Writer takes up its state again.
    bool put_slowly(std::uint8_t byte) noexcept {
      publish();
      const bool accepted = ring_.push_out_of_line(byte);
      head_ = ring_.head_.load(std::memory_order_relaxed);
      reload();
      return accepted;
    }

    ByteRing& ring_;
    std::uint32_t head_;   // the next slot; published by publish()
    std::uint32_t limit_ = 0;  // put() stores directly while head_ != limit_
  };

  /// True if push(byte) would accept a byte now (room for it, and for the
  /// gap marker that must precede it). For producers that hold data back
  /// rather than drop it (RxOverflow::kHold). O(1).
  bool has_room() const noexcept {
    const std::uint32_t need = gap_.load(std::memory_order_relaxed) == kGapUnmarked ? 2 : 1;
    return room_at(head_.load(std::memory_order_relaxed)) >= need;
  }

  /// Reports data lost before it reached the ring (a UART overrun, framing or
  /// noise error): the stream gets a gap marker as for a drop, and the event is
  /// counted in upstream_losses() (how many bytes were lost is unknown, so
  /// dropped_bytes() is unchanged). ISR-safe, O(1).
  void mark_gap() noexcept {
    open_gap();
    losses_.store(losses_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  }

  // ---- Consumer (one thread) ---------------------------------------------

  /// Bytes waiting (gap markers included). O(1).
  std::size_t size() const noexcept {
    return head_.load(std::memory_order_acquire) - tail_.load(std::memory_order_relaxed);
  }

  /// The oldest waiting bytes that are contiguous in storage (empty if none);
  /// call again after consume() to get the part that wrapped. The bytes stay
  /// valid until consumed. O(1), no copy.
  [[nodiscard]] ByteSpan peek() const noexcept {
    const std::uint32_t tail = tail_.load(std::memory_order_relaxed);
    const std::uint32_t waiting = head_.load(std::memory_order_acquire) - tail;
    const std::uint32_t offset = tail & kMask;
    const std::uint32_t to_end = static_cast<std::uint32_t>(kCapacity) - offset;
    return {storage_ + offset, waiting < to_end ? waiting : to_end};
  }

  /// Releases the oldest `count` bytes (at most size(); more is clamped) to the
  /// producer. O(1).
  void consume(std::size_t count) noexcept {
    const std::uint32_t tail = tail_.load(std::memory_order_relaxed);
    const std::uint32_t waiting = head_.load(std::memory_order_acquire) - tail;
    const std::uint32_t n = count < waiting ? static_cast<std::uint32_t>(count) : waiting;
    tail_.store(tail + n, std::memory_order_release);
  }

  /// Copies up to `max_size` waiting bytes to `out` and consumes them. Returns
  /// the number copied. O(max_size).
  [[nodiscard]] std::size_t pop(std::uint8_t* out, std::size_t max_size) noexcept {
    std::size_t copied = 0;
    while (copied < max_size) {
      const ByteSpan span = peek();
      if (span.size == 0) break;
      const std::size_t n = span.size < max_size - copied ? span.size : max_size - copied;
      __builtin_memcpy(out + copied, span.data, n);
      consume(n);
      copied += n;
    }
    return copied;
  }

  /// Slots read so far (free-running, wraps at 2^32): the stream position of
  /// the next byte peek() returns. Consumer side. O(1).
  std::uint32_t read_position() const noexcept { return tail_.load(std::memory_order_relaxed); }

  /// Slots written so far (free-running): with a gap pending and nothing
  /// accepted since, the position its marker will take. Any context. O(1).
  std::uint32_t write_position() const noexcept { return head_.load(std::memory_order_acquire); }

  // ---- Counters (any context) ---------------------------------------------

  /// Bytes the ring dropped because it was full: exact.
  std::uint32_t dropped_bytes() const noexcept { return dropped_.load(std::memory_order_acquire); }

  /// Times the producer reported data lost before the ring (mark_gap()).
  std::uint32_t upstream_losses() const noexcept {
    return losses_.load(std::memory_order_acquire);
  }

  /// Separate gaps in the stream (runs of dropped or lost data), whether or
  /// not their marker has been written yet.
  /// Exact while the producer is idle; may lag by one while it runs.
  std::uint32_t gaps() const noexcept {
    const std::uint32_t markers = markers_.load(std::memory_order_acquire);
    return markers + (gap_pending() ? 1 : 0);
  }

  /// True while the latest gap has no marker yet (one is written before the
  /// next accepted byte). At the end of a stream, the consumer accounts for it
  /// itself (RingReader::finish does).
  bool gap_pending() const noexcept {
    return gap_.load(std::memory_order_acquire) == kGapUnmarked;
  }

  /// Bytes the producer was given: accepted plus dropped (markers excluded).
  /// Never more than the true count; exact while the producer is idle.
  std::uint32_t received_bytes() const noexcept {
    // Read head first: markers_ and dropped_ are then at least as new, so the
    // sum can only fall short, never overshoot.
    const std::uint32_t head = head_.load(std::memory_order_acquire);
    const std::uint32_t markers = markers_.load(std::memory_order_acquire);
    return head - markers + dropped_.load(std::memory_order_acquire);
  }

 private:
  static constexpr std::uint32_t kMask = static_cast<std::uint32_t>(kCapacity - 1);
  // Producer-owned gap state, readable by the consumer.
  static constexpr std::uint8_t kGapNone = 0;      // no gap since the last accepted byte
  static constexpr std::uint8_t kGapUnmarked = 1;  // data lost; marker still to be written
  static constexpr std::uint8_t kGapMarked = 2;    // marker written, nothing accepted since

  // Out of line, so that the Writer's state stays in registers (its slow
  // path passes the ring, not itself) and its put() stays small enough to
  // inline.
  __attribute__((noinline)) bool push_out_of_line(std::uint8_t byte) noexcept { return push(byte); }

  std::uint32_t room_at(std::uint32_t head) const noexcept {
    return static_cast<std::uint32_t>(kCapacity) - (head - tail_.load(std::memory_order_acquire));
  }

  // Publishes nothing by itself: the caller's head_ store does.
  void write_marker(std::uint32_t& head) noexcept {
    storage_[head & kMask] = kGapMarker;
    ++head;
    markers_.store(markers_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    gap_.store(kGapMarked, std::memory_order_relaxed);
  }

  // A gap starts unless the last thing in the stream is already a marker or
  // an unmarked gap: consecutive losses are one gap.
  void open_gap() noexcept {
    if (gap_.load(std::memory_order_relaxed) == kGapNone) {
      gap_.store(kGapUnmarked, std::memory_order_relaxed);
    }
  }

  bool drop(std::uint32_t count) noexcept {
    open_gap();
    // Release: a consumer that sees the count also sees the gap state.
    dropped_.store(dropped_.load(std::memory_order_relaxed) + count, std::memory_order_release);
    return false;
  }

  // Hidden from doxygen, whose 1.9 parser misreads these braced initializers.
  /// @cond
  std::atomic<std::uint32_t> head_{0};     // slots written (producer), free-running
  std::atomic<std::uint32_t> tail_{0};     // slots read (consumer), free-running
  std::atomic<std::uint32_t> dropped_{0};  // producer
  std::atomic<std::uint32_t> markers_{0};  // producer
  std::atomic<std::uint32_t> losses_{0};   // producer
  std::atomic<std::uint8_t> gap_{kGapNone};
  std::uint8_t storage_[kCapacity] = {};
  /// @endcond
};

}  // namespace port
}  // namespace utf8mcu
