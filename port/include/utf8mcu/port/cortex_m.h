#pragma once
/// @file
/// The few Cortex-M core registers the UART ports touch (NVIC enables and
/// pending bits), so the ports need no CMSIS. Identical on ARMv6-M, ARMv7-M
/// and ARMv8-M. Only call these on a Cortex-M target; on the host they would
/// write to arbitrary addresses.

#include <cstdint>

namespace utf8mcu {
namespace port {
namespace cortex_m {

// NVIC_ISER0 / NVIC_ICER0: one bit per interrupt, 32 per word; writing 0 bits
// has no effect, so no read-modify-write is needed.
inline constexpr std::uintptr_t kNvicSetEnable = 0xE000E100u;
inline constexpr std::uintptr_t kNvicClearEnable = 0xE000E180u;
inline constexpr std::uintptr_t kNvicSetPending = 0xE000E200u;

inline volatile std::uint32_t& word_at(std::uintptr_t address) noexcept {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}

/// The 32-bit register `offset` bytes past a peripheral's `base` address:
/// how every register-level port reaches its UART (each port's
/// configuration struct has a `base`).
template <typename Peripheral>
inline volatile std::uint32_t& register_at(const Peripheral& peripheral, std::uintptr_t offset) noexcept {
  return word_at(peripheral.base + offset);
}

/// Enables external interrupt `irq` (exception number 16 + irq) in the NVIC.
inline void nvic_enable_irq(unsigned irq) noexcept {
  word_at(kNvicSetEnable + 4u * (irq / 32u)) = 1u << (irq % 32u);
}

/// Disables external interrupt `irq`; waits until the change has taken
/// effect, so the handler does not run after this returns.
inline void nvic_disable_irq(unsigned irq) noexcept {
  word_at(kNvicClearEnable + 4u * (irq / 32u)) = 1u << (irq % 32u);
#if defined(__arm__)  // the host compiles the ports for register-fake tests only
  __asm__ volatile("dsb\n isb" ::: "memory");
#endif
}

/// Enables or disables `irq` (see above): what every port's
/// set_rx_interrupt does, since masking at the NVIC keeps the UART's request
/// pending.
inline void nvic_set_enabled(unsigned irq, bool enabled) noexcept {
  if (enabled) {
    nvic_enable_irq(irq);
  } else {
    nvic_disable_irq(irq);
  }
}

/// Makes external interrupt `irq` pending: its handler runs once it is
/// enabled and the priority allows, whatever the peripheral's line does.
inline void nvic_set_pending(unsigned irq) noexcept {
  word_at(kNvicSetPending + 4u * (irq / 32u)) = 1u << (irq % 32u);
}

}  // namespace cortex_m
}  // namespace port
}  // namespace utf8mcu
