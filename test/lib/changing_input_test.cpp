// Input that changes during a call: a sink that rewrites the bytes ahead of
// the cursor, conversion in place at every overlap, input rewritten between
// two chunks. The text that comes out may differ from any one state of the
// input; what must hold (docs/bad-input.md) is that nothing outside the spans
// given is read or written (ASan on the host; guard bytes, and a sink that
// counts, on the boards), that the output is well-formed (scalar values,
// UTF-8 that the reference model accepts, paired UTF-16), and that the
// counts add up.

#include "utf8mcu/validate.h"
#include "utf8mcu/boundary.h"
#include "utf8mcu/cesu8.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"
#include "utf8mcu/iterator.h"
#include "utf8mcu/legacy_fallback.h"
#include "utf8mcu/transcode.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"

#if defined(__SANITIZE_ADDRESS__)
#define CHANGING_INPUT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHANGING_INPUT_ASAN 1
#endif
#endif
#if defined(CHANGING_INPUT_ASAN)
#include <sanitizer/asan_interface.h>
#endif

namespace {

using utf8mcu::ErrorPolicy;
using utf8mcu::Status;

// The guard bytes, one value or the other at each resize(): a continuation
// byte, which ends an ASCII run and breaks a sequence read past the end, and
// an ASCII letter, which lets a loop that reads past the end run on. Without
// ASan (on the boards) a read is not seen by itself, only by what follows
// it: the continuation byte alone would stop such a loop one byte past the
// end, unseen, where the letter makes it hand the sink code points past the
// span's count, or fault.
constexpr std::uint8_t kGuards[2] = {0xA5, 'a'};
constexpr std::size_t kGuardBytes = 16;

// Up to N bytes with guard bytes on both sides; resize() makes the first
// `used` of them the buffer, so its end is exact. Under ASan the guards (and
// the unused bytes) are poisoned: any access to them stops the test at once.
// Elsewhere a write to them is seen by intact().
template <std::size_t N>
class Guarded {
 public:
  Guarded() { resize(N); }
  Guarded(const Guarded&) = delete;
  Guarded& operator=(const Guarded&) = delete;
  ~Guarded() { unpoison(); }

  void resize(std::size_t used) {
    unpoison();
    used_ = used;
    guard_ = kGuards[resizes_++ % 2];
    for (std::uint8_t& b : before_) b = guard_;
    for (std::size_t i = used; i < N + kGuardBytes; ++i) bytes_[i] = guard_;
    poison();
  }

  std::uint8_t* data() { return bytes_; }
  std::size_t size() const { return used_; }

  bool intact() {
    unpoison();
    bool ok = true;
    for (const std::uint8_t b : before_) ok = ok && b == guard_;
    for (std::size_t i = used_; i < N + kGuardBytes; ++i) ok = ok && bytes_[i] == guard_;
    poison();
    return ok;
  }

 private:
  void poison() {
#if defined(CHANGING_INPUT_ASAN)
    ASAN_POISON_MEMORY_REGION(before_, kGuardBytes);
    ASAN_POISON_MEMORY_REGION(bytes_ + used_, N + kGuardBytes - used_);
#endif
  }
  void unpoison() {
#if defined(CHANGING_INPUT_ASAN)
    ASAN_UNPOISON_MEMORY_REGION(before_, sizeof before_ + sizeof bytes_);
#endif
  }

  alignas(16) std::uint8_t before_[kGuardBytes];
  // The buffer and, after it, the unused bytes and the guard.
  alignas(4) std::uint8_t bytes_[N + kGuardBytes];
  std::size_t used_ = 0;
  std::uint8_t guard_ = kGuards[0];
  std::uint32_t resizes_ = 0;
};

// How a Rewriter changes the input on a call.
enum class Rewrite : std::uint8_t {
  kToAscii,   // bytes become ASCII: a loop that re-read a group it found non-ASCII would run on
  kToLeads,   // bytes become lead bytes: sequences that never end
  kRandom,    // edge and random bytes
  kCount,
};

// Rewrites a few bytes of a span at random places (mostly ahead of any
// cursor) each time it is called: the sink of a decoder, or the body of a
// loop over an iterator. Counts calls and checks each code point.
struct Rewriter {
  std::uint8_t* data;
  std::size_t size;
  Rewrite mode;
  test::Random random;
  std::size_t calls = 0;
  bool all_scalar = true;

