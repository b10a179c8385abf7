#pragma once
/// @file
/// Driver for the SSD0323 OLED controller (128 x 80 RAM, 4-bit grey, SPI with
/// D/C), as on the Stellaris LM3S6965 evaluation board's 128x64 OSRAM panel
/// (and in QEMU's lm3s6965evb). Draws mono page strips in two grey levels.
///
/// RAM layout: 64 bytes per row, 2 pixels per byte:
///
///     byte [row * 64 + x / 2]:  bits 7-4 pixel x (even), bits 3-0 pixel x + 1
///
/// A window is set with 15h (column start, end, in bytes 0-63) and 75h (row
/// start, end, 0-79); data bytes then fill it row by row (address increment
/// horizontal: remap A0h bit 2 clear).
///
/// Pixels travel in pairs, so write_page() wants even x_begin and x_end; a
/// pixel outside [x_begin, x_end) that shares a byte with one inside is
/// written dark. RAM: a bus reference and 4 bytes.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/panel.h"

namespace utf8mcu::display {

/// SSD0323 driver (see the file comment).
class Ssd0323 {
 public:
  /// A panel of `width` x `height` pixels (clamped to 128 x 80), lit pixels
  /// drawn at grey level `lit_level` (0-15).
  explicit constexpr Ssd0323(const PanelBus& bus, int width = 128, int height = 64, std::uint8_t lit_level = 15) noexcept
      : bus_(bus),
        width_(static_cast<std::uint8_t>(width < 0 ? 0 : (width > 128 ? 128 : width))),
        height_(static_cast<std::uint8_t>(height < 0 ? 0 : (height > 80 ? 80 : height))),
        lit_(static_cast<std::uint8_t>(lit_level & 0x0Fu)) {}
  /// The bus is kept by reference: it must outlive the driver, so a temporary
  /// does not compile.
  explicit Ssd0323(const PanelBus&& bus, int width = 128, int height = 64, std::uint8_t lit_level = 15) = delete;

  constexpr int width() const noexcept { return width_; }
  constexpr int height() const noexcept { return height_; }
  constexpr int pages() const noexcept { return (height_ + 7) / 8; }

  /// Resets (if the bus can), configures the controller and turns the display
  /// on. RAM is not cleared: draw every page first. Returns the first failing
  /// write's status. Bus traffic: 30 command bytes.
  PanelStatus init() noexcept {
    reset_panel(bus_, 1);
    const std::uint8_t multiplex = static_cast<std::uint8_t>(height_ == 0 ? 0 : height_ - 1);
    const std::uint8_t commands[] = {
        0xAE,              // display off
        0xA0, 0x52,        // remap: nibble remap, COM remap, COM split; horizontal increment (bit 2 clear)
        0xA1, 0x00,        // display start line
        0xA2, 0x4C,        // display offset: the 64 glass rows sit at COM 76-79, 0-59
        0xA8, multiplex,   // multiplex ratio
        0xA4,              // normal display
        0x81, 0x33,        // contrast
        0x86,              // full current range
        0xB1, 0x22,        // phase length
        0xB2, 0x46,        // row period
        0xB3, 0x91,        // display clock divide / oscillator
        0xBC, 0x10,        // pre-charge voltage
        0xBE, 0x02,        // VCOMH
        0xBF, 0x0D,        // segment low voltage (VSL)
        0xAD, 0x02,        // master configuration: DC-DC off
        0xAF,              // display on
    };
    return send_commands(bus_, commands, sizeof(commands));
  }

  /// Writes columns [x_begin, x_end) of page `page` (rows 8 * page to
  /// 8 * page + 7, clipped to the panel) from `columns` (one byte per column,
  /// bit 0 = top row): lit pixels at the lit level, others 0. Bus traffic: 6
  /// command bytes and 4 data bytes per 8 columns per row.
  PanelStatus write_page(int page, int x_begin, int x_end, const std::uint8_t* columns) noexcept {
    if (columns == nullptr || page < 0 || page >= pages()) return PanelStatus::kOk;
    const int first = (x_begin < 0 ? 0 : x_begin) & ~1;
    const int end = x_end > width_ ? width_ : x_end;
    if (first >= end) return PanelStatus::kOk;
    const int top = page * 8;
    const int bottom = top + 8 < height_ ? top + 8 : height_;
    const std::uint8_t window[] = {
        0x15, static_cast<std::uint8_t>(first / 2), static_cast<std::uint8_t>((end - 1) / 2),  // columns (bytes)
        0x75, static_cast<std::uint8_t>(top), static_cast<std::uint8_t>(bottom - 1),           // rows
    };
    PanelStatus status = send_commands(bus_, window, sizeof(window));
    std::uint8_t chunk[32];
    std::size_t used = 0;
    for (int row = top; row < bottom && status == PanelStatus::kOk; ++row) {
      const unsigned bit = static_cast<unsigned>(row - top);
      for (int x = first; x < end && status == PanelStatus::kOk; x += 2) {
        const unsigned left = lit_at(columns, x_begin, x_end, x, bit);
        const unsigned right = lit_at(columns, x_begin, x_end, x + 1, bit);
        chunk[used++] = static_cast<std::uint8_t>((left << 4) | right);
        if (used == sizeof(chunk)) {
          status = send_data(bus_, chunk, used);
          used = 0;
        }
      }
    }
    if (status == PanelStatus::kOk) status = send_data(bus_, chunk, used);
    return status;
  }

 private:
  // Grey level of column x's pixel in row `bit` of the page: the lit level if
  // x is in the given range and its bit is set, else 0.
  unsigned lit_at(const std::uint8_t* columns, int x_begin, int x_end, int x, unsigned bit) const noexcept {
    if (x < x_begin || x >= x_end) return 0;
    return ((static_cast<unsigned>(columns[x - x_begin]) >> bit) & 1u) != 0 ? lit_ : 0u;
  }

  const PanelBus& bus_;
  std::uint8_t width_;
  std::uint8_t height_;
  std::uint8_t lit_;
};

}  // namespace utf8mcu::display
