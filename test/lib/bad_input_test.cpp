// Bad arguments to every public function of lib/include/utf8mcu: null
// pointers with non-zero sizes, empty and zero-capacity buffers, room for
// less than one sequence, values outside the enums and outside Unicode,
// positions past the end. Each gets a defined result and touches no memory
// it was not given (guard bytes around every output). One test per row
// group of docs/bad-input.md, which names them.

#include <initializer_list>

#include "utf8mcu/utf8mcu.h"
#include "utest/utest.h"

namespace {

using utf8mcu::ErrorPolicy;
using utf8mcu::Status;
using utf8mcu::TranscodeResult;

constexpr std::uint8_t kGuard = 0xA5;
constexpr std::size_t kHuge = ~std::size_t{0};

// A sink that counts calls and keeps the last code point.
struct Counter {
  std::size_t calls = 0;
  char32_t last = 0;
  void operator()(char32_t c) {
    ++calls;
    last = c;
  }
};

// True when all `size` bytes still hold the guard pattern.
bool untouched(const std::uint8_t* bytes, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) {
    if (bytes[i] != kGuard) return false;
  }
  return true;
}

// --- common.h -------------------------------------------------------------------

UTEST(BadInput, StatusOutsideTheEnum) {
  const auto unknown = static_cast<Status>(200);
  EXPECT_STREQ(utf8mcu::status_name(unknown), "unknown");
  EXPECT_FALSE(utf8mcu::is_ill_formed_utf8(unknown));
  EXPECT_FALSE(utf8mcu::is_ill_formed_utf8(Status::kOk));
  EXPECT_FALSE(utf8mcu::is_ill_formed_utf8(Status::kOutputFull));
}

UTEST(BadInput, CodePointsOutsideUnicode) {
  constexpr char32_t kOutside[] = {0xD800, 0xDFFF, 0x110000, 0x7FFFFFFF, 0xFFFFFFFF};
  for (const char32_t c : kOutside) {
    EXPECT_FALSE(utf8mcu::is_scalar_value(c));
    EXPECT_EQ(utf8mcu::encoded_length(c), 0u);
  }
  EXPECT_FALSE(utf8mcu::is_surrogate(0xFFFFFFFF));
  EXPECT_TRUE(utf8mcu::is_scalar_value(0x10FFFF));
}

UTEST(BadInput, NullCallbackDropsCodePoints) {
  const utf8mcu::CodePointCallback nothing{};
  const std::uint8_t text[] = {0x41, 0xE2, 0x82, 0xAC, 0xFF};
  utf8mcu::Decoder decoder;
  const utf8mcu::DecodeResult r = decoder.push(text, sizeof text, nothing);
  EXPECT_EQ(r.consumed, sizeof text);
  EXPECT_EQ(r.errors, 1u);
  EXPECT_EQ(utf8mcu::decode(text, sizeof text, nothing).errors, 1u);
  nothing(U'A');  // callable directly too
}

// --- decoder.h ------------------------------------------------------------------

UTEST(BadInput, DecoderNullOrEmptySpan) {
  const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
  utf8mcu::Decoder decoder;
  Counter sink;
  decoder.push(euro, 1, sink);
  // A null or empty span is no input: nothing consumed, the pending
  // sequence kept, in every policy.
  utf8mcu::DecodeResult r = decoder.push(nullptr, 5, sink);
  EXPECT_EQ(r.consumed, 0u);
  EXPECT_EQ(r.errors, 0u);
  r = decoder.push<ErrorPolicy::kReport>(nullptr, kHuge, sink);
  EXPECT_EQ(r.consumed, 0u);
  r = decoder.push<ErrorPolicy::kSkip>(euro + 1, 0, sink);
  EXPECT_EQ(r.consumed, 0u);
  EXPECT_TRUE(decoder.in_sequence());
  EXPECT_EQ(sink.calls, 0u);
  decoder.push(euro + 1, 2, sink);
  EXPECT_EQ(sink.calls, 1u);
  EXPECT_EQ(sink.last, U'\u20AC');
}

