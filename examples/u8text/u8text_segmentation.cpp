// --graphemes and --lines: the breakers of utf8mcu::text behind the decoder,
// printing each segment as it ends. A grapheme cluster holds at most
// kMaxGraphemeCodePoints code points; a line segment is printed as it comes,
// except the few code points after a held opportunity (LB25), which wait for
// its decision.

#include <cstddef>
#include <cstdio>

#include "u8text.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"

namespace u8text {
namespace {

namespace text = utf8mcu::text;

// One output line built a code point at a time.
class SegmentWriter {
 public:
  explicit SegmentWriter(std::FILE* out) : out_(out) {}
  void add(char32_t code_point) {
    std::fprintf(out_, empty_ ? "%04X" : " %04X", static_cast<unsigned>(code_point));
    empty_ = false;
  }
  void end(bool mandatory) {
    if (empty_) return;
    std::fputs(mandatory ? " !\n" : "\n", out_);
    empty_ = true;
  }

 private:
  std::FILE* out_;
  bool empty_ = true;
};

}  // namespace

int graphemes(std::FILE* in, std::FILE* out) {
  SegmentWriter writer(out);
  text::GraphemeBreaker breaker;
  const bool read = read_code_points(in, [&](const char32_t* code_points, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      if (breaker.push(code_points[i])) writer.end(false);
      writer.add(code_points[i]);
    }
  });
  writer.end(false);
  return read ? 0 : 2;
}

int line_segments(std::FILE* in, std::FILE* out) {
  SegmentWriter writer(out);
  text::LineBreaker breaker;
  // The code points from a held position on, until it is decided.
  char32_t held[text::kMaxLineBreakHold + 1];
  std::size_t held_count = 0;
  bool holding = false;
  const auto take = [&](const text::LineBreaks& breaks) {
    if (breaks.held_back != 0) {
      if (breaks.held == text::LineBreak::kAllowed) writer.end(false);
      for (std::size_t i = 0; i < held_count; ++i) writer.add(held[i]);
      held_count = 0;
      holding = false;
    }
    if (breaks.before == text::LineBreak::kAllowed || breaks.before == text::LineBreak::kMandatory) {
      writer.end(breaks.before == text::LineBreak::kMandatory);
    } else if (breaks.before == text::LineBreak::kHeld) {
      holding = true;
    }
  };
  const bool read = read_code_points(in, [&](const char32_t* code_points, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      take(breaker.push(code_points[i]));
      if (holding) {
        held[held_count++] = code_points[i];
      } else {
        writer.add(code_points[i]);
      }
    }
  });
  const text::LineBreaks end = breaker.finish();
  take(end);
  writer.end(end.before == text::LineBreak::kMandatory);
  return read ? 0 : 2;
}

}  // namespace u8text
