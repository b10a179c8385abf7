// Fuzz target: the encoder and the transcoders. Around every output buffer a
// guard zone and a fill pattern show any write past either end and any
// partial sequence; outputs equal the model's in every policy; well-formed
// input survives round trips; conversion resumed over the fuzzer's input
// chunks and output capacities (0 and 1 included) equals the one-shot form,
// and room for one code point always makes progress.
//
// Input: fuzz::CutInput; its selector picks the policy (selector % 3: replace,
// report, skip), which keeps each run short. The text is read three ways: as
// UTF-8 bytes, as UTF-16 units (little-endian pairs) and as UTF-32 units
// (little-endian quadruples, folded below U+110000 unless the top nibble is
// F, so that most are code points and some are far out of range).

#include <algorithm>

#include "fuzz_support.h"

namespace {

using fuzz::GuardedBuffer;
using fuzz::Report;
using fuzz::Schedule;
using utf8mcu::ErrorPolicy;
using utf8mcu::Status;
using utf8mcu::TranscodeResult;

// One code point or ill-formed part of UTF-8, UTF-16 or UTF-32 input.
struct Item {
  char32_t code_point;  // U+FFFD for an ill-formed part
  bool is_error;
  Status status;        // of an ill-formed part
  std::size_t offset;   // in input units
  std::size_t length;
};

bool is_scalar(std::uint32_t value) { return value <= 0x10FFFF && (value < 0xD800 || value > 0xDFFF); }

UTF8MCU_FUZZ_UNINSTRUMENTED std::vector<Item> utf8_items(const fuzz::Expected& expected) {
  std::vector<Item> items;
  for (const ref::Item& item : expected.items) {
    items.push_back({item.code_point, item.is_error, static_cast<Status>(item.kind), item.offset, item.length});
  }
  return items;
}

// UTF-16 by its definition: a high surrogate followed by a low one is a pair;
// any other surrogate is ill-formed on its own.
UTF8MCU_FUZZ_UNINSTRUMENTED std::vector<Item> utf16_items(const std::vector<char16_t>& units) {
  std::vector<Item> items;
  for (std::size_t i = 0; i < units.size();) {
    const std::uint32_t unit = units[i];
    const bool high = unit >= 0xD800 && unit <= 0xDBFF;
    if (high && i + 1 < units.size() && units[i + 1] >= 0xDC00 && units[i + 1] <= 0xDFFF) {
      const char32_t pair = 0x10000 + ((unit - 0xD800) << 10) + (units[i + 1] - 0xDC00u);
      items.push_back({pair, false, Status::kOk, i, 2});
      i += 2;
    } else if (unit >= 0xD800 && unit <= 0xDFFF) {
      items.push_back({utf8mcu::kReplacementCharacter, true, Status::kUnpairedSurrogate, i++, 1});
    } else {
      items.push_back({unit, false, Status::kOk, i++, 1});
    }
  }
  return items;
}

UTF8MCU_FUZZ_UNINSTRUMENTED std::vector<Item> utf32_items(const std::vector<char32_t>& units) {
  std::vector<Item> items;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (is_scalar(units[i])) {
      items.push_back({units[i], false, Status::kOk, i, 1});
    } else {
      items.push_back({utf8mcu::kReplacementCharacter, true, Status::kInvalidCodePoint, i, 1});
    }
  }
  return items;
}

std::vector<char16_t> read_utf16(const std::uint8_t* text, std::size_t size) {
  std::vector<char16_t> units;
  for (std::size_t i = 0; i + 2 <= size; i += 2) units.push_back(static_cast<char16_t>(text[i] | text[i + 1] << 8));
  return units;
}

std::vector<char32_t> read_utf32(const std::uint8_t* text, std::size_t size) {
  std::vector<char32_t> units;
  for (std::size_t i = 0; i + 4 <= size; i += 4) {
    std::uint32_t raw = 0;
    for (std::size_t k = 4; k-- > 0;) raw = raw << 8 | text[i + k];
    units.push_back((raw >> 28) == 0xF ? raw : raw % 0x110000);
  }
  return units;
}

