#pragma once
/// @file
/// Working with positions in UTF-8 buffers: sequence lengths, decoding one code
/// point at a position, code point boundaries forwards and backwards (also to
/// resynchronise after lost bytes), truncation on a boundary, and the BOM.
///
/// A boundary is a position where replace-decoding from the start of the buffer
/// begins a code point or an ill-formed part (or the end). Every byte that is
/// not a continuation byte (80-BF) is a boundary, so all of these functions look
/// at no more than 4 bytes around the position: constant time. If the buffer
/// changes during a call, they still read only within it and return
/// positions within it (docs/bad-input.md).

#include "utf8mcu/decoder.h"
#include "utf8mcu/internal/rules.h"

namespace utf8mcu {

/// Length of the well-formed sequence `lead` can start: 1 (00-7F), 2 (C2-DF),
/// 3 (E0-EF), 4 (F0-F4); 0 for bytes that start none (80-BF, C0, C1, F5-FF).
[[nodiscard]] constexpr std::size_t sequence_length(std::uint8_t lead) noexcept {
  return detail::sequence_length(lead);
}

/// True for 10xx xxxx.
[[nodiscard]] constexpr bool is_continuation(std::uint8_t byte) noexcept { return detail::is_continuation(byte); }

/// One code point decoded at a position.
struct DecodedCodePoint {
  /// The code point, or U+FFFD for an ill-formed part.
  char32_t code_point = 0;
  /// Bytes it took: 1-4; 0 only for empty input.
  std::uint8_t length = 0;
  /// kOk, or the kind of the ill-formed part.
  Status status = Status::kOk;
};

/// Decodes the code point (or the maximal ill-formed part) at `data`, reading
/// at most 4 bytes. A null `data` is empty.
[[nodiscard]] constexpr DecodedCodePoint decode_one(const std::uint8_t* data, std::size_t size) noexcept {
  if (data == nullptr || size == 0) return {};
  Decoder decoder;
  char32_t code_point = 0;
  bool done = false;
  auto sink = [&code_point, &done](char32_t c) {
    code_point = c;
    done = true;
  };
  for (std::size_t i = 0; i < size; ++i) {
    const DecodeResult step = decoder.push<ErrorPolicy::kReport>(data[i], sink);
    if (step.errors != 0) return {kReplacementCharacter, step.error.length, step.error.status};
    if (done) return {code_point, static_cast<std::uint8_t>(i + 1), Status::kOk};
  }
  const DecodeError error = decoder.finish<ErrorPolicy::kReport>(sink);
  return {kReplacementCharacter, error.length, error.status};
}

/// The boundary at or before `pos`: where the code point (or ill-formed part)
/// holding byte `pos` starts. `pos` at or past the end gives `size`. Use it to
/// resynchronise a reader that starts at an arbitrary position.
[[nodiscard]] constexpr std::size_t previous_boundary(const std::uint8_t* data, std::size_t size,
                                                    std::size_t pos) noexcept {
  if (data == nullptr || pos >= size) return data == nullptr ? 0 : size;
  // Find the nearest non-continuation byte at most 3 bytes back; if the unit
  // it starts reaches `pos`, that is where `pos` belongs.
  for (std::size_t back = 0; back < kMaxSequenceBytes && back <= pos; ++back) {
    const std::size_t start = pos - back;
    if (!is_continuation(data[start])) {
      return start + decode_one(data + start, size - start).length > pos ? start : pos;
    }
  }
  return pos;  // a stray continuation byte is a part of its own
}

/// The first boundary after `pos` (`size` at the end). From 0, repeated calls
/// visit exactly the code points and ill-formed parts decode() sees.
[[nodiscard]] constexpr std::size_t next_boundary(const std::uint8_t* data, std::size_t size,
                                                std::size_t pos) noexcept {
  if (data == nullptr || pos >= size) return data == nullptr ? 0 : size;
  const std::size_t start = previous_boundary(data, size, pos);
  const std::size_t next = start + decode_one(data + start, size - start).length;
  // Past `pos` even when the bytes changed after previous_boundary() read
  // them and the part at `start` no longer reaches it: a loop over the
  // boundaries always moves on.
  return next > pos ? next : pos + 1;
}

/// The longest prefix of at most `max_bytes` that ends on a boundary, so no
/// sequence is cut in half. Returns its length.
[[nodiscard]] constexpr std::size_t truncate(const std::uint8_t* data, std::size_t size,
                                           std::size_t max_bytes) noexcept {
  if (data == nullptr) return 0;
  if (max_bytes >= size) return size;
  return previous_boundary(data, size, max_bytes);
}

/// The UTF-8 byte order mark, U+FEFF encoded: EF BB BF.
inline constexpr std::uint8_t kByteOrderMark[3] = {0xEF, 0xBB, 0xBF};

/// True when the buffer starts with the BOM.
[[nodiscard]] constexpr bool starts_with_bom(const std::uint8_t* data, std::size_t size) noexcept {
  return data != nullptr && size >= 3 && data[0] == kByteOrderMark[0] && data[1] == kByteOrderMark[1] &&
         data[2] == kByteOrderMark[2];
}

/// Bytes to skip at the start of a buffer: 3 if it starts with a BOM, else 0.
/// (Streaming: drop a first decoded U+FEFF instead.)
[[nodiscard]] constexpr std::size_t bom_length(const std::uint8_t* data, std::size_t size) noexcept {
  return starts_with_bom(data, size) ? 3 : 0;
}

}  // namespace utf8mcu
