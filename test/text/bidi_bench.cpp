// Instructions per code point of the bidi engine and Arabic joining on typical
// lines, on a QEMU board run with -icount shift=0 (bench/target's
// InstructionClock). Built at -O2 (text_bidi_bench) and -Os
// (text_bidi_bench_os); prints one line per text and step.
#include "instruction_clock.h"
#include "utest/utest.h"
#include "utf8mcu/text/bidi.h"
#include "utf8mcu/text/joining.h"

// measure_overhead()'s empty operation (bench/common/operations.cpp has it
// for the benchmarks; this program links only the instruction clock).
extern "C" __attribute__((noinline)) std::uint32_t bench_empty(const std::uint8_t*, std::size_t) { return 0; }

namespace {

struct Line {
  const char* name;
  const char32_t* text;
};

// Written here: Hebrew with digits and Latin, Arabic with harakat, Persian
// with Persian digits.
const Line kLines[] = {
    {"hebrew", U"שלום עולם! המחיר הוא 123.45 ש״ח, נפגשים ב-Tel Aviv בשעה 10:30 (ליד הים)."},
    {"arabic", U"مَرْحَبًا بِالْعَالَمِ، هَذَا نَصٌّ عَرَبِيٌّ قَصِيرٌ فِيهِ ١٢٣ كَلِمَةً وَ(قَوْسَانِ)."},
    {"persian", U"قیمت این کتاب ۱۲۵ هزار تومان است و در سال ۱۴۰۲ چاپ شد؛ گربه‌ها را دوست دارم."},
};

constexpr std::size_t kCapacity = 128;
utf8mcu::text::BidiParagraph<kCapacity> paragraph;
std::uint8_t visual[kCapacity];
std::size_t length;
const char32_t* current;

std::uint32_t run_resolve() { return static_cast<std::uint32_t>(paragraph.resolve(current, length)); }
std::uint32_t run_reorder() {
  paragraph.reorder_line(0, length, visual);
  return visual[0];
}
std::uint32_t run_shape() {
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i < length; ++i) sum += utf8mcu::text::arabic_presentation_form(current, length, i);
  return sum;
}
std::uint32_t run_mirror() {
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i < length; ++i) sum += paragraph.glyph(i);
  return sum;
}

UTEST(BidiBench, InstructionsPerCodePoint) {
  utf8mcu::bench::InstructionClock clock;
  ASSERT_TRUE(clock.calibrate());
  const std::uint64_t overhead = utf8mcu::bench::measure_overhead(clock);
  for (const Line& line : kLines) {
    current = line.text;
    length = 0;
    while (current[length] != 0) ++length;
    ASSERT_TRUE(length <= kCapacity);
    std::uint32_t result = 0;
    const std::uint64_t resolve = utf8mcu::bench::measure(clock, overhead, result, run_resolve);
    EXPECT_EQ(result, length);
    const std::uint64_t reorder = utf8mcu::bench::measure(clock, overhead, result, run_reorder);
    const std::uint64_t mirror = utf8mcu::bench::measure(clock, overhead, result, run_mirror);
    const std::uint64_t shape = utf8mcu::bench::measure(clock, overhead, result, run_shape);
    utest::log() << "bidi " << UTEST_PLATFORM_NAME << ' ' << UTF8MCU_BIDI_BENCH_LEVEL << ' ' << line.name << ": "
                 << length << " code points, per code point: resolve " << resolve / length << ", reorder_line "
                 << reorder / length << ", glyph (L4) " << mirror / length << ", arabic_presentation_form "
                 << shape / length << '\n';
  }
}

}  // namespace