// Appends a scalar value in an output form; returns the units it took.
std::size_t append(std::vector<std::uint8_t>& out, char32_t code_point) {
  unsigned char sequence[4] = {};
  const std::size_t length = ref::encode(code_point, sequence);
  UTF8MCU_FUZZ_CHECK(length != 0);
  out.insert(out.end(), sequence, sequence + length);
  return length;
}
std::size_t append(std::vector<char16_t>& out, char32_t code_point) {
  const std::vector<char16_t> units = fuzz::to_utf16({code_point});
  out.insert(out.end(), units.begin(), units.end());
  return units.size();
}
std::size_t append(std::vector<char32_t>& out, char32_t code_point) {
  out.push_back(code_point);
  return 1;
}

// Output units one code point can need: the room that always makes progress.
template <typename Unit>
constexpr std::size_t kRoom = sizeof(Unit) == 1 ? 4 : (sizeof(Unit) == 2 ? 2 : 1);

// Code points in the output form, and where each one ends: a correct
// converter stops only there.
template <typename Unit>
struct Encoded {
  std::vector<Unit> units;
  std::vector<bool> is_boundary{true};  // one more than units

  UTF8MCU_FUZZ_UNINSTRUMENTED explicit Encoded(const std::vector<char32_t>& code_points) {
    for (const char32_t code_point : code_points) {
      const std::size_t length = append(units, code_point);
      for (std::size_t k = 1; k <= length; ++k) is_boundary.push_back(k == length);
    }
  }

  // After a call that wrote up to `pos` and said kOutputFull: true when
  // `pos` ends a code point and the next one needs more than `room`.
  bool stopped_properly(std::size_t pos, std::size_t room) const {
    if (pos >= units.size() || !is_boundary[pos]) return false;
    std::size_t next = pos + 1;
    while (!is_boundary[next]) ++next;
    return next - pos > room;
  }
};

// What a conversion in `kPolicy` must give: the output, the error count and,
// under kReport, the part it stops at.
struct Outcome {
  std::vector<char32_t> code_points;
  std::size_t errors = 0;
  const Item* reported = nullptr;
};

template <ErrorPolicy kPolicy>
UTF8MCU_FUZZ_UNINSTRUMENTED Outcome expected_outcome(const std::vector<Item>& items) {
  Outcome outcome;
  for (const Item& item : items) {
    if (item.is_error) {
      ++outcome.errors;
      if (kPolicy == ErrorPolicy::kReport) {
        outcome.reported = &item;
        return outcome;
      }
      if (kPolicy == ErrorPolicy::kSkip) continue;
    }
    outcome.code_points.push_back(item.code_point);
  }
  return outcome;
}

// How a converter says where a reported part is. UTF-8 and UTF-16 input:
// `read` is just past it (resume at `read`). UTF-32 input: `read` is the
// invalid unit itself (resume at `read + length`).
enum class ReportAt { kEnd, kStart };

template <typename OutUnit>
struct Resumed {
  std::vector<OutUnit> out;
  std::size_t errors = 0;
  std::vector<Report> reports;
};

