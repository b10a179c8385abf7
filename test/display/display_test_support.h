// Helpers shared by the display tests: framebuffers in static storage (the
// microbit has 16 KB of RAM), feeding text through the decoder, and printing a
// picture when a comparison fails.
#pragma once

#include <cstddef>
#include <cstdint>

#include "utest/random.h"
#include "utest/utest.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/display.h"

namespace display_test {

using utf8mcu::display::MonoFramebuffer;

inline constexpr int kWidth = 128;
inline constexpr int kHeight = 64;
inline constexpr std::size_t kBytes = utf8mcu::display::mono_buffer_size(kWidth, kHeight);

/// Two 128x64 pictures to compare: `actual` and `expected`.
struct Pictures {
  std::uint8_t actual[kBytes];
  std::uint8_t expected[kBytes];
};

/// Cleared pictures; the storage is shared by all tests (they run one by one).
inline Pictures& fresh_pictures() {
  static Pictures pictures;
  for (std::size_t i = 0; i < kBytes; ++i) {
    pictures.actual[i] = 0;
    pictures.expected[i] = 0;
  }
  return pictures;
}

/// Bytes of a NUL-terminated string.
inline std::size_t text_length(const char* text) {
  std::size_t n = 0;
  while (text[n] != '\0') ++n;
  return n;
}

template <std::size_t N>
std::size_t literal_size(const char (&)[N]) {
  return N - 1;
}

/// Feeds `size` bytes to `sink` through a decoder, one push per byte (as from
/// a UART), then ends the stream.
template <typename Sink>
void feed_bytes(const char* text, std::size_t size, Sink& sink) {
  utf8mcu::Decoder decoder;
  for (std::size_t i = 0; i < size; ++i) decoder.push(static_cast<std::uint8_t>(text[i]), sink);
  decoder.finish(sink);
}

/// Prints rows [y, y + height) of a picture as '#' and '.'.
inline void print_picture(const MonoFramebuffer& picture, int y, int height) {
  for (int row = y; row < y + height && row < picture.height(); ++row) {
    utest::log() << "    ";
    for (int x = 0; x < picture.width(); ++x) utest::log() << (picture.get_pixel(x, row) ? '#' : '.');
    utest::log() << '\n';
  }
}

/// True if the pictures are equal; prints both if not.
inline bool same_picture(const MonoFramebuffer& actual, const MonoFramebuffer& expected) {
  bool same = actual.size_bytes() == expected.size_bytes();
  for (std::size_t i = 0; same && i < actual.size_bytes(); ++i) same = actual.data()[i] == expected.data()[i];
  if (!same) {
    utest::log() << "  actual:\n";
    print_picture(actual, 0, actual.height());
    utest::log() << "  expected:\n";
    print_picture(expected, 0, expected.height());
  }
  return same;
}

/// Draws `text` (UTF-8, decoded with the replace policy) from (x, y) on one
/// line, clipped to `clip`, without any layout: the expected picture of a line.
inline void draw_line(MonoFramebuffer& picture, const char* text, int x, int y, const utf8mcu::display::Rect& clip,
                      const utf8mcu::display::FontChain& fonts = utf8mcu::display::kDefaultFont) {
  int pen = x;
  auto draw = [&](char32_t code_point) {
    pen += utf8mcu::display::draw_code_point(picture, fonts, code_point, pen, y, clip, utf8mcu::display::kLitOnDark);
  };
  feed_bytes(text, text_length(text), draw);
}

using Random = utest::Random;

}  // namespace display_test
