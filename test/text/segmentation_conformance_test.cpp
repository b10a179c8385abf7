// Every line of Unicode's GraphemeBreakTest.txt and LineBreakTest.txt (as
// test vectors generated at build time by make_segmentation_vectors.py), fed
// to the push breakers one code point at a time and to the buffer forms.

#include <cstddef>
#include <cstdint>

#include "segmentation_vectors.h"
#include "utest/utest.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"
#include "utf8mcu/text/unicode_version.h"

namespace {

namespace text = utf8mcu::text;

constexpr std::size_t kMaxLine = 256;

// One test line: code points and the expected break before each (and at the
// end, index `size`, always a break).
struct TestLine {
  char32_t code_points[kMaxLine];
  bool expected[kMaxLine + 1];
  std::size_t size;
  unsigned file_line;
};

template <typename Vectors>
class Lines {
 public:
  bool next(TestLine& line) {
    if (line_ == Vectors::kLines) return false;
    line.size = Vectors::kLengths[line_];
    line.file_line = Vectors::kFileLines[line_];
    for (std::size_t i = 0; i < line.size; ++i) {
      const auto entry = Vectors::kEntries[entry_ + i];
      line.code_points[i] = Vectors::kPalette[entry & (Vectors::kBreakBefore - 1u)];
      line.expected[i] = (entry & Vectors::kBreakBefore) != 0;
    }
    line.expected[0] = false;  // the start of text is not reported
    line.expected[line.size] = true;
    entry_ += line.size;
    ++line_;
    return true;
  }

 private:
  std::size_t line_ = 0;
  std::size_t entry_ = 0;
};

bool same(const bool* got, const TestLine& line) {
  for (std::size_t i = 0; i <= line.size; ++i) {
    if (got[i] != line.expected[i]) return false;
  }
  return true;
}

void report_mismatch(const char* file, const bool* got, const TestLine& line) {
  utest::log() << file << " line " << line.file_line << ":";
  for (std::size_t i = 0; i < line.size; ++i) {
    utest::log() << (line.expected[i] ? " / " : " x ") << line.code_points[i];
  }
  utest::log() << "\n  got:";
  for (std::size_t i = 0; i <= line.size; ++i) utest::log() << (got[i] ? " /" : " x");
  utest::log() << '\n';
}

// The grapheme breaker's boundaries pushed one code point at a time.
void grapheme_push(const TestLine& line, bool* got) {
  text::GraphemeBreaker breaker;
  for (std::size_t i = 0; i < line.size; ++i) got[i] = breaker.push(line.code_points[i]);
  got[line.size] = true;
}

void grapheme_buffer(const TestLine& line, bool* got) {
  for (std::size_t i = 0; i <= line.size; ++i) got[i] = false;
  text::for_each_grapheme_break(line.code_points, line.size, [&](std::size_t index) { got[index] = true; });
}

void line_push(const TestLine& line, bool* got) {
  text::LineBreaker breaker;
  for (std::size_t i = 0; i <= line.size; ++i) got[i] = false;
  auto take = [&](std::size_t index, const text::LineBreaks& breaks) {
    if (breaks.held_back != 0) got[index - breaks.held_back] = breaks.held == text::LineBreak::kAllowed;
    got[index] = breaks.before == text::LineBreak::kAllowed || breaks.before == text::LineBreak::kMandatory;
  };
  for (std::size_t i = 0; i < line.size; ++i) take(i, breaker.push(line.code_points[i]));
  take(line.size, breaker.finish());
}

void line_buffer(const TestLine& line, bool* got) {
  for (std::size_t i = 0; i <= line.size; ++i) got[i] = false;
  text::for_each_line_break(line.code_points, line.size,
                            [&](std::size_t index, text::LineBreak) { got[index] = true; });
}

template <typename Vectors, typename Push, typename Buffer>
void run_file(const char* file, Push push, Buffer buffer) {
  Lines<Vectors> lines;
  static TestLine line;
  static bool got[kMaxLine + 1];
  std::size_t passed = 0;
  std::size_t total = 0;
  while (lines.next(line)) {
    ++total;
    push(line, got);
    bool ok = same(got, line);
    if (!ok) report_mismatch(file, got, line);
    buffer(line, got);
    if (!same(got, line)) {
      if (ok) report_mismatch(file, got, line);
      ok = false;
    }
    if (ok) ++passed;
  }
  utest::log() << file << ": " << passed << " of " << total << " lines pass (push and buffer forms)\n";
  EXPECT_EQ(passed, total);
  EXPECT_EQ(total, Vectors::kLines);
}

bool operator==(const text::UnicodeVersion& a, const text::UnicodeVersion& b) {
  return a.major == b.major && a.minor == b.minor && a.update == b.update;
}

}  // namespace

UTEST(SegmentationConformance, TestFilesAreOfTheTablesVersion) {
  EXPECT_TRUE(segmentation_vectors::grapheme_test::kVersion == text::kUnicodeVersion);
  EXPECT_TRUE(segmentation_vectors::line_test::kVersion == text::kUnicodeVersion);
}

UTEST(SegmentationConformance, GraphemeBreakTest) {
  run_file<segmentation_vectors::grapheme_test>("GraphemeBreakTest.txt", grapheme_push, grapheme_buffer);
}

UTEST(SegmentationConformance, LineBreakTest) {
  run_file<segmentation_vectors::line_test>("LineBreakTest.txt", line_push, line_buffer);
}
