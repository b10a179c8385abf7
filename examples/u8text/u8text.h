#pragma once
// u8text: the command-line face of utf8mcu::text. The modes share the input
// (UTF-8 from a stream, each ill-formed part one U+FFFD, as u8clean) and the
// output format (code points in uppercase hex, at least 4 digits, single
// spaces, one line per segment or paragraph).

#include <cstddef>
#include <cstdio>

namespace u8text {

/// Calls `sink(const char32_t* code_points, std::size_t count)` with the
/// decoded input in order, a block at a time; ill-formed parts are U+FFFD by
/// maximal subparts. Returns false on a read error.
template <typename Sink>
bool read_code_points(std::FILE* in, Sink&& sink);

/// Writes `count` code points as hex separated by single spaces (no newline).
void write_code_points(std::FILE* out, const char32_t* code_points, std::size_t count);

// The modes. Each reads all of `in` and writes to `out`; returns the exit
// status (0 done, 2 I/O error).

/// --graphemes: one line per grapheme cluster (UAX #29).
int graphemes(std::FILE* in, std::FILE* out);
/// --lines: one line per segment between line break opportunities (UAX #14),
/// trailing spaces kept, then " !" if it ends with a mandatory break.
int line_segments(std::FILE* in, std::FILE* out);

enum class BidiOutput {
  kAutomatic,     ///< --bidi: display order, paragraph direction by P2-P3
  kRightToLeft,   ///< --bidi-rtl: display order, paragraph forced right to left
  kShaped,        ///< --shape: as --bidi, Arabic letters as presentation forms
};
/// Each input line is one paragraph (its LF not part of it); writes one line
/// per paragraph: its code points in display order, left to right, without
/// the characters X9 removes and without mirroring.
int bidi(std::FILE* in, std::FILE* out, BidiOutput output);

}  // namespace u8text

#include "u8text_input.h"
