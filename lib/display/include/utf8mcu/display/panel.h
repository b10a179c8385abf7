#pragma once
/// @file
/// The panel contract: how a display driver reaches its controller. A platform
/// implements two byte writers (and optionally reset and delay), puts them in a
/// const PanelBus with a context pointer, and hands that to a driver
/// (panel/ssd1306.h, panel/ssd0323.h). No dynamic dispatch, no heap; the struct
/// can live in flash.
///
/// Every write returns a PanelStatus. A driver stops at the first failure and
/// returns it: an I2C NAK or a timeout the platform detects reaches the caller
/// as a value, and nothing waits forever inside the library.
///
/// Drivers draw from mono page strips: a page is 8 rows, one byte per column,
/// bit 0 on top (the MonoFramebuffer layout). A driver has
///
///     PanelStatus init();
///     PanelStatus write_page(int page, int x_begin, int x_end, const std::uint8_t* columns);
///     int width() const; int height() const;
///
/// where `columns[i]` is column x_begin + i of page `page`; a driver clips the
/// call to its panel and sends nothing for what lies outside.

#include <cstddef>
#include <cstdint>

namespace utf8mcu::display {

/// Result of a bus write or a driver call; [[nodiscard]], so that a failure
/// cannot be dropped unread without a warning.
enum class [[nodiscard]] PanelStatus : std::uint8_t {
  kOk = 0,
  kNak = 1,       ///< the device did not acknowledge (I2C)
  kTimeout = 2,   ///< the platform gave up waiting for the bus
  kBusError = 3,  ///< any other failure the platform reports
  kNoBus = 4,     ///< the PanelBus lacks a required function
};

/// Bytes to one display controller, as a const struct of function pointers
/// plus a context (the port style of utf8mcu::port::UartPort).
///
/// - SPI (4-wire): write_commands drives D/C low, write_data high, both with
///   chip select asserted for the transfer.
/// - I2C: write_commands sends a transaction `address, 0x00, bytes...`,
///   write_data `address, 0x40, bytes...` (control byte: Co = bit 7, D/C# =
///   bit 6). i2c_panel_bus.h builds such a bus from one transfer function.
struct PanelBus {
  /// Required. Sends `size` command bytes (command opcodes and their
  /// arguments). Returns kOk or the failure.
  PanelStatus (*write_commands)(void* context, const std::uint8_t* bytes, std::size_t size) = nullptr;
  /// Required. Sends `size` bytes to display RAM.
  PanelStatus (*write_data)(void* context, const std::uint8_t* bytes, std::size_t size) = nullptr;
  /// Optional. Pulses the controller's reset line (low, then high).
  void (*reset)(void* context) = nullptr;
  /// Optional. Waits at least `milliseconds` (after reset, before display on).
  void (*delay_ms)(void* context, std::uint32_t milliseconds) = nullptr;
  /// Passed to every function: the platform's registers, pins, state.
  void* context = nullptr;
};

/// Sends commands through `bus`; kNoBus if it has no writer.
inline PanelStatus send_commands(const PanelBus& bus, const std::uint8_t* bytes, std::size_t size) noexcept {
  if (bus.write_commands == nullptr) return PanelStatus::kNoBus;
  return size == 0 ? PanelStatus::kOk : bus.write_commands(bus.context, bytes, size);
}

/// Sends display-RAM bytes through `bus`; kNoBus if it has no writer.
inline PanelStatus send_data(const PanelBus& bus, const std::uint8_t* bytes, std::size_t size) noexcept {
  if (bus.write_data == nullptr) return PanelStatus::kNoBus;
  return size == 0 ? PanelStatus::kOk : bus.write_data(bus.context, bytes, size);
}

/// Reset pulse and settling time, each only if the bus provides it.
inline void reset_panel(const PanelBus& bus, std::uint32_t settle_ms) noexcept {
  if (bus.reset != nullptr) bus.reset(bus.context);
  if (bus.delay_ms != nullptr) bus.delay_ms(bus.context, settle_ms);
}

/// Name of a status, for logs ("ok", "nak", ...).
constexpr const char* panel_status_name(PanelStatus status) noexcept {
  switch (status) {
    case PanelStatus::kOk:
      return "ok";
    case PanelStatus::kNak:
      return "nak";
    case PanelStatus::kTimeout:
      return "timeout";
    case PanelStatus::kBusError:
      return "bus error";
    case PanelStatus::kNoBus:
      return "no bus";
  }
  return "unknown";
}

}  // namespace utf8mcu::display