// Runs a resumable conversion over the schedule's chunks, each call with the
// schedule's output capacity (after a call without progress, at least room
// for one code point, which must then make progress), resuming after every
// kOutputFull and every report; then finish().
template <ErrorPolicy kPolicy, typename OutUnit, typename InUnit, typename Convert, typename Finish>
Resumed<OutUnit> resume(const std::vector<InUnit>& in, const Encoded<OutUnit>& expected, Schedule schedule,
                        ReportAt report_at, Convert&& convert, Finish&& finish) {
  Resumed<OutUnit> run;
  bool stalled = false;
  std::size_t calls = 0;
  GuardedBuffer<OutUnit> buffer(255);
  // One call into the guarded buffer with the schedule's capacity: checks
  // and collects what it wrote.
  auto call = [&](auto&& operation, std::size_t in_pos) {
    const std::size_t capacity = schedule.next(stalled ? kRoom<OutUnit> : 0, 255);
    // A null output has no room: try it for capacity 0 now and then.
    OutUnit* const window = buffer.window(capacity);
    OutUnit* const out = capacity == 0 && calls % 2 == 0 ? nullptr : window;
    const TranscodeResult r = operation(out, capacity);
    UTF8MCU_FUZZ_CHECK(++calls <= 8 * in.size() + 16);
    const std::vector<OutUnit> written = buffer.take(r.written);
    run.out.insert(run.out.end(), written.begin(), written.end());
    run.errors += r.errors;
    // Whole code points only, in every call.
    UTF8MCU_FUZZ_CHECK(run.out.size() <= expected.units.size() && expected.is_boundary[run.out.size()]);
    if (r.status == Status::kOutputFull) {
      UTF8MCU_FUZZ_CHECK(expected.stopped_properly(run.out.size(), capacity - r.written));
      stalled = r.read == 0 && r.written == 0;
      UTF8MCU_FUZZ_CHECK(!stalled || capacity < kRoom<OutUnit>);
    } else {
      stalled = false;
    }
    if (r.status != Status::kOk && r.status != Status::kOutputFull) {
      UTF8MCU_FUZZ_CHECK(kPolicy == ErrorPolicy::kReport && r.errors == 1 && r.length >= 1);
      const std::size_t end = in_pos + r.read;
      const std::size_t offset = report_at == ReportAt::kEnd ? end - r.length : end;
      run.reports.push_back({offset, r.status, r.length});
    }
    return r;
  };
  for (std::size_t pos = 0; pos < in.size();) {
    const std::size_t chunk = schedule.next_chunk(in.size() - pos);
    std::size_t done = 0;
    do {
      const TranscodeResult r = call(
          [&](OutUnit* out, std::size_t capacity) {
            return convert(in.data() + pos + done, chunk - done, out, capacity);
          },
          pos + done);
      UTF8MCU_FUZZ_CHECK(r.read <= chunk - done);
      done += r.read;
      const bool reported = r.status != Status::kOk && r.status != Status::kOutputFull;
      if (reported && report_at == ReportAt::kStart) done += r.length;
      if (r.status == Status::kOk) UTF8MCU_FUZZ_CHECK(done == chunk);
    } while (done < chunk);
    pos += chunk;
  }
  for (;;) {
    const TranscodeResult r = call(finish, in.size());
    UTF8MCU_FUZZ_CHECK(r.read == 0);
    if (r.status != Status::kOutputFull) break;
  }
  return run;
}

// One direction in one policy: the one-shot form with room to spare and with
// the schedule's capacity, and the resumable form.
template <ErrorPolicy kPolicy, typename OutUnit, typename InUnit, typename OneShot, typename Convert, typename Finish>
void check_direction(const std::vector<InUnit>& in, const std::vector<Item>& items, Schedule schedule,
                     ReportAt report_at, OneShot&& one_shot, Convert&& convert, Finish&& finish) {
  const Outcome outcome = expected_outcome<kPolicy>(items);
  const Encoded<OutUnit> encoded(outcome.code_points);
  const std::vector<OutUnit>& expected = encoded.units;

  // Room to spare: the whole expected result.
  {
    const std::size_t capacity = in.size() * kRoom<OutUnit>;
    GuardedBuffer<OutUnit> buffer(capacity);
    const TranscodeResult r = one_shot(in.empty() ? nullptr : in.data(), in.size(), buffer.window(capacity), capacity);
    UTF8MCU_FUZZ_CHECK(buffer.take(r.written) == expected);
    UTF8MCU_FUZZ_CHECK(r.errors == outcome.errors);
    if (outcome.reported == nullptr) {
      UTF8MCU_FUZZ_CHECK(r.status == Status::kOk && r.read == in.size());
    } else {
      const Item& part = *outcome.reported;
      UTF8MCU_FUZZ_CHECK(r.status == part.status && r.length == part.length);
      UTF8MCU_FUZZ_CHECK(r.read == (report_at == ReportAt::kEnd ? part.offset + part.length : part.offset));
    }
  }
  // The schedule's capacity: a prefix of whole code points, as far as it fits.
  {
    Schedule capacities = schedule;
    const std::size_t capacity = capacities.next(0, 255);
    GuardedBuffer<OutUnit> buffer(capacity);
    const TranscodeResult r = one_shot(in.data(), in.size(), buffer.window(capacity), capacity);
    const std::vector<OutUnit> out = buffer.take(r.written);
    UTF8MCU_FUZZ_CHECK(out.size() <= expected.size());
    UTF8MCU_FUZZ_CHECK(std::equal(out.begin(), out.end(), expected.begin()));
    if (r.status == Status::kOutputFull) {
      UTF8MCU_FUZZ_CHECK(encoded.stopped_properly(out.size(), capacity - r.written));
    } else {
      UTF8MCU_FUZZ_CHECK(out == expected);
    }
  }
  // Resumed in chunks: the same output; kReport visits every part in turn.
  const Outcome all = expected_outcome<kPolicy == ErrorPolicy::kReport ? ErrorPolicy::kSkip : kPolicy>(items);
  const Encoded<OutUnit> all_encoded(all.code_points);
  const Resumed<OutUnit> run = resume<kPolicy>(in, all_encoded, schedule, report_at, convert, finish);
  UTF8MCU_FUZZ_CHECK(run.out == all_encoded.units);
  UTF8MCU_FUZZ_CHECK(run.errors == all.errors);
  if (kPolicy == ErrorPolicy::kReport) {
    std::vector<Report> parts;
    for (const Item& item : items) {
      if (item.is_error) parts.push_back({item.offset, item.status, item.length});
    }
    UTF8MCU_FUZZ_CHECK(run.reports == parts);
  }
}

