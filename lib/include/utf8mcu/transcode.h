#pragma once
/// @file
/// Conversion between UTF-8 and UTF-16 / UTF-32 into fixed buffers, resumable
/// across input chunks and across a full output buffer.
///
/// Every converter writes whole code points only. When the next one does not
/// fit it stops with Status::kOutputFull: `read` says how much input was used;
/// call again with the rest of the input and fresh room. Room for one code
/// point (4 bytes of UTF-8, 2 units of UTF-16, 1 of UTF-32) always makes
/// progress. A null input is empty; a null output has no room.
///
/// The output may overlap the input (converting in place), and the input may
/// change during a call: nothing outside the two spans is read or written,
/// and the output stays well-formed, though its text may then differ from
/// the input's (docs/bad-input.md).
///
/// The API comes first; the fast paths and the UTF-8 converter's workings
/// follow it, under "Implementation".

#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"
#include "utf8mcu/internal/fast_decode.h"
#include "utf8mcu/internal/fast_validate.h"
#include "utf8mcu/internal/target.h"

namespace utf8mcu {

/// What one conversion call did.
struct TranscodeResult {
  /// Input units consumed.
  std::size_t read = 0;
  /// Output units written.
  std::size_t written = 0;
  /// Ill-formed input parts met (replaced, skipped, or the one reported).
  std::size_t errors = 0;
  /// kOk when all input was read; kOutputFull; under kReport, the kind of the
  /// ill-formed part that stopped it (which ends `length` units before `read`).
  Status status = Status::kOk;
  /// Length of the reported ill-formed part, in input units.
  std::uint8_t length = 0;
};

[[nodiscard]] constexpr bool is_high_surrogate(std::uint32_t unit) noexcept { return unit >= 0xD800 && unit <= 0xDBFF; }
[[nodiscard]] constexpr bool is_low_surrogate(std::uint32_t unit) noexcept { return unit >= 0xDC00 && unit <= 0xDFFF; }

namespace detail {
constexpr void utf32_to_utf8_fast(const char32_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity,
                                  TranscodeResult& result);
template <ErrorPolicy kPolicy, typename Converter, typename In, typename Out>
constexpr TranscodeResult convert_all(const In* in, std::size_t size, Out* out, std::size_t capacity);
}  // namespace detail

// --- UTF-32 and UTF-16 to UTF-8 -------------------------------------------------

/// UTF-32 to UTF-8. Surrogates and values above U+10FFFF are ill-formed
/// (kInvalidCodePoint). Stateless: resume by calling again from `in + read`.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
[[nodiscard]] constexpr TranscodeResult utf32_to_utf8(const char32_t* in, std::size_t size, std::uint8_t* out,
                                        std::size_t capacity) noexcept {
  TranscodeResult result{};
  if (in == nullptr) return result;
  if (out == nullptr) capacity = 0;
  while (result.read < size) {
    if constexpr (!detail::kSizeTuned) {
      detail::utf32_to_utf8_fast(in, size, out, capacity, result);
      if (result.read == size) break;
    }
    // Near the end of the room, or a value with no UTF-8 form.
    const EncodeResult one =
        encode<kPolicy>(in[result.read], out + result.written, capacity - result.written);
    if (one.status == Status::kOutputFull) {
      result.status = Status::kOutputFull;
      return result;
    }
    result.written += one.length;
    if (one.status == Status::kInvalidCodePoint) {
      ++result.errors;
      if constexpr (kPolicy == ErrorPolicy::kReport) {
        result.status = one.status;
        result.length = 1;
        return result;
      }
    }
    ++result.read;
  }
  return result;
}

/// UTF-16 to UTF-8, resumable: a high surrogate at the end of one chunk pairs
/// with a low surrogate at the start of the next. A surrogate without its
/// partner is ill-formed (kUnpairedSurrogate). 2 bytes of state.
class Utf16ToUtf8 {
 public:
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
  [[nodiscard]] constexpr TranscodeResult convert(const char16_t* in, std::size_t size, std::uint8_t* out,
                                    std::size_t capacity) noexcept {
    TranscodeResult result{};
    if (in == nullptr) return result;
    if (out == nullptr) capacity = 0;
    for (; result.read < size; ++result.read) {
      const char16_t unit = in[result.read];
      if (high_ != 0) {
        if (is_low_surrogate(unit)) {
          const char32_t code_point = 0x10000 + ((char32_t{high_} - 0xD800u) << 10) + (unit - 0xDC00u);
          if (!emit(code_point, result, out, capacity)) return result;
          high_ = 0;
          continue;
        }
        // The pending high surrogate is unpaired; `unit` is read on its own.
        const bool go_on = ill_formed<kPolicy>(result, out, capacity);
        if (result.status != Status::kOutputFull) high_ = 0;
        if (!go_on) return result;
      }
      if (is_high_surrogate(unit)) {
        high_ = unit;
      } else if (is_low_surrogate(unit)) {
        if (!ill_formed<kPolicy>(result, out, capacity)) {
          if (result.status != Status::kOutputFull) ++result.read;  // reported: consumed
          return result;
        }
      } else if (!emit(unit, result, out, capacity)) {
        return result;
      }
    }
    return result;
  }

