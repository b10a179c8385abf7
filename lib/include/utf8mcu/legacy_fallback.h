#pragma once
/// @file
/// A decoder for text that is mostly UTF-8 with stretches of legacy 8-bit
/// text in it (a log with Latin-1 lines, a terminal fed by old and new
/// programs): well-formed UTF-8 decodes as usual, and each byte of each
/// ill-formed part is read as the ISO-8859-1 or Windows-1252 character of that
/// byte instead of becoming U+FFFD. "H\xF6he" (ISO-8859-1 "Höhe") gives
/// "Höhe", not "H\uFFFDhe".
///
/// The parts are the maximal subparts of the strict decoder (Unicode's
/// recommended practice, as for U+FFFD), so a legacy byte never swallows the
/// bytes after it: "\xE4hnlich" is one ill-formed part E4, read as "ä", then
/// "hnlich". Legacy text that happens to be well-formed UTF-8 ("Ã©" as
/// C3 A9) decodes as UTF-8; no rule can tell the two apart.
///
/// Ill-formed bytes are always 80-FF, so the choice of legacy character set
/// matters only for 80-9F: ISO-8859-1 maps them to the C1 control characters
/// U+0080..U+009F, which a display should not act on; Windows-1252 maps them
/// to printable characters (euro sign, curly quotes, dashes), except the five
/// bytes it leaves unassigned (81 8D 8F 90 9D), which stay C1 controls as in
/// the WHATWG Encoding Standard's index.

#include "utf8mcu/decoder.h"

namespace utf8mcu {

/// The 8-bit character set an ill-formed byte is read in.
enum class LegacyCharset : std::uint8_t {
  kIso8859_1,
  kWindows1252,
};

namespace detail {

// Windows-1252 80-9F; the unassigned bytes map to themselves.
inline constexpr char16_t kWindows1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,  // 80-87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,  // 88-8F
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 90-97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,  // 98-9F
};

}  // namespace detail

/// The character `byte` stands for in `charset`.
[[nodiscard]] constexpr char32_t legacy_character(LegacyCharset charset, std::uint8_t byte) noexcept {
  if (charset == LegacyCharset::kWindows1252 && byte >= 0x80 && byte <= 0x9F) {
    return detail::kWindows1252High[byte - 0x80];
  }
  return byte;
}

/// Incremental decoder with a legacy fallback: strict UTF-8, except that each
/// ill-formed part comes out as one legacy character per byte. Sequences and
/// ill-formed parts may be split across pushes. 8 bytes of state: the strict
/// decoder, and the last bytes it took, which are the bytes of an ill-formed
/// part when the strict decoder reports one (a part is at most 3 bytes and
/// ends at the last byte taken).
///
/// Results as for Decoder with ErrorPolicy::kReplace: `consumed` is the whole
/// input, `errors` counts the ill-formed parts read as legacy characters and
/// `error` is the first of them.
template <LegacyCharset kCharset = LegacyCharset::kIso8859_1>
class LegacyFallbackDecoder {
 public:
  /// Feeds one byte. Calls `sink` for the code point it completes, or for the
  /// legacy characters of the part it shows to be ill-formed and then for
  /// `byte` itself when that is ASCII. Constant time.
  template <typename Sink>
  constexpr DecodeResult push(std::uint8_t byte, Sink&& sink) noexcept {
    DecodeResult result{1, 0, {}};
    // Twice at most: a byte that breaks the open sequence is not taken, and
    // after the reset it starts something new (or is a part by itself).
    for (int attempt = 0; attempt < 2; ++attempt) {
      const DecodeResult step = decoder_.push<ErrorPolicy::kReport>(byte, sink);
      if (step.consumed != 0) recent_ = (recent_ << 8) | byte;
      if (!step.error.ok()) fall_back(step.error, sink, result);
      if (step.consumed != 0) break;
    }
    return result;
  }

  /// Feeds a span: well-formed stretches go through the strict decoder's span
  /// push whole. A null `data` is an empty span.
  ///
  /// The last 3 bytes taken before each ill-formed part and at the end are
  /// read a second time: if the caller changes them in between, a later
  /// fallback shows the new bytes. Reads stay within the span either way.
  template <typename Sink>
  constexpr DecodeResult push(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
    DecodeResult result{size, 0, {}};
    if (data == nullptr) {
      result.consumed = 0;
      return result;
    }
    while (size != 0) {
      const DecodeResult part = decoder_.push<ErrorPolicy::kReport>(data, size, sink);
      const std::size_t consumed = part.consumed <= size ? part.consumed : size;
      for (std::size_t i = consumed > 3 ? consumed - 3 : 0; i < consumed; ++i) recent_ = (recent_ << 8) | data[i];
      if (part.error.ok()) break;
      fall_back(part.error, sink, result);
      data += consumed;
      size -= consumed;
    }
    return result;
  }

  /// Ends the input (or marks a gap in it): the bytes of a sequence left open
  /// come out as legacy characters, and are returned as {Status::kTruncated,
  /// their count}. Resets the decoder.
  template <typename Sink>
  constexpr DecodeError finish(Sink&& sink) noexcept {
    const DecodeError error = decoder_.finish<ErrorPolicy::kReport>(sink);
    if (!error.ok()) {
      DecodeResult ignored{};
      fall_back(error, sink, ignored);
    }
    return error;
  }

  /// Forgets any open sequence, silently.
  constexpr void reset() noexcept { decoder_.reset(); }

  /// True between the lead byte and the last byte of a sequence.
  [[nodiscard]] constexpr bool in_sequence() const noexcept { return decoder_.in_sequence(); }

 private:
  // Sends the part's bytes, the last `error.length` taken, oldest first, as
  // legacy characters and counts the part.
  template <typename Sink>
  constexpr void fall_back(const DecodeError& error, Sink& sink, DecodeResult& result) noexcept {
    for (unsigned i = error.length < 3 ? error.length : 3; i-- != 0;) {
      sink(legacy_character(kCharset, static_cast<std::uint8_t>(recent_ >> (8 * i))));
    }
    if (result.errors++ == 0) result.error = error;
  }

  Decoder decoder_;
  std::uint32_t recent_ = 0;  // the last bytes taken, the newest in bits 0-7
};

}  // namespace utf8mcu
