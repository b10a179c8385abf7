#pragma once
/// @file
/// The incremental UTF-8 decoder: a state machine fed one byte (or one span) at a
/// time, strict by RFC 3629 / Unicode Table 3-7.
///
/// Cost: `sizeof(Decoder)` is 4 bytes (one `uint32_t`); one table, the
/// state after each lead byte E0-FF, shared by every decoder: 128 bytes
/// where speed is tuned (detail::kStrictLeadStates), 40 where size is
/// (detail::kStrictLeads, -Os), where on Cortex-M0/M0+/M23 the span push
/// with a CodePointCallback reads a 58-byte table of its own instead
/// (arch/thumb1_push.h); each byte takes a constant, small amount of
/// work (no loops per byte), so `push()` is fit for an interrupt handler: a
/// receive handler that calls it needs no stack frame except on a broken
/// sequence.
///
/// Well-formed sequences, and nothing else, are accepted (Unicode Table 3-7,
/// which utf8mcu/internal/rules.h defines for every path):
///
///     00-7F
///     C2-DF 80-BF
///     E0    A0-BF 80-BF         (E0 80-9F would be over-long)
///     E1-EC 80-BF 80-BF
///     ED    80-9F 80-BF         (ED A0-BF would be a surrogate)
///     EE-EF 80-BF 80-BF
///     F0    90-BF 80-BF 80-BF   (F0 80-8F would be over-long)
///     F1-F3 80-BF 80-BF 80-BF
///     F4    80-8F 80-BF 80-BF   (F4 90-BF would be above U+10FFFF)
///
/// Ill-formed input is handled per maximal subpart (the longest prefix of a
/// well-formed sequence, or a single byte): one U+FFFD each under
/// ErrorPolicy::kReplace. The byte that shows a sequence is broken is never
/// swallowed: `C2 41` gives U+FFFD then U+0041.

#include "utf8mcu/arch/thumb1_push.h"
#include "utf8mcu/common.h"
#include "utf8mcu/internal/fast_decode.h"
#include "utf8mcu/internal/state_word.h"

namespace utf8mcu {
namespace detail {

/// Decoder::push(span): push_span() (fast_decode.h), or push_compact()
/// (state_word.h) in size-tuned builds; with a CodePointCallback under
/// kReplace on Thumb-1 cores, the same as an assembly routine
/// (arch/thumb1_push.h).
template <ErrorPolicy kPolicy, typename Sink>
[[nodiscard]] constexpr DecodeResult decoder_push_span(std::uint32_t& state, const std::uint8_t* data,
                                                       std::size_t size, Sink& sink) {
  if constexpr (kThumb1Push && kPolicy == ErrorPolicy::kReplace &&
                kIsSame<RemoveCvT<Sink>, CodePointCallback>) {
    if (!is_constant_evaluated()) return thumb1_push_replace(&state, data, size, sink);
  }
  std::size_t first_error_end = 0;
  return push_span<kPolicy>(state, data, size, sink, first_error_end);
}

}  // namespace detail

/// Incremental, strict UTF-8 decoder. Feed bytes with push(), end the stream
/// with finish(). Trivially copyable; 4 bytes; no table of its own.
///
/// A sink is any callable taking `char32_t` (a lambda is inlined), or a
/// CodePointCallback (function pointer plus context) for run-time choice.
/// Output code points are always Unicode scalar values.
///
/// Lost input (a UART overrun, a dropped DMA block): call finish() at the gap,
/// so a sequence cut by it becomes U+FFFD rather than a wrong character.
///
/// Input that changes during a push (a DMA transfer lapping the reader, a
/// sink writing into the span, sanitising in place) is read within the span
/// and still gives scalar values only, though possibly other text than any
/// one state of the buffer held (docs/bad-input.md).
///
/// push() and finish() are not [[nodiscard]], unlike the library's other
/// functions that return a result: the sink gets the output, and under
/// kReplace and kSkip the result only counts what the policy already did, so
/// `decoder.push(byte, sink);` in a receive handler is complete. Under
/// kReport, read it.
class Decoder {
 public:
  /// Feeds one byte. Calls `sink` zero, one or two times (U+FFFD for a broken
  /// sequence, then `byte` itself when it is ASCII). Constant time.
  /// kReport: if `byte` shows the pending sequence is broken, nothing is
  /// consumed (`consumed` 0) and the decoder is reset, so pushing `byte` again
  /// resumes decoding after the broken part.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeResult push(std::uint8_t byte, Sink&& sink) noexcept {
    return detail::decode_step<kPolicy>(state_, detail::build_leads(), byte, sink);
  }

  /// Feeds a span; sequences may continue across spans. A null `data` is an
  /// empty span. Result as for the one-byte push, summed over the span;
  /// kReport stops at the first ill-formed part.
  ///
  /// Same output as pushing byte by byte, faster: with 4 or more bytes left,
  /// ASCII goes 4 bytes per test, a well-formed sequence decodes whole and
  /// sequences of one length in a row stay in one loop; after the push's
  /// first error (kReplace, kSkip), ill-formed input has a loop of its own
  /// that takes one sequence or ill-formed part at a time; the last 3 bytes,
  /// a sequence that continues from the previous push, and the first error go
  /// through the state machine.
  ///
  /// Built for size (-Os, or UTF8MCU_SIZE_TUNED=1), every byte goes through
  /// the state machine: much less code, several times the instructions.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeResult push(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
    return detail::decoder_push_span<kPolicy>(state_, data, size, sink);
  }

  /// push(data, size, sink) for text held as char or char8_t (C++20): a
  /// NUL-terminated string, a std::string_view, or chars and a size. Not constexpr.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Text, typename Sink,
            typename = detail::IfText<Text>>
  DecodeResult push(const Text& text, Sink&& sink) noexcept {
    const detail::TextSpan bytes = detail::text_span(text);
    return push<kPolicy>(bytes.data, bytes.size, sink);
  }
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Char, typename Sink,
            detail::IfTextChar<Char> = 0>
  DecodeResult push(const Char* data, std::size_t size, Sink&& sink) noexcept {
    return push<kPolicy>(detail::text_bytes(data), size, sink);
  }

  /// Ends the input (or marks a gap in it): a pending incomplete sequence
  /// becomes one U+FFFD (kReplace), nothing (kSkip), and in every policy is
  /// returned as {Status::kTruncated, its length}. Resets the decoder.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeError finish(Sink&& sink) noexcept {
    return detail::finish_state<kPolicy>(state_, sink);
  }

  /// Forgets any pending partial sequence, silently.
  constexpr void reset() noexcept { state_ = 0; }

  /// True between the lead byte and the last byte of a sequence.
  [[nodiscard]] constexpr bool in_sequence() const noexcept { return state_ != 0; }

 private:
  std::uint32_t state_ = 0;
};

static_assert(sizeof(Decoder) == 4, "the decoder state is one 32-bit word");

}  // namespace utf8mcu