  void rewrite() {
    if (size == 0) return;
    const std::uint32_t n = 1 + random.below(4);
    for (std::uint32_t k = 0; k < n; ++k) {
      std::uint8_t value = static_cast<std::uint8_t>(0x20 + random.below(0x5F));
      if (mode == Rewrite::kToLeads) value = static_cast<std::uint8_t>(0xE0 + random.below(0x15));
      if (mode == Rewrite::kRandom) {
        value = random.below(2) == 0 ? test::kEdgeBytes[random.below(sizeof test::kEdgeBytes)]
                                     : static_cast<std::uint8_t>(random.next());
      }
      data[random.below(static_cast<std::uint32_t>(size))] = value;
    }
    // Now and then a whole stretch at once, as a DMA block would.
    if (random.below(8) == 0) {
      const std::size_t from = random.below(static_cast<std::uint32_t>(size));
      for (std::size_t i = from; i < size && i < from + 16; ++i) data[i] = mode == Rewrite::kToLeads ? 0xF0 : 'b';
    }
  }

  void operator()(char32_t code_point) {
    ++calls;
    all_scalar = all_scalar && utf8mcu::is_scalar_value(code_point);
    rewrite();
  }
};

constexpr std::size_t kSpan = 96;
// Rounds per test, each a fresh text and seed (fewer on the boards that run
// reduced tests).
constexpr std::uint32_t kRounds = utest::kReduced ? 40 : 120;

// A round: text of a random length in `buffer`, and a rewriter of it that
// changes it in the way `round` picks.
Rewriter fresh_round(test::Random& random, Guarded<kSpan>& buffer, std::uint32_t round) {
  const std::size_t size = 1 + random.below(kSpan);
  buffer.resize(size);
  test::random_text(random, buffer.data(), size);
  return Rewriter{buffer.data(), size, static_cast<Rewrite>(round % 3), test::Random(random.next())};
}

// True when `data` holds well-formed UTF-8, by the reference model.
bool reference_accepts(const std::uint8_t* data, std::size_t size) {
  bool ok = true;
  ref::decode(data, size, [&ok](const ref::Item& item) { ok = ok && !item.is_error; });
  return ok;
}

template <ErrorPolicy kPolicy>
void push_with_rewriting_sink(std::uint32_t seed) {
  Guarded<kSpan> buffer;
  test::Random random(seed);
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    Rewriter sink = fresh_round(random, buffer, round);
    const std::size_t size = sink.size;
    utf8mcu::Decoder decoder;
    // A sequence left open by an earlier push.
    decoder.push(std::uint8_t{0xF0}, sink);
    const utf8mcu::DecodeResult r = decoder.push<kPolicy>(buffer.data(), size, sink);
    const std::size_t calls_before_finish = sink.calls;
    const utf8mcu::DecodeError end = decoder.finish<kPolicy>(sink);
    EXPECT_TRUE(buffer.intact());
    EXPECT_TRUE(sink.all_scalar);
    EXPECT_LE(r.consumed, size);
    if (kPolicy != ErrorPolicy::kReport) EXPECT_EQ(r.consumed, size);
    // One code point per byte at most, and one U+FFFD for the open F0.
    EXPECT_LE(calls_before_finish, size + 1);
    EXPECT_LE(r.errors, size + 1);
    EXPECT_LE(sink.calls - calls_before_finish, 1u);
    EXPECT_LE(end.length, 3u);
    if (utest::current_test_failed()) {
      utest::log() << "round " << round << " size " << size << '\n';
      return;
    }
  }
}

UTEST(ChangingInput, DecoderPushReplace) { push_with_rewriting_sink<ErrorPolicy::kReplace>(1); }
UTEST(ChangingInput, DecoderPushSkip) { push_with_rewriting_sink<ErrorPolicy::kSkip>(2); }
UTEST(ChangingInput, DecoderPushReport) { push_with_rewriting_sink<ErrorPolicy::kReport>(3); }

template <ErrorPolicy kPolicy>
void decode_with_rewriting_sink(std::uint32_t seed) {
  Guarded<kSpan> buffer;
  test::Random random(seed);
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    Rewriter sink = fresh_round(random, buffer, round);
    const std::size_t size = sink.size;
    const utf8mcu::ValidationResult r = utf8mcu::decode<kPolicy>(buffer.data(), size, sink);
    EXPECT_TRUE(buffer.intact());
    EXPECT_TRUE(sink.all_scalar);
    EXPECT_LE(sink.calls, size);
    EXPECT_LE(r.valid_up_to, size);
    EXPECT_LE(r.errors, size);
    EXPECT_EQ(r.errors == 0, r.ok());
    if (utest::current_test_failed()) {
      utest::log() << "round " << round << " size " << size << '\n';
      return;
    }
  }
}

