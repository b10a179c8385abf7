#include "instruction_clock.h"

#include "operations.h"

namespace utf8mcu::bench {
namespace {

namespace systick = utf8mcu_bsp::systick;

// Out of line, so that every measurement calls the same code.
__attribute__((noinline)) void spin(std::uint32_t iterations) {
  if (iterations == 0) return;
  systick::spin_two_per_turn(iterations);
}

}  // namespace

InstructionClock::InstructionClock() noexcept { systick::start(); }

InstructionClock::Ticks InstructionClock::now() const noexcept { return systick::now(); }

void InstructionClock::start_at_phase(std::uint32_t phase) const noexcept {
  const Ticks start = now();
  while (now() == start) {
  }
  spin(phase);
}

bool InstructionClock::calibrate() noexcept {
  // Under -icount the ratio is exact (to one tick in 16000 or more); without
  // it, ticks follow host time and jitter between runs: pass twice, tightly.
  return calibrate_once() && calibrate_once();
}

bool InstructionClock::calibrate_once() noexcept {
  // Two loop lengths: their difference cancels the call and reading costs.
  constexpr std::uint32_t kIterations = 500000;  // 1 million instructions
  const Ticks a = now();
  spin(kIterations);
  const Ticks b = now();
  spin(2 * kIterations);
  const Ticks c = now();
  const std::uint64_t short_ticks = elapsed(a, b);
  const std::uint64_t long_ticks = elapsed(b, c);
  if (long_ticks <= short_ticks) return false;
  const std::uint64_t extra_instructions = 2ull * kIterations;
  measured_per_tick_milli_ = static_cast<std::uint32_t>(extra_instructions * 1000 / (long_ticks - short_ticks));
  const std::uint32_t tolerance = kNominalPerTickMilli / 2000;
  return measured_per_tick_milli_ + tolerance >= kNominalPerTickMilli &&
         measured_per_tick_milli_ <= kNominalPerTickMilli + tolerance;
}

std::uint64_t measure_overhead(const InstructionClock& clock) noexcept {
  ByteOperation volatile empty_pointer = bench_empty;  // an indirect call, as in the benchmarks
  const ByteOperation empty = empty_pointer;
  std::uint32_t result = 0;
  return measure(clock, 0, result, empty, static_cast<const std::uint8_t*>(nullptr), std::size_t{0});
}

}  // namespace utf8mcu::bench
