#pragma once
// read_code_points() of u8text.h.

#include <cstdint>
#include <cstdio>

#include "utf8mcu/decoder.h"

namespace u8text {

template <typename Sink>
bool read_code_points(std::FILE* in, Sink&& sink) {
  utf8mcu::Decoder decoder;
  std::uint8_t bytes[4096];
  char32_t decoded[sizeof bytes + 1];
  std::size_t count = 0;
  const auto collect = [&](char32_t code_point) { decoded[count++] = code_point; };
  for (;;) {
    const std::size_t size = std::fread(bytes, 1, sizeof bytes, in);
    if (size == 0) break;
    count = 0;
    decoder.push(bytes, size, collect);
    if (count != 0) sink(static_cast<const char32_t*>(decoded), count);
  }
  count = 0;
  decoder.finish(collect);  // a truncated sequence at the end: U+FFFD
  if (count != 0) sink(static_cast<const char32_t*>(decoded), count);
  return std::ferror(in) == 0;
}

}  // namespace u8text
