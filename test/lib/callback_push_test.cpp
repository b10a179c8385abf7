// Decoder::push(span) with a CodePointCallback sink under kReplace, the form
// firmware links once for a run-time sink, against the reference model: the
// code points, and the count, status and length of the ill-formed parts,
// whole and cut into pushes, handing over to push(byte) and back in the
// middle of a sequence. In size-tuned builds for Thumb-1 cores (the M0+
// board's unit_tests_size_tuned) this runs the assembly routine of
// utf8mcu/arch/thumb1_push.h; elsewhere the C++ span pushes.

#include "exhaustive_check.h"
#include "utf8mcu/decoder.h"
#include "utest/utest.h"

namespace {

using utf8mcu::CodePointCallback;
using utf8mcu::DecodeResult;
using utf8mcu::Decoder;
using utf8mcu::Status;

constexpr std::size_t kMaxText = 64;

// Random texts per run; a longer soak: -DUTF8MCU_CALLBACK_PUSH_CASES=1000000
// (docs/hardening.md).
#if !defined(UTF8MCU_CALLBACK_PUSH_CASES)
#define UTF8MCU_CALLBACK_PUSH_CASES 100000
#endif

using Output = test::Recorder<kMaxText>;

void record(void* context, char32_t code_point) { (*static_cast<Output*>(context))(code_point); }

// What the pushes of one input added up to.
struct Outcome {
  Output code_points;
  std::size_t consumed = 0;
  std::size_t errors = 0;
  Status first_status = Status::kOk;
  std::size_t first_length = 0;

  void add(const DecodeResult& result) {
    consumed += result.consumed;
    if (errors == 0 && result.errors != 0) {
      first_status = result.error.status;
      first_length = result.error.length;
    }
    errors += result.errors;
  }
};

// Whether `got` is what the reference model gives for all `n` bytes.
bool matches(const Outcome& got, const std::uint8_t* s, std::size_t n) {
  const exhaustive::Expected<kMaxText> e = exhaustive::expect<kMaxText>(s, n);
  return got.code_points == e.replaced && got.consumed == n && got.errors == e.errors &&
         got.first_status == e.first_status && got.first_length == e.first_length;
}

// `s` pushed as spans ending at each of `cuts` and at `n`; the input ends
// with finish(). With `bytewise`, the bytes of every second piece go through
// push(byte) instead: the state word crosses between the two paths.
bool check_cut(const std::uint8_t* s, std::size_t n, const std::size_t* cuts, std::size_t cut_count,
               bool bytewise = false) {
  Outcome got;
  const CodePointCallback sink{&record, &got.code_points};
  Decoder decoder;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= cut_count; ++i) {
    const std::size_t to = i < cut_count ? cuts[i] : n;
    if (bytewise && i % 2 == 1) {
      for (std::size_t k = from; k < to; ++k) got.add(decoder.push(s[k], sink));
    } else {
      got.add(decoder.push(s + from, to - from, sink));
    }
    from = to;
  }
  const utf8mcu::DecodeError end = decoder.finish(sink);
  got.add({0, end.ok() ? 0u : 1u, end});
  return exhaustive::log_unless(matches(got, s, n), "callback push mismatch", s, n);
}

// `s` as one span, and cut in two at every place.
bool check(const std::uint8_t* s, std::size_t n) {
  if (!check_cut(s, n, nullptr, 0)) return false;
  for (std::size_t cut = 1; cut < n; ++cut) {
    if (!check_cut(s, n, &cut, 1)) return false;
  }
  return true;
}

UTEST(CallbackPush, EveryInputOfOneAndTwoBytes) {
  EXPECT_TRUE(test::every_input_of_one_and_two_bytes(check));
}

// Every lead with the edge values after it: the state after each lead E0-FF
// comes from a table, checked here entry by entry, and a sequence ends,
// breaks or is rejected at each byte.
UTEST(CallbackPush, EveryLeadWithTheEdgeValues) {
  std::uint32_t inputs = 0;
  const bool ok = exhaustive::for_bytes(true, [&](std::uint8_t a) {
    if (a < 0x80) return true;
    return exhaustive::for_bytes(false, [&](std::uint8_t b) {
      return exhaustive::for_bytes(false, [&](std::uint8_t c) {
        const std::uint8_t three[3] = {a, b, c};
        ++inputs;
        if (!check(three, 3)) return false;
        if (a < 0xF0 || a > 0xF4) return true;
        return exhaustive::for_bytes(false, [&](std::uint8_t d) {
          const std::uint8_t four[4] = {a, b, c, d};
          ++inputs;
          return check(four, 4);
        });
      });
    });
  });
  EXPECT_TRUE(ok);
  EXPECT_EQ(inputs, 128u * 25u * 25u + 5u * 25u * 25u * 25u);
}

