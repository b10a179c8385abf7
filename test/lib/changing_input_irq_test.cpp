// Input that changes during a call, on the boards, for the functions that
// take no sink (validate, is_valid, count_code_points, the boundary
// functions, the UTF-16 and UTF-32 converters, and a CodePoints loop):
// SysTick interrupts rewrite the buffer while they read it, as a DMA
// transfer would. The host does the same from a second thread
// (changing_input_test.cpp). The span
// ends where the buffer's guard bytes start: ASCII letters, so that a loop
// reading past the end would run on into counts larger than the span. Built
// for the boards only, run under -icount (test/lib/CMakeLists.txt).

#include "utf8mcu/boundary.h"
#include "utf8mcu/iterator.h"
#include "utf8mcu/transcode.h"
#include "utf8mcu/validate.h"
#include "test_support.h"
#include "utest/utest.h"
#include "utf8mcu_bsp/board.h"
#include "utf8mcu_bsp/semihosting.h"
#include "utf8mcu_bsp/systick.h"

namespace {

constexpr std::size_t kSize = 256;
constexpr std::size_t kGuardBytes = 16;
constexpr std::uint8_t kGuard = 'a';
std::uint8_t text[kSize + kGuardBytes];
volatile std::uint32_t interrupts = 0;
std::uint32_t interrupt_random = 0x2545F491u;

}  // namespace

// SysTick: rewrites four bytes of the text, with bytes that turn ASCII runs
// into sequences and back.
extern "C" void utf8mcu_bsp_exception(unsigned exception_number) {
  if (exception_number != 15) {
    utf8mcu_bsp::semihosting::write0("\n*** changing_input_irq: unexpected exception ***\n");
    utf8mcu_bsp::semihosting::exit(utf8mcu_bsp::kFaultExitStatus);
  }
  std::uint32_t r = interrupt_random;  // xorshift32
  r ^= r << 13;
  r ^= r >> 17;
  r ^= r << 5;
  interrupt_random = r;
  static constexpr std::uint8_t kValues[] = {'a', ' ', 0xC3, 0xA9, 0xE2, 0x82, 0xF0, 0x80};
  // Four bytes in a row, as a DMA transfer writes them; every other time
  // among the last 16 bytes, since every span ends at kSize: a loop that
  // trusts a byte it tested there to be still what it was runs past the end.
  const std::uint32_t at = (r & 1) != 0 ? kSize - 16 + (r >> 1) % 13 : (r >> 1) % (kSize - 3);
  volatile std::uint8_t* const bytes = text + at;
  for (unsigned i = 0; i < 4; ++i) bytes[i] = kValues[(r >> (8 + 3 * i)) % sizeof kValues];
  interrupts = interrupts + 1;
}

namespace {

UTEST(ChangingInput, RewrittenByAnInterrupt) {
  test::Random random(23);
  test::random_text(random, text, kSize);
  for (std::size_t i = kSize; i < kSize + kGuardBytes; ++i) text[i] = kGuard;
  constexpr std::uint32_t kRounds = 1000;
  std::uint32_t rounds_interrupted = 0;
  // About every 600 instructions under -icount: many times per round. In
  // ticks from a calibration, since each board's SysTick runs at its own
  // rate (the STM32's several ticks per instruction).
  utf8mcu_bsp::systick::start();
  const std::uint32_t per_tick_milli = utf8mcu_bsp::systick::calibrate(10000).per_tick_milli();
  const std::uint32_t ticks = per_tick_milli == 0 ? 10 : 600000 / per_tick_milli;
  utf8mcu_bsp::systick::start_interrupts(ticks < 2 ? 2 : ticks);
  for (std::uint32_t round = 0; round < kRounds && !utest::current_test_failed(); ++round) {
    const std::uint32_t before = interrupts;
    const std::size_t size = 1 + random.below(kSize);
    const std::uint8_t* const data = text + kSize - size;
    const utf8mcu::ValidationResult v = utf8mcu::validate(data, size);
    EXPECT_LE(v.valid_up_to, size);
    EXPECT_LE(v.errors, 1u);
    (void)utf8mcu::is_valid(data, size);
    EXPECT_LE(utf8mcu::count_code_points(data, size), size);
    const std::size_t pos = random.below(static_cast<std::uint32_t>(size));
    EXPECT_LE(utf8mcu::previous_boundary(data, size, pos), pos);
    const std::size_t next = utf8mcu::next_boundary(data, size, pos);
    EXPECT_TRUE(next > pos && next <= size);
    EXPECT_LE(utf8mcu::truncate(data, size, pos), pos);
    char16_t units16[kSize];
    const utf8mcu::TranscodeResult t16 = utf8mcu::utf8_to_utf16(data, size, units16, size);
    EXPECT_TRUE(t16.read <= size && t16.written <= size && test::well_formed_utf16(units16, t16.written));
    char32_t units32[kSize];
    const utf8mcu::TranscodeResult t32 = utf8mcu::utf8_to_utf32(data, size, units32, size);
    EXPECT_TRUE(t32.read <= size && t32.written <= size);
    for (std::size_t i = 0; i < t32.written && i < kSize; ++i) EXPECT_TRUE(utf8mcu::is_scalar_value(units32[i]));
    std::size_t steps = 0;
    std::size_t bytes = 0;
    const utf8mcu::CodePoints range(data, size);
    for (auto it = range.begin(); it != range.end() && steps <= size; ++it) {
      EXPECT_TRUE(utf8mcu::is_scalar_value(*it));
      bytes += it.decoded().length;
      ++steps;
    }
    EXPECT_LE(steps, size);
    EXPECT_EQ(bytes, size);
    if (interrupts != before) ++rounds_interrupted;
    if (utest::current_test_failed()) utest::log() << "round " << round << " size " << size << '\n';
  }
  utf8mcu_bsp::systick::stop();
  bool guard_intact = true;
  for (std::size_t i = kSize; i < kSize + kGuardBytes; ++i) guard_intact = guard_intact && text[i] == kGuard;
  EXPECT_TRUE(guard_intact);
  // The interrupts came during the calls, not only between rounds.
  EXPECT_GT(rounds_interrupted, kRounds / 2);
}

}  // namespace
