// Vector table, reset handler and fault handlers for the QEMU Cortex-M boards.
// QEMU boots M-profile cores from the vector table at the start of flash.
#include <cstdint>

#include "utf8mcu_bsp/board.h"
#include "utf8mcu_bsp/semihosting.h"

using Handler = void (*)();

extern "C" {
// Linker script symbols (toolchains/bsp/ld/cortex-m.ld).
extern std::uint32_t __data_load[];
extern std::uint32_t __data_start[];
extern std::uint32_t __data_end[];
extern std::uint32_t __bss_start[];
extern std::uint32_t __bss_end[];
extern std::uint32_t __ram_start[];
extern std::uint32_t __ram_end[];
extern std::uint32_t __stack_limit[];
extern std::uint32_t __stack_top[];
extern Handler __init_array_start[];
extern Handler __init_array_end[];

int main();

void utf8mcu_reset_handler();
void utf8mcu_fault_entry();
void utf8mcu_exception_entry();
[[noreturn]] void utf8mcu_reset_c();
[[noreturn]] void utf8mcu_fault_report(const std::uint32_t* frame, std::uint32_t exc_return,
                                       std::uint32_t ipsr);
}

namespace utf8mcu_bsp {
namespace detail {
constexpr std::uint32_t kStackPaint = 0x5AC3A53Cu;
}
}  // namespace utf8mcu_bsp

namespace {

constexpr unsigned kIrqSlots = 96;  // enough for every board (an505 has 92 IRQs)

struct VectorTable {
  const void* initial_sp;
  Handler system[15];  // reset, NMI, HardFault, ..., SysTick
  Handler irq[kIrqSlots];
};

template <unsigned... I>
struct Seq {};
template <unsigned N, unsigned... I>
struct MakeSeq : MakeSeq<N - 1, N - 1, I...> {};
template <unsigned... I>
struct MakeSeq<0, I...> {
  using type = Seq<I...>;
};

template <unsigned... I>
constexpr VectorTable make_table(Seq<I...>) {
  return VectorTable{
      __stack_top,
      {
          utf8mcu_reset_handler,    // 1 Reset
          utf8mcu_fault_entry,      // 2 NMI
          utf8mcu_fault_entry,      // 3 HardFault
          utf8mcu_fault_entry,      // 4 MemManage
          utf8mcu_fault_entry,      // 5 BusFault
          utf8mcu_fault_entry,      // 6 UsageFault
          utf8mcu_fault_entry,      // 7 SecureFault (v8-M)
          utf8mcu_fault_entry,      // 8 reserved
          utf8mcu_fault_entry,      // 9 reserved
          utf8mcu_fault_entry,      // 10 reserved
          utf8mcu_exception_entry,  // 11 SVCall
          utf8mcu_fault_entry,      // 12 DebugMonitor
          utf8mcu_fault_entry,      // 13 reserved
          utf8mcu_exception_entry,  // 14 PendSV
          utf8mcu_exception_entry,  // 15 SysTick
      },
      {(static_cast<void>(I), utf8mcu_exception_entry)...},
  };
}

}  // namespace

extern "C" __attribute__((section(".vectors"), used)) const VectorTable utf8mcu_vector_table =
    make_table(MakeSeq<kIrqSlots>::type{});

// Enables the FPU before any compiled code can touch an FP register, sets the
// v8-M stack limit, then continues in C++.
extern "C" __attribute__((naked, noreturn)) void utf8mcu_reset_handler() {
  __asm__ volatile(
#if defined(__ARM_FP)
      "ldr r0, =0xE000ED88\n"  // CPACR: full access to CP10/CP11
      "ldr r1, [r0]\n"
      "ldr r2, =0x00F00000\n"
      "orrs r1, r1, r2\n"
      "str r1, [r0]\n"
      "dsb\n"
      "isb\n"
#endif
#if defined(__ARM_ARCH_8M_MAIN__)
      "ldr r0, =__stack_limit\n"  // an overflow faults (UsageFault STKOF)
      "msr msplim, r0\n"
#endif
      "ldr r0, =utf8mcu_reset_c\n"
      "bx r0\n"
      ".ltorg\n");
}

namespace {

#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
// The stack sits at the start of RAM; on the mps2 boards the addresses below
// it ignore writes and read as zero, so make the 16 MB below RAM a no-access
// MPU region: an overflow then faults at once.
void guard_below_stack() {
  auto* const mpu_type = reinterpret_cast<volatile std::uint32_t*>(0xE000ED90u);
  auto* const mpu_ctrl = reinterpret_cast<volatile std::uint32_t*>(0xE000ED94u);
  auto* const mpu_rbar = reinterpret_cast<volatile std::uint32_t*>(0xE000ED9Cu);
  auto* const mpu_rasr = reinterpret_cast<volatile std::uint32_t*>(0xE000EDA0u);
  constexpr std::uint32_t kGuardSize = 16u << 20;
  const auto ram = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(__ram_start));
  const bool has_mpu = ((*mpu_type >> 8) & 0xFFu) != 0;
  if (!has_mpu || ram < kGuardSize || (ram & (kGuardSize - 1)) != 0) return;
  *mpu_rbar = (ram - kGuardSize) | 0x10u;       // region 0, VALID
  *mpu_rasr = (1u << 28) | (23u << 1) | 1u;     // XN, no access, 2^24 bytes, enabled
  *mpu_ctrl = 0x5u;                             // ENABLE, default map elsewhere
  __asm__ volatile("dsb\n isb" ::: "memory");
}
#else
void guard_below_stack() {}  // microbit: unmapped below RAM; an505: MSPLIM
#endif

}  // namespace

