// Self-test of the reference model against hand-written vectors from the
// Unicode standard (Table 3-7, the maximal-subpart example of section 3.9).
// The model is also cross-checked against Python by test/oracle.
#include <cstddef>

#include "reference_utf8.h"
#include "utest/utest.h"

namespace {

using ref::Kind;

// Every comparison is done on unsigned long so that the harness macros never
// see mixed signedness or types they cannot print (enum class, char32_t).
using UL = unsigned long;

constexpr UL kReplacement = 0xFFFD;

struct Expected {
  UL code_point;  // kReplacement for an error
  Kind kind;      // Kind::kNone for a code point
  UL offset;
  UL length;
};

struct Collected {
  static constexpr std::size_t kCapacity = 24;
  ref::Item items[kCapacity];
  std::size_t count = 0;
  bool overflow = false;
};

Collected collect(const unsigned char* s, std::size_t n) {
  Collected c{};
  ref::decode(s, n, [&c](const ref::Item& item) {
    if (c.count < Collected::kCapacity) {
      c.items[c.count] = item;
    } else {
      c.overflow = true;
    }
    ++c.count;
  });
  return c;
}

// Decodes `input` and compares every item against `expected`. Returns 0 on a
// match, else a code naming the first difference (1: too many items, 2: item
// count, 100 * (item index + 1) + field) so that a failing EXPECT_EQ says where.
// Helpers do not use the harness macros, which may only work in a test body.
template <std::size_t N, std::size_t M>
UL check(const unsigned char (&input)[N], const Expected (&expected)[M]) {
  const Collected got = collect(input, N);
  if (got.overflow) return 1;
  if (got.count != M) return 2;
  for (std::size_t i = 0; i < M; ++i) {
    const ref::Item& item = got.items[i];
    const Expected& want = expected[i];
    const UL where = 100 * (static_cast<UL>(i) + 1);
    if (item.is_error != (want.kind != Kind::kNone)) return where + 1;
    if (item.code_point != want.code_point) return where + 2;
    if (item.kind != want.kind) return where + 3;
    if (item.offset != want.offset) return where + 4;
    if (item.length != want.length) return where + 5;
  }
  return 0;
}

// Shorthands for building expectation tables.
constexpr Expected cp(UL code_point, UL offset, UL length) {
  return Expected{code_point, Kind::kNone, offset, length};
}
constexpr Expected err(Kind kind, UL offset, UL length) {
  return Expected{kReplacement, kind, offset, length};
}

constexpr Kind kCont = Kind::kUnexpectedContinuation;
constexpr Kind kLead = Kind::kInvalidLead;
constexpr Kind kLong = Kind::kOverlong;
constexpr Kind kSurr = Kind::kSurrogate;
constexpr Kind kBig = Kind::kTooLarge;
constexpr Kind kTrunc = Kind::kTruncated;

// Usable in constant expressions: the model can back static_asserts too.
constexpr UL decode_single(unsigned char a, unsigned char b, unsigned char c) {
  const unsigned char s[3] = {a, b, c};
  UL result = 0;
  ref::decode(s, 3, [&result](const ref::Item& item) { result = item.code_point; });
  return result;
}
static_assert(decode_single(0xE2, 0x82, 0xAC) == 0x20AC, "constexpr decode");

constexpr UL encode_length(char32_t value) {
  unsigned char out[4] = {0, 0, 0, 0};
  return ref::encode(value, out);
}
static_assert(encode_length(0x10FFFF) == 4, "constexpr encode");

}  // namespace

UTEST(Reference, EmptyInputHasNoItems) {
  const Collected got = collect(nullptr, 0);
  EXPECT_EQ(static_cast<UL>(got.count), 0ul);
}

UTEST(Reference, WellFormedExamples) {
  EXPECT_EQ(check({0x79}, {cp(0x79, 0, 1)}), 0ul);
  EXPECT_EQ(check({0xC3, 0xA4}, {cp(0xE4, 0, 2)}), 0ul);
  EXPECT_EQ(check({0xC2, 0xAE}, {cp(0xAE, 0, 2)}), 0ul);
  EXPECT_EQ(check({0xE2, 0x82, 0xAC}, {cp(0x20AC, 0, 3)}), 0ul);
  EXPECT_EQ(check({0xF0, 0x9D, 0x84, 0x9E}, {cp(0x1D11E, 0, 4)}), 0ul);
  EXPECT_EQ(
      check({0x41, 0xC3, 0xA4, 0xE2, 0x82, 0xAC, 0xF0, 0x9D, 0x84, 0x9E, 0x00},
            {cp(0x41, 0, 1), cp(0xE4, 1, 2), cp(0x20AC, 3, 3), cp(0x1D11E, 6, 4), cp(0, 10, 1)}),
      0ul);
}

