#pragma once
// Helpers shared by the unit tests; they run on the host and as firmware, so
// no heap and small fixed buffers.

#include <cstddef>
#include <cstdint>

#include "reference_utf8.h"
#include "utf8mcu/common.h"
#include "utest/random.h"

#if !defined(__arm__)
#include <atomic>
#include <thread>
#endif

namespace test {

using Random = utest::Random;

// The library's status for a kind of the reference model's.
inline utf8mcu::Status status_of(ref::Kind kind) {
  switch (kind) {
    case ref::Kind::kNone: return utf8mcu::Status::kOk;
    case ref::Kind::kUnexpectedContinuation: return utf8mcu::Status::kUnexpectedContinuation;
    case ref::Kind::kInvalidLead: return utf8mcu::Status::kInvalidLead;
    case ref::Kind::kOverlong: return utf8mcu::Status::kOverlong;
    case ref::Kind::kSurrogate: return utf8mcu::Status::kSurrogate;
    case ref::Kind::kTooLarge: return utf8mcu::Status::kTooLarge;
    case ref::Kind::kTruncated: return utf8mcu::Status::kTruncated;
  }
  return utf8mcu::Status::kOutputFull;  // never a decode status: fails the comparison
}

// Calls check(data, size) on every input of one and two bytes; false at the
// first input it returns false for.
template <typename Check>
bool every_input_of_one_and_two_bytes(Check&& check) {
  std::uint8_t input[2] = {};
  for (unsigned first = 0; first < 256; ++first) {
    input[0] = static_cast<std::uint8_t>(first);
    if (!check(input, std::size_t{1})) return false;
    for (unsigned second = 0; second < 256; ++second) {
      input[1] = static_cast<std::uint8_t>(second);
      if (!check(input, std::size_t{2})) return false;
    }
  }
  return true;
}

// A sink that records up to N code points and counts the rest.
template <std::size_t N>
struct Recorder {
  char32_t code_points[N] = {};
  std::size_t size = 0;  // may exceed N: then the tail was not stored

  constexpr void operator()(char32_t code_point) {
    if (size < N) code_points[size] = code_point;
    ++size;
  }
  constexpr void clear() { size = 0; }

  constexpr bool equals(const char32_t* expected, std::size_t count) const {
    if (size != count || size > N) return false;
    for (std::size_t i = 0; i < count; ++i) {
      if (code_points[i] != expected[i]) return false;
    }
    return true;
  }

  template <std::size_t M>
  constexpr bool operator==(const Recorder<M>& other) const {
    if (size != other.size || size > N || size > M) return false;
    for (std::size_t i = 0; i < size; ++i) {
      if (code_points[i] != other.code_points[i]) return false;
    }
    return true;
  }
};

// Bytes that sit on the edges of the UTF-8 ranges, for biased random input.
inline constexpr std::uint8_t kEdgeBytes[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0,
                                              0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0,
                                              0xF1, 0xF3, 0xF4, 0xF5, 0xFF};

// A random scalar value whose UTF-8 form is `length` (1-4) bytes.
inline char32_t random_scalar(Random& random, std::uint32_t length) {
  std::uint32_t cp = random.below(0x80);
  if (length == 2) cp = 0x80 + random.below(0x800 - 0x80);
  if (length == 3) {
    cp = 0x800 + random.below(0x10000 - 0x800);
    if (cp >= 0xD800 && cp <= 0xDFFF) cp -= 0x800;
  }
  if (length == 4) cp = 0x10000 + random.below(0x110000 - 0x10000);
  return static_cast<char32_t>(cp);
}

// Fills `out` with input that mixes valid sequences of every length, edge
// bytes and random bytes.
inline void random_utf8ish(Random& random, std::uint8_t* out, std::size_t size) {
  std::size_t i = 0;
  while (i < size) {
    const std::uint32_t choice = random.below(8);
    if (choice < 3) {
      out[i++] = kEdgeBytes[random.below(sizeof kEdgeBytes)];
    } else if (choice < 4) {
      out[i++] = static_cast<std::uint8_t>(random.next());
    } else {
      // A well-formed sequence of 1-4 bytes (encoded by the reference model).
      const std::uint32_t length = 1 + random.below(4);
      unsigned char bytes[4] = {};
      (void)ref::encode(random_scalar(random, length), bytes);
      for (std::uint32_t k = 0; k < length && i < size; ++k) out[i++] = bytes[k];
    }
  }
}

// Fills `out` with text-like input for the fast paths: runs of ASCII (up to
// 40 bytes), runs of sequences of one length (up to 12), each run possibly
// broken by an edge or random byte, and now and then a sequence cut short.
inline void random_text(Random& random, std::uint8_t* out, std::size_t size) {
  std::size_t i = 0;
  while (i < size) {
    const std::uint32_t length = 1 + random.below(4);
    const std::uint32_t run = length == 1 ? 1 + random.below(40) : 1 + random.below(12);
    for (std::uint32_t r = 0; r < run && i < size; ++r) {
      // ASCII is printable, as in text.
      const char32_t cp =
          length == 1 ? static_cast<char32_t>(0x20 + random.below(0x5F)) : random_scalar(random, length);
      unsigned char bytes[4] = {};
      (void)ref::encode(cp, bytes);
      // One sequence in 16 loses its last byte.
      const std::uint32_t keep = length > 1 && random.below(16) == 0 ? length - 1 : length;
      for (std::uint32_t k = 0; k < keep && i < size; ++k) out[i++] = bytes[k];
    }
    const std::uint32_t noise = random.below(8);
    if (noise == 0 && i < size) out[i++] = kEdgeBytes[random.below(sizeof kEdgeBytes)];
    if (noise == 1 && i < size) out[i++] = static_cast<std::uint8_t>(random.next());
  }
}

// True when the units are well-formed UTF-16: every surrogate in a pair.
inline bool well_formed_utf16(const char16_t* units, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) {
    if (units[i] >= 0xD800 && units[i] <= 0xDBFF) {
      if (i + 1 == size || units[i + 1] < 0xDC00 || units[i + 1] > 0xDFFF) return false;
      ++i;
    } else if (units[i] >= 0xDC00 && units[i] <= 0xDFFF) {
      return false;
    }
  }
  return true;
}

#if !defined(__arm__)
// The host only: a second thread that rewrites bytes of `size` bytes at
// `data` until it is destroyed, as a DMA transfer would, with bytes that turn
// ASCII runs into sequences and back. For the functions that take no sink,
// which a callback cannot make see a change. A data race by the language's
// rules, as DMA is.
class RewritingThread {
 public:
  RewritingThread(std::uint8_t* data, std::size_t size, std::uint32_t seed)
      : thread_([this, data, size, seed] { run(data, size, seed); }) {}
  RewritingThread(const RewritingThread&) = delete;
  RewritingThread& operator=(const RewritingThread&) = delete;
  ~RewritingThread() {
    stop_.store(true, std::memory_order_relaxed);
    thread_.join();
  }

 private:
  void run(volatile std::uint8_t* data, std::size_t size, std::uint32_t seed) {
    Random writes(seed);
    while (!stop_.load(std::memory_order_relaxed)) {
      const std::uint32_t r = writes.next();
      const std::uint8_t values[] = {'a', ' ', 0xC3, 0xA9, 0xE2, 0x82, 0xF0, 0x80};
      data[r % size] = values[(r >> 16) % sizeof values];
    }
  }

  std::atomic<bool> stop_{false};
  std::thread thread_;  // after stop_, which it reads
};
#endif

}  // namespace test
