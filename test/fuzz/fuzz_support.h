#pragma once
// Shared by the fuzz targets: checks that abort (so libFuzzer keeps the input),
// the input layout that lets the fuzzer choose where input and output are
// cut, output buffers with guard zones, and expectations from the reference
// model (test/reference), which was written independently of lib/.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "reference_utf8.h"
#include "utf8mcu/utf8mcu.h"

namespace fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* condition) {
  std::fprintf(stderr, "fuzz check failed: %s:%d: %s\n", file, line, condition);
  std::abort();
}

// Not assert(): it must hold in every build type.
#define UTF8MCU_FUZZ_CHECK(condition) ((condition) ? (void)0 : ::fuzz::fail(__FILE__, __LINE__, #condition))

// For the checks and models: no coverage feedback from them (libFuzzer should
// steer by the library's branches, not by the loops that check its output),
// and kept out of line so that no instrumented caller inlines them. Halves
// the time per input.
#define UTF8MCU_FUZZ_UNINSTRUMENTED __attribute__((noinline, no_sanitize("coverage")))

// Where to cut: lengths of input chunks and capacities of output buffers,
// taken in turn (cyclically) from the schedule bytes of the input, so that
// the fuzzer steers the cuts. With no schedule bytes nothing is cut.
class Schedule {
 public:
  Schedule(const std::uint8_t* bytes, std::size_t size) : bytes_(bytes), size_(size) {}

  // A value in [low, high] (low <= high): the next schedule byte, clamped;
  // `high` when there are no schedule bytes.
  std::size_t next(std::size_t low, std::size_t high) {
    if (size_ == 0) return high;
    const std::size_t value = bytes_[index_++ % size_];
    return value < low ? low : (value > high ? high : value);
  }

  // Length of the next input chunk, at most `left`. Empty chunks are allowed,
  // but never two in a row, so every loop over chunks ends.
  std::size_t next_chunk(std::size_t left) {
    std::size_t chunk = next(0, left);
    if (chunk == 0 && last_chunk_empty_ && left != 0) chunk = 1;
    last_chunk_empty_ = chunk == 0;
    return chunk;
  }

 private:
  const std::uint8_t* bytes_;
  std::size_t size_;
  std::size_t index_ = 0;
  bool last_chunk_empty_ = false;
};

// Layout of inputs with cuts:  [s n] [n schedule bytes] [text ...], where the
// first byte holds n in its low nibble and a selector s in its high one,
// which a target may use to pick one of its variants. A first byte 0x00,
// 0x10, 0x20 ... means no cuts.
class CutInput {
 public:
  CutInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return;
    selector_ = data[0] >> 4;
    const std::size_t wanted = data[0] & 0x0Fu;
    schedule_size_ = wanted < size - 1 ? wanted : size - 1;
    schedule_ = data + 1;
    text_ = data + 1 + schedule_size_;
    text_size_ = size - 1 - schedule_size_;
  }

  // A fresh schedule, from its first byte: every consumer sees the same cuts.
  Schedule schedule() const { return {schedule_, schedule_size_}; }
  unsigned selector() const { return selector_; }
  const std::uint8_t* text() const { return text_; }
  std::size_t text_size() const { return text_size_; }

 private:
  const std::uint8_t* schedule_ = nullptr;
  std::size_t schedule_size_ = 0;
  const std::uint8_t* text_ = nullptr;
  std::size_t text_size_ = 0;
  unsigned selector_ = 0;
};

// Output buffers for up to `max_capacity` units, after a guard zone, all
// filled with a pattern. After a call given window(capacity) that says it
// wrote `written` units, every unit but those must still hold the pattern:
// nothing before the start or past the capacity (checked up to the end of
// the allocation; AddressSanitizer watches beyond), and nothing partial
// beyond what was reported.
template <typename Unit>
class GuardedBuffer {
 public:
  static constexpr std::size_t kGuardUnits = 8;
  // 0xA5A5...: not a scalar value (UTF-32), a lone continuation byte (UTF-8).
  static constexpr Unit kPattern = static_cast<Unit>(0xA5A5A5A5u);