  /// Ends the input: a pending high surrogate is unpaired.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
  [[nodiscard]] constexpr TranscodeResult finish(std::uint8_t* out, std::size_t capacity) noexcept {
    TranscodeResult result{};
    if (out == nullptr) capacity = 0;
    if (high_ != 0) {
      (void)ill_formed<kPolicy>(result, out, capacity);
      if (result.status != Status::kOutputFull) high_ = 0;
    }
    return result;
  }

  constexpr void reset() noexcept { high_ = 0; }

 private:
  // Writes one code point; false (and kOutputFull) when it does not fit.
  [[nodiscard]] static constexpr bool emit(char32_t code_point, TranscodeResult& result, std::uint8_t* out,
                             std::size_t capacity) {
    const EncodeResult one = encode(code_point, out + result.written, capacity - result.written);
    if (one.status == Status::kOutputFull) {
      result.status = Status::kOutputFull;
      return false;
    }
    result.written += one.length;
    return true;
  }

  // Applies the policy to one unpaired surrogate; false when the call must stop
  // (reported, or no room for U+FFFD).
  template <ErrorPolicy kPolicy>
  [[nodiscard]] static constexpr bool ill_formed(TranscodeResult& result, std::uint8_t* out, std::size_t capacity) {
    if constexpr (kPolicy == ErrorPolicy::kReplace) {
      if (!emit(kReplacementCharacter, result, out, capacity)) return false;
    }
    ++result.errors;
    if constexpr (kPolicy == ErrorPolicy::kReport) {
      result.status = Status::kUnpairedSurrogate;
      result.length = 1;
      return false;
    }
    return true;
  }