UTEST(ChangingInput, DecodeReplace) { decode_with_rewriting_sink<ErrorPolicy::kReplace>(4); }
UTEST(ChangingInput, DecodeSkip) { decode_with_rewriting_sink<ErrorPolicy::kSkip>(5); }
UTEST(ChangingInput, DecodeReport) { decode_with_rewriting_sink<ErrorPolicy::kReport>(6); }

UTEST(ChangingInput, Cesu8DecoderPush) {
  Guarded<kSpan> buffer;
  test::Random random(7);
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    Rewriter sink = fresh_round(random, buffer, round);
    const std::size_t size = sink.size;
    utf8mcu::Cesu8Decoder decoder;
    const utf8mcu::DecodeResult r = decoder.push(buffer.data(), size, sink);
    const std::size_t calls_before_finish = sink.calls;
    decoder.finish(sink);
    EXPECT_TRUE(buffer.intact());
    EXPECT_TRUE(sink.all_scalar);
    EXPECT_EQ(r.consumed, size);
    EXPECT_LE(calls_before_finish, size);
    EXPECT_LE(sink.calls - calls_before_finish, 3u);  // a lone C0, an open sequence, a high surrogate
    if (utest::current_test_failed()) return;
  }
}

UTEST(ChangingInput, LegacyFallbackDecoderPush) {
  Guarded<kSpan> buffer;
  test::Random random(18);
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    Rewriter sink = fresh_round(random, buffer, round);
    const std::size_t size = sink.size;
    utf8mcu::LegacyFallbackDecoder<utf8mcu::LegacyCharset::kWindows1252> decoder;
    // A sequence left open by an earlier push.
    decoder.push(std::uint8_t{0xF0}, sink);
    const utf8mcu::DecodeResult r = decoder.push(buffer.data(), size, sink);
    const std::size_t calls_before_finish = sink.calls;
    const utf8mcu::DecodeError end = decoder.finish(sink);
    EXPECT_TRUE(buffer.intact());
    EXPECT_TRUE(sink.all_scalar);
    EXPECT_EQ(r.consumed, size);
    // One code point per byte at most, the open F0 included.
    EXPECT_LE(calls_before_finish, size + 1);
    EXPECT_LE(r.errors, size + 1);
    EXPECT_EQ(sink.calls - calls_before_finish, std::size_t{end.length});
    EXPECT_LE(end.length, 3u);
    if (utest::current_test_failed()) {
      utest::log() << "round " << round << " size " << size << '\n';
      return;
    }
  }
}

UTEST(ChangingInput, CodePointsIterator) {
  Guarded<kSpan> buffer;
  test::Random random(8);
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    Rewriter body = fresh_round(random, buffer, round);
    const std::size_t size = body.size;
    std::size_t steps = 0;
    std::size_t bytes = 0;
    const utf8mcu::CodePoints range(buffer.data(), size);
    for (auto it = range.begin(); it != range.end() && steps <= size; ++it) {
      EXPECT_TRUE(it.position() >= buffer.data() && it.position() < buffer.data() + size);
      bytes += it.decoded().length;
      body(*it);
      ++steps;
    }
    EXPECT_TRUE(buffer.intact());
    EXPECT_TRUE(body.all_scalar);
    EXPECT_LE(steps, size);
    EXPECT_EQ(bytes, size);  // the lengths of the parts visited add up to the span
    if (utest::current_test_failed()) return;
  }
}

