// Target platform: output through semihosting, RAM and stack report at the end.
// The BSP's reset handler calls main() and exits QEMU with its return value.
#include "platform.h"
#include "utf8mcu_bsp/board.h"
#include "utf8mcu_bsp/semihosting.h"

#ifndef UTEST_PLATFORM_NAME
#define UTEST_PLATFORM_NAME UTF8MCU_BOARD_NAME
#endif

namespace utest {
namespace platform {

void write(const char* data, std::size_t size) noexcept {
  utf8mcu_bsp::semihosting::console_write(data, size);
}

const char* name() noexcept { return UTEST_PLATFORM_NAME; }

bool finish(Log& out) noexcept {
  const utf8mcu_bsp::RamInfo ram = utf8mcu_bsp::ram_info();
  out << "[  MEMORY  ] RAM " << ram.ram_size << " bytes: static " << ram.static_size
      << ", stack " << ram.stack_size << " (peak use " << ram.stack_used << ")\n";
  if (ram.stack_overflow) {
    out << "[  FAILED  ] stack exhausted: the lowest stack word was written\n";
    return false;
  }
  return true;
}

}  // namespace platform
}  // namespace utest

int main() { return utest::detail::run(nullptr); }