  char16_t high_ = 0;  // pending high surrogate, 0 if none
};

// --- UTF-8 to UTF-32 and UTF-16 -------------------------------------------------

/// UTF-8 to UTF-16 or UTF-32 (`Unit` char16_t or char32_t), resumable; the
/// names below are the ones to use. Defined under "Implementation".
template <typename Unit>
class Utf8ToUnits;
/// UTF-8 to UTF-32, resumable. 4 bytes of state (a Decoder).
using Utf8ToUtf32 = Utf8ToUnits<char32_t>;
/// UTF-8 to UTF-16 (surrogate pairs above U+FFFF), resumable. 4 bytes of state.
using Utf8ToUtf16 = Utf8ToUnits<char16_t>;

// --- One-shot forms: a whole input, including its end ---------------------------

/// Whole UTF-16 text to UTF-8.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
[[nodiscard]] constexpr TranscodeResult utf16_to_utf8(const char16_t* in, std::size_t size, std::uint8_t* out,
                                        std::size_t capacity) noexcept {
  return detail::convert_all<kPolicy, Utf16ToUtf8>(in, size, out, capacity);
}

/// Whole UTF-8 text to UTF-32.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
[[nodiscard]] constexpr TranscodeResult utf8_to_utf32(const std::uint8_t* in, std::size_t size, char32_t* out,
                                        std::size_t capacity) noexcept {
  return detail::convert_all<kPolicy, Utf8ToUtf32>(in, size, out, capacity);
}

/// Whole UTF-8 text to UTF-16.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
[[nodiscard]] constexpr TranscodeResult utf8_to_utf16(const std::uint8_t* in, std::size_t size, char16_t* out,
                                        std::size_t capacity) noexcept {
  return detail::convert_all<kPolicy, Utf8ToUtf16>(in, size, out, capacity);
}

// Text forms of utf8_to_utf32() and utf8_to_utf16(): the input held as char
// or char8_t (C++20), a NUL-terminated string, a std::string_view, or chars
// and a size; no cast at the call site. Not constexpr.

/// utf8_to_utf32() for text.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Text, typename = detail::IfText<Text>>
[[nodiscard]] inline TranscodeResult utf8_to_utf32(const Text& text, char32_t* out, std::size_t capacity) noexcept {
  const detail::TextSpan bytes = detail::text_span(text);
  return utf8_to_utf32<kPolicy>(bytes.data, bytes.size, out, capacity);
}
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Char, detail::IfTextChar<Char> = 0>
[[nodiscard]] inline TranscodeResult utf8_to_utf32(const Char* in, std::size_t size, char32_t* out,
                                     std::size_t capacity) noexcept {
  return utf8_to_utf32<kPolicy>(detail::text_bytes(in), size, out, capacity);
}

/// utf8_to_utf16() for text.
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Text, typename = detail::IfText<Text>>
[[nodiscard]] inline TranscodeResult utf8_to_utf16(const Text& text, char16_t* out, std::size_t capacity) noexcept {
  const detail::TextSpan bytes = detail::text_span(text);
  return utf8_to_utf16<kPolicy>(bytes.data, bytes.size, out, capacity);
}
template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Char, detail::IfTextChar<Char> = 0>
[[nodiscard]] inline TranscodeResult utf8_to_utf16(const Char* in, std::size_t size, char16_t* out,
                                     std::size_t capacity) noexcept {
  return utf8_to_utf16<kPolicy>(detail::text_bytes(in), size, out, capacity);
}

// --- Implementation ----------------------------------------------------------------

namespace detail {

/// A run of ASCII values for utf32_to_utf8_fast(), 4 per test, from `p` to
/// `o`: at most `n` values, for which both spans have room (a byte each).
/// Ends before a value of U+0080 or more, with the ASCII ones before it
/// written. Each byte comes from a value loaded once, and all 4 are loaded
/// before the first is written: the output may overlap the input.
constexpr void utf32_ascii_run(const char32_t*& p, std::uint8_t*& o, std::size_t n) {
  // One limit for both spans keeps the loop in few registers (ARMv6-M has 8
  // that every instruction can use).
  const char32_t* const run_end = p + (n & ~std::size_t{3});
  while (p < run_end) {
    const std::uint32_t c0 = p[0];
    const std::uint32_t c1 = p[1];
    const std::uint32_t c2 = p[2];
    const std::uint32_t c3 = p[3];
    if ((c0 | c1 | c2 | c3) >= 0x80) {
      // The run's last values, from those tested.
      std::size_t k = 0;
      if (c0 < 0x80) {
        o[0] = static_cast<std::uint8_t>(c0);
        k = 1;
        if (c1 < 0x80) {
          o[1] = static_cast<std::uint8_t>(c1);
          k = 2;
          if (c2 < 0x80) {
            o[2] = static_cast<std::uint8_t>(c2);
            k = 3;
          }
        }
      }
      p += k;
      o += k;
      return;
    }
    o[0] = static_cast<std::uint8_t>(c0);
    o[1] = static_cast<std::uint8_t>(c1);
    o[2] = static_cast<std::uint8_t>(c2);
    o[3] = static_cast<std::uint8_t>(c3);
    p += 4;
    o += 4;
  }
}

/// utf32_to_utf8's fast path: scalar values while the output has room for
/// any sequence (4 bytes), ASCII 4 values per test after two in a row.
/// Stops at the end of input or room, or at a value with no UTF-8 form,
/// which the caller handles.
constexpr void utf32_to_utf8_fast(const char32_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity,
                                  TranscodeResult& result) {
  const char32_t* p = in + result.read;
  const char32_t* const end = in + size;
  std::uint8_t* o = out + result.written;
  std::uint8_t* const out_end = out + capacity;
  for (;;) {
    // Values before `safe_end` fit whatever their length (4 bytes of room
    // each): one test per value for both spans.
    const std::size_t in_left = static_cast<std::size_t>(end - p);
    const std::size_t room = static_cast<std::size_t>(out_end - o) / 4;
    const char32_t* const safe_end = p + (in_left < room ? in_left : room);
    if (p >= safe_end) break;
    do {
      const std::uint32_t c = *p;
      if (c < 0x80) {
        // A lone ASCII value (a space between words) costs one test more; a
        // second one in a row starts a run.
        *o++ = static_cast<std::uint8_t>(c);
        ++p;
        if (p < safe_end && *p < 0x80) utf32_ascii_run(p, o, static_cast<std::size_t>(safe_end - p));
        continue;
      }
      // The forms of encoder.h's write_two_bytes() etc., with each mask
      // and OR as shifts and an add: ARMv6-M takes the mask or OR's constant
      // from a register, and this loop has none to spare.
      if (c < 0x800) {
        o[0] = static_cast<std::uint8_t>((c >> 6) + 0xC0);
        o[1] = static_cast<std::uint8_t>(((c << 26) >> 26) + 0x80);
        o += 2;
      } else if (c < 0x10000) {
        if ((c >> 11) == 0xD800 >> 11) break;  // a surrogate
        o[0] = static_cast<std::uint8_t>((c >> 12) + 0xE0);
        o[1] = static_cast<std::uint8_t>(((c << 20) >> 26) + 0x80);
        o[2] = static_cast<std::uint8_t>(((c << 26) >> 26) + 0x80);
        o += 3;
      } else {
        if (c > kMaxCodePoint) break;
        o[0] = static_cast<std::uint8_t>((c >> 18) + 0xF0);
        o[1] = static_cast<std::uint8_t>(((c << 14) >> 26) + 0x80);
        o[2] = static_cast<std::uint8_t>(((c << 20) >> 26) + 0x80);
        o[3] = static_cast<std::uint8_t>(((c << 26) >> 26) + 0x80);
        o += 4;
      }
      ++p;
    } while (p < safe_end);
    if (p < safe_end) break;  // a value with no UTF-8 form
  }
  result.read = static_cast<std::size_t>(p - in);
  result.written = static_cast<std::size_t>(o - out);
}

/// Output unit traits: how many units a code point takes and how it is written.
inline constexpr std::size_t units_for(char32_t /*code_point*/, char32_t* /*tag*/) { return 1; }
inline constexpr std::size_t units_for(char32_t code_point, char16_t* /*tag*/) {
  return code_point < 0x10000 ? 1 : 2;
}
constexpr void write_units(char32_t code_point, char32_t* out) { out[0] = code_point; }
constexpr void write_units(char32_t code_point, char16_t* out) {
  if (code_point < 0x10000) {
    out[0] = static_cast<char16_t>(code_point);
  } else {
    const char32_t offset = code_point - 0x10000;
    out[0] = static_cast<char16_t>(0xD800 + (offset >> 10));
    out[1] = static_cast<char16_t>(0xDC00 + (offset & 0x3FF));
  }
}

template <ErrorPolicy kPolicy, typename Converter, typename In, typename Out>
constexpr TranscodeResult convert_all(const In* in, std::size_t size, Out* out, std::size_t capacity) {
  Converter converter;
  TranscodeResult result = converter.template convert<kPolicy>(in, size, out, capacity);
  if (result.status != Status::kOk || result.read != size) return result;
  const TranscodeResult end =
      converter.template finish<kPolicy>(out == nullptr ? nullptr : out + result.written,
                                         capacity - result.written);
  result.written += end.written;
  result.errors += end.errors;
  result.status = end.status;
  result.length = end.length;
  return result;
}

}  // namespace detail

/// UTF-8 to UTF-16 or UTF-32. Between sequences and away from the ends of
/// input and output, a fast path converts whole sequences (when built for
/// size, see kSizeTuned, a smaller one: decode_compact()). Otherwise input goes one byte at a time with the
/// decoder in report mode, so each step yields at most one code point (a
/// broken sequence first, the byte after it in the next step) and the policy
/// is applied here; before each step the decoder is saved, and if the step's
/// output does not fit it is restored and the byte stays unread. So nothing
/// partial is written and room for one code point makes progress.
template <typename Unit>
class Utf8ToUnits {
 public:
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
  [[nodiscard]] constexpr TranscodeResult convert(const std::uint8_t* in, std::size_t size, Unit* out,
                                    std::size_t capacity) noexcept {
    TranscodeResult result{};
    if (in == nullptr) return result;
    if (out == nullptr) capacity = 0;
    while (result.read < size) {
      if (!decoder_.in_sequence()) {
        if constexpr (detail::kSizeTuned) {
          compact_path<kPolicy>(in, size, out, capacity, result);
        } else {
          fast_path<kPolicy>(in, size, out, capacity, result);
        }
      }
      // The paths above advance result.read (cppcheck misses it when the
      // class is defined after the API that names it).
      // cppcheck-suppress oppositeInnerCondition
      if (result.read == size) break;
      // Little room: one byte at a time, undone if its output does not fit.
      const Decoder saved = decoder_;
      Pending pending;
      const DecodeResult step = decoder_.push<ErrorPolicy::kReport>(in[result.read], pending);
      if (step.errors != 0) {
        if constexpr (kPolicy == ErrorPolicy::kReport) {
          ++result.errors;
          result.read += step.consumed;
          result.status = step.error.status;
          result.length = step.error.length;
          return result;
        }
        if constexpr (kPolicy == ErrorPolicy::kReplace) pending(kReplacementCharacter);
      }
      if (!pending.flush_into(out, capacity, result)) {
        decoder_ = saved;
        return result;
      }
      result.errors += step.errors;
      result.read += step.consumed;  // 0 after a broken sequence: read the byte again
    }
    return result;
  }

  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace>
  [[nodiscard]] constexpr TranscodeResult finish(Unit* out, std::size_t capacity) noexcept {
    TranscodeResult result{};
    if (out == nullptr) capacity = 0;
    const Decoder saved = decoder_;
    Pending pending;
    const DecodeError error = decoder_.finish<kPolicy>(pending);
    if (!pending.flush_into(out, capacity, result)) {
      decoder_ = saved;
      return result;
    }
    if (!error.ok()) {
      result.errors = 1;
      if constexpr (kPolicy == ErrorPolicy::kReport) {
        result.status = error.status;
        result.length = error.length;
      }
    }
    return result;
  }