// Sanitising in place: the writer's output lands on the input it has just
// read, and (for 3-byte U+FFFD from 1 byte) on input not yet read.
template <ErrorPolicy kPolicy>
void sanitize_in_place(std::uint32_t seed) {
  Guarded<kSpan> buffer;
  test::Random random(seed);
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    const std::size_t size = 1 + random.below(kSpan);
    buffer.resize(size);
    if (round % 2 == 0) {
      test::random_text(random, buffer.data(), size);
    } else {
      test::random_utf8ish(random, buffer.data(), size);
    }
    utf8mcu::Utf8Writer writer(buffer.data(), size);
    std::size_t calls = 0;
    auto sink = [&writer, &calls](char32_t c) {
      ++calls;
      writer(c);
    };
    if (round % 3 == 0) {
      utf8mcu::decode<kPolicy>(buffer.data(), size, sink);
    } else {
      utf8mcu::Decoder decoder;
      decoder.push<kPolicy>(buffer.data(), size, sink);
      decoder.finish<kPolicy>(sink);
    }
    EXPECT_TRUE(buffer.intact());
    EXPECT_LE(writer.size(), size);
    EXPECT_LE(calls, size);
    EXPECT_TRUE(reference_accepts(buffer.data(), writer.size()));
    if (utest::current_test_failed()) {
      utest::log() << "round " << round << " size " << size << '\n';
      return;
    }
  }
}

UTEST(ChangingInput, SanitizeInPlaceReplace) { sanitize_in_place<ErrorPolicy::kReplace>(9); }
UTEST(ChangingInput, SanitizeInPlaceSkip) { sanitize_in_place<ErrorPolicy::kSkip>(10); }

// The two cases of the report that found the double fetches, written out.
UTEST(ChangingInput, ReportedSanitizeInPlace) {
  const std::uint8_t text[22] = {0xC3, 0xA9, 0x20, 0x20, 0xE2, 0x82, 0x61, 0x61, 0x20, 0xC3, 0xA9,
                                 0xF0, 0x9F, 0x98, 0x80, 0x80, 0x80, 0x20, 0x80, 0xC3, 0xA9, 0x20};
  Guarded<sizeof text> buffer;
  // Each call with each guard value.
  for (int round = 0; round < 4; ++round) {
    const bool use_decode = round >= 2;
    buffer.resize(sizeof text);
    for (std::size_t i = 0; i < sizeof text; ++i) buffer.data()[i] = text[i];
    utf8mcu::Utf8Writer writer(buffer.data(), sizeof text);
    if (use_decode) {
      utf8mcu::decode(buffer.data(), sizeof text, writer);
    } else {
      utf8mcu::Decoder decoder;
      decoder.push(buffer.data(), sizeof text, writer);
    }
    EXPECT_TRUE(buffer.intact());
    EXPECT_LE(writer.size(), sizeof text);
    EXPECT_TRUE(reference_accepts(buffer.data(), writer.size()));
  }
}

UTEST(ChangingInput, ReportedUtf8ToUnitsInPlace) {
  Guarded<64> buffer;
  // "aaaa", U+00E9, then 'b' up to the end.
  const auto fill = [&buffer](std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) buffer.data()[i] = i < 4 ? 'a' : 'b';
    buffer.data()[4] = 0xC3;
    buffer.data()[5] = 0xA9;
  };
  buffer.resize(32);
  fill(32);
  char16_t* units16 = reinterpret_cast<char16_t*>(buffer.data());
  const utf8mcu::TranscodeResult r16 = utf8mcu::utf8_to_utf16(buffer.data(), 32, units16, 16);
  EXPECT_TRUE(buffer.intact());
  EXPECT_LE(r16.written, 16u);
  EXPECT_LE(r16.read, 32u);
  EXPECT_TRUE(test::well_formed_utf16(units16, r16.written));

  buffer.resize(64);
  fill(64);
  char32_t* units32 = reinterpret_cast<char32_t*>(buffer.data());
  const utf8mcu::TranscodeResult r32 = utf8mcu::utf8_to_utf32(buffer.data(), 64, units32, 16);
  EXPECT_TRUE(buffer.intact());
  EXPECT_LE(r32.written, 16u);
  EXPECT_LE(r32.read, 64u);
  for (std::size_t i = 0; i < r32.written && i < 16; ++i) EXPECT_TRUE(utf8mcu::is_scalar_value(units32[i]));
}

