// u8text: Unicode text segmentation and bidi from the command line.
//
//   u8text --graphemes | --lines | --bidi | --bidi-rtl | --shape  < input
//
// Reads UTF-8 on stdin (ill-formed parts become U+FFFD, as u8clean) and
// writes code points in uppercase hex, at least 4 digits, separated by single
// spaces:
//   --graphemes  one line per grapheme cluster (UAX #29)
//   --lines      one line per segment between line break opportunities
//                (UAX #14), trailing spaces kept, then " !" when the segment
//                ends with a mandatory break (BK, CR, LF, NL)
//   --bidi       per input line (one paragraph, its LF not part of it): its
//                code points in display order, left to right (UAX #9 L1-L2,
//                direction by P2-P3), without what X9 removes, unmirrored
//   --bidi-rtl   the same with the paragraph forced right to left
//   --shape      as --bidi, Arabic letters as their presentation forms
// Exit status: 0 done, 2 usage or I/O error.

#include <cstdio>
#include <cstring>

#include "u8text.h"

namespace u8text {

void write_code_points(std::FILE* out, const char32_t* code_points, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    std::fprintf(out, i == 0 ? "%04X" : " %04X", static_cast<unsigned>(code_points[i]));
  }
}

}  // namespace u8text

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: u8text --graphemes | --lines | --bidi | --bidi-rtl | --shape  < input\n", stderr);
    return 2;
  }
  const char* mode = argv[1];
  int status = 2;
  if (std::strcmp(mode, "--graphemes") == 0) {
    status = u8text::graphemes(stdin, stdout);
  } else if (std::strcmp(mode, "--lines") == 0) {
    status = u8text::line_segments(stdin, stdout);
  } else if (std::strcmp(mode, "--bidi") == 0) {
    status = u8text::bidi(stdin, stdout, u8text::BidiOutput::kAutomatic);
  } else if (std::strcmp(mode, "--bidi-rtl") == 0) {
    status = u8text::bidi(stdin, stdout, u8text::BidiOutput::kRightToLeft);
  } else if (std::strcmp(mode, "--shape") == 0) {
    status = u8text::bidi(stdin, stdout, u8text::BidiOutput::kShaped);
  } else {
    std::fprintf(stderr, "u8text: unknown option %s\n", mode);
    return 2;
  }
  if (std::fflush(stdout) != 0) return 2;
  return status;
}
