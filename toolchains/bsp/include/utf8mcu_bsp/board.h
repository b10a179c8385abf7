// Board facts and run-time information shared by all utf8mcu firmware images.
#ifndef UTF8MCU_BSP_BOARD_H
#define UTF8MCU_BSP_BOARD_H

#include <cstddef>

namespace utf8mcu_bsp {

// QEMU exit status of an image that took a fault or an unexpected interrupt.
constexpr int kFaultExitStatus = 3;

// The -M name of the board this image was built for, e.g. "mps2-an385".
const char* board_name() noexcept;

struct RamInfo {
  std::size_t ram_size;     // all RAM of the board
  std::size_t static_size;  // .data + .bss (+ alignment)
  std::size_t stack_size;   // the rest, all of it usable as main stack
  std::size_t stack_used;   // high-water mark since reset (stack painting; an
                            // estimate: untouched holes in frames look unused)
  bool stack_overflow;      // the lowest stack word was written (an overflow
                            // past it faults: see the linker script)
};

// Scans the painted stack; cost is proportional to the unused stack.
RamInfo ram_info() noexcept;

}  // namespace utf8mcu_bsp

// Optional hook: define it to handle SVCall, PendSV, SysTick and external
// interrupts (exception number = 16 + IRQ number). The default reports an
// unexpected exception and exits with kFaultExitStatus.
extern "C" void utf8mcu_bsp_exception(unsigned exception_number);

#endif
