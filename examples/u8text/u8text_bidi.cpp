// --bidi, --bidi-rtl and --shape: each input line is a paragraph (UAX #9),
// resolved by utf8mcu::text::BidiParagraph and written in display order as
// one line. A line longer than kMaxParagraph code points, or one holding a
// paragraph separator (P1), is written as its paragraphs' pieces one after
// the other, each in its own display order.

#include "u8text.h"
#include "utf8mcu/text/bidi.h"
#include "utf8mcu/text/joining.h"

namespace u8text {
namespace {

constexpr std::size_t kMaxParagraph = 1u << 16;

struct BidiWriter {
  std::FILE* out;
  BidiOutput output;
  char32_t line[kMaxParagraph];
  std::size_t count = 0;
  utf8mcu::text::BidiParagraph<kMaxParagraph> paragraph;
  std::uint16_t visual[kMaxParagraph];
  char32_t shown[kMaxParagraph];

  // Writes line[0, count) as one output line.
  void flush_line() {
    std::size_t at = 0;
    std::size_t written = 0;
    utf8mcu::text::BidiDirection direction = output == BidiOutput::kRightToLeft
                                                 ? utf8mcu::text::BidiDirection::kRightToLeft
                                                 : utf8mcu::text::BidiDirection::kAuto;
    while (at < count) {
      const char32_t* text = line + at;
      const std::size_t done = paragraph.resolve(text, count - at, direction);
      paragraph.reorder_line(0, done, visual);
      std::size_t n = 0;
      for (std::size_t k = 0; k < done; ++k) {
        const std::size_t i = visual[k];
        if (paragraph.removed(i)) continue;
        char32_t code_point = text[i];
        if (output == BidiOutput::kShaped) {
          code_point = utf8mcu::text::arabic_presentation_form(text, done, i);
          if (code_point == 0) continue;  // the alef of a lam-alef ligature
        }
        shown[n++] = code_point;
      }
      if (n != 0) {
        if (written != 0) std::fputc(' ', out);
        write_code_points(out, shown, n);
        written += n;
      }
      // The rest of an over-long paragraph keeps its direction; after a
      // paragraph separator, the next paragraph decides its own.
      const bool separated = utf8mcu::text::bidi_class(text[done - 1]) == utf8mcu::text::BidiClass::kB;
      if (!separated && output != BidiOutput::kRightToLeft) direction = paragraph.paragraph_direction();
      at += done;
    }
    std::fputc('\n', out);
    count = 0;
  }

  void take(const char32_t* code_points, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      if (code_points[i] == U'\n') {
        flush_line();
      } else {
        if (count == kMaxParagraph) flush_pieces();
        line[count++] = code_points[i];
      }
    }
  }

  // A line longer than the buffer: its resolved part goes out as a piece.
  void flush_pieces() {
    flush_line();
  }
};

BidiWriter writer;

}  // namespace

int bidi(std::FILE* in, std::FILE* out, BidiOutput output) {
  writer.out = out;
  writer.output = output;
  writer.count = 0;
  const bool read = read_code_points(in, [](const char32_t* code_points, std::size_t n) {
    writer.take(code_points, n);
  });
  if (writer.count != 0) writer.flush_line();
  return read && std::ferror(out) == 0 ? 0 : 2;
}

}  // namespace u8text