UTEST(BadInput, DecoderFinishWhenIdle) {
  utf8mcu::Decoder decoder;
  Counter sink;
  EXPECT_TRUE(decoder.finish(sink).ok());
  EXPECT_TRUE(decoder.finish<ErrorPolicy::kReport>(sink).ok());
  EXPECT_EQ(sink.calls, 0u);
  // A cut sequence is reported once; a second finish() finds nothing.
  decoder.push(0xF0, sink);
  const utf8mcu::DecodeError error = decoder.finish(sink);
  EXPECT_EQ(error.status, Status::kTruncated);
  EXPECT_EQ(error.length, 1u);
  EXPECT_TRUE(decoder.finish(sink).ok());
  EXPECT_EQ(sink.calls, 1u);
}

UTEST(BadInput, DecoderReportLeavesItIdle) {
  utf8mcu::Decoder decoder;
  Counter sink;
  decoder.push<ErrorPolicy::kReport>(0xE2, sink);
  const utf8mcu::DecodeResult r = decoder.push<ErrorPolicy::kReport>(0x41, sink);
  EXPECT_EQ(r.consumed, 0u);  // 'A' is not part of the broken sequence
  EXPECT_EQ(r.error.status, Status::kTruncated);
  EXPECT_FALSE(decoder.in_sequence());
  EXPECT_EQ(decoder.push<ErrorPolicy::kReport>(0x41, sink).consumed, 1u);
  EXPECT_EQ(sink.last, U'A');
}

// --- validate.h -----------------------------------------------------------------

UTEST(BadInput, BulkNullOrEmptyBuffer) {
  Counter sink;
  const std::uint8_t text[] = {0xFF};
  for (const std::size_t size : {std::size_t{0}, std::size_t{7}, kHuge}) {
    utf8mcu::ValidationResult r = utf8mcu::decode(nullptr, size, sink);
    EXPECT_TRUE(r.ok());
    EXPECT_EQ(r.valid_up_to, 0u);
    EXPECT_EQ(r.errors, 0u);
    EXPECT_TRUE(utf8mcu::decode<ErrorPolicy::kReport>(nullptr, size, sink).ok());
    EXPECT_TRUE(utf8mcu::decode<ErrorPolicy::kSkip>(nullptr, size, sink).ok());
    r = utf8mcu::validate(nullptr, size);
    EXPECT_TRUE(r.ok());
    EXPECT_EQ(r.valid_up_to, 0u);
    EXPECT_TRUE(utf8mcu::is_valid(nullptr, size));
    EXPECT_EQ(utf8mcu::count_code_points(nullptr, size), 0u);
  }
  EXPECT_TRUE(utf8mcu::validate(text, 0).ok());
  EXPECT_EQ(utf8mcu::count_code_points(text, 0), 0u);
  EXPECT_EQ(utf8mcu::decode(text, 0, sink).valid_up_to, 0u);
  EXPECT_EQ(sink.calls, 0u);
}

// --- iterator.h -----------------------------------------------------------------

UTEST(BadInput, IteratorNullEmptyAndPastTheEnd) {
  std::size_t steps = 0;
  for (const char32_t c : utf8mcu::CodePoints(nullptr, 5)) steps += 1 + c;
  const std::uint8_t text[] = {0x41};
  for (const char32_t c : utf8mcu::CodePoints(text, 0)) steps += 1 + c;
  EXPECT_EQ(steps, 0u);
  // A default iterator and the end iterator read nothing and stay put.
  utf8mcu::CodePointIterator none;
  EXPECT_EQ(*none, 0u);
  ++none;
  EXPECT_TRUE(none == utf8mcu::CodePointIterator());
  const utf8mcu::CodePoints range(text, sizeof text);
  utf8mcu::CodePointIterator end = range.end();
  EXPECT_EQ(end.decoded().length, 0u);
  ++end;
  EXPECT_TRUE(end == range.end());
}