  explicit GuardedBuffer(std::size_t max_capacity) : units_(max_capacity + 2 * kGuardUnits, kPattern) {}

  // The start of an output of `capacity` units.
  Unit* window(std::size_t capacity) {
    UTF8MCU_FUZZ_CHECK(capacity + 2 * kGuardUnits <= units_.size());
    capacity_ = capacity;
    return units_.data() + kGuardUnits;
  }

  // Checks that only the first `written` units of the window changed, then
  // restores the pattern there. Returns those units.
  UTF8MCU_FUZZ_UNINSTRUMENTED std::vector<Unit> take(std::size_t written) {
    UTF8MCU_FUZZ_CHECK(written <= capacity_);
    const Unit* const start = units_.data() + kGuardUnits;
    std::vector<Unit> out(start, start + written);
    std::fill(units_.data() + kGuardUnits, units_.data() + kGuardUnits + written, kPattern);
    for (const Unit unit : units_) UTF8MCU_FUZZ_CHECK(unit == kPattern);
    return out;
  }

 private:
  std::vector<Unit> units_;
  std::size_t capacity_ = 0;
};

// A status from the library and a kind from the model have the same numbers.
inline bool same_kind(utf8mcu::Status status, ref::Kind kind) {
  return static_cast<unsigned>(status) == static_cast<unsigned>(kind);
}

// One ill-formed part as a decoder reported it: where it starts, its kind and
// length. The model's errors are compared in this form.
struct Report {
  std::size_t offset;
  utf8mcu::Status status;
  std::size_t length;

  bool operator==(const Report& other) const {
    return offset == other.offset && status == other.status && length == other.length;
  }
};

// What the reference model makes of a UTF-8 text.
struct Expected {
  std::vector<ref::Item> items;
  std::vector<char32_t> replaced;  // kReplace: every item, U+FFFD for errors
  std::vector<char32_t> valid;     // kSkip (and kReport's code points): well-formed items
  std::vector<Report> errors;      // every maximal subpart, in order
};

UTF8MCU_FUZZ_UNINSTRUMENTED inline Expected expect(const std::uint8_t* text, std::size_t size) {
  Expected expected;
  ref::decode(text, size, [&expected](const ref::Item& item) {
    expected.items.push_back(item);
    expected.replaced.push_back(item.code_point);
    if (item.is_error) {
      expected.errors.push_back({item.offset, static_cast<utf8mcu::Status>(item.kind), item.length});
    } else {
      expected.valid.push_back(item.code_point);
    }
  });
  return expected;
}

// Well-formed UTF-8 (from the reference encoder) of scalar values.
UTF8MCU_FUZZ_UNINSTRUMENTED inline std::vector<std::uint8_t> encode_all(const std::vector<char32_t>& code_points) {
  std::vector<std::uint8_t> bytes;
  for (const char32_t code_point : code_points) {
    unsigned char sequence[4] = {};
    const std::size_t length = ref::encode(code_point, sequence);
    UTF8MCU_FUZZ_CHECK(length != 0);
    bytes.insert(bytes.end(), sequence, sequence + length);
  }
  return bytes;
}

// UTF-16 of scalar values, written out here rather than taken from lib/.
UTF8MCU_FUZZ_UNINSTRUMENTED inline std::vector<char16_t> to_utf16(const std::vector<char32_t>& code_points) {
  std::vector<char16_t> units;
  for (const char32_t code_point : code_points) {
    if (code_point < 0x10000) {
      units.push_back(static_cast<char16_t>(code_point));
    } else {
      units.push_back(static_cast<char16_t>(0xD800 + ((code_point - 0x10000) >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 + ((code_point - 0x10000) & 0x3FF)));
    }
  }
  return units;
}

}  // namespace fuzz
