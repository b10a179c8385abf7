#pragma once
// Shared by the display fuzz targets: hostile fonts made from the input (any
// line height and baseline, ink of any size placed anywhere the record format
// allows, lines far beyond kMaxLineHeight), with every table in an allocation
// of exactly its size so that AddressSanitizer sees a read past it; and
// coordinates that favour the edges (0, the surface's size, +-2^24, INT_MIN,
// INT_MAX).

#include <fuzzer/FuzzedDataProvider.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fuzz_support.h"
#include "synthetic_font.h"
#include "utf8mcu/display/font.h"

namespace fuzz {

// The tests' xorshift32: glyph shapes from a few input bytes, so that a font
// of a hundred glyphs costs the input 8 bytes.
class Shapes {
 public:
  explicit Shapes(std::uint32_t seed) : state_(seed == 0 ? 0x9E3779B9u : seed) {}
  std::uint32_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }
  int below(int n) { return n <= 0 ? 0 : static_cast<int>(next() % static_cast<std::uint32_t>(n)); }

 private:
  std::uint32_t state_;
};

// Code points a hostile font may hold (increasing): printable ASCII, Latin-1,
// combining marks, other scripts, wide CJK and Hangul, a fullwidth letter,
// ignorables (which no generated font holds), U+FFFD, a skin-tone modifier,
// an emoji and the last private-use code point.
inline constexpr char32_t kFontCandidates[] = {
    0x20,   0x21,   0x22,   0x23,   0x24,   0x25,   0x26,   0x27,   0x28,    0x29,    0x2A,    0x2B,    0x2C,
    0x2D,   0x2E,   0x2F,   0x30,   0x31,   0x32,   0x33,   0x34,   0x35,    0x36,    0x37,    0x38,    0x39,
    0x3A,   0x3B,   0x3C,   0x3D,   0x3E,   0x3F,   0x40,   0x41,   0x42,    0x43,    0x44,    0x45,    0x46,
    0x47,   0x48,   0x49,   0x4A,   0x4B,   0x4C,   0x4D,   0x4E,   0x4F,    0x50,    0x51,    0x52,    0x53,
    0x54,   0x55,   0x56,   0x57,   0x58,   0x59,   0x5A,   0x5B,   0x5C,    0x5D,    0x5E,    0x5F,    0x60,
    0x61,   0x62,   0x63,   0x64,   0x65,   0x66,   0x67,   0x68,   0x69,    0x6A,    0x6B,    0x6C,    0x6D,
    0x6E,   0x6F,   0x70,   0x71,   0x72,   0x73,   0x74,   0x75,   0x76,    0x77,    0x78,    0x79,    0x7A,
    0x7B,   0x7C,   0x7D,   0x7E,   0xA0,   0xAD,   0xE9,   0xFC,   0x300,   0x301,   0x308,   0x3B1,   0x5D0,
    0x627,  0xE01,  0x1100, 0x200B, 0x200D, 0x3001, 0x3042, 0x4E00, 0x4E2D,  0xAC00,  0xFE0F,  0xFF21,  0xFFFD,
    0x1F3FB, 0x1F600, 0x10FFFD,
};
inline constexpr std::size_t kFontCandidateCount = sizeof kFontCandidates / sizeof kFontCandidates[0];

// A font and its tables, each in a heap block of exactly its size.
struct HostileFont {
  std::vector<std::uint32_t> run_keys;
  std::vector<std::uint16_t> run_glyphs;
  std::vector<std::uint16_t> anchors;
  std::vector<std::uint8_t> glyphs;
  utf8mcu::display::Font font{};
};

// 8 input bytes make a font: line height and baseline (small, near the
// limit, or anything up to 255), cell width, which candidates it holds, the
// largest ink, and the seed of the glyph shapes.
UTF8MCU_FUZZ_UNINSTRUMENTED inline std::unique_ptr<HostileFont> make_font(FuzzedDataProvider& input) {
  const auto line_byte = input.ConsumeIntegral<std::uint8_t>();
  const auto baseline_byte = input.ConsumeIntegral<std::uint8_t>();
  const auto cell_byte = input.ConsumeIntegral<std::uint8_t>();
  const auto density = input.ConsumeIntegral<std::uint8_t>();
  const auto largest = input.ConsumeIntegral<std::uint8_t>();
  const auto seed = input.ConsumeIntegral<std::uint32_t>() >> 8;
  // Mostly lines the renderer takes (0-31 rows), sometimes far taller.
  const int line_height = line_byte < 224 ? line_byte % 32 : line_byte;
  const int baseline = baseline_byte < 224 ? (line_height == 0 ? 0 : baseline_byte % (line_height + 2)) : baseline_byte;
  const int cell_width = cell_byte < 240 ? cell_byte % 20 : cell_byte;
  const int max_width = largest & 31;
  const int max_height = (largest >> 3) & 31;
  Shapes shapes(seed);
  static display_test::SyntheticFont<kFontCandidateCount, 8191> built(0);
  built = display_test::SyntheticFont<kFontCandidateCount, 8191>(cell_width);
  for (const char32_t code_point : kFontCandidates) {
    if (shapes.below(256) > density) continue;
    const int width = shapes.below(max_width + 1);
    const int height = shapes.below(max_height + 1);
    // Ink mostly inside the line, sometimes anywhere the format allows.
    const int top = shapes.below(8) == 0 ? shapes.below(32) : shapes.below(line_height - height + 1);
    const int x_offset = shapes.below(8) == 0 ? shapes.below(64) - 32 : shapes.below(3) - 1;
    int advance = 0;
    switch (shapes.below(6)) {
      case 0: advance = 0; break;
      case 1: advance = shapes.below(256); break;
      case 2: advance = 2 * cell_width; break;
      default: advance = cell_width; break;
    }
    built.add(code_point, width, height, top, x_offset, advance, shapes.next());
  }
  auto result = std::make_unique<HostileFont>();
  const utf8mcu::display::Font tables = built.font(line_height, baseline, "hostile");
  result->run_keys.assign(tables.run_keys, tables.run_keys + tables.run_count);
  result->run_glyphs.assign(tables.run_glyphs, tables.run_glyphs + tables.run_count);
  result->anchors.assign(tables.anchors, tables.anchors + (built.glyphs() + 7) / 8);
  result->glyphs.assign(tables.glyphs, tables.glyphs + tables.glyphs_size);
  result->font = tables;
  result->font.run_keys = result->run_keys.data();
  result->font.run_glyphs = result->run_glyphs.data();
  result->font.anchors = result->anchors.data();
  result->font.glyphs = result->glyphs.data();
  return result;
}

// A coordinate or size: one of the edges, or any int.
UTF8MCU_FUZZ_UNINSTRUMENTED inline int edge_int(FuzzedDataProvider& input, int surface_size) {
  static constexpr int kEdges[] = {INT_MIN, INT_MIN + 1, -(1 << 24) - 1, -(1 << 24), -1000, -17, -8, -1, 0, 1, 3, 7,
                                   8, 13, 16, 31, 64, 127, 128, (1 << 24) - 1, 1 << 24, (1 << 24) + 1, INT_MAX - 1,
                                   INT_MAX};
  constexpr int kEdgeCount = static_cast<int>(sizeof kEdges / sizeof kEdges[0]);
  const auto choice = input.ConsumeIntegral<std::uint8_t>();
  if (choice < kEdgeCount) return kEdges[choice];
  if (choice < 2 * kEdgeCount) return surface_size - kEdges[choice - kEdgeCount] % 64;
  if (choice < 250) return static_cast<int>(choice) - 128;
  return input.ConsumeIntegral<int>();
}

}  // namespace fuzz