// --- encoder.h ------------------------------------------------------------------

UTEST(BadInput, EncodeInvalidCodePoints) {
  constexpr char32_t kInvalid[] = {0xD800, 0xDFFF, 0x110000, 0xFFFFFFFF};
  for (const char32_t c : kInvalid) {
    std::uint8_t out[6] = {kGuard, kGuard, kGuard, kGuard, kGuard, kGuard};
    utf8mcu::EncodeResult r = utf8mcu::encode(c, out + 1, 4);
    EXPECT_EQ(r.status, Status::kInvalidCodePoint);
    EXPECT_EQ(r.length, 3u);
    const std::uint8_t replacement[] = {kGuard, 0xEF, 0xBF, 0xBD, kGuard, kGuard};
    EXPECT_MEMEQ(out, replacement, sizeof out);
    std::uint8_t none[4] = {kGuard, kGuard, kGuard, kGuard};
    r = utf8mcu::encode<ErrorPolicy::kReport>(c, none, 4);
    EXPECT_EQ(r.status, Status::kInvalidCodePoint);
    EXPECT_EQ(r.length, 0u);
    r = utf8mcu::encode<ErrorPolicy::kSkip>(c, none, 4);
    EXPECT_EQ(r.status, Status::kInvalidCodePoint);
    EXPECT_TRUE(untouched(none, sizeof none));
    // Reported before the buffer is looked at, even with no buffer.
    EXPECT_EQ(utf8mcu::encode<ErrorPolicy::kReport>(c, nullptr, 0).status, Status::kInvalidCodePoint);
  }
}

UTEST(BadInput, EncodeWithoutRoom) {
  // 1-4 byte code points, each into one byte less than it needs.
  constexpr char32_t kOfLength[] = {0x41, 0x7FF, 0xFFFF, 0x10FFFF};
  for (std::size_t length = 1; length <= 4; ++length) {
    std::uint8_t out[5] = {kGuard, kGuard, kGuard, kGuard, kGuard};
    const utf8mcu::EncodeResult r = utf8mcu::encode(kOfLength[length - 1], out, length - 1);
    EXPECT_EQ(r.status, Status::kOutputFull);
    EXPECT_EQ(r.length, 0u);
    EXPECT_TRUE(untouched(out, sizeof out));
    EXPECT_EQ(utf8mcu::encode(kOfLength[length - 1], nullptr, kHuge).status, Status::kOutputFull);
  }
  // U+FFFD for an invalid code point needs 3 bytes too.
  std::uint8_t two[2] = {kGuard, kGuard};
  EXPECT_EQ(utf8mcu::encode(0xD800, two, 2).status, Status::kOutputFull);
  EXPECT_TRUE(untouched(two, sizeof two));
}

UTEST(BadInput, WriterWithoutRoom) {
  utf8mcu::Utf8Writer null_buffer(nullptr, 16);
  EXPECT_EQ(null_buffer.capacity(), 0u);
  EXPECT_EQ(null_buffer.put(U'A'), Status::kOutputFull);
  EXPECT_EQ(null_buffer.needed(), 1u);
  EXPECT_TRUE(null_buffer.overflowed());

  std::uint8_t out[3] = {kGuard, kGuard, kGuard};
  utf8mcu::Utf8Writer empty(out, 0);
  EXPECT_EQ(empty.put(U'A'), Status::kOutputFull);
  EXPECT_TRUE(untouched(out, sizeof out));

  // Once one sequence does not fit, nothing more is written, even what would.
  utf8mcu::Utf8Writer one(out, 1);
  EXPECT_EQ(one.put(U'\u00E9'), Status::kOutputFull);
  EXPECT_EQ(one.put(U'A'), Status::kOutputFull);
  EXPECT_EQ(one.size(), 0u);
  EXPECT_EQ(one.needed(), 3u);
  EXPECT_TRUE(untouched(out, sizeof out));

  // Invalid code points: U+FFFD (replace) or nothing, not even counted.
  utf8mcu::Utf8Writer writer(out, sizeof out);
  EXPECT_EQ(writer.put<ErrorPolicy::kReport>(0x110000), Status::kInvalidCodePoint);
  EXPECT_EQ(writer.put<ErrorPolicy::kSkip>(0xDC00), Status::kInvalidCodePoint);
  EXPECT_EQ(writer.needed(), 0u);
  EXPECT_EQ(writer.put(0xFFFFFFFF), Status::kInvalidCodePoint);
  EXPECT_EQ(writer.size(), 3u);
  EXPECT_EQ(out[0], 0xEFu);
}

