// The LM3S811 evaluation board's OLED (SSD0303, 96x16, I2C address 0x3D) as
// a utf8mcu::display I2cPanelLink: the Stellaris I2C0 master at 0x40020000.
// Board file: it names registers only.
#pragma once

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/panel/i2c_panel_bus.h"

namespace lm3s811_oled {

using utf8mcu::display::PanelStatus;

inline volatile std::uint32_t& reg(std::uintptr_t address) {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}

constexpr std::uintptr_t kSysctlRcgc1 = 0x400FE104;  // bit 12 I2C0
constexpr std::uintptr_t kI2c0 = 0x40020000;
constexpr std::uintptr_t kMasterAddress = 0x00;   // MSA: [SA 7:1][R/S 0]
constexpr std::uintptr_t kMasterControl = 0x04;   // MCS write: [STOP 2][START 1][RUN 0]; read: [BUSBSY 6][IDLE 5][ARBLST 4][DATACK 3][ADRACK 2][ERROR 1][BUSY 0]
constexpr std::uintptr_t kMasterData = 0x08;      // MDR
constexpr std::uintptr_t kMasterTimerPeriod = 0x0C;
constexpr std::uintptr_t kMasterConfig = 0x20;    // MCR: [SFE 5][MFE 4][LPBK 0]
constexpr std::uint32_t kRun = 1u << 0;
constexpr std::uint32_t kStart = 1u << 1;
constexpr std::uint32_t kStop = 1u << 2;
constexpr std::uint32_t kBusy = 1u << 0;
constexpr std::uint32_t kError = 1u << 1;          // no acknowledge, or the bus was lost
constexpr std::uint32_t kArbitrationLost = 1u << 4;
constexpr std::uint32_t kMasterEnable = 1u << 4;

/// Clocks I2C0 and enables it as master (100 kHz at a 6 MHz system clock).
inline void init() {
  reg(kSysctlRcgc1) = reg(kSysctlRcgc1) | (1u << 12);
  reg(kI2c0 + kMasterConfig) = kMasterEnable;
  reg(kI2c0 + kMasterTimerPeriod) = 2;
}

// Sends one byte with the given MCS command; kNak if the controller reports
// an error (no acknowledge), kTimeout if it stays busy.
inline PanelStatus step(std::uint8_t byte, std::uint32_t command) {
  reg(kI2c0 + kMasterData) = byte;
  reg(kI2c0 + kMasterControl) = command;
  for (std::uint32_t spins = 0; (reg(kI2c0 + kMasterControl) & kBusy) != 0;) {
    if (++spins == 100000) return PanelStatus::kTimeout;
  }
  const std::uint32_t status = reg(kI2c0 + kMasterControl);
  if ((status & (kError | kArbitrationLost)) != 0) {
    if ((command & kStop) == 0) reg(kI2c0 + kMasterControl) = kStop;  // release the bus
    return PanelStatus::kNak;
  }
  return PanelStatus::kOk;
}

/// I2cPanelLink::transfer: start, address + W, `control`, the bytes, stop.
inline PanelStatus transfer(void*, std::uint8_t address, std::uint8_t control, const std::uint8_t* bytes,
                            std::size_t size) {
  reg(kI2c0 + kMasterAddress) = static_cast<std::uint32_t>(address) << 1;
  PanelStatus status = step(control, kStart | kRun | (size == 0 ? kStop : 0u));
  for (std::size_t i = 0; status == PanelStatus::kOk && i < size; ++i) {
    status = step(bytes[i], kRun | (i + 1 == size ? kStop : 0u));
  }
  return status;
}

}  // namespace lm3s811_oled