template <ErrorPolicy kPolicy>
void check_transcoders(const fuzz::CutInput& input, const fuzz::Expected& expected) {
  const std::vector<std::uint8_t> utf8(input.text(), input.text() + input.text_size());
  const std::vector<Item> items8 = utf8_items(expected);
  const Schedule schedule = input.schedule();

  utf8mcu::Utf8ToUtf32 to32;
  check_direction<kPolicy, char32_t>(
      utf8, items8, schedule, ReportAt::kEnd,
      [](const std::uint8_t* in, std::size_t n, char32_t* out, std::size_t capacity) {
        return utf8mcu::utf8_to_utf32<kPolicy>(in, n, out, capacity);
      },
      [&to32](const std::uint8_t* in, std::size_t n, char32_t* out, std::size_t capacity) {
        return to32.convert<kPolicy>(in, n, out, capacity);
      },
      [&to32](char32_t* out, std::size_t capacity) { return to32.finish<kPolicy>(out, capacity); });

  utf8mcu::Utf8ToUtf16 to16;
  check_direction<kPolicy, char16_t>(
      utf8, items8, schedule, ReportAt::kEnd,
      [](const std::uint8_t* in, std::size_t n, char16_t* out, std::size_t capacity) {
        return utf8mcu::utf8_to_utf16<kPolicy>(in, n, out, capacity);
      },
      [&to16](const std::uint8_t* in, std::size_t n, char16_t* out, std::size_t capacity) {
        return to16.convert<kPolicy>(in, n, out, capacity);
      },
      [&to16](char16_t* out, std::size_t capacity) { return to16.finish<kPolicy>(out, capacity); });

  const std::vector<char16_t> utf16 = read_utf16(input.text(), input.text_size());
  utf8mcu::Utf16ToUtf8 from16;
  check_direction<kPolicy, std::uint8_t>(
      utf16, utf16_items(utf16), schedule, ReportAt::kEnd,
      [](const char16_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
        return utf8mcu::utf16_to_utf8<kPolicy>(in, n, out, capacity);
      },
      [&from16](const char16_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
        return from16.convert<kPolicy>(in, n, out, capacity);
      },
      [&from16](std::uint8_t* out, std::size_t capacity) { return from16.finish<kPolicy>(out, capacity); });

  const std::vector<char32_t> utf32 = read_utf32(input.text(), input.text_size());
  const auto from32 = [](const char32_t* in, std::size_t n, std::uint8_t* out, std::size_t capacity) {
    return utf8mcu::utf32_to_utf8<kPolicy>(in, n, out, capacity);
  };
  check_direction<kPolicy, std::uint8_t>(utf32, utf32_items(utf32), schedule, ReportAt::kStart, from32, from32,
                                         [](std::uint8_t*, std::size_t) { return TranscodeResult{}; });
}