// --- transcode.h ----------------------------------------------------------------

UTEST(BadInput, Utf32ToUtf8NullInvalidAndNoRoom) {
  std::uint8_t out[4] = {kGuard, kGuard, kGuard, kGuard};
  TranscodeResult r = utf8mcu::utf32_to_utf8(nullptr, kHuge, out, 4);
  EXPECT_EQ(r.read, 0u);
  EXPECT_EQ(r.status, Status::kOk);
  const char32_t text[] = {0xE9, 0x41};
  r = utf8mcu::utf32_to_utf8(text, 2, nullptr, 4);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.read, 0u);
  r = utf8mcu::utf32_to_utf8(text, 2, out, 1);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.written, 0u);
  EXPECT_TRUE(untouched(out, sizeof out));
  // Out of range: kReport stops with `read` at the unit itself (resume at
  // read + 1); kSkip drops it.
  const char32_t invalid[] = {0x41, 0xFFFFFFFF, 0x42};
  r = utf8mcu::utf32_to_utf8<ErrorPolicy::kReport>(invalid, 3, out, 4);
  EXPECT_EQ(r.status, Status::kInvalidCodePoint);
  EXPECT_EQ(r.read, 1u);
  EXPECT_EQ(r.length, 1u);
  EXPECT_EQ(r.written, 1u);
  r = utf8mcu::utf32_to_utf8<ErrorPolicy::kSkip>(invalid, 3, out, 4);
  EXPECT_EQ(r.status, Status::kOk);
  EXPECT_EQ(r.written, 2u);
  EXPECT_EQ(r.errors, 1u);
}

UTEST(BadInput, Utf16ToUtf8NullAndNoRoom) {
  utf8mcu::Utf16ToUtf8 converter;
  std::uint8_t out[4] = {kGuard, kGuard, kGuard, kGuard};
  TranscodeResult r = converter.convert(nullptr, kHuge, out, 4);
  EXPECT_EQ(r.read, 0u);
  EXPECT_EQ(r.status, Status::kOk);
  const char16_t a[] = {0x41};
  r = converter.convert(a, 1, nullptr, 4);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.read, 0u);
  // A pair needs 4 bytes: with 3, the high surrogate is held, nothing written.
  const char16_t pair[] = {0xD83D, 0xDE00};
  r = converter.convert(pair, 2, out, 3);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.read, 1u);
  EXPECT_TRUE(untouched(out, sizeof out));
  r = converter.convert(pair + 1, 1, out, 4);
  EXPECT_EQ(r.written, 4u);
  EXPECT_EQ(out[0], 0xF0u);
  // A high surrogate left at the end: no room for U+FFFD keeps it pending.
  (void)converter.convert(pair, 1, out, 4);
  r = converter.finish(nullptr, 8);
  EXPECT_EQ(r.status, Status::kOutputFull);
  r = converter.finish(out, 3);
  EXPECT_EQ(r.written, 3u);
  EXPECT_EQ(r.errors, 1u);
  EXPECT_EQ(converter.finish(out, 3).errors, 0u);
}

