// The bidi engine (utf8mcu/text/bidi.h) on fuzzer-chosen paragraphs.
//
// Input: [selector][text bytes]. The selector picks the paragraph direction
// (bits 0-1) and which of two capacities resolves it (bit 2: 16 code points,
// so long inputs are cut into pieces, or 1024). Each text byte picks a code
// point from a palette of every bidi class, the explicit controls and
// paired brackets; bytes 0xF0-0xFF repeat the previous code point 2^(b-0xEB)
// times (at most 8,192 code points in all), so a short input nests isolates and
// embeddings far past the limits of X1 and BD16.
//
// Checks: resolve() takes 1 to capacity code points and stops early only
// after a paragraph separator; every level is at most 126 and no kept
// character is below the paragraph level; reorder_line() gives a
// permutation; guard zones around the object and the text stay untouched.
#include <cstdint>
#include <cstring>
#include <vector>

#include "fuzz_support.h"
#include "utf8mcu/text/bidi.h"

namespace {

using utf8mcu::text::BidiDirection;
using utf8mcu::text::BidiParagraph;

constexpr char32_t kPalette[] = {
    U'a', 0x05D0, 0x0627, U'1', U'+', U'$', 0x0661, U',', 0x0300, 0x200B, U' ', U'!',
    0x2029, U'\t', 0x202A, 0x202D, 0x202B, 0x202E, 0x202C, 0x2066, 0x2067, 0x2068, 0x2069,
    U'(', U')', U'[', U']', 0x2329, 0x232A, 0x3008, 0x3009, 0x200E, 0x200F, 0x061C, 0x06F1,
    0x1F600, 0x10FFFF, 0xE0001, 0x1E900, 0x10800, 0xFFFE,
};
constexpr std::size_t kPaletteSize = sizeof kPalette / sizeof kPalette[0];
constexpr std::size_t kMaxText = 1u << 13;

template <std::size_t kCapacity>
struct Guarded {
  std::uint8_t before[64];
  BidiParagraph<kCapacity> paragraph;
  std::uint8_t after[64];
};

template <std::size_t kCapacity>
UTF8MCU_FUZZ_UNINSTRUMENTED void check_pieces(Guarded<kCapacity>& g, const char32_t* text, std::size_t count,
                                              BidiDirection direction) {
  std::memset(g.before, 0xA5, sizeof g.before);
  std::memset(g.after, 0x5A, sizeof g.after);
  static std::uint16_t visual[kCapacity];
  static bool seen[kCapacity];
  std::size_t at = 0;
  while (at < count) {
    const std::size_t done = g.paragraph.resolve(text + at, count - at, direction);
    UTF8MCU_FUZZ_CHECK(done >= 1 && done <= kCapacity && done <= count - at);
    if (done < count - at && done < kCapacity) {
      UTF8MCU_FUZZ_CHECK(utf8mcu::text::bidi_class(text[at + done - 1]) == utf8mcu::text::BidiClass::kB);
    }
    UTF8MCU_FUZZ_CHECK(g.paragraph.size() == done);
    const unsigned paragraph_level = g.paragraph.paragraph_level();
    UTF8MCU_FUZZ_CHECK(paragraph_level <= 1);
    for (std::size_t i = 0; i < done; ++i) {
      UTF8MCU_FUZZ_CHECK(g.paragraph.level(i) <= 126);
      if (!g.paragraph.removed(i)) UTF8MCU_FUZZ_CHECK(g.paragraph.level(i) >= paragraph_level);
    }
    g.paragraph.reorder_line(0, done, visual);
    std::memset(seen, 0, done);
    for (std::size_t k = 0; k < done; ++k) {
      UTF8MCU_FUZZ_CHECK(visual[k] < done && !seen[visual[k]]);
      seen[visual[k]] = true;
    }
    // L1 puts trailing whitespace and isolate controls at the paragraph level.
    const utf8mcu::text::BidiClass last = utf8mcu::text::bidi_class(text[at + done - 1]);
    if (last == utf8mcu::text::BidiClass::kWS || last == utf8mcu::text::BidiClass::kPDI) {
      UTF8MCU_FUZZ_CHECK(g.paragraph.level(done - 1) == paragraph_level);
    }
    at += done;
    if (direction == BidiDirection::kAuto && utf8mcu::text::bidi_class(text[at - 1]) != utf8mcu::text::BidiClass::kB) {
      direction = g.paragraph.paragraph_direction();
    }
  }
  for (std::size_t i = 0; i < sizeof g.before; ++i) {
    UTF8MCU_FUZZ_CHECK(g.before[i] == 0xA5 && g.after[i] == 0x5A);
  }
}

Guarded<16> small;
Guarded<1024> large;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned selector = data[0];
  std::vector<char32_t> text;
  for (std::size_t i = 1; i < size && text.size() < kMaxText; ++i) {
    const unsigned byte = data[i];
    if (byte >= 0xF0 && !text.empty()) {
      const char32_t repeated = text.back();
      for (std::size_t n = std::size_t{1} << (byte - 0xEB); n > 0 && text.size() < kMaxText; --n) {
        text.push_back(repeated);
      }
    } else {
      text.push_back(kPalette[byte % kPaletteSize]);
    }
  }
  if (text.empty()) return 0;
  const BidiDirection direction = (selector & 3u) == 1   ? BidiDirection::kLeftToRight
                                  : (selector & 3u) == 2 ? BidiDirection::kRightToLeft
                                                         : BidiDirection::kAuto;
  if ((selector & 4u) != 0) {
    check_pieces(small, text.data(), text.size(), direction);
  } else {
    check_pieces(large, text.data(), text.size(), direction);
  }
  return 0;
}
