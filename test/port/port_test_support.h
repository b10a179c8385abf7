#pragma once
// Helpers for the port/ unit tests: they run on the host and as firmware
// (microbit has 16 KB of RAM), so fixed small buffers and no heap.

#include <cstddef>
#include <cstdint>

namespace port_test {

// xorshift32: the same sequence everywhere, so a board failure reproduces on
// the host.
class Random {
 public:
  explicit constexpr Random(std::uint32_t seed) : state_(seed == 0 ? 0x9E3779B9u : seed) {}
  constexpr std::uint32_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }
  constexpr std::uint32_t below(std::uint32_t bound) { return next() % bound; }

 private:
  std::uint32_t state_;
};

// Records up to N code points; `size` keeps counting past N.
template <std::size_t N>
struct CodePoints {
  char32_t items[N] = {};
  std::size_t size = 0;

  void operator()(char32_t code_point) {
    if (size < N) items[size] = code_point;
    ++size;
  }
  void clear() { size = 0; }
  bool equals(const char32_t* expected, std::size_t count) const {
    if (size != count || size > N) return false;
    for (std::size_t i = 0; i < count; ++i) {
      if (items[i] != expected[i]) return false;
    }
    return true;
  }
};

// Text in several scripts, all well-formed: 1- to 4-byte sequences side by side.
inline constexpr std::uint8_t kSampleText[] =
    "Gr\xC3\xBC\xC3\x9F""e \xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 "
    "\xD0\xBC\xD0\xB8\xD1\x80 \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D "
    "\xE4\xBD\xA0\xE5\xA5\xBD \xED\x95\x9C\xEA\xB8\x80 \xE2\x82\xAC "
    "\xF0\x9F\x98\x80\xF0\x9F\x9A\x80 \xF4\x8F\xBF\xBF end";
inline constexpr std::size_t kSampleTextSize = sizeof kSampleText - 1;  // no NUL

}  // namespace port_test