  constexpr void reset() noexcept { decoder_.reset(); }

 private:
  // Input bytes a fast path may take: a sequence never yields more units than
  // it has bytes, so one limit on the input covers the output too.
  static constexpr std::size_t fast_path_bytes(std::size_t size, std::size_t capacity,
                                               const TranscodeResult& result) {
    const std::size_t in_left = size - result.read;
    const std::size_t out_left = capacity - result.written;
    return in_left < out_left ? in_left : out_left;
  }

  // Between sequences, with 16 or more input bytes and as much room: ASCII 16
  // bytes per test (4 at a time near other text; without unaligned loads,
  // counted as validate() counts it, then copied), runs of well-formed
  // sequences whole, ill-formed input replaced or skipped a sequence or part
  // at a time, no end checks. Stops at anything else (the last bytes, every
  // error under kReport), which the byte-by-byte loop handles.
  template <ErrorPolicy kPolicy>
  static constexpr void fast_path(const std::uint8_t* in, std::size_t size, Unit* out, std::size_t capacity,
                                  TranscodeResult& result) {
    const std::size_t n = fast_path_bytes(size, capacity, result);
    if (n < 16) return;
    const std::uint8_t* p = in + result.read;
    Unit* o = out + result.written;
    const std::uint8_t* const limit = p + n - 15;
    const std::uint8_t* const run_end = p + n - 3;
    while (p < limit) {
      if constexpr (detail::kUnalignedLoads) {
        std::uint32_t w0 = detail::load_le32(p);
        std::uint32_t w1 = detail::load_le32(p + 4);
        std::uint32_t w2 = detail::load_le32(p + 8);
        std::uint32_t w3 = detail::load_le32(p + 12);
        if (((w0 | w1 | w2 | w3) & 0x80808080) == 0) {
          // A run of ASCII: its own loop, with the test at the bottom.
          do {
            write_ascii(w0, o);
            write_ascii(w1, o + 4);
            write_ascii(w2, o + 8);
            write_ascii(w3, o + 12);
            p += 16;
            o += 16;
            if (p >= limit) break;
            w0 = detail::load_le32(p);
            w1 = detail::load_le32(p + 4);
            w2 = detail::load_le32(p + 8);
            w3 = detail::load_le32(p + 12);
          } while (((w0 | w1 | w2 | w3) & 0x80808080) == 0);
          continue;
        }
        // A byte of these 16 is not ASCII: the ASCII before it 4 bytes and
        // then 1 byte at a time, both ending within the 16. Taken from the
        // words tested, not loaded again: the units written may have
        // overwritten the input (in-place conversion).
        if ((w0 & 0x80808080) == 0) {
          write_ascii(w0, o);
          p += 4;
          o += 4;
          w0 = w1;
          if ((w0 & 0x80808080) == 0) {
            write_ascii(w0, o);
            p += 4;
            o += 4;
            w0 = w2;
            if ((w0 & 0x80808080) == 0) {
              write_ascii(w0, o);
              p += 4;
              o += 4;
              w0 = w3;
            }
          }
        }
        while ((w0 & 0x80) == 0) {
          *o++ = static_cast<Unit>(w0 & 0xFF);
          w0 >>= 8;
          ++p;
        }
      } else {
        // No unaligned loads (ARMv6-M), so detail::load_le32() is 4 byte loads, 3
        // shifts and 3 ORs: the ASCII counted with aligned word loads, as
        // validate() does, then copied 4 bytes per end test.
        std::size_t ascii = detail::ascii_prefix_length(p, static_cast<std::size_t>(run_end + 3 - p));
        for (; ascii >= 4; ascii -= 4) {
          o[0] = p[0];
          o[1] = p[1];
          o[2] = p[2];
          o[3] = p[3];
          p += 4;
          o += 4;
        }
        for (; ascii != 0; --ascii) *o++ = *p++;
      }
      // Multi-byte text: the span push's loops for runs of one length, which
      // read up to 4 bytes before they test the end.
      if (p >= run_end) break;
      const std::uint8_t* const run_start = p;
      const RunEnd ended = decode_runs(p, run_end, o);
      p = ended.in;
      o = ended.out;
      if (p != run_start) continue;
      // Ill-formed: the span push's loop for dense errors (it writes U+FFFD
      // as one unit for 1 to 3 bytes), which needs 11 bytes left. Errors
      // under kReport, and those in the last 10 bytes, go to the
      // byte-by-byte loop.
      if (kPolicy == ErrorPolicy::kReport || p >= run_end - 7) break;
      const RunEnd noisy_ended = decode_noisy<kPolicy>(p, run_end - 7, o, result.errors);
      p = noisy_ended.in;
      o = noisy_ended.out;
    }
    result.read = static_cast<std::size_t>(p - in);
    result.written = static_cast<std::size_t>(o - out);
  }

