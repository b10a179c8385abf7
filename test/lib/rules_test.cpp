// Every path of lib/ that tells well-formed UTF-8 from ill-formed, against the
// one definition of Unicode Table 3-7 (lib/include/utf8mcu/internal/rules.h),
// and that definition against the reference model (test/reference), which
// was written apart from lib/.
//
// Cases: every lead byte but ASCII with every second byte, the rest of the
// sequence well-formed (after a byte that starts none, continuation bytes
// as if it were a 4-byte lead); every ASCII byte; and for each 3- and 4-byte lead with every second byte, the
// third or fourth byte broken by a byte that is not a continuation byte.
// ASCII follows, so that every path has the bytes it reads. Each path must
// take exactly the well-formed sequences, whole and with their code point;
// the paths that measure a broken part must give its maximal subpart.
//
//   path                                   probed through
//   state machine (decode_step, LeadTable) decode_step(), byte by byte
//   state machine (LeadStates)             decode_step(), byte by byte
//   size-tuned loop                        push_compact()
//   span push (either build)               push_span()
//   byte run loops                         decode_run2/3/4<false>, decode_runs<false>
//   word run loops, has_*_byte_form        decode_run3/4<true>, decode_runs<true>
//   fast loop                              decode_fast<false>, decode_fast<true>
//   loop for noise                         noisy_part()
//   size-tuned validator and converters    decode_compact()
//   validator's sequence tests             is_sequence2/3/4(), skip_sequence<true>
//   validator's run loops                  skip_run2/3/4<true>
//   validator's byte tests (ARMv6-M)       skip_sequence<false>, skip_run2/3/4<false>
//   validator's byte loop (ARMv6-M)        skip_valid_bytes()
//   validator's 8-byte test                skip_short_sequences()
//   validator                              validate()

#include <cstddef>
#include <cstdint>

#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/validate.h"

namespace {

namespace d = utf8mcu::detail;
using utf8mcu::ErrorPolicy;

constexpr std::size_t kPad = 16;                // ASCII after the sequence
constexpr std::size_t kSize = 4 + kPad;
constexpr std::uint8_t kPadByte = 0x61;          // 'a'
constexpr std::uint8_t kContinuations[2] = {0xA5, 0x9A};  // for the 3rd and 4th byte
constexpr std::uint8_t kBreakers[4] = {0x00, 0x7F, 0xC0, 0xFF};  // not continuation bytes

// The second bytes: all 256 on the host, under the sanitizers; on the boards,
// which check their own code for every path, the ends of every range in
// Table 3-7 and of the byte classes, and a few bytes inside them.
#if defined(__arm__)
constexpr bool kOnHost = false;
constexpr std::uint8_t kSecondBytes[] = {0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x95, 0x9F, 0xA0, 0xAA,
                                         0xAF, 0xB0, 0xBE, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xF4, 0xF5, 0xFF};
#else
constexpr bool kOnHost = true;
struct AllBytes {
  std::uint8_t values[256];
};
constexpr AllBytes all_bytes() {
  AllBytes all{};
  for (unsigned i = 0; i < 256; ++i) all.values[i] = static_cast<std::uint8_t>(i);
  return all;
}
constexpr AllBytes kAllBytes = all_bytes();
constexpr const auto& kSecondBytes = kAllBytes.values;
#endif

// What a path made of the bytes at the start of a case.
struct Verdict {
  unsigned taken = 0;     // bytes of the well-formed sequence it took, 0 if none
  unsigned subpart = 0;   // for a broken start: its length, where the path tells
  char32_t code_point = 0;

