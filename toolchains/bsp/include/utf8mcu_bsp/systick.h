// SysTick as an instruction counter on the QEMU boards. Under
// `-icount shift=0` virtual time advances one nanosecond per executed
// instruction and SysTick runs from the core clock, so one tick is a fixed
// number of instructions (40 on the 25 MHz mps2 boards, 50 on an505 at
// 20 MHz, 62.5 on microbit at 16 MHz, 80 on lm3s6965evb at 12.5 MHz). calibrate() measures that ratio on a
// loop of known length, so that a run without -icount (ticks follow host
// time) is caught instead of printing wrong figures. Core peripheral, present
// on every Cortex-M core here, M0+ included. Header only: nothing is linked
// into images that do not measure.
#ifndef UTF8MCU_BSP_SYSTICK_H
#define UTF8MCU_BSP_SYSTICK_H

#include <cstdint>

namespace utf8mcu_bsp {
namespace systick {

/// The counter counts down over 24 bits.
constexpr std::uint32_t kCounterMask = 0x00FFFFFFu;

namespace detail {
// System Control Space: SYST_CSR, SYST_RVR, SYST_CVR.
inline volatile std::uint32_t& reg(std::uintptr_t address) noexcept {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}
constexpr std::uintptr_t kControl = 0xE000E010u;
constexpr std::uintptr_t kReload = 0xE000E014u;
constexpr std::uintptr_t kCurrent = 0xE000E018u;
constexpr std::uint32_t kEnable = 1u << 0;          // CSR.ENABLE
constexpr std::uint32_t kTickInterrupt = 1u << 1;   // CSR.TICKINT: exception 15 at each wrap
constexpr std::uint32_t kProcessorClock = 1u << 2;  // CSR.CLKSOURCE: the core's clock (TICKINT 0: no interrupt)
}  // namespace detail

/// Starts SysTick free running over 24 bits on the core clock, without
/// interrupts (a run must stay below 2^24 ticks: 670 million instructions at
/// 40 per tick).
inline void start() noexcept {
  detail::reg(detail::kControl) = 0;
  detail::reg(detail::kReload) = kCounterMask;
  detail::reg(detail::kCurrent) = 0;  // any write clears it; it reloads on the next tick
  detail::reg(detail::kControl) = detail::kEnable | detail::kProcessorClock;
}

/// Starts SysTick with its interrupt: exception 15 (utf8mcu_bsp_exception)
/// every `ticks` ticks, 1 .. 2^24 - 1. Not for measuring: stop() it first.
inline void start_interrupts(std::uint32_t ticks) noexcept {
  detail::reg(detail::kControl) = 0;
  detail::reg(detail::kReload) = ticks & kCounterMask;
  detail::reg(detail::kCurrent) = 0;
  detail::reg(detail::kControl) = detail::kEnable | detail::kTickInterrupt | detail::kProcessorClock;
}

/// Stops SysTick (and its interrupt).
inline void stop() noexcept { detail::reg(detail::kControl) = 0; }

/// The counter now (it counts down).
inline std::uint32_t now() noexcept { return detail::reg(detail::kCurrent); }

/// Ticks between two readings `begin` and `end` of now().
constexpr std::uint32_t elapsed(std::uint32_t begin, std::uint32_t end) noexcept {
  return (begin - end) & kCounterMask;
}

/// Ticks since the reading `begin`.
inline std::uint32_t ticks_since(std::uint32_t begin) noexcept { return elapsed(begin, now()); }

/// Executes exactly 2 * `turns` instructions (subs, bne), `turns` >= 1. The
/// low register suits Thumb-1; GCC reads ARMv6-M inline assembly in divided
/// syntax unless told otherwise (it switches back after the block).
inline void spin_two_per_turn(std::uint32_t turns) noexcept {
  __asm__ volatile(
      ".syntax unified\n"
      "1: subs %0, %0, #1\n"
      "   bne 1b\n"
      : "+l"(turns)
      :
      : "cc");
}

/// The board's instructions per tick under -icount shift=0, times 1000; 0 for
/// a board whose SysTick clock is not listed here.
constexpr std::uint32_t nominal_per_tick_milli(const char* board) noexcept {
  auto same = [](const char* a, const char* b) {
    while (*a != '\0' && *a == *b) {
      ++a;
      ++b;
    }
    return *a == *b;
  };
  if (same(board, "microbit")) return 62500;  // 16 MHz
  if (same(board, "mps2-an505")) return 50000;  // 20 MHz
  if (same(board, "mps2-an385") || same(board, "mps2-an386") || same(board, "mps2-an500")) return 40000;  // 25 MHz
  if (same(board, "lm3s6965evb")) return 80000;  // 12.5 MHz
  return 0;
}

/// What calibrate() measured.
struct Calibration {
  std::uint32_t instructions = 0;  // executed by the calibration loop
  std::uint32_t ticks = 0;         // SysTick ticks they took

  /// Instructions per tick, times 1000 (0 if no tick passed).
  constexpr std::uint32_t per_tick_milli() const noexcept {
    return ticks == 0 ? 0 : static_cast<std::uint32_t>(std::uint64_t{instructions} * 1000 / ticks);
  }

  /// True when the ratio is the board's nominal one within 0.05 % (so QEMU
  /// counts instructions); for a board without a nominal figure, when it is
  /// between 1 and 1000 instructions per tick.
  constexpr bool plausible(const char* board) const noexcept {
    const std::uint32_t measured = per_tick_milli();
    const std::uint32_t nominal = nominal_per_tick_milli(board);
    if (nominal == 0) return measured >= 1000 && measured <= 1000000;
    const std::uint32_t tolerance = nominal / 2000;
    return measured + tolerance >= nominal && measured <= nominal + tolerance;
  }

  /// Instructions in `ticks` ticks, per `runs` runs, rounded (0 if the
  /// calibration saw no tick).
  constexpr std::uint64_t instructions_in(std::uint64_t ticks_measured, std::uint32_t runs = 1) const noexcept {
    if (ticks == 0 || runs == 0) return 0;
    const std::uint64_t divisor = std::uint64_t{ticks} * runs;
    return (ticks_measured * instructions + divisor / 2) / divisor;
  }
};

/// Measures a loop of 2 * `turns` instructions, `turns` >= 1 (start()
/// first; at 62.5 instructions per tick the default is good to 1 in 3,000).
inline Calibration calibrate(std::uint32_t turns = 100000) noexcept {
  Calibration result;
  result.instructions = 2 * turns;
  const std::uint32_t begin = now();
  spin_two_per_turn(turns);
  result.ticks = ticks_since(begin);
  return result;
}

}  // namespace systick
}  // namespace utf8mcu_bsp

#endif
