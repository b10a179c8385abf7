// Font tables built by a test from glyph descriptions, in the record format
// font.h documents (written from that description, not from make_font.py):
// for fonts the generator refuses to make (lines taller than the renderer's
// limit, baselines below the line, ink placed anywhere) and for the fuzz
// targets' hostile fonts. Fixed capacity, no heap: it runs on the boards too.
#pragma once

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/font.h"

namespace display_test {

/// Up to kMaxGlyphs glyphs in at most kMaxBytes bytes of records.
template <std::size_t kMaxGlyphs, std::size_t kMaxBytes>
class SyntheticFont {
  static_assert(kMaxBytes * 8 <= 0xFFFF, "anchors are bit offsets of 16 bits (anchor_shift 0)");

 public:
  /// Glyphs advance `cell_width` (header class 1), twice that (class 2), 0
  /// (class 0) or anything else (class 3, 8 bits).
  explicit SyntheticFont(int cell_width) : cell_width_(cell_width) {}

  /// Adds a glyph: ink `width` x `height` (each 0-31) placed `top` rows below
  /// the line top (0-31) and `x_offset` pixels right of the pen (-32..31),
  /// advance 0-255; column c's ink is `pattern` rotated left by c, cut to
  /// `height` bits. Code points must come in increasing order. False (and
  /// nothing added) if a field does not fit the format or the font is full.
  bool add(char32_t code_point, int width, int height, int top, int x_offset, int advance, std::uint32_t pattern) {
    if (width < 0 || width > 31 || height < 0 || height > 31 || top < 0 || top > 31 || x_offset < -32 ||
        x_offset > 31 || advance < 0 || advance > 255 || count_ == kMaxGlyphs ||
        (count_ > 0 && code_point <= last_code_point_) || code_point > 0x1FFFFF) {
      return false;
    }
    const unsigned advance_class =
        advance == 0 ? 0u : (advance == cell_width_ ? 1u : (advance == 2 * cell_width_ ? 2u : 3u));
    const std::size_t bits = 23u + (advance_class == 3 ? 8u : 0u) + static_cast<std::size_t>(width * height);
    if ((bit_ + bits + 7) / 8 + 3 > kMaxBytes) return false;
    if (count_ % 8 == 0) anchors_[count_ / 8] = static_cast<std::uint16_t>(bit_);
    // Header: width, height << 5, top << 10, (x_offset + 32) << 15, class << 21.
    put(static_cast<std::uint32_t>(width) | static_cast<std::uint32_t>(height) << 5 |
            static_cast<std::uint32_t>(top) << 10 | static_cast<std::uint32_t>(x_offset + 32) << 15 |
            advance_class << 21,
        23);
    if (advance_class == 3) put(static_cast<std::uint32_t>(advance), 8);
    for (int column = 0; column < width; ++column) {
      const unsigned turn = static_cast<unsigned>(column) & 31u;
      const std::uint32_t rotated = turn == 0 ? pattern : (pattern << turn) | (pattern >> (32u - turn));
      put(rotated & ((std::uint32_t{1} << height) - 1u), static_cast<unsigned>(height));
    }
    // Runs of consecutive code points, at most 2048 each.
    if (runs_ > 0 && code_point == last_code_point_ + 1 && (run_keys_[runs_ - 1] & 0x7FFu) < 0x7FFu) {
      ++run_keys_[runs_ - 1];
    } else {
      run_keys_[runs_] = static_cast<std::uint32_t>(code_point) << 11;
      run_glyphs_[runs_] = static_cast<std::uint16_t>(count_);
      ++runs_;
    }
    last_code_point_ = code_point;
    ++count_;
    return true;
  }

  std::size_t glyphs() const { return count_; }

  /// The font, with the line and baseline given (anything, limits or not).
  utf8mcu::display::Font font(int line_height, int baseline, const char* name = "synthetic") const {
    return utf8mcu::display::Font{run_keys_,
                                  run_glyphs_,
                                  anchors_,
                                  bytes_,
                                  static_cast<std::uint32_t>(runs_),
                                  static_cast<std::uint32_t>((bit_ + 7) / 8 + 3),
                                  static_cast<std::uint8_t>(line_height),
                                  static_cast<std::uint8_t>(baseline),
                                  static_cast<std::uint8_t>(cell_width_),
                                  0,
                                  name};
  }

 private:
  // Appends the low `bits` bits of `value` to the little-endian bit stream.
  void put(std::uint32_t value, unsigned bits) {
    for (unsigned i = 0; i < bits; ++i, ++bit_) {
      if (((value >> i) & 1u) != 0) bytes_[bit_ / 8] = static_cast<std::uint8_t>(bytes_[bit_ / 8] | (1u << (bit_ % 8)));
    }
  }

  int cell_width_;
  std::size_t count_ = 0;
  std::size_t runs_ = 0;
  std::size_t bit_ = 0;
  char32_t last_code_point_ = 0;
  std::uint32_t run_keys_[kMaxGlyphs] = {};
  std::uint16_t run_glyphs_[kMaxGlyphs] = {};
  std::uint16_t anchors_[(kMaxGlyphs + 7) / 8] = {};
  std::uint8_t bytes_[kMaxBytes] = {};
};

}  // namespace display_test