  bool operator==(const Verdict& other) const {
    return taken == other.taken && subpart == other.subpart && code_point == other.code_point;
  }
};

struct Case {
  std::uint8_t bytes[kSize];
  std::size_t size;    // the sequence (as far as it goes) and the ASCII after it
  unsigned length;     // sequence_length() of the lead
  Verdict expected;    // from rules.h
};

// The case for `lead` and `second`; with `broken_at` 2 or 3, that byte of the
// sequence is `breaker` instead of a continuation byte.
Case make_case(std::uint8_t lead, std::uint8_t second, unsigned broken_at, std::uint8_t breaker) {
  Case c{};
  c.length = d::sequence_length(lead);
  // A byte that starts nothing gets a sequence's shape after it too (C0 80,
  // F5 80 80 80 look like over-long and too-large forms).
  const unsigned sequence = c.length == 1 ? 1 : c.length == 0 ? 4 : c.length;
  c.bytes[0] = lead;
  std::size_t n = 1;
  if (sequence >= 2) c.bytes[n++] = second;
  for (unsigned i = 2; i < sequence; ++i) c.bytes[n++] = i == broken_at ? breaker : kContinuations[i - 2];
  for (std::size_t i = 0; i < kPad; ++i) c.bytes[n++] = kPadByte;
  c.size = n;
  // The expectation, from rules.h alone.
  if (c.length == 1) {
    c.expected = {1, 0, lead};
  } else if (c.length == 0) {
    c.expected = {0, 1, 0};
  } else {
    unsigned good = d::second_byte_range(lead).contains(second) ? 2 : 1;
    while (good > 1 && good < c.length && d::is_continuation(c.bytes[good])) ++good;
    if (good == c.length) {
      // The code point: the lead's payload bits, then 6 per byte.
      std::uint32_t code_point = lead & (0x7Fu >> c.length);
      for (unsigned i = 1; i < c.length; ++i) code_point = (code_point << 6) | (c.bytes[i] & 0x3Fu);
      c.expected = {c.length, 0, code_point};
    } else {
      c.expected = {0, good, 0};
    }
  }
  return c;
}

// The reference model's reading of the same bytes (the first item).
Verdict reference(const Case& c) {
  Verdict first{};
  bool seen = false;
  ref::decode(c.bytes, c.size, [&](const ref::Item& item) {
    if (seen) return;
    seen = true;
    if (item.is_error) {
      first = {0, static_cast<unsigned>(item.length), 0};
    } else {
      first = {static_cast<unsigned>(item.length), 0, item.code_point};
    }
  });
  return first;
}

// A span path's verdict from its output: a well-formed start is one code
// point, then one per ASCII byte after it.
template <std::size_t N>
Verdict from_output(const test::Recorder<N>& out, std::size_t consumed) {
  if (out.size == 0) return {};
  return {static_cast<unsigned>(consumed - (out.size - 1)), 0, out.code_points[0]};
}

// The state machine with either lead table: LeadTable (size-tuned builds)
// or LeadStates (speed-tuned builds).
template <typename Leads>
Verdict state_machine(const Case& c, const Leads& leads) {
  std::uint32_t state = 0;
  test::Recorder<2> out;
  for (std::size_t i = 0; i < c.size; ++i) {
    const utf8mcu::DecodeResult step = d::decode_step<ErrorPolicy::kReport>(state, leads, c.bytes[i], out);
    if (step.errors != 0) return {0, step.error.length, 0};
    if (out.size != 0) return {static_cast<unsigned>(i + 1), 0, out.code_points[0]};
  }
  return {};
}

// The span push under kReport: the size-tuned loop itself, or push_span()
// as this build has it (speed- or size-tuned).
template <bool kSizeTunedLoop>
Verdict span_push(const Case& c) {
  std::uint32_t state = 0;
  std::size_t first_error_end = 0;
  test::Recorder<kSize> out;
  utf8mcu::DecodeResult r{};
  if constexpr (kSizeTunedLoop) {
    r = d::push_compact<ErrorPolicy::kReport>(state, c.bytes, c.size, out, first_error_end);
  } else {
    r = d::push_span<ErrorPolicy::kReport>(state, c.bytes, c.size, out, first_error_end);
  }
  if (r.errors != 0) return {0, r.error.length, 0};
  return from_output(out, r.consumed);
}

// A run loop for one sequence, its end test failing after the first.
template <typename Loop>
Verdict one_run_step(const Case& c, Loop loop) {
  test::Recorder<4> out;
  const std::uint8_t* const end = loop(c.bytes, c.bytes + 1, out);
  const auto taken = static_cast<unsigned>(end - c.bytes);
  return {taken, 0, taken == 0 ? 0 : out.code_points[0]};
}

template <bool kWords>
Verdict fast_loop(const Case& c) {
  test::Recorder<kSize> out;
  const std::uint8_t* const end = d::decode_fast<kWords>(c.bytes, c.bytes + c.size - 3, out);
  if (end == c.bytes) return {};
  return from_output(out, static_cast<std::size_t>(end - c.bytes));
}

Verdict noise_loop(const Case& c) {
  const std::uint8_t* p = c.bytes;
  std::size_t errors = 0;
  test::Recorder<4> out;
  d::noisy_part<ErrorPolicy::kReplace>(p, out, errors, utf8mcu::kReplacementCharacter);
  const auto moved = static_cast<unsigned>(p - c.bytes);
  if (errors != 0) return {0, moved, 0};
  return {moved, 0, out.code_points[0]};
}

// The size-tuned loop of validate() and the converters, for one sequence or
// maximal subpart (its end test failing after the first).
Verdict compact_loop(const Case& c) {
  std::size_t errors = 0;
  test::Recorder<4> out;
  const std::uint8_t* const end = d::decode_compact<ErrorPolicy::kReplace>(c.bytes, c.bytes + 1, out, errors);
  const auto moved = static_cast<unsigned>(end - c.bytes);
  if (errors != 0) return {0, moved, 0};
  return {moved, 0, out.code_points[0]};
}

// The validator's tests take or refuse; the code point is not theirs.
Verdict taken_only(const Case& c, unsigned taken) { return {taken, 0, taken == 0 ? 0 : c.expected.code_point}; }

Verdict validator(const Case& c) {
  const utf8mcu::ValidationResult r = utf8mcu::validate(c.bytes, c.size);
  if (!r.ok()) return {0, r.error.length, 0};
  return taken_only(c, c.length);
}

enum Path : unsigned {
  kStateMachine,
  kStateMachineStates,
  kSizeTunedLoop,
  kSpanPush,
  kByteRun2,
  kByteRun3,
  kByteRun4,
  kByteRuns,
  kWordRun3,
  kWordRun4,
  kWordRuns,
  kFastLoopBytes,
  kFastLoopWords,
  kNoiseLoop,
  kCompactLoop,
  kIsSequence,
  kSkipSequence,
  kSkipRun2,
  kSkipRun3,
  kSkipRun4,
  kSkipSequenceBytes,
  kSkipRun2Bytes,
  kSkipRun3Bytes,
  kSkipRun4Bytes,
  kSkipValidBytes,
  kSkipShortSequences,
  kValidator,
  kPathCount
};

constexpr const char* kPathNames[kPathCount] = {
    "decode_step + LeadTable", "decode_step + LeadStates", "push_compact", "push_span", "decode_run2 (bytes)", "decode_run3 (bytes)",
    "decode_run4 (bytes)", "decode_runs (bytes)", "decode_run3 (words)", "decode_run4 (words)",
    "decode_runs (words)", "decode_fast (bytes)", "decode_fast (words)", "noisy_part", "decode_compact", "is_sequence2/3/4",
    "skip_sequence", "skip_run2", "skip_run3", "skip_run4", "skip_sequence (bytes)", "skip_run2 (bytes)", "skip_run3 (bytes)",
    "skip_run4 (bytes)", "skip_valid_bytes", "skip_short_sequences", "validate",
};

struct Tally {
  std::uint32_t cases = 0;
  std::uint32_t reference_mismatches = 0;
  std::uint32_t mismatches[kPathCount] = {};
  std::uint32_t probes[kPathCount] = {};
};

void report(const Case& c, const char* what, const Verdict& got) {
  utest::log() << "  " << what << ": bytes " << unsigned{c.bytes[0]} << ' ' << unsigned{c.bytes[1]} << ' '
               << unsigned{c.bytes[2]} << ' ' << unsigned{c.bytes[3]} << " took " << got.taken << " subpart "
               << got.subpart << ", rules.h: " << c.expected.taken << " subpart " << c.expected.subpart << '\n';
}

void check(const Case& c, Tally& tally, Path path, const Verdict& got, bool with_subpart) {
  Verdict expected = c.expected;
  if (!with_subpart) expected.subpart = 0;
  ++tally.probes[path];
  if (got == expected) return;
  if (tally.mismatches[path]++ < 3) report(c, kPathNames[path], got);
}

// A path that only takes one length, or refuses.
Verdict for_length(const Case& c, unsigned length) {
  return c.expected.taken == length ? c.expected : Verdict{};
}

void check_case(const Case& c, Tally& tally) {
  ++tally.cases;
  const Verdict model = reference(c);
  if (!(model == c.expected)) {
    if (tally.reference_mismatches++ < 3) report(c, "reference model", model);
  }
  check(c, tally, kStateMachine, state_machine(c, d::kStrictLeads), true);
  check(c, tally, kStateMachineStates, state_machine(c, d::kStrictLeadStates), true);
  check(c, tally, kSizeTunedLoop, span_push<true>(c), true);
  check(c, tally, kSpanPush, span_push<false>(c), true);
  check(c, tally, kFastLoopBytes, fast_loop<false>(c), false);
  check(c, tally, kFastLoopWords, fast_loop<true>(c), false);
  if (c.length == 1) return;  // the rest take sequences from a lead 80-FF

  // Each run loop takes its own length only.
  const auto expect_length = [&](Path path, unsigned length, const Verdict& got) {
    ++tally.probes[path];
    const Verdict expected = for_length(c, length);
    if (got == expected) return;
    if (tally.mismatches[path]++ < 3) report(c, kPathNames[path], got);
  };
  const std::int32_t s0 = d::signed_byte(c.bytes[0]);
  expect_length(kByteRun2, 2, one_run_step(c, [](auto p, auto e, auto& s) { return d::decode_run2(p, e, s); }));
  expect_length(kByteRun3, 3,
                one_run_step(c, [](auto p, auto e, auto& s) { return d::decode_run3<false>(p, e, s); }));
  expect_length(kByteRun4, 4,
                one_run_step(c, [](auto p, auto e, auto& s) { return d::decode_run4<false>(p, e, s); }));
  expect_length(kWordRun3, 3, one_run_step(c, [](auto p, auto e, auto& s) { return d::decode_run3<true>(p, e, s); }));
  expect_length(kWordRun4, 4, one_run_step(c, [](auto p, auto e, auto& s) { return d::decode_run4<true>(p, e, s); }));
  check(c, tally, kByteRuns,
        one_run_step(c, [s0](auto p, auto e, auto& s) { return d::decode_runs<false>(s0, p, e, s); }), false);
  check(c, tally, kWordRuns,
        one_run_step(c, [s0](auto p, auto e, auto& s) { return d::decode_runs<true>(s0, p, e, s); }), false);
  check(c, tally, kNoiseLoop, noise_loop(c), true);
  check(c, tally, kCompactLoop, compact_loop(c), true);

  const std::uint32_t w = d::load_le32(c.bytes);
  const unsigned by_is_sequence = d::is_sequence2(w) ? 2 : d::is_sequence3(w) ? 3 : d::is_sequence4(w) ? 4 : 0;
  // At most one of them may hold.
  const bool one_only = static_cast<int>(d::is_sequence2(w)) + d::is_sequence3(w) + d::is_sequence4(w) <= 1;
  check(c, tally, kIsSequence, taken_only(c, one_only ? by_is_sequence : 99), false);
  const std::uint8_t* p = c.bytes;
  const unsigned skipped = d::skip_sequence<true>(p) ? static_cast<unsigned>(p - c.bytes) : 0;
  check(c, tally, kSkipSequence, taken_only(c, skipped), false);
  p = c.bytes;
  const unsigned skipped_bytes = d::skip_sequence<false>(p) ? static_cast<unsigned>(p - c.bytes) : 0;
  check(c, tally, kSkipSequenceBytes, taken_only(c, skipped_bytes), false);
  const auto skip_run = [&](Path path, unsigned length, const std::uint8_t* end) {
    expect_length(path, length, taken_only(c, static_cast<unsigned>(end - c.bytes)));
  };
  skip_run(kSkipRun2, 2, d::skip_run2<true>(c.bytes, c.bytes + 1));
  skip_run(kSkipRun3, 3, d::skip_run3<true>(c.bytes, c.bytes + 1));
  skip_run(kSkipRun4, 4, d::skip_run4<true>(c.bytes, c.bytes + 1));
  skip_run(kSkipRun2Bytes, 2, d::skip_run2<false>(c.bytes, c.bytes + 1));
  skip_run(kSkipRun3Bytes, 3, d::skip_run3<false>(c.bytes, c.bytes + 1));
  skip_run(kSkipRun4Bytes, 4, d::skip_run4<false>(c.bytes, c.bytes + 1));
  // One sequence, its end test failing after it.
  const std::uint8_t* const valid_end = d::skip_valid_bytes(c.bytes, c.bytes + 1);
  check(c, tally, kSkipValidBytes, taken_only(c, static_cast<unsigned>(valid_end - c.bytes)), false);
  // It takes ASCII and 2-byte sequences, and stops before anything else.
  const bool passed = d::skip_short_sequences(c.bytes, c.bytes + c.size) != c.bytes;
  expect_length(kSkipShortSequences, 2, taken_only(c, passed ? 2 : 0));
  check(c, tally, kValidator, validator(c), true);
}

}  // namespace

