#pragma once
/// @file
/// The vocabulary of decoding, shared by every part of utf8mcu: code point
/// constants, error policies, statuses, decode results and the C-style sink.
/// Part of the public API: utf8mcu/common.h includes it, and users name these
/// through common.h. It lives here so that the internal headers, which need
/// these types, include no public header.

#include <cstddef>
#include <cstdint>

namespace utf8mcu {

/// Largest Unicode code point.
inline constexpr char32_t kMaxCodePoint = 0x10FFFF;
/// U+FFFD, substituted for ill-formed input by the replace policy.
inline constexpr char32_t kReplacementCharacter = 0xFFFD;
/// Longest well-formed UTF-8 sequence (RFC 3629).
inline constexpr std::size_t kMaxSequenceBytes = 4;

/// What to do with ill-formed input. Chosen per call (a template argument), so
/// one program can use several policies.
enum class ErrorPolicy : std::uint8_t {
  /// Each maximal subpart of ill-formed input becomes one U+FFFD (Unicode's
  /// recommended practice; equals Python's `decode('utf-8', 'replace')`).
  kReplace,
  /// Stop at the first ill-formed part and return where and what it is.
  kReport,
  /// Drop ill-formed parts silently (the result still says how many).
  kSkip,
};

/// Outcome of an operation. Ill-formed UTF-8 is classified by its maximal
/// subpart: the longest prefix of a well-formed sequence, or one byte.
enum class Status : std::uint8_t {
  kOk = 0,
  /// A continuation byte (80-BF) where a lead byte was expected.
  kUnexpectedContinuation = 1,
  /// F5-FF: bytes that never occur in UTF-8.
  kInvalidLead = 2,
  /// C0 or C1 (always over-long), E0 80-9F, F0 80-8F.
  kOverlong = 3,
  /// ED A0-BF: an encoded UTF-16 surrogate (U+D800..U+DFFF), as in CESU-8.
  kSurrogate = 4,
  /// F4 90-BF: above U+10FFFF.
  kTooLarge = 5,
  /// A valid prefix cut off by a byte that cannot continue it, or by the end.
  kTruncated = 6,
  /// An encoder was given a surrogate code point or a value above U+10FFFF.
  kInvalidCodePoint = 7,
  /// UTF-16 input held a surrogate without its partner.
  kUnpairedSurrogate = 8,
  /// The destination is too small for the next whole sequence; nothing partial
  /// was written. Call again with more room to resume.
  kOutputFull = 9,
};

/// True for the statuses that describe ill-formed UTF-8 input.
[[nodiscard]] constexpr bool is_ill_formed_utf8(Status status) noexcept {
  return status >= Status::kUnexpectedContinuation && status <= Status::kTruncated;
}

/// Short English name of a status ("over-long", ...), for logs and tools.
[[nodiscard]] constexpr const char* status_name(Status status) noexcept {
  switch (status) {
    case Status::kOk: return "ok";
    case Status::kUnexpectedContinuation: return "unexpected continuation byte";
    case Status::kInvalidLead: return "invalid lead byte";
    case Status::kOverlong: return "over-long encoding";
    case Status::kSurrogate: return "encoded surrogate";
    case Status::kTooLarge: return "above U+10FFFF";
    case Status::kTruncated: return "truncated sequence";
    case Status::kInvalidCodePoint: return "invalid code point";
    case Status::kUnpairedSurrogate: return "unpaired surrogate";
    case Status::kOutputFull: return "output full";
  }
  return "unknown";
}

/// One ill-formed part of UTF-8 input: its kind and its length in bytes (1-3).
/// Fits in one register.
struct DecodeError {
  Status status = Status::kOk;
  std::uint8_t length = 0;

  [[nodiscard]] constexpr bool ok() const noexcept { return status == Status::kOk; }
};

/// What one push of a decoder did (Decoder, Cesu8Decoder).
struct DecodeResult {
  /// Bytes taken from the input. Equal to the input size except under
  /// ErrorPolicy::kReport, where decoding stops at the first ill-formed part:
  /// then the count includes that part's bytes but not the byte that revealed
  /// it, so the part starts `error.length` bytes before `consumed` (possibly in
  /// an earlier push).
  std::size_t consumed = 0;
  /// Ill-formed parts met: replaced, skipped, or (at most one) reported.
  std::size_t errors = 0;
  /// The first of them; `error.ok()` when there was none.
  DecodeError error{};
};

/// A code point sink for C-style callers: a function pointer plus a context.
/// Chosen at run time without dynamic dispatch; usable wherever a sink callable is
/// expected. A null function drops the code points.
struct CodePointCallback {
  void (*function)(void* context, char32_t code_point) = nullptr;
  void* context = nullptr;

  constexpr void operator()(char32_t code_point) const {
    if (function != nullptr) function(context, code_point);
  }
};

/// A sink that discards code points (for validation and counting).
struct NullSink {
  constexpr void operator()(char32_t /*code_point*/) const noexcept {}
};

}  // namespace utf8mcu