UTEST(Reference, Boundaries) {
  EXPECT_EQ(check({0x00}, {cp(0x00, 0, 1)}), 0ul);
  EXPECT_EQ(check({0x7F}, {cp(0x7F, 0, 1)}), 0ul);
  EXPECT_EQ(check({0x80}, {err(kCont, 0, 1)}), 0ul);
  EXPECT_EQ(check({0xC2, 0x80}, {cp(0x80, 0, 2)}), 0ul);
  EXPECT_EQ(check({0xDF, 0xBF}, {cp(0x7FF, 0, 2)}), 0ul);
  EXPECT_EQ(check({0xE0, 0xA0, 0x80}, {cp(0x800, 0, 3)}), 0ul);
  EXPECT_EQ(check({0xED, 0x9F, 0xBF}, {cp(0xD7FF, 0, 3)}), 0ul);
  EXPECT_EQ(check({0xEE, 0x80, 0x80}, {cp(0xE000, 0, 3)}), 0ul);
  EXPECT_EQ(check({0xEF, 0xBF, 0xBF}, {cp(0xFFFF, 0, 3)}), 0ul);
  EXPECT_EQ(check({0xF0, 0x90, 0x80, 0x80}, {cp(0x10000, 0, 4)}), 0ul);
  EXPECT_EQ(check({0xF4, 0x8F, 0xBF, 0xBF}, {cp(0x10FFFF, 0, 4)}), 0ul);
  EXPECT_EQ(check({0xF4, 0x90, 0x80, 0x80},
                  {err(kBig, 0, 1), err(kCont, 1, 1), err(kCont, 2, 1), err(kCont, 3, 1)}),
            0ul);
}

UTEST(Reference, OverlongNul) {
  EXPECT_EQ(check({0xC0, 0x80}, {err(kLong, 0, 1), err(kCont, 1, 1)}), 0ul);
}

UTEST(Reference, EncodedSurrogatePair) {
  EXPECT_EQ(check({0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4},
                  {err(kSurr, 0, 1), err(kCont, 1, 1), err(kCont, 2, 1), err(kSurr, 3, 1),
                   err(kCont, 4, 1), err(kCont, 5, 1)}),
            0ul);
}

// The example of "U+FFFD substitution of maximal subparts" in the standard.
UTEST(Reference, UnicodeMaximalSubpartExample) {
  EXPECT_EQ(check({0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64},
                  {cp(0x61, 0, 1), err(kTrunc, 1, 3), err(kTrunc, 4, 2), err(kTrunc, 6, 1),
                   cp(0x62, 7, 1), err(kCont, 8, 1), cp(0x63, 9, 1), err(kCont, 10, 1),
                   err(kCont, 11, 1), cp(0x64, 12, 1)}),
            0ul);
}

UTEST(Reference, UnexpectedContinuation) {
  EXPECT_EQ(check({0xBF}, {err(kCont, 0, 1)}), 0ul);
  EXPECT_EQ(check({0x41, 0x80, 0x42}, {cp(0x41, 0, 1), err(kCont, 1, 1), cp(0x42, 2, 1)}), 0ul);
  EXPECT_EQ(check({0xC3, 0xA4, 0xA4}, {cp(0xE4, 0, 2), err(kCont, 2, 1)}), 0ul);
}

UTEST(Reference, InvalidLead) {
  EXPECT_EQ(check({0xF5}, {err(kLead, 0, 1)}), 0ul);
  EXPECT_EQ(check({0xFF}, {err(kLead, 0, 1)}), 0ul);
  EXPECT_EQ(check({0x41, 0xF8, 0x88, 0x80},
                  {cp(0x41, 0, 1), err(kLead, 1, 1), err(kCont, 2, 1), err(kCont, 3, 1)}),
            0ul);
  EXPECT_EQ(check({0xFE, 0xFF}, {err(kLead, 0, 1), err(kLead, 1, 1)}), 0ul);
}

UTEST(Reference, Overlong) {
  EXPECT_EQ(check({0xC0}, {err(kLong, 0, 1)}), 0ul);
  EXPECT_EQ(check({0xC1, 0xBF}, {err(kLong, 0, 1), err(kCont, 1, 1)}), 0ul);
  EXPECT_EQ(check({0xE0, 0x80, 0x80}, {err(kLong, 0, 1), err(kCont, 1, 1), err(kCont, 2, 1)}), 0ul);
  EXPECT_EQ(check({0xE0, 0x9F, 0xBF}, {err(kLong, 0, 1), err(kCont, 1, 1), err(kCont, 2, 1)}), 0ul);
  EXPECT_EQ(check({0xF0, 0x80, 0x80, 0x80},
                  {err(kLong, 0, 1), err(kCont, 1, 1), err(kCont, 2, 1), err(kCont, 3, 1)}),
            0ul);
  EXPECT_EQ(
      check({0x61, 0xF0, 0x8F, 0xBF, 0xBF}, {cp(0x61, 0, 1), err(kLong, 1, 1), err(kCont, 2, 1),
                                             err(kCont, 3, 1), err(kCont, 4, 1)}),
      0ul);
}