UTEST(BadInput, Utf8ToUnitsNullAndNoRoom) {
  char32_t out32[2] = {};
  utf8mcu::Utf8ToUtf32 to32;
  TranscodeResult r = to32.convert(nullptr, kHuge, out32, 2);
  EXPECT_EQ(r.read, 0u);
  EXPECT_EQ(r.status, Status::kOk);
  const std::uint8_t a[] = {0x41};
  r = to32.convert(a, 1, nullptr, 2);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.read, 0u);

  // U+1F600 needs 2 UTF-16 units: with 1, its first 3 bytes are held and
  // nothing is written, never half a pair.
  const std::uint8_t smile[] = {0xF0, 0x9F, 0x98, 0x80};
  char16_t out16[3] = {0xA5A5, 0xA5A5, 0xA5A5};
  utf8mcu::Utf8ToUtf16 to16;
  r = to16.convert(smile, 4, out16, 1);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.read, 3u);
  EXPECT_EQ(r.written, 0u);
  EXPECT_EQ(out16[0], 0xA5A5u);
  r = to16.convert(smile + 3, 1, out16, 2);
  EXPECT_EQ(r.written, 2u);
  EXPECT_EQ(out16[0], 0xD83Du);
  EXPECT_EQ(out16[2], 0xA5A5u);

  // A cut sequence at the end: no room for U+FFFD keeps it pending.
  (void)to16.convert(smile, 2, out16, 2);
  r = to16.finish(nullptr, 4);
  EXPECT_EQ(r.status, Status::kOutputFull);
  r = to16.finish(out16, 1);
  EXPECT_EQ(r.written, 1u);
  EXPECT_EQ(r.errors, 1u);
  EXPECT_EQ(out16[0], 0xFFFDu);
}

UTEST(BadInput, OneShotNullAndNoRoom) {
  const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
  const char16_t euro16[] = {0x20AC};
  // Arrays larger than the capacities given, so the guard bytes past the
  // capacity are checked (and g++ -Warray-bounds sees room for any path).
  char32_t out32[2] = {};
  char16_t out16[2] = {0xA5A5, 0xA5A5};
  std::uint8_t out8[8] = {kGuard, kGuard, kGuard, kGuard, kGuard, kGuard, kGuard, kGuard};
  EXPECT_EQ(utf8mcu::utf8_to_utf32(nullptr, kHuge, out32, 1).read, 0u);
  EXPECT_EQ(utf8mcu::utf8_to_utf16(nullptr, 3, out16, 1).read, 0u);
  EXPECT_EQ(utf8mcu::utf16_to_utf8(nullptr, 3, out8, 2).read, 0u);
  EXPECT_EQ(utf8mcu::utf8_to_utf32(euro, 3, nullptr, 1).status, Status::kOutputFull);
  EXPECT_EQ(utf8mcu::utf8_to_utf16(euro, 3, out16, 0).status, Status::kOutputFull);
  EXPECT_EQ(out16[0], 0xA5A5u);
  const TranscodeResult r = utf8mcu::utf16_to_utf8(euro16, 1, out8, 2);
  EXPECT_EQ(r.status, Status::kOutputFull);
  EXPECT_EQ(r.written, 0u);
  EXPECT_TRUE(untouched(out8, sizeof out8));
}

// --- boundary.h -----------------------------------------------------------------

