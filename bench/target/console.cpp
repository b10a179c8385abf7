#include "console.h"

#include "utf8mcu_bsp/semihosting.h"

namespace utf8mcu::bench {

Console& Console::operator<<(char c) noexcept {
  if (length_ == sizeof line_) flush();
  line_[length_++] = c;
  column_ = c == '\n' ? 0 : column_ + 1;
  if (c == '\n') flush();
  return *this;
}

Console& Console::operator<<(const char* text) noexcept {
  while (*text != '\0') *this << *text++;
  return *this;
}

Console& Console::put_unsigned(std::uint64_t value) noexcept {
  char digits[20];
  std::size_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  while (n > 0) *this << digits[--n];
  return *this;
}

Console& Console::operator<<(Milli milli) noexcept {
  *this << milli.value / 1000 << '.';
  const std::uint64_t fraction = milli.value % 1000;
  *this << static_cast<char>('0' + fraction / 100) << static_cast<char>('0' + fraction / 10 % 10)
        << static_cast<char>('0' + fraction % 10);
  return *this;
}

Console& Console::pad_to(std::size_t column) noexcept {
  while (column_ < column) *this << ' ';
  return *this;
}

void Console::flush() noexcept {
  if (length_ != 0) utf8mcu_bsp::semihosting::console_write(line_, length_);
  length_ = 0;
}

}  // namespace utf8mcu::bench
