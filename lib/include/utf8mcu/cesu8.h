#pragma once
/// @file
/// An explicit, non-default decoder for CESU-8 and Java's Modified UTF-8, as
/// found in data from Java programs and databases. CESU-8 is not UTF-8: the
/// strict Decoder rejects both of the forms accepted here.
///
/// Accepted beyond strict UTF-8:
///
///     ED A0-AF 80-BF  ED B0-BF 80-BF   a surrogate pair as two 3-byte
///                                      sequences, e.g. ED A1 8C ED BE B4 -> U+233B4
///     C0 80                            U+0000 (Modified UTF-8)
///
/// Standard 4-byte sequences are accepted too, so mixed data decodes. A
/// surrogate without its partner, and C0 followed by anything but 80, are
/// ill-formed. Policies: kReplace and kSkip.

#include "utf8mcu/decoder.h"
#include "utf8mcu/internal/state_word.h"

namespace utf8mcu {

/// Incremental CESU-8 / Modified UTF-8 decoder. 8 bytes of state. push()
/// and finish() may be called as statements, as Decoder's. Input that
/// changes during a push (a DMA transfer, a sink writing into the span) is
/// read within the span and still gives scalar values only
/// (docs/bad-input.md).
class Cesu8Decoder {
 public:
  /// Feeds one byte; calls `sink` for each code point (always a scalar value).
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeResult push(std::uint8_t byte, Sink&& sink) noexcept {
    static_assert(kPolicy != ErrorPolicy::kReport, "Cesu8Decoder supports kReplace and kSkip");
    DecodeResult result{1, 0, {}};
    if (after_c0_) {
      after_c0_ = false;
      if (byte == 0x80) {
        deliver<kPolicy>(0, sink, result);
        return result;
      }
      fail<kPolicy>({Status::kOverlong, 1}, sink, result);
    }
    // The core runs in report mode so that each error comes back here in order
    // with any pending high surrogate; `byte` is read at most twice.
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (state_ == 0 && byte == 0xC0) {
        after_c0_ = true;
        return result;
      }
      auto on_code_point = [this, &sink, &result](char32_t c) { deliver<kPolicy>(c, sink, result); };
      const DecodeResult step =
          detail::decode_step<ErrorPolicy::kReport>(state_, detail::build_leads<true>(), byte, on_code_point);
      if (step.errors == 0) break;
      fail<kPolicy>(step.error, sink, result);
      if (step.consumed != 0) break;  // `byte` itself was the bad part
    }
    return result;
  }

  /// Feeds a span. A null `data` is empty.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeResult push(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
    DecodeResult total{0, 0, {}};
    if (data == nullptr) return total;
    for (std::size_t i = 0; i < size; ++i) detail::accumulate_errors(total, push<kPolicy>(data[i], sink));
    total.consumed = size;
    return total;
  }

  /// Ends the input: a pending high surrogate, a lone C0 and an incomplete
  /// sequence are ill-formed. Returns the first of them. Resets the decoder.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeError finish(Sink&& sink) noexcept {
    DecodeResult result{0, 0, {}};
    if (after_c0_) fail<kPolicy>({Status::kOverlong, 1}, sink, result);
    if (state_ != 0) fail<kPolicy>({Status::kTruncated, detail::subpart_length(state_)}, sink, result);
    if (high_ != 0) fail<kPolicy>({}, sink, result);
    reset();
    return result.error;
  }

  constexpr void reset() noexcept {
    state_ = 0;
    high_ = 0;
    after_c0_ = false;
  }

 private:
  static constexpr DecodeError kUnpaired{Status::kSurrogate, 3};

  // Pairs surrogates from the core; passes everything else through.
  template <ErrorPolicy kPolicy, typename Sink>
  constexpr void deliver(char32_t code_point, Sink& sink, DecodeResult& result) {
    if (code_point >= 0xDC00 && code_point <= 0xDFFF && high_ != 0) {
      sink(static_cast<char32_t>(0x10000 + ((high_ - 0xD800u) << 10) + (code_point - 0xDC00u)));
      high_ = 0;
    } else if (is_surrogate(code_point)) {
      flush_high<kPolicy>(sink, result);
      if (code_point <= 0xDBFF) {
        high_ = static_cast<char16_t>(code_point);
      } else {
        note<kPolicy>(kUnpaired, sink, result);
      }
    } else {
      flush_high<kPolicy>(sink, result);
      sink(code_point);
    }
  }

  // An ill-formed part: first any pending high surrogate (it came earlier),
  // then `error` itself unless it is empty.
  template <ErrorPolicy kPolicy, typename Sink>
  constexpr void fail(DecodeError error, Sink& sink, DecodeResult& result) {
    flush_high<kPolicy>(sink, result);
    if (!error.ok()) note<kPolicy>(error, sink, result);
  }

  template <ErrorPolicy kPolicy, typename Sink>
  constexpr void flush_high(Sink& sink, DecodeResult& result) {
    if (high_ == 0) return;
    high_ = 0;
    note<kPolicy>(kUnpaired, sink, result);
  }

  template <ErrorPolicy kPolicy, typename Sink>
  static constexpr void note(DecodeError error, Sink& sink, DecodeResult& result) {
    if (result.errors == 0) result.error = error;
    ++result.errors;
    if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
  }

  std::uint32_t state_ = 0;  // the core state machine, with ED A0-BF allowed
  char16_t high_ = 0;        // a decoded high surrogate waiting for its partner
  bool after_c0_ = false;    // C0 seen; only 80 may follow
};

}  // namespace utf8mcu
