// Reference UTF-8 model used as a test oracle for utf8mcu.
//
// Written from Unicode Table 3-7 / RFC 3629 and the "maximal subpart" rule only,
// independently of lib/, and deliberately in a different style (table lookup per
// position, arithmetic code points) so that a shared mistake is unlikely.
// Optimised for obviousness, not speed. Freestanding: no heap, no exceptions.
#ifndef UTF8MCU_TEST_REFERENCE_UTF8_H
#define UTF8MCU_TEST_REFERENCE_UTF8_H

#include <cstddef>

namespace ref {

// Same order and numbering as the ill-formed-input values of utf8mcu::Status
// (kNone is kOk, 0).
enum class Kind : unsigned char {
  kNone,
  kUnexpectedContinuation,
  kInvalidLead,
  kOverlong,
  kSurrogate,
  kTooLarge,
  kTruncated
};

struct Item {
  bool is_error;        // false: a well-formed sequence; true: a maximal subpart
  char32_t code_point;  // the decoded scalar value, U+FFFD for an error
  Kind kind;            // kNone for a well-formed sequence
  std::size_t offset;   // index of the first byte in the input
  std::size_t length;   // bytes covered (1-4 for a code point, 1-3 for an error)
};

namespace detail {

// One row of Table 3-7: lead bytes [lead_lo, lead_hi] start a sequence of
// `length` bytes whose second byte must be in [second_lo, second_hi]; any
// third and fourth byte must be in 80..BF.
struct Row {
  unsigned char lead_lo;
  unsigned char lead_hi;
  unsigned char length;
  unsigned char second_lo;
  unsigned char second_hi;
};

constexpr Row kRows[] = {
    {0x00, 0x7F, 1, 0x00, 0x00},  // 00-7F (second byte unused)
    {0xC2, 0xDF, 2, 0x80, 0xBF},  // C2-DF 80-BF
    {0xE0, 0xE0, 3, 0xA0, 0xBF},  // E0    A0-BF 80-BF
    {0xE1, 0xEC, 3, 0x80, 0xBF},  // E1-EC 80-BF 80-BF
    {0xED, 0xED, 3, 0x80, 0x9F},  // ED    80-9F 80-BF
    {0xEE, 0xEF, 3, 0x80, 0xBF},  // EE-EF 80-BF 80-BF
    {0xF0, 0xF0, 4, 0x90, 0xBF},  // F0    90-BF 80-BF 80-BF
    {0xF1, 0xF3, 4, 0x80, 0xBF},  // F1-F3 80-BF 80-BF 80-BF
    {0xF4, 0xF4, 4, 0x80, 0x8F},  // F4    80-8F 80-BF 80-BF
};

constexpr bool in_range(unsigned char b, unsigned lo, unsigned hi) { return b >= lo && b <= hi; }

// Returns the row for lead byte b, or nullptr if b starts no well-formed sequence.
constexpr const Row* find_row(unsigned char b) {
  for (const Row& row : kRows) {
    if (in_range(b, row.lead_lo, row.lead_hi)) return &row;
  }
  return nullptr;
}

// Kind of a lone byte that cannot start any well-formed sequence.
constexpr Kind kind_of_bad_lead(unsigned char b) {
  if (in_range(b, 0x80, 0xBF)) return Kind::kUnexpectedContinuation;
  if (b == 0xC0 || b == 0xC1) return Kind::kOverlong;
  return Kind::kInvalidLead;  // F5..FF: the only bytes left
}

// Kind of a valid lead byte whose second byte `next` is outside the row's range.
// Only the four leads with a narrowed second range can name a specific reason,
// and only when `next` is a continuation byte that the general rule would allow.
constexpr Kind kind_of_bad_second(unsigned char lead, unsigned char next) {
  if (in_range(next, 0x80, 0xBF)) {
    if (lead == 0xE0) return Kind::kOverlong;   // would encode < U+0800
    if (lead == 0xF0) return Kind::kOverlong;   // would encode < U+10000
    if (lead == 0xED) return Kind::kSurrogate;  // would encode U+D800..DFFF
    if (lead == 0xF4) return Kind::kTooLarge;   // would encode > U+10FFFF
  }
  return Kind::kTruncated;
}

// Payload bits of the lead byte for a sequence of the given length.
constexpr char32_t lead_bits(unsigned char lead, unsigned length) {
  if (length == 1) return lead;
  if (length == 2) return static_cast<char32_t>(lead - 0xC0u);
  if (length == 3) return static_cast<char32_t>(lead - 0xE0u);
  return static_cast<char32_t>(lead - 0xF0u);
}

}  // namespace detail

// Calls on_item(const Item&) for every well-formed sequence and every maximal
// subpart of s[0, n), in input order.
template <class F>
constexpr void decode(const unsigned char* s, std::size_t n, F&& on_item) {
  std::size_t i = 0;
  while (i < n) {
    const unsigned char lead = s[i];
    const detail::Row* row = detail::find_row(lead);
    if (row == nullptr) {
      const Item item{true, U'\uFFFD', detail::kind_of_bad_lead(lead), i, 1};
      on_item(item);
      i += 1;
      continue;
    }

    // Count how many bytes of the expected sequence are present and allowed.
    const std::size_t expected = row->length;
    std::size_t good = 1;
    Kind kind = Kind::kNone;
    char32_t cp = detail::lead_bits(lead, row->length);
    while (good < expected) {
      if (i + good >= n) {  // input ends inside the sequence
        kind = Kind::kTruncated;
        break;
      }
      const unsigned char b = s[i + good];
      const bool second = good == 1;
      const unsigned lo = second ? row->second_lo : 0x80u;
      const unsigned hi = second ? row->second_hi : 0xBFu;
      if (!detail::in_range(b, lo, hi)) {
        kind = second ? detail::kind_of_bad_second(lead, b) : Kind::kTruncated;
        break;
      }
      cp = cp * 64u + static_cast<char32_t>(b - 0x80u);
      ++good;
    }

    if (kind != Kind::kNone) {
      // The byte that stopped us is not part of the subpart; resume at it.
      const Item item{true, U'\uFFFD', kind, i, good};
      on_item(item);
      i += good;
      continue;
    }

    const Item item{false, cp, Kind::kNone, i, expected};
    on_item(item);
    i += expected;
  }
}

// Writes the UTF-8 form of a scalar value to out and returns its length (1-4);
// returns 0 and writes nothing for surrogates and values above U+10FFFF.
constexpr std::size_t encode(char32_t cp, unsigned char out[4]) {
  if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
  if (cp > 0x10FFFF) return 0;
  if (cp < 0x80) {
    out[0] = static_cast<unsigned char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<unsigned char>(0xC0u + cp / 64u);
    out[1] = static_cast<unsigned char>(0x80u + cp % 64u);
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<unsigned char>(0xE0u + cp / 4096u);
    out[1] = static_cast<unsigned char>(0x80u + (cp / 64u) % 64u);
    out[2] = static_cast<unsigned char>(0x80u + cp % 64u);
    return 3;
  }
  out[0] = static_cast<unsigned char>(0xF0u + cp / 262144u);
  out[1] = static_cast<unsigned char>(0x80u + (cp / 4096u) % 64u);
  out[2] = static_cast<unsigned char>(0x80u + (cp / 64u) % 64u);
  out[3] = static_cast<unsigned char>(0x80u + cp % 64u);
  return 4;
}

}  // namespace ref

#endif  // UTF8MCU_TEST_REFERENCE_UTF8_H