// Table 3-7 in rules.h, lead by lead, against the reference model's rows.
UTEST(Rules, TableAgreesWithTheReferenceModel) {
  for (unsigned lead = 0; lead <= 0xFF; ++lead) {
    const ref::detail::Row* row = ref::detail::find_row(static_cast<unsigned char>(lead));
    const unsigned length = row == nullptr ? 0 : row->length;
    EXPECT_EQ(d::sequence_length(lead), length);
    if (length < 2) continue;
    const d::ByteRange range = d::second_byte_range(lead);
    EXPECT_EQ(unsigned{range.first}, unsigned{row->second_lo});
    EXPECT_EQ(unsigned{range.last}, unsigned{row->second_hi});
  }
  for (unsigned byte = 0; byte <= 0xFF; ++byte) EXPECT_EQ(d::is_continuation(byte), byte >= 0x80 && byte <= 0xBF);
}

// Every lead with every second byte (on the boards, those of kSecondBytes),
// and the 3rd and 4th bytes broken, through every path.
UTEST(Rules, EveryPathTakesExactlyTheWellFormedSequences) {
  Tally tally;
  constexpr std::uint32_t seconds = sizeof kSecondBytes;
  for (unsigned lead = 0; lead <= 0xFF; ++lead) {
    const unsigned length = d::sequence_length(lead);
    const auto l = static_cast<std::uint8_t>(lead);
    if (length == 1) {
      check_case(make_case(l, 0, 0, 0), tally);
      continue;
    }
    for (const std::uint8_t s : kSecondBytes) {
      check_case(make_case(l, s, 0, 0), tally);
      for (unsigned broken_at = 2; broken_at < length; ++broken_at) {
        for (const std::uint8_t breaker : kBreakers) {
          check_case(make_case(l, s, broken_at, breaker), tally);
        }
      }
    }
  }
  // 128 ASCII bytes, 128 other leads with every second byte, then the 3- and
  // 4-byte leads with their third and fourth byte broken 4 ways.
  EXPECT_EQ(seconds, kOnHost ? 256u : 22u);  // the list above is whole
  EXPECT_EQ(tally.cases, 128u + 128u * seconds + (16u * 1 + 5u * 2) * seconds * 4u);
  EXPECT_EQ(tally.reference_mismatches, 0u);
  for (unsigned path = 0; path < kPathCount; ++path) {
    if (tally.mismatches[path] != 0) utest::log() << "  path " << kPathNames[path] << '\n';
    EXPECT_EQ(tally.mismatches[path], 0u);
    EXPECT_GT(tally.probes[path], 0u);
  }
}
