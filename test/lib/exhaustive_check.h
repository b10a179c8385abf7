#pragma once
// The decoder against the independent reference model (test/reference), over
// every 1-, 2- and 3-byte input and every 4-byte input with lead F0-F4, in all
// three policies, byte at a time, as one span and through the bulk API. Shared
// by the two exhaustive test images, which ctest runs side by side.
//
// On the host every input is checked. Firmware checks every 1-, 2- and 3-byte
// input and the 4-byte ones with every second and third byte but the fourth
// taken from the edge values of the UTF-8 ranges. Images with the reduced
// slice (kReducedSlice) take the second and later bytes from the edge values
// only. Each test prints which slice it ran.

#include "utf8mcu/validate.h"
#include "utf8mcu/decoder.h"
#include "reference_utf8.h"
#include "test_support.h"
#include "utest/utest.h"

namespace exhaustive {

using utf8mcu::Decoder;
using utf8mcu::ErrorPolicy;
using utf8mcu::Status;

constexpr bool kOnTarget =
#if defined(__arm__)
    true;
#else
    false;
#endif

// The reduced slice: on boards too small or slow for more (utest::kReduced,
// the microbit), and on every board but the M3, whose full slice CI runs
// (EXHAUSTIVE_REDUCED_SLICE, set in test/lib/CMakeLists.txt).
constexpr bool kReducedSlice =
#if defined(EXHAUSTIVE_REDUCED_SLICE)
    true;
#else
    utest::kReduced;
#endif

using test::status_of;

// What the reference model says about one input, in the terms of each policy.
// The longest input check() compares in full (check_validate() compares only
// where the first error is, at any length).
constexpr std::size_t kMaxInput = 16;

template <std::size_t kCodePoints = kMaxInput>
struct Expected {
  test::Recorder<kCodePoints> replaced;
  test::Recorder<kCodePoints> skipped;
  std::size_t errors = 0;
  std::size_t first_offset = 0;
  std::size_t first_length = 0;
  Status first_status = Status::kOk;
  std::size_t before_first = 0;  // code points before the first error
};

template <std::size_t kCodePoints = kMaxInput>
Expected<kCodePoints> expect(const std::uint8_t* s, std::size_t n) {
  Expected<kCodePoints> e;
  e.first_offset = n;
  ref::decode(s, n, [&e](const ref::Item& item) {
    if (!item.is_error) {
      e.replaced(item.code_point);
      e.skipped(item.code_point);
      if (e.errors == 0) ++e.before_first;
      return;
    }
    e.replaced(utf8mcu::kReplacementCharacter);
    if (e.errors++ == 0) {
      e.first_offset = item.offset;
      e.first_length = item.length;
      e.first_status = status_of(item.kind);
    }
  });
  return e;
}

// Whether validate() finds the first ill-formed part the model found.
inline bool validates_as(const Expected<>& e, const std::uint8_t* s, std::size_t n) {
  const utf8mcu::ValidationResult valid = utf8mcu::validate(s, n);
  return valid.valid_up_to == e.first_offset && valid.error.status == e.first_status &&
         valid.error.length == e.first_length;
}

// Logs the input unless `ok`; returns `ok`.
inline bool log_unless(bool ok, const char* what, const std::uint8_t* s, std::size_t n) {
  if (!ok) {
    utest::log() << "  " << what << " on input";
    for (std::size_t i = 0; i < n; ++i) utest::log() << ' ' << utest::hex(s[i]);
    utest::log() << '\n';
  }
  return ok;
}

// Checks one input; logs and returns false on the first difference.
inline bool check(const std::uint8_t* s, std::size_t n) {
  const Expected<> e = expect(s, n);
  bool ok = true;

  // Replace, byte at a time.
  Decoder decoder;
  test::Recorder<kMaxInput> got;
  std::size_t errors = 0;
  for (std::size_t i = 0; i < n; ++i) errors += decoder.push(s[i], got).errors;
  errors += decoder.finish(got).ok() ? 0u : 1u;
  ok = ok && got == e.replaced && errors == e.errors;

  // Replace, as one span and through the bulk API (on the host: the boards
  // run these on every input of the unit tests instead, to keep their time).
  if (!kOnTarget) {
    test::Recorder<kMaxInput> span_replaced;
    const std::size_t span_errors =
        decoder.push(s, n, span_replaced).errors + (decoder.finish(span_replaced).ok() ? 0u : 1u);
    ok = ok && span_replaced == e.replaced && span_errors == e.errors;
    test::Recorder<kMaxInput> bulk;
    const utf8mcu::ValidationResult bulk_result = utf8mcu::decode(s, n, bulk);
    ok = ok && bulk == e.replaced && bulk_result.errors == e.errors && bulk_result.valid_up_to == e.first_offset;
  }

  // Skip, as one span.
  test::Recorder<kMaxInput> skipped;
  const utf8mcu::DecodeResult span = decoder.push<ErrorPolicy::kSkip>(s, n, skipped);
  const std::size_t skip_errors = span.errors + (decoder.finish<ErrorPolicy::kSkip>(skipped).ok() ? 0u : 1u);
  ok = ok && skipped == e.skipped && skip_errors == e.errors;

  // Report, through the bulk API and the validator.
  test::Recorder<kMaxInput> before;
  const utf8mcu::ValidationResult report = utf8mcu::decode<ErrorPolicy::kReport>(s, n, before);
  ok = ok && report.valid_up_to == e.first_offset && report.error.status == e.first_status &&
       report.error.length == e.first_length && before.size == e.before_first;
  ok = ok && validates_as(e, s, n);
  return log_unless(ok, "mismatch", s, n);
}

// Checks the validator alone on one input (for inputs that target its fast
// paths); logs and returns false on a difference.
inline bool check_validate(const std::uint8_t* s, std::size_t n) {
  return log_unless(validates_as(expect(s, n), s, n), "validate mismatch", s, n);
}

// Bytes tried in a position that is not enumerated in full.
constexpr std::uint8_t kEdges[] = {0x00, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1,
                                   0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFE, 0xFF};

// Whether `byte` is one of the edge values.
inline bool is_edge_value(std::uint8_t byte) {
  for (std::uint8_t edge : kEdges) {
    if (edge == byte) return true;
  }
  return false;
}

// Calls f(byte) for every byte, or only the edge values.
template <typename F>
bool for_bytes(bool all, F&& f) {
  if (all) {
    for (unsigned b = 0; b < 256; ++b) {
      if (!f(static_cast<std::uint8_t>(b))) return false;
    }
  } else {
    for (std::uint8_t b : kEdges) {
      if (!f(b)) return false;
    }
  }
  return true;
}

}  // namespace exhaustive