extern "C" void utf8mcu_reset_c() {
  guard_below_stack();
  const std::uint32_t* src = __data_load;
  for (std::uint32_t* dst = __data_start; dst < __data_end; ++dst, ++src) *dst = *src;
  for (std::uint32_t* dst = __bss_start; dst < __bss_end; ++dst) *dst = 0;

  // Paint the free stack (leaving a margin below our own frame) so that
  // ram_info() can report the high-water mark. volatile: no memset call here.
  // (Frames with untouched holes, e.g. unused arrays, make it an estimate.)
  std::uintptr_t sp;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  volatile std::uint32_t* paint = __stack_limit;
  volatile std::uint32_t* const paint_end = reinterpret_cast<std::uint32_t*>(sp - 64);
  for (; paint < paint_end; ++paint) *paint = utf8mcu_bsp::detail::kStackPaint;

  for (Handler* init = __init_array_start; init < __init_array_end; ++init) (*init)();

  utf8mcu_bsp::semihosting::exit(main());
}

// Shared entry for all faults: passes the stacked frame (main stack; nothing
// here uses the process stack), EXC_RETURN and IPSR to the reporter. On v8-M
// the stack limit is lifted first so that a stack overflow can be reported.
extern "C" __attribute__((naked, noreturn)) void utf8mcu_fault_entry() {
  __asm__ volatile(
#if defined(__ARM_ARCH_8M_MAIN__)
      "movs r0, #0\n"
      "msr msplim, r0\n"
#endif
      "mrs r0, msp\n"
      "mov r1, lr\n"
      "mrs r2, ipsr\n"
      "ldr r3, =utf8mcu_fault_report\n"
      "bx r3\n"
      ".ltorg\n");
}

namespace {

using utf8mcu_bsp::semihosting::write0;

void put_hex(const char* label, std::uint32_t v) {
  char text[20];
  unsigned n = 0;
  text[n++] = ' ';
  while (*label != '\0' && n < 8) text[n++] = *label++;
  text[n++] = '=';
  text[n++] = '0';
  text[n++] = 'x';
  for (int shift = 28; shift >= 0; shift -= 4) {
    text[n++] = "0123456789ABCDEF"[(v >> static_cast<unsigned>(shift)) & 0xFu];
  }
  text[n] = '\0';
  write0(text);
}

const char* exception_name(std::uint32_t number) {
  switch (number) {
    case 2: return "NMI";
    case 3: return "HardFault";
    case 4: return "MemManage fault";
    case 5: return "BusFault";
    case 6: return "UsageFault";
    case 7: return "SecureFault";
    case 11: return "SVCall";
    case 12: return "DebugMonitor";
    case 14: return "PendSV";
    case 15: return "SysTick";
    default: return number >= 16 ? "IRQ" : "reserved exception";
  }
}

}  // namespace

extern "C" void utf8mcu_fault_report(const std::uint32_t* frame, std::uint32_t exc_return,
                                     std::uint32_t ipsr) {
  const std::uint32_t number = ipsr & 0x1FFu;
  write0("\n*** utf8mcu: ");
  write0(exception_name(number));
  put_hex("exc", number);
  put_hex("pc", frame[6]);
  put_hex("lr", frame[5]);
  put_hex("xpsr", frame[7]);
  put_hex("sp", reinterpret_cast<std::uintptr_t>(frame));
  put_hex("excret", exc_return);
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
  // Fault status registers (not present on ARMv6-M).
  const auto* const scb = reinterpret_cast<const volatile std::uint32_t*>(0xE000ED28u);
  put_hex("CFSR", scb[0]);
  put_hex("HFSR", scb[1]);
  put_hex("MMFAR", scb[3]);
  put_hex("BFAR", scb[4]);
#endif
  write0(" ***\n");
  utf8mcu_bsp::semihosting::exit(utf8mcu_bsp::kFaultExitStatus);
}

// SVCall, PendSV, SysTick and IRQs: dispatch to the (overridable) hook.
extern "C" void utf8mcu_exception_entry() {
  std::uint32_t ipsr;
  __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
  utf8mcu_bsp_exception(ipsr & 0x1FFu);
}

extern "C" __attribute__((weak)) void utf8mcu_bsp_exception(unsigned exception_number) {
  write0("\n*** utf8mcu: unexpected ");
  write0(exception_name(exception_number));
  put_hex("exc", exception_number);
  write0(" ***\n");
  utf8mcu_bsp::semihosting::exit(utf8mcu_bsp::kFaultExitStatus);
}

namespace utf8mcu_bsp {

const char* board_name() noexcept { return UTF8MCU_BOARD_NAME; }

RamInfo ram_info() noexcept {
  const auto limit = reinterpret_cast<std::uintptr_t>(__stack_limit);
  const auto top = reinterpret_cast<std::uintptr_t>(__stack_top);
  const std::uint32_t* p = __stack_limit;
  while (p < __stack_top && *p == detail::kStackPaint) ++p;
  RamInfo info{};
  info.ram_size = reinterpret_cast<std::uintptr_t>(__ram_end) -
                  reinterpret_cast<std::uintptr_t>(__ram_start);
  info.static_size = info.ram_size - (top - limit);
  info.stack_size = top - limit;
  info.stack_used = top - reinterpret_cast<std::uintptr_t>(p);
  info.stack_overflow = __stack_limit[0] != detail::kStackPaint;
  return info;
}

}  // namespace utf8mcu_bsp