// UTF-8 to UTF-16 or UTF-32 with the output placed at every offset from the
// input, in units, from wholly before it to wholly after it; the buffer is
// exactly the union of the two spans.
template <typename Unit>
void utf8_to_units_at_every_overlap(std::uint32_t seed) {
  constexpr std::size_t kIn = 40;
  constexpr std::size_t kUnits = 24;  // room for fewer units than input bytes, too
  constexpr std::size_t kOutBytes = kUnits * sizeof(Unit);
  Guarded<kIn + kOutBytes> buffer;
  test::Random random(seed);
  for (std::size_t out_at = 0; out_at <= kIn + kOutBytes; out_at += sizeof(Unit)) {
    // Input at byte `in_at`, output at `out_at`, one of them at 0.
    const std::size_t in_at = out_at >= kOutBytes ? 0 : kOutBytes - out_at;
    const std::size_t out_pos = out_at >= kOutBytes ? out_at - kOutBytes : 0;
    const std::size_t used = (in_at + kIn > out_pos + kOutBytes) ? in_at + kIn : out_pos + kOutBytes;
    for (std::uint32_t text = 0; text < 4; ++text) {
      buffer.resize(used);
      std::uint8_t* in = buffer.data() + in_at;
      if (text % 2 == 0) {
        test::random_text(random, in, kIn);
      } else {
        test::random_utf8ish(random, in, kIn);
      }
      Unit* out = reinterpret_cast<Unit*>(buffer.data() + out_pos);
      utf8mcu::Utf8ToUnits<Unit> converter;
      // Two chunks, the second left to the next call as with a full buffer.
      const std::size_t first = kIn / 2 + text;
      utf8mcu::TranscodeResult r = converter.convert(in, first, out, kUnits);
      std::size_t read = r.read;
      std::size_t written = r.written;
      if (r.status == Status::kOk) {
        r = converter.convert(in + first, kIn - first, out + written, kUnits - written);
        read += r.read;
        written += r.written;
        if (r.status == Status::kOk) written += converter.finish(out + written, kUnits - written).written;
      }
      EXPECT_TRUE(buffer.intact());
      EXPECT_LE(read, kIn);
      EXPECT_LE(written, kUnits);
      if constexpr (sizeof(Unit) == 2) {
        EXPECT_TRUE(test::well_formed_utf16(reinterpret_cast<const char16_t*>(out), written));
      } else {
        for (std::size_t i = 0; i < written && i < kUnits; ++i) EXPECT_TRUE(utf8mcu::is_scalar_value(out[i]));
      }
      if (utest::current_test_failed()) {
        utest::log() << "output at byte " << out_at << ", text " << text << '\n';
        return;
      }
    }
  }
}

UTEST(ChangingInput, Utf8ToUtf16AtEveryOverlap) { utf8_to_units_at_every_overlap<char16_t>(11); }
UTEST(ChangingInput, Utf8ToUtf32AtEveryOverlap) { utf8_to_units_at_every_overlap<char32_t>(12); }

// UTF-32 or UTF-16 to UTF-8, likewise.
template <typename Unit>
void units_to_utf8_at_every_overlap(std::uint32_t seed) {
  constexpr std::size_t kIn = 16;  // units
  constexpr std::size_t kInBytes = kIn * sizeof(Unit);
  constexpr std::size_t kOut = 40;
  Guarded<kInBytes + kOut> buffer;
  test::Random random(seed);
  static_assert(kOut % sizeof(Unit) == 0, "the input stays aligned at every offset");
  for (std::size_t out_at = 0; out_at <= kOut + kInBytes; out_at += sizeof(Unit)) {
    // Output at byte `out_start`, input at `in_at`, one of them at 0.
    const std::size_t in_at = out_at >= kOut ? 0 : kOut - out_at;
    const std::size_t out_start = out_at >= kOut ? out_at - kOut : 0;
    const std::size_t used = (in_at + kInBytes > out_start + kOut) ? in_at + kInBytes : out_start + kOut;
    for (std::uint32_t text = 0; text < 4; ++text) {
      buffer.resize(used);
      Unit* in = reinterpret_cast<Unit*>(buffer.data() + in_at);
      for (std::size_t i = 0; i < kIn; ++i) {
        const std::uint32_t kind = random.below(6);
        std::uint32_t value = 0x20 + random.below(0x5F);
        if (kind == 1) value = test::random_scalar(random, 2 + random.below(3));
        if (kind == 2) value = 0xD800 + random.below(0x800);  // a surrogate, paired or not
        if (kind == 3 && sizeof(Unit) == 4) value = 0x110000 + random.below(0x1000);
        if (sizeof(Unit) == 2 && value > 0xFFFF) value = 0xD800 + (value & 0x3FF);
        in[i] = static_cast<Unit>(value);
      }
      std::uint8_t* out = buffer.data() + out_start;
      utf8mcu::TranscodeResult r{};
      if constexpr (sizeof(Unit) == 4) {
        r = utf8mcu::utf32_to_utf8(in, kIn, out, kOut);
      } else {
        r = utf8mcu::utf16_to_utf8(in, kIn, out, kOut);
      }
      EXPECT_TRUE(buffer.intact());
      EXPECT_LE(r.read, kIn);
      EXPECT_LE(r.written, kOut);
      EXPECT_TRUE(reference_accepts(out, r.written));
      if (utest::current_test_failed()) {
        utest::log() << "output at byte " << out_at << ", text " << text << '\n';
        return;
      }
    }
  }
}

