#pragma once
// Counts executed instructions on a QEMU board run with `-icount shift=0`,
// where virtual time advances exactly one nanosecond per instruction. The
// clock is SysTick on the processor clock (present on every core, M0+
// included): one tick is 40 instructions at 25 MHz (mps2-an385/386/500), 50 at
// 20 MHz (an505) and 62.5 at 16 MHz (microbit). calibrate() checks that ratio
// against a loop of known length, so a run without -icount (where ticks follow
// host time) fails instead of printing wrong figures.
//
// A single reading is only good to one tick, so measure() runs the operation
// once per start phase within a tick (every second instruction of it) and
// averages: the result is good to about one instruction.

#include <cstddef>
#include <cstdint>

#include "utf8mcu_bsp/systick.h"

namespace utf8mcu::bench {

class InstructionClock {
 public:
  /// Ticks as read from SysTick (counting down).
  using Ticks = std::uint32_t;

  /// Starts SysTick, free running over 24 bits, without interrupts.
  InstructionClock() noexcept;

  Ticks now() const noexcept;

  /// Ticks between two readings (a run must stay below 2^24 ticks: 670
  /// million instructions at 40 per tick).
  static std::uint32_t elapsed(Ticks begin, Ticks end) noexcept { return utf8mcu_bsp::systick::elapsed(begin, end); }

  /// Measures a loop of known length, twice. False when the measured
  /// instructions per tick differ from the board's nominal figure by more
  /// than 0.05 % (that is, QEMU is not counting instructions).
  bool calibrate() noexcept;

  /// Nominal and measured instructions per tick, times 1000.
  std::uint32_t nominal_per_tick_milli() const noexcept { return kNominalPerTickMilli; }
  std::uint32_t measured_per_tick_milli() const noexcept { return measured_per_tick_milli_; }

  /// Start phases measure() uses: one per two instructions of a tick.
  static constexpr std::uint32_t kPhases =
      utf8mcu_bsp::systick::nominal_per_tick_milli(UTF8MCU_BOARD_NAME) / 2000;

  /// Waits for the next tick, then 2 * `phase` instructions more.
  void start_at_phase(std::uint32_t phase) const noexcept;

  /// Instructions in `ticks` summed over `runs` runs, per run, rounded.
  static std::uint64_t instructions(std::uint64_t ticks, std::uint32_t runs) noexcept {
    return (ticks * kNominalPerTickMilli + 500ull * runs) / (1000ull * runs);
  }

 private:
  bool calibrate_once() noexcept;

  // The board's SysTick clock (UTF8MCU_BOARD_NAME comes with utf8mcu_bsp).
  static constexpr std::uint32_t kNominalPerTickMilli =
      utf8mcu_bsp::systick::nominal_per_tick_milli(UTF8MCU_BOARD_NAME);
  static_assert(kNominalPerTickMilli != 0, "utf8mcu_bsp/systick.h knows this board's SysTick clock");
  std::uint32_t measured_per_tick_milli_ = 0;
};

/// Instructions spent in `run(args...)`, minus `overhead` (the cost of
/// measuring nothing). `result` receives what run returned.
template <typename Function, typename... Args>
std::uint64_t measure(const InstructionClock& clock, std::uint64_t overhead, std::uint32_t& result,
                      Function run, Args... args) {
  std::uint64_t ticks = 0;
  for (std::uint32_t phase = 0; phase < InstructionClock::kPhases; ++phase) {
    clock.start_at_phase(phase);
    const InstructionClock::Ticks begin = clock.now();
    __asm__ volatile("" ::: "memory");
    result = run(args...);
    __asm__ volatile("" ::: "memory");
    const InstructionClock::Ticks end = clock.now();
    ticks += InstructionClock::elapsed(begin, end);
  }
  const std::uint64_t spent = InstructionClock::instructions(ticks, InstructionClock::kPhases);
  return spent > overhead ? spent - overhead : 0;
}

/// The cost of measuring an empty function through a pointer.
std::uint64_t measure_overhead(const InstructionClock& clock) noexcept;

}  // namespace utf8mcu::bench