// Random text of well-formed sequences of every length, ASCII and broken
// pieces, cut at random places, every second piece pushed byte by byte.
UTEST(CallbackPush, RandomTextCutAnywhere) {
  test::Random random(0x7468756d);
  const unsigned cases = UTF8MCU_CALLBACK_PUSH_CASES;
  std::uint8_t text[kMaxText / 2];
  bool ok = true;
  for (unsigned c = 0; c < cases && ok; ++c) {
    std::size_t n = 0;
    const std::size_t target = random.below(static_cast<std::uint32_t>(sizeof text - 3));
    while (n < target) {
      const std::uint32_t kind = random.below(8);
      if (kind == 0) {
        text[n++] = static_cast<std::uint8_t>(random.below(256));  // anything
      } else if (kind == 1) {
        text[n++] = static_cast<std::uint8_t>(0x80 + random.below(64));  // a stray continuation byte
      } else {
        // A scalar value of 1-4 bytes, sometimes cut short.
        static constexpr std::uint32_t kTops[] = {0x80, 0x800, 0x10000, 0x110000};
        const std::uint32_t top = kTops[random.below(4)];
        std::uint32_t cp = random.below(top);
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
        unsigned char bytes[4];
        std::size_t length = ref::encode(static_cast<char32_t>(cp), bytes);
        if (kind == 2 && length > 1) length = 1 + random.below(static_cast<std::uint32_t>(length - 1));
        for (std::size_t i = 0; i < length; ++i) text[n++] = bytes[i];
      }
    }
    std::size_t cuts[5];
    const std::size_t cut_count = n == 0 ? 0 : random.below(6);
    for (std::size_t i = 0; i < cut_count; ++i) cuts[i] = random.below(static_cast<std::uint32_t>(n + 1));
    // In order; empty pieces stay.
    for (std::size_t i = 1; i < cut_count; ++i) {
      for (std::size_t k = i; k > 0 && cuts[k - 1] > cuts[k]; --k) {
        const std::size_t t = cuts[k];
        cuts[k] = cuts[k - 1];
        cuts[k - 1] = t;
      }
    }
    ok = check_cut(text, n, cuts, cut_count, c % 2 == 1);
  }
  EXPECT_TRUE(ok);
  utest::log() << "  random texts: " << cases << '\n';
}

UTEST(CallbackPush, NullSpanAndNullFunction) {
  Decoder decoder;
  Output out;
  const CodePointCallback sink{&record, &out};
  const std::uint8_t lead[] = {0xE2};
  EXPECT_EQ(decoder.push(lead, 1, sink).consumed, 1u);
  // A null span is empty, in the middle of a sequence too.
  const DecodeResult none = decoder.push(nullptr, 100, sink);
  EXPECT_EQ(none.consumed, 0u);
  EXPECT_EQ(none.errors, 0u);
  EXPECT_TRUE(decoder.in_sequence());
  const std::uint8_t rest[] = {0x82, 0xAC, 0xC0, 0x41};
  EXPECT_EQ(decoder.push(rest, sizeof rest, sink).errors, 1u);
  ASSERT_EQ(out.size, 3u);
  EXPECT_EQ(out.code_points[0], char32_t{0x20AC});
  EXPECT_EQ(out.code_points[1], utf8mcu::kReplacementCharacter);
  EXPECT_EQ(out.code_points[2], char32_t{0x41});
  // No function: nothing is called, and the result is the same.
  const CodePointCallback nothing{nullptr, &out};
  const std::uint8_t text[] = {0xF0, 0x9F, 0x98, 0x80, 0xED, 0xA0, 0x80, 0x41, 0xF4, 0x90};
  const DecodeResult r = decoder.push(text, sizeof text, nothing);
  EXPECT_EQ(r.consumed, sizeof text);
  EXPECT_EQ(r.errors, 5u);  // ED, A0, 80; F4, then its 90 read again as a stray continuation byte
  EXPECT_EQ(r.error.status, Status::kSurrogate);
  EXPECT_EQ(r.error.length, 1u);
  EXPECT_EQ(out.size, 3u);
  EXPECT_FALSE(decoder.in_sequence());
}

}  // namespace
