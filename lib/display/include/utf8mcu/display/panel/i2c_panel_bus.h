#pragma once
/// @file
/// A PanelBus over I2C from one transfer function: the control byte that
/// SSD1306-family controllers expect in front of each transaction is added
/// here, so the platform only writes bytes to an address.
///
///     control byte:  bit 7 Co (1: one byte follows, then another control byte)
///                    bit 6 D/C# (0: command, 1: display RAM)
///                    bits 5-0 zero

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/panel.h"

namespace utf8mcu::display {

inline constexpr std::uint8_t kI2cControlCommands = 0x00;  ///< Co = 0, D/C# = 0: a command stream
inline constexpr std::uint8_t kI2cControlData = 0x40;      ///< Co = 0, D/C# = 1: a data stream
inline constexpr std::uint8_t kI2cControlOneCommand = 0x80;  ///< Co = 1, D/C# = 0: one command byte

/// What the platform provides for an I2C panel.
struct I2cPanelLink {
  /// One write transaction: start, `address` (7 bits) + W, `control`, then
  /// `size` bytes, stop. Returns kNak if the device did not acknowledge,
  /// kTimeout / kBusError as the platform detects them.
  PanelStatus (*transfer)(void* context, std::uint8_t address, std::uint8_t control, const std::uint8_t* bytes,
                          std::size_t size) = nullptr;
  void* context = nullptr;
  /// 7-bit device address: 0x3C or 0x3D for the SSD1306 family.
  std::uint8_t address = 0x3C;
  /// Send each command byte in its own transaction with control 0x80, for
  /// controllers that take only one command byte per control byte (SSD0303).
  bool one_command_per_control = false;
};

namespace detail {

inline PanelStatus i2c_write_commands(void* context, const std::uint8_t* bytes, std::size_t size) noexcept {
  const I2cPanelLink& link = *static_cast<const I2cPanelLink*>(context);
  if (link.transfer == nullptr) return PanelStatus::kNoBus;
  if (!link.one_command_per_control) return link.transfer(link.context, link.address, kI2cControlCommands, bytes, size);
  for (std::size_t i = 0; i < size; ++i) {
    const PanelStatus status = link.transfer(link.context, link.address, kI2cControlOneCommand, bytes + i, 1);
    if (status != PanelStatus::kOk) return status;
  }
  return PanelStatus::kOk;
}

inline PanelStatus i2c_write_data(void* context, const std::uint8_t* bytes, std::size_t size) noexcept {
  const I2cPanelLink& link = *static_cast<const I2cPanelLink*>(context);
  if (link.transfer == nullptr) return PanelStatus::kNoBus;
  return link.transfer(link.context, link.address, kI2cControlData, bytes, size);
}

}  // namespace detail

/// A PanelBus that writes through `link` (which must outlive the bus). No
/// reset or delay: I2C modules usually tie reset to power-on.
constexpr PanelBus i2c_panel_bus(const I2cPanelLink& link) noexcept {
  PanelBus bus;
  bus.write_commands = &detail::i2c_write_commands;
  bus.write_data = &detail::i2c_write_data;
  bus.context = const_cast<I2cPanelLink*>(&link);  // only read through the context
  return bus;
}
/// The bus keeps the link's address: a temporary link does not compile.
PanelBus i2c_panel_bus(const I2cPanelLink&& link) = delete;

}  // namespace utf8mcu::display
