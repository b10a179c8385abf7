#pragma once
// Line-buffered text output over semihosting (QEMU's stdout), with just the
// formatting the benchmarks need: no libc, no printf.

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace utf8mcu::bench {

/// A fixed-point value printed with three decimals: value / 1000.
struct Milli {
  std::uint64_t value;
};

class Console {
 public:
  Console& operator<<(const char* text) noexcept;
  Console& operator<<(char c) noexcept;
  /// Any unsigned integer (uint32_t and size_t differ between ARM and x86).
  template <typename T, typename std::enable_if<std::is_unsigned<T>::value && !std::is_same<T, bool>::value &&
                                                    !std::is_same<T, char>::value,
                                                int>::type = 0>
  Console& operator<<(T value) noexcept {
    return put_unsigned(value);
  }
  Console& operator<<(Milli value) noexcept;
  /// Pads the current line with spaces up to `column`.
  Console& pad_to(std::size_t column) noexcept;
  void flush() noexcept;

 private:
  Console& put_unsigned(std::uint64_t value) noexcept;

  char line_[200] = {};
  std::size_t length_ = 0;
  std::size_t column_ = 0;
};

}  // namespace utf8mcu::bench