UTEST(Reference, Surrogate) {
  EXPECT_EQ(check({0xED, 0xA0, 0x80}, {err(kSurr, 0, 1), err(kCont, 1, 1), err(kCont, 2, 1)}), 0ul);
  EXPECT_EQ(check({0xED, 0xBF, 0xBF}, {err(kSurr, 0, 1), err(kCont, 1, 1), err(kCont, 2, 1)}), 0ul);
}

UTEST(Reference, TooLarge) {
  EXPECT_EQ(check({0xF4, 0xBF}, {err(kBig, 0, 1), err(kCont, 1, 1)}), 0ul);
  EXPECT_EQ(check({0x7A, 0xF4, 0x90}, {cp(0x7A, 0, 1), err(kBig, 1, 1), err(kCont, 2, 1)}), 0ul);
}

UTEST(Reference, Truncated) {
  // Cut off by the end of the input.
  EXPECT_EQ(check({0xC2}, {err(kTrunc, 0, 1)}), 0ul);
  EXPECT_EQ(check({0xE0}, {err(kTrunc, 0, 1)}), 0ul);
  EXPECT_EQ(check({0xF4}, {err(kTrunc, 0, 1)}), 0ul);
  EXPECT_EQ(check({0xE2, 0x82}, {err(kTrunc, 0, 2)}), 0ul);
  EXPECT_EQ(check({0xF0, 0x90, 0x80}, {err(kTrunc, 0, 3)}), 0ul);
  EXPECT_EQ(check({0x41, 0xF3, 0xBF}, {cp(0x41, 0, 1), err(kTrunc, 1, 2)}), 0ul);
  // Cut off by a byte that does not continue it; that byte is not swallowed.
  EXPECT_EQ(check({0xE2, 0x41}, {err(kTrunc, 0, 1), cp(0x41, 1, 1)}), 0ul);
  EXPECT_EQ(check({0xF0, 0x90, 0x80, 0x41}, {err(kTrunc, 0, 3), cp(0x41, 3, 1)}), 0ul);
  EXPECT_EQ(check({0xC2, 0xC2, 0x80}, {err(kTrunc, 0, 1), cp(0x80, 1, 2)}), 0ul);
  EXPECT_EQ(check({0xE1, 0x80, 0xE1, 0x80, 0x80}, {err(kTrunc, 0, 2), cp(0x1000, 2, 3)}), 0ul);
  // A non-continuation second byte after a narrowed lead is plain truncation.
  EXPECT_EQ(check({0xE0, 0xC0}, {err(kTrunc, 0, 1), err(kLong, 1, 1)}), 0ul);
  EXPECT_EQ(check({0xED, 0x7F}, {err(kTrunc, 0, 1), cp(0x7F, 1, 1)}), 0ul);
  EXPECT_EQ(check({0xF4, 0xF4, 0x8F, 0x80}, {err(kTrunc, 0, 1), err(kTrunc, 1, 3)}), 0ul);
  EXPECT_EQ(check({0xF0, 0xF5}, {err(kTrunc, 0, 1), err(kLead, 1, 1)}), 0ul);
  // A narrowed third byte does not exist: after a valid second byte, only 80..BF.
  EXPECT_EQ(check({0xE0, 0xA0, 0xC0}, {err(kTrunc, 0, 2), err(kLong, 2, 1)}), 0ul);
}

UTEST(Reference, EncodeVectors) {
  unsigned char out[4] = {0, 0, 0, 0};
  ASSERT_EQ(static_cast<UL>(ref::encode(0x24, out)), 1ul);
  EXPECT_EQ(static_cast<UL>(out[0]), 0x24ul);
  ASSERT_EQ(static_cast<UL>(ref::encode(0xA2, out)), 2ul);
  EXPECT_EQ(static_cast<UL>(out[0]), 0xC2ul);
  EXPECT_EQ(static_cast<UL>(out[1]), 0xA2ul);
  ASSERT_EQ(static_cast<UL>(ref::encode(0x20AC, out)), 3ul);
  EXPECT_EQ(static_cast<UL>(out[0]), 0xE2ul);
  EXPECT_EQ(static_cast<UL>(out[1]), 0x82ul);
  EXPECT_EQ(static_cast<UL>(out[2]), 0xACul);
  ASSERT_EQ(static_cast<UL>(ref::encode(0x10348, out)), 4ul);
  EXPECT_EQ(static_cast<UL>(out[0]), 0xF0ul);
  EXPECT_EQ(static_cast<UL>(out[1]), 0x90ul);
  EXPECT_EQ(static_cast<UL>(out[2]), 0x8Dul);
  EXPECT_EQ(static_cast<UL>(out[3]), 0x88ul);
  ASSERT_EQ(static_cast<UL>(ref::encode(0x10FFFF, out)), 4ul);
  EXPECT_EQ(static_cast<UL>(out[0]), 0xF4ul);
  EXPECT_EQ(static_cast<UL>(out[1]), 0x8Ful);
  EXPECT_EQ(static_cast<UL>(out[2]), 0xBFul);
  EXPECT_EQ(static_cast<UL>(out[3]), 0xBFul);
}