  // Size-tuned builds: the same with one small loop (detail::decode_compact()),
  // between sequences with 4 or more input bytes and as much room; stops 3
  // bytes before the end, and under kReport at an error.
  template <ErrorPolicy kPolicy>
  static constexpr void compact_path(const std::uint8_t* in, std::size_t size, Unit* out, std::size_t capacity,
                                     TranscodeResult& result) {
    const std::size_t n = fast_path_bytes(size, capacity, result);
    if (n < 4) return;
    const std::uint8_t* const p = in + result.read;
    CompactWriter write{out + result.written};
    result.read = static_cast<std::size_t>(detail::decode_compact<kPolicy>(p, p + n - 3, write, result.errors) - in);
    result.written = static_cast<std::size_t>(write.o - out);
  }

  // detail::decode_compact()'s sink: like UnitWriter, with the pointer in the sink
  // itself, which the loop keeps in a register.
  struct CompactWriter {
    Unit* o;

    constexpr void operator()(char32_t code_point) {
      detail::write_units(code_point, o);
      o += detail::units_for(code_point, o);
    }
  };

  // Where decode_runs() stopped.
  struct RunEnd {
    const std::uint8_t* in;
    Unit* out;
  };

  // The span push's run loops from the lead byte at `p`, writing units at
  // `o`. Out of line, so that the ASCII loop keeps its registers and does not
  // load their bytes.
  __attribute__((noinline)) static constexpr RunEnd decode_runs(const std::uint8_t* p, const std::uint8_t* run_end,
                                                                Unit* o) {
    UnitWriter write{o};
    p = detail::decode_runs(detail::signed_byte(*p), p, run_end, write);
    return {p, o};
  }

