// The LM3S6965 evaluation board's OLED (SSD0323) as a utf8mcu::display
// PanelBus: SSI0 (an ARM PL022) in SPI mode 3, 8-bit frames; GPIO D0 selects
// the OLED (high) or the SD card (low) on the shared bus; GPIO C7 is D/C
// (low = command). Board file: it names registers and pins only.
#pragma once

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/panel.h"

namespace lm3s6965_oled {

using utf8mcu::display::PanelBus;
using utf8mcu::display::PanelStatus;

inline volatile std::uint32_t& reg(std::uintptr_t address) {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}

constexpr std::uintptr_t kSysctlRcgc1 = 0x400FE104;  // bit 4 SSI0
constexpr std::uintptr_t kSysctlRcgc2 = 0x400FE108;  // bits 0-6 GPIO A-G
constexpr std::uintptr_t kGpioA = 0x40004000;
constexpr std::uintptr_t kGpioC = 0x40006000;
constexpr std::uintptr_t kGpioD = 0x40007000;
constexpr std::uintptr_t kGpioDir = 0x400;
constexpr std::uintptr_t kGpioAfsel = 0x420;
constexpr std::uintptr_t kGpioDen = 0x51C;
// GPIODATA is masked by address bits 9:2: writing at base + (mask << 2)
// changes only the pins in `mask`.
constexpr std::uintptr_t gpio_data(std::uintptr_t port, std::uint32_t pins) { return port + (pins << 2); }

constexpr std::uintptr_t kSsi0 = 0x40008000;
constexpr std::uintptr_t kSsiCr0 = 0x00;   // [SCR 15:8][SPH 7][SPO 6][FRF 5:4][DSS 3:0]
constexpr std::uintptr_t kSsiCr1 = 0x04;   // [SOD 3][MS 2][SSE 1][LBM 0]
constexpr std::uintptr_t kSsiData = 0x08;
constexpr std::uintptr_t kSsiStatus = 0x0C;  // [BSY 4][RFF 3][RNE 2][TNF 1][TFE 0]
constexpr std::uintptr_t kSsiPrescale = 0x10;
constexpr std::uint32_t kCr0Mode3Bits8 = (1u << 7) | (1u << 6) | 0x7u;  // SPH = SPO = 1, Motorola, 8 bits
constexpr std::uint32_t kCr1Enable = 1u << 1;
constexpr std::uint32_t kStatusTxNotFull = 1u << 1;
constexpr std::uint32_t kStatusRxNotEmpty = 1u << 2;

constexpr std::uint32_t kChipSelectPin = 1u << 0;  // D0
constexpr std::uint32_t kDataCommandPin = 1u << 7;  // C7

/// Clocks and routes SSI0 and the two GPIO pins; selects the OLED.
inline void init() {
  reg(kSysctlRcgc1) |= 1u << 4;
  reg(kSysctlRcgc2) |= 0x7Fu;
  reg(kGpioA + kGpioAfsel) |= 0x3Cu;  // PA2-PA5: SSI0 clock, frame, RX, TX
  reg(kGpioA + kGpioDen) |= 0x3Cu;
  reg(kGpioC + kGpioDir) |= kDataCommandPin;
  reg(kGpioC + kGpioDen) |= kDataCommandPin;
  reg(kGpioD + kGpioDir) |= kChipSelectPin;
  reg(kGpioD + kGpioDen) |= kChipSelectPin;
  reg(gpio_data(kGpioD, kChipSelectPin)) = kChipSelectPin;
  reg(kSsi0 + kSsiCr1) = 0;
  reg(kSsi0 + kSsiPrescale) = 2;
  reg(kSsi0 + kSsiCr0) = kCr0Mode3Bits8;
  reg(kSsi0 + kSsiCr1) = kCr1Enable;
}

// Sends `size` bytes with D/C at `data_level`. Each frame's received byte is
// read back before the next: the PL022 stops shifting with a full RX FIFO, and
// D/C must not change while a frame is still on the wire.
inline PanelStatus send(const std::uint8_t* bytes, std::size_t size, bool data_level) {
  reg(gpio_data(kGpioC, kDataCommandPin)) = data_level ? kDataCommandPin : 0u;
  for (std::size_t i = 0; i < size; ++i) {
    std::uint32_t spins = 0;
    while ((reg(kSsi0 + kSsiStatus) & kStatusTxNotFull) == 0) {
      if (++spins == 100000) return PanelStatus::kTimeout;
    }
    reg(kSsi0 + kSsiData) = bytes[i];
    spins = 0;
    while ((reg(kSsi0 + kSsiStatus) & kStatusRxNotEmpty) == 0) {
      if (++spins == 100000) return PanelStatus::kTimeout;
    }
    const std::uint32_t echo = reg(kSsi0 + kSsiData);  // the frame shifted in: discarded
    (void)echo;
  }
  return PanelStatus::kOk;
}

inline PanelStatus write_commands(void*, const std::uint8_t* bytes, std::size_t size) { return send(bytes, size, false); }
inline PanelStatus write_data(void*, const std::uint8_t* bytes, std::size_t size) { return send(bytes, size, true); }

/// The bus (no reset line: the board resets the OLED at power-up).
constexpr PanelBus bus() {
  PanelBus result;
  result.write_commands = &write_commands;
  result.write_data = &write_data;
  return result;
}

}  // namespace lm3s6965_oled