UTEST(Reference, EncodeRejectsNonScalars) {
  unsigned char out[4] = {0, 0, 0, 0};
  EXPECT_EQ(static_cast<UL>(ref::encode(0xD800, out)), 0ul);
  EXPECT_EQ(static_cast<UL>(ref::encode(0xDBFF, out)), 0ul);
  EXPECT_EQ(static_cast<UL>(ref::encode(0xDC00, out)), 0ul);
  EXPECT_EQ(static_cast<UL>(ref::encode(0xDFFF, out)), 0ul);
  EXPECT_EQ(static_cast<UL>(ref::encode(0x110000, out)), 0ul);
  EXPECT_EQ(static_cast<UL>(ref::encode(0xFFFFFFFF, out)), 0ul);
}

// encode and decode agree on every scalar near a length or surrogate boundary,
// and on a sparse sweep elsewhere (kept small so it also runs on a target).
UTEST(Reference, EncodeDecodeRoundTrip) {
  const UL boundaries[] = {0x0, 0x80, 0x800, 0xD800, 0xE000, 0x10000, 0x110000};
  UL failures = 0;
  UL first_failure = 0;
  UL checked = 0;
  for (UL value = 0; value <= 0x10FFFF;) {
    const bool surrogate = value >= 0xD800 && value <= 0xDFFF;
    if (!surrogate) {
      unsigned char out[4] = {0, 0, 0, 0};
      const std::size_t n = ref::encode(static_cast<char32_t>(value), out);
      const UL want_n = value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4;
      UL items = 0;
      bool ok = n == want_n;
      ref::decode(out, n, [&](const ref::Item& item) {
        ++items;
        ok = ok && !item.is_error && item.code_point == value && item.length == n &&
             item.offset == 0;
      });
      if (!ok || items != 1) {
        if (failures == 0) first_failure = value;
        ++failures;
      }
      ++checked;
    }
    // Step 1 within 300 of a boundary, a prime stride elsewhere.
    bool near = false;
    for (UL b : boundaries) {
      if (value + 300 >= b && value < b + 300) near = true;
    }
    value += near ? 1 : 97;
  }
  EXPECT_EQ(failures, 0ul);
  EXPECT_EQ(first_failure, 0ul);
  EXPECT_TRUE(checked > 10000ul);
}

// Structural invariants on every input of one and two bytes: items tile the
// input in order, errors cover 1-3 bytes, and code points re-encode to exactly
// the bytes they were decoded from.
UTEST(Reference, AllTwoByteInputsTile) {
  UL failures = 0;
  UL first_failure = 0;
  for (UL v = 0; v < 0x10000 + 0x100; ++v) {
    unsigned char s[2];
    std::size_t n = 2;
    if (v < 0x10000) {
      s[0] = static_cast<unsigned char>(v >> 8);
      s[1] = static_cast<unsigned char>(v & 0xFF);
    } else {
      s[0] = static_cast<unsigned char>(v - 0x10000);
      s[1] = 0;
      n = 1;
    }
    std::size_t next = 0;
    bool ok = true;
    ref::decode(s, n, [&](const ref::Item& item) {
      ok = ok && item.offset == next && item.length >= 1 && item.offset + item.length <= n;
      if (item.is_error) {
        ok = ok && item.kind != Kind::kNone && item.code_point == kReplacement && item.length <= 3;
      } else {
        unsigned char out[4] = {0, 0, 0, 0};
        const std::size_t len = ref::encode(item.code_point, out);
        ok = ok && item.kind == Kind::kNone && len == item.length;
        for (std::size_t k = 0; ok && k < len; ++k) ok = out[k] == s[item.offset + k];
      }
      next = item.offset + item.length;
    });
    if (!ok || next != n) {
      if (failures == 0) first_failure = v;
      ++failures;
    }
  }
  EXPECT_EQ(failures, 0ul);
  EXPECT_EQ(first_failure, 0ul);
}