// encode() of each code point into the schedule's capacity (0-5 bytes).
template <ErrorPolicy kPolicy>
void check_encode(const std::vector<char32_t>& code_points, Schedule schedule) {
  GuardedBuffer<std::uint8_t> buffer(5);
  for (std::size_t i = 0; i < code_points.size(); ++i) {
    const char32_t code_point = code_points[i];
    unsigned char sequence[4] = {};
    std::size_t length = ref::encode(code_point, sequence);
    UTF8MCU_FUZZ_CHECK(utf8mcu::encoded_length(code_point) == length);
    Status status = Status::kOk;
    if (length == 0) {
      status = Status::kInvalidCodePoint;
      if (kPolicy == ErrorPolicy::kReplace) length = ref::encode(utf8mcu::kReplacementCharacter, sequence);
    }
    const std::size_t capacity = schedule.next(0, 5);
    std::uint8_t* const window = buffer.window(capacity);
    std::uint8_t* const out = capacity == 0 && i % 2 == 0 ? nullptr : window;
    const utf8mcu::EncodeResult r = utf8mcu::encode<kPolicy>(code_point, out, capacity);
    if (length != 0 && length > capacity) {
      length = 0;
      status = Status::kOutputFull;
    }
    UTF8MCU_FUZZ_CHECK(r.status == status && r.length == length);
    UTF8MCU_FUZZ_CHECK(buffer.take(r.length) == std::vector<std::uint8_t>(sequence, sequence + length));
  }
}

// Utf8Writer over the schedule's capacity: whole sequences while they fit,
// then nothing, while needed() goes on counting.
template <ErrorPolicy kPolicy>
void check_writer(const std::vector<char32_t>& code_points, Schedule schedule) {
  const std::size_t capacity = schedule.next(0, 255);
  GuardedBuffer<std::uint8_t> buffer(capacity);
  std::uint8_t* const window = buffer.window(capacity);
  utf8mcu::Utf8Writer writer(capacity == 0 && code_points.size() % 2 == 0 ? nullptr : window, capacity);
  std::vector<std::uint8_t> expected;
  std::size_t needed = 0;
  bool full = false;
  for (const char32_t code_point : code_points) {
    unsigned char sequence[4] = {};
    std::size_t length = ref::encode(code_point, sequence);
    const Status status = writer.put<kPolicy>(code_point);
    const bool invalid = length == 0;
    if (invalid) {
      if (kPolicy != ErrorPolicy::kReplace) {
        UTF8MCU_FUZZ_CHECK(status == Status::kInvalidCodePoint);
        continue;
      }
      length = ref::encode(utf8mcu::kReplacementCharacter, sequence);
    }
    needed += length;
    full = full || needed > capacity;
    if (full) {
      UTF8MCU_FUZZ_CHECK(status == Status::kOutputFull);
    } else {
      UTF8MCU_FUZZ_CHECK(status == (invalid ? Status::kInvalidCodePoint : Status::kOk));
      expected.insert(expected.end(), sequence, sequence + length);
    }
  }
  UTF8MCU_FUZZ_CHECK(writer.needed() == needed && writer.overflowed() == full);
  UTF8MCU_FUZZ_CHECK(buffer.take(writer.size()) == expected);
}

