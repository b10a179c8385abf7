#pragma once
/// @file
/// Writes a MonoFramebuffer as a binary PBM image (Netpbm P4): a short text
/// header, then rows top to bottom, 8 pixels per byte, MSB = left pixel,
/// 1 = lit. For screenshots from the host or, through semihosting or a UART,
/// from a board. Freestanding: bytes go to a sink, no buffer is allocated.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/framebuffer.h"

namespace utf8mcu::display {

/// Bytes write_pbm() emits for a width x height picture.
[[nodiscard]] constexpr std::size_t pbm_size(int width, int height) noexcept {
  auto digits = [](int value) {
    std::size_t count = 1;
    while (value >= 10) {
      value /= 10;
      ++count;
    }
    return count;
  };
  const int w = width < 0 ? 0 : width;
  const int h = height < 0 ? 0 : height;
  return 5 + digits(w) + digits(h) + static_cast<std::size_t>((w + 7) / 8) * static_cast<std::size_t>(h);
}

/// Calls `sink(const std::uint8_t* data, std::size_t size)` with the image,
/// a row at a time (at most 64 bytes per call, from a stack buffer).
template <typename ByteSink>
void write_pbm(const MonoFramebuffer& framebuffer, ByteSink&& sink) noexcept {
  std::uint8_t chunk[64];
  std::size_t length = 0;
  auto put = [&](std::uint8_t byte) {
    chunk[length++] = byte;
    if (length == sizeof chunk) {
      sink(static_cast<const std::uint8_t*>(chunk), length);
      length = 0;
    }
  };
  auto put_number = [&](int value) {
    char digits[6];
    int count = 0;
    do {
      digits[count++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value > 0 && count < 6);
    while (count > 0) put(static_cast<std::uint8_t>(digits[--count]));
  };
  put('P');
  put('4');
  put('\n');
  put_number(framebuffer.width());
  put(' ');
  put_number(framebuffer.height());
  put('\n');
  for (int y = 0; y < framebuffer.height(); ++y) {
    for (int x = 0; x < framebuffer.width(); x += 8) {
      unsigned byte = 0;
      for (int bit = 0; bit < 8; ++bit) {
        byte = (byte << 1) | (framebuffer.get_pixel(x + bit, y) ? 1u : 0u);
      }
      put(static_cast<std::uint8_t>(byte));
    }
  }
  if (length != 0) sink(static_cast<const std::uint8_t*>(chunk), length);
}

}  // namespace utf8mcu::display