  // The span push's loop for dense errors, likewise (flattened: its own
  // register allocation, with `o` kept in a register).
  template <ErrorPolicy kPolicy>
  __attribute__((noinline, flatten)) static constexpr RunEnd decode_noisy(const std::uint8_t* p,
                                                                          const std::uint8_t* noisy_end, Unit* o,
                                                                          std::size_t& errors) {
    UnitWriter write{o};
    p = detail::decode_noisy<kPolicy>(p, noisy_end, write, errors);
    return {p, o};
  }

  // The sink of those loops: each code point as units at `o`, moving it on.
  struct UnitWriter {
    Unit*& o;

    constexpr void operator()(char32_t code_point) const {
      detail::write_units(code_point, o);
      o += detail::units_for(code_point, o);
    }
  };

  // The 4 ASCII bytes in `bytes` (detail::load_le32) as 4 units.
  static constexpr void write_ascii(std::uint32_t bytes, Unit* o) {
    o[0] = static_cast<Unit>(bytes & 0xFF);
    o[1] = static_cast<Unit>((bytes >> 8) & 0xFF);
    o[2] = static_cast<Unit>((bytes >> 16) & 0xFF);
    o[3] = static_cast<Unit>(bytes >> 24);
  }

  // The code point one step produced, if any.
  struct Pending {
    char32_t code_point = 0;
    bool present = false;

    constexpr void operator()(char32_t c) {
      code_point = c;
      present = true;
    }

    constexpr bool flush_into(Unit* out, std::size_t capacity, TranscodeResult& result) const {
      if (!present) return true;
      const std::size_t units = detail::units_for(code_point, out);
      if (units > capacity - result.written) {
        result.status = Status::kOutputFull;
        return false;
      }
      detail::write_units(code_point, out + result.written);
      result.written += units;
      return true;
    }
  };

  Decoder decoder_;
};

}  // namespace utf8mcu