UTEST(BadInput, BoundaryNullEmptyAndPastTheEnd) {
  const std::uint8_t text[] = {0x41, 0xE2, 0x82, 0xAC};  // "A€"
  utf8mcu::DecodedCodePoint none = utf8mcu::decode_one(nullptr, 4);
  EXPECT_EQ(none.length, 0u);
  EXPECT_EQ(none.status, Status::kOk);
  none = utf8mcu::decode_one(text, 0);
  EXPECT_EQ(none.length, 0u);
  // A window too short for its sequence: truncated, nothing read past it.
  const utf8mcu::DecodedCodePoint cut = utf8mcu::decode_one(text + 1, 2);
  EXPECT_EQ(cut.status, Status::kTruncated);
  EXPECT_EQ(cut.length, 2u);

  for (const std::size_t pos : {std::size_t{0}, std::size_t{3}, std::size_t{4}, std::size_t{9}, kHuge}) {
    EXPECT_EQ(utf8mcu::previous_boundary(nullptr, 4, pos), 0u);
    EXPECT_EQ(utf8mcu::next_boundary(nullptr, 4, pos), 0u);
    EXPECT_EQ(utf8mcu::truncate(nullptr, 4, pos), 0u);
    EXPECT_EQ(utf8mcu::previous_boundary(text, 0, pos), 0u);
    EXPECT_EQ(utf8mcu::next_boundary(text, 0, pos), 0u);
    EXPECT_EQ(utf8mcu::truncate(text, 0, pos), 0u);
    if (pos >= sizeof text) {
      EXPECT_EQ(utf8mcu::previous_boundary(text, sizeof text, pos), sizeof text);
      EXPECT_EQ(utf8mcu::next_boundary(text, sizeof text, pos), sizeof text);
      EXPECT_EQ(utf8mcu::truncate(text, sizeof text, pos), sizeof text);
    }
  }
  EXPECT_EQ(utf8mcu::truncate(text, sizeof text, 3), 1u);  // never half of "€"
  EXPECT_EQ(utf8mcu::truncate(text, sizeof text, 0), 0u);

  const std::uint8_t bom[] = {0xEF, 0xBB, 0xBF};
  EXPECT_FALSE(utf8mcu::starts_with_bom(nullptr, 3));
  EXPECT_FALSE(utf8mcu::starts_with_bom(bom, 2));
  EXPECT_EQ(utf8mcu::bom_length(nullptr, kHuge), 0u);
  EXPECT_EQ(utf8mcu::bom_length(bom, 3), 3u);
}

// --- cesu8.h --------------------------------------------------------------------

UTEST(BadInput, Cesu8NullAndLoneParts) {
  utf8mcu::Cesu8Decoder decoder;
  Counter sink;
  const utf8mcu::DecodeResult r = decoder.push(nullptr, kHuge, sink);
  EXPECT_EQ(r.consumed, 0u);
  EXPECT_TRUE(decoder.finish(sink).ok());
  EXPECT_EQ(sink.calls, 0u);
  // A lone C0 at the end, then a lone high surrogate at the end.
  decoder.push(0xC0, sink);
  EXPECT_EQ(decoder.finish(sink).status, Status::kOverlong);
  const std::uint8_t high[] = {0xED, 0xA0, 0x80};
  decoder.push(high, sizeof high, sink);
  EXPECT_EQ(decoder.finish(sink).status, Status::kSurrogate);
  EXPECT_EQ(sink.calls, 2u);
  EXPECT_EQ(sink.last, utf8mcu::kReplacementCharacter);
}

// --- a policy outside the enum ----------------------------------------------------

UTEST(BadInput, PolicyOutsideTheEnumActsAsSkip) {
  constexpr auto kOther = static_cast<ErrorPolicy>(7);
  const std::uint8_t text[] = {0xC0, 0x41};
  Counter sink;
  utf8mcu::Decoder decoder;
  const utf8mcu::DecodeResult r = decoder.push<kOther>(text, sizeof text, sink);
  EXPECT_EQ(r.errors, 1u);
  EXPECT_EQ(r.consumed, 2u);
  EXPECT_EQ(utf8mcu::decode<kOther>(text, sizeof text, sink).errors, 1u);
  EXPECT_EQ(sink.calls, 2u);
  EXPECT_EQ(sink.last, U'A');
  std::uint8_t out[4] = {kGuard, kGuard, kGuard, kGuard};
  EXPECT_EQ(utf8mcu::encode<kOther>(0xD800, out, 4).status, Status::kInvalidCodePoint);
  EXPECT_TRUE(untouched(out, sizeof out));
}

}  // namespace
