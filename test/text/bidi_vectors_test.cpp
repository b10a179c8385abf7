// BidiCharacterTest.txt as generated vectors (make_bidi_vectors.py): on the
// boards a slice of every kStride-th line, the whole file with
// UTF8MCU_BIDI_FULL_VECTORS=ON.
#include "bidi_character_vectors.h"
#include "utest/utest.h"
#include "utf8mcu/text/bidi.h"

namespace {

using utf8mcu::text::BidiDirection;

constexpr std::size_t kMaxLine = 255;
utf8mcu::text::BidiParagraph<kMaxLine> paragraph;

UTEST(BidiVectors, BidiCharacterTestLines) {
  const std::uint8_t* bytes = bidi_vectors::kCaseBytes;
  unsigned passed = 0;
  unsigned failed = 0;
  for (unsigned c = 0; c < bidi_vectors::kCases; ++c) {
    const unsigned direction = bytes[0] & 3u;
    const unsigned paragraph_level = bytes[0] >> 2;
    const std::size_t count = bytes[1];
    const std::uint8_t* indexes = bytes + 2;
    const std::uint8_t* levels = indexes + count;
    const std::size_t shown = levels[count];
    const std::uint8_t* order = levels + count + 1;
    bytes = order + shown;

    char32_t text[kMaxLine];
    for (std::size_t i = 0; i < count; ++i) text[i] = bidi_vectors::kPalette[indexes[i]];
    const BidiDirection asked = direction == 0   ? BidiDirection::kLeftToRight
                                : direction == 1 ? BidiDirection::kRightToLeft
                                                 : BidiDirection::kAuto;
    const std::size_t done = paragraph.resolve(text, count, asked);
    std::uint8_t visual[kMaxLine];
    paragraph.reorder_line(0, done, visual);
    bool ok = done == count && paragraph.paragraph_level() == paragraph_level;
    for (std::size_t i = 0; ok && i < count; ++i) {
      ok = paragraph.removed(i) ? levels[i] == 0x7F : paragraph.level(i) == levels[i];
    }
    std::size_t k = 0;
    for (std::size_t v = 0; ok && v < done; ++v) {
      if (paragraph.removed(visual[v])) continue;
      ok = k < shown && visual[v] == order[k];
      ++k;
    }
    ok = ok && k == shown;
    if (ok) {
      ++passed;
    } else {
      if (failed < 8) utest::log() << "line " << c * bidi_vectors::kStride << " of the file's test lines fails\n";
      ++failed;
    }
  }
  utest::log() << "BidiCharacterTest: " << passed << " of " << bidi_vectors::kCases << " lines passed (every "
               << bidi_vectors::kStride << ". of " << bidi_vectors::kFileLines << ")\n";
  EXPECT_EQ(failed, 0u);
  EXPECT_EQ(passed, bidi_vectors::kCases);
}

}  // namespace