// Well-formed input comes back unchanged through the other forms.
void check_round_trips(const fuzz::CutInput& input, const fuzz::Expected& expected) {
  const auto to_utf8_from32 = [](const std::vector<char32_t>& units) {
    std::vector<std::uint8_t> out(4 * units.size());
    const TranscodeResult r = utf8mcu::utf32_to_utf8(units.data(), units.size(), out.data(), out.size());
    UTF8MCU_FUZZ_CHECK(r.status == Status::kOk && r.errors == 0 && r.read == units.size());
    out.resize(r.written);
    return out;
  };
  const auto to_utf8_from16 = [](const std::vector<char16_t>& units) {
    std::vector<std::uint8_t> out(3 * units.size());
    const TranscodeResult r = utf8mcu::utf16_to_utf8(units.data(), units.size(), out.data(), out.size());
    UTF8MCU_FUZZ_CHECK(r.status == Status::kOk && r.errors == 0 && r.read == units.size());
    out.resize(r.written);
    return out;
  };
  const auto to_utf32 = [](const std::vector<std::uint8_t>& bytes) {
    std::vector<char32_t> out(bytes.size());
    const TranscodeResult r = utf8mcu::utf8_to_utf32(bytes.data(), bytes.size(), out.data(), out.size());
    UTF8MCU_FUZZ_CHECK(r.status == Status::kOk && r.errors == 0 && r.read == bytes.size());
    out.resize(r.written);
    return out;
  };
  const auto to_utf16 = [](const std::vector<std::uint8_t>& bytes) {
    std::vector<char16_t> out(bytes.size());
    const TranscodeResult r = utf8mcu::utf8_to_utf16(bytes.data(), bytes.size(), out.data(), out.size());
    UTF8MCU_FUZZ_CHECK(r.status == Status::kOk && r.errors == 0 && r.read == bytes.size());
    out.resize(r.written);
    return out;
  };

  if (expected.errors.empty()) {
    const std::vector<std::uint8_t> utf8(input.text(), input.text() + input.text_size());
    UTF8MCU_FUZZ_CHECK(to_utf8_from32(to_utf32(utf8)) == utf8);
    UTF8MCU_FUZZ_CHECK(to_utf8_from16(to_utf16(utf8)) == utf8);
  }
  const std::vector<char32_t> utf32 = read_utf32(input.text(), input.text_size());
  if (std::all_of(utf32.begin(), utf32.end(), is_scalar)) {
    UTF8MCU_FUZZ_CHECK(to_utf32(to_utf8_from32(utf32)) == utf32);
  }
  const std::vector<char16_t> utf16 = read_utf16(input.text(), input.text_size());
  const std::vector<Item> items16 = utf16_items(utf16);
  if (std::none_of(items16.begin(), items16.end(), [](const Item& item) { return item.is_error; })) {
    UTF8MCU_FUZZ_CHECK(to_utf16(to_utf8_from16(utf16)) == utf16);
  }
}

template <ErrorPolicy kPolicy>
void check_policy(const fuzz::CutInput& input, const fuzz::Expected& expected) {
  check_transcoders<kPolicy>(input, expected);
  const std::vector<char32_t> utf32 = read_utf32(input.text(), input.text_size());
  check_encode<kPolicy>(utf32, input.schedule());
  check_writer<kPolicy>(utf32, input.schedule());
}

// The writer as a decoder's sink re-encodes with U+FFFD for ill-formed parts.
void check_writer_as_sink(const fuzz::CutInput& input, const fuzz::Expected& expected) {
  fuzz::Schedule schedule = input.schedule();
  const std::size_t capacity = schedule.next(0, 255);
  GuardedBuffer<std::uint8_t> buffer(capacity);
  utf8mcu::Utf8Writer writer(buffer.window(capacity), capacity);
  utf8mcu::decode(input.text(), input.text_size(), writer);
  const std::vector<std::uint8_t> reencoded = fuzz::encode_all(expected.replaced);
  const std::vector<std::uint8_t> written = buffer.take(writer.size());
  UTF8MCU_FUZZ_CHECK(writer.needed() == reencoded.size());
  UTF8MCU_FUZZ_CHECK(std::equal(written.begin(), written.end(), reencoded.begin()));
  UTF8MCU_FUZZ_CHECK(utf8mcu::is_valid(written.data(), written.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::CutInput input(data, size);
  const fuzz::Expected expected = fuzz::expect(input.text(), input.text_size());
  switch (input.selector() % 3) {
    case 0: check_policy<ErrorPolicy::kReplace>(input, expected); break;
    case 1: check_policy<ErrorPolicy::kReport>(input, expected); break;
    default: check_policy<ErrorPolicy::kSkip>(input, expected); break;
  }
  check_writer_as_sink(input, expected);
  check_round_trips(input, expected);
  return 0;
}