UTEST(ChangingInput, Utf32ToUtf8AtEveryOverlap) { units_to_utf8_at_every_overlap<char32_t>(13); }
UTEST(ChangingInput, Utf16ToUtf8AtEveryOverlap) { units_to_utf8_at_every_overlap<char16_t>(14); }

// A DMA ring half rewritten between two pushes (and during the second, by
// the sink): sequences cut by the chunk boundary still end bounded.
UTEST(ChangingInput, RewrittenBetweenChunks) {
  Guarded<32> ring;
  test::Random random(15);
  for (std::uint32_t round = 0; round < kRounds; ++round) {
    ring.resize(32);
    test::random_text(random, ring.data(), 32);
    utf8mcu::Decoder decoder;
    Rewriter sink{ring.data(), 32, static_cast<Rewrite>(round % 3), test::Random(random.next())};
    const utf8mcu::DecodeResult a = decoder.push(ring.data(), 32, sink);
    // The DMA laps the reader: the same memory holds the next chunk.
    test::random_utf8ish(random, ring.data(), 32);
    const utf8mcu::DecodeResult b = decoder.push(ring.data(), 32, sink);
    decoder.finish(sink);
    EXPECT_TRUE(ring.intact());
    EXPECT_TRUE(sink.all_scalar);
    EXPECT_EQ(a.consumed + b.consumed, 64u);
    EXPECT_LE(sink.calls, 64u + 1);
    if (utest::current_test_failed()) return;
  }
}

#if !defined(__arm__)
// Another thread rewrites the buffer (as a DMA transfer would) while
// validate(), is_valid(), count_code_points(), decode(), the boundary
// functions and a converter read it: the results must stay within the span,
// under ASan.
UTEST(ChangingInput, RewrittenByAnotherThread) {
  constexpr std::size_t kSize = 1024;
  Guarded<kSize> buffer;
  test::Random random(16);
  test::random_text(random, buffer.data(), kSize);
  const test::RewritingThread dma(buffer.data(), kSize, 17);
  for (std::uint32_t round = 0; round < 2000 && !utest::current_test_failed(); ++round) {
    const std::size_t size = 1 + random.below(kSize);
    const utf8mcu::ValidationResult v = utf8mcu::validate(buffer.data(), size);
    EXPECT_LE(v.valid_up_to, size);
    EXPECT_LE(v.errors, 1u);
    (void)utf8mcu::is_valid(buffer.data(), size);
    EXPECT_LE(utf8mcu::count_code_points(buffer.data(), size), size);
    std::size_t calls = 0;
    utf8mcu::decode(buffer.data(), size, [&calls, size](char32_t c) {
      calls += utf8mcu::is_scalar_value(c) ? 1 : size + 1;
    });
    EXPECT_LE(calls, size);
    // The boundary functions: positions within the span, parts of 1-4 bytes.
    const std::size_t pos = random.below(static_cast<std::uint32_t>(size));
    EXPECT_LE(utf8mcu::previous_boundary(buffer.data(), size, pos), pos);
    const std::size_t next = utf8mcu::next_boundary(buffer.data(), size, pos);
    EXPECT_TRUE(next > pos && next <= size);
    EXPECT_LE(utf8mcu::truncate(buffer.data(), size, pos), pos);
    // The converters, into a buffer of their own.
    char16_t units[kSize];
    const utf8mcu::TranscodeResult t = utf8mcu::utf8_to_utf16(buffer.data(), size, units, size);
    EXPECT_TRUE(t.read <= size && t.written <= size && test::well_formed_utf16(units, t.written));
    const utf8mcu::DecodedCodePoint one = utf8mcu::decode_one(buffer.data() + pos, size - pos);
    const std::size_t length = one.length;
    EXPECT_TRUE(length >= 1 && length <= size - pos && length <= 4);
    EXPECT_TRUE(utf8mcu::is_scalar_value(one.code_point));
  }
  EXPECT_TRUE(buffer.intact());
}
#endif

}  // namespace
