#pragma once
/// @file
/// Driver for RGB565 TFT controllers with the MIPI DCS command set (ST7735,
/// ST7789, ILI9341) over SPI with D/C. Draws mono page strips in two colours
/// through windowed writes:
///
///     2Ah CASET  x0 (2 bytes, big-endian), x1      column window, inclusive
///     2Bh RASET  y0, y1                            row window, inclusive
///     2Ch RAMWR  then 2 bytes per pixel            RGB565, high byte first:
///                                                  RRRRRGGG GGGBBBBB
///
/// Pixels fill the window row by row. Glass smaller than the controller's RAM
/// sits at an offset (`x_offset`, `y_offset`, e.g. 2 and 1 on many 128x160
/// ST7735 modules, 0 and 80 on 240x240 ST7789 ones in some rotations). RAM: a
/// bus reference and 12 bytes.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/panel.h"

namespace utf8mcu::display {

/// Geometry, orientation and colours of an RGB565 panel.
struct St77xxConfig {
  std::uint16_t width = 128;
  std::uint16_t height = 160;
  std::uint16_t x_offset = 0;   ///< controller column of the leftmost pixel
  std::uint16_t y_offset = 0;   ///< controller row of the top pixel
  std::uint8_t madctl = 0x00;   ///< 36h memory access control (rotation, RGB/BGR order)
  bool invert = false;          ///< 21h display inversion on (most ST7789 glass needs it)
  std::uint16_t foreground = 0xFFFF;  ///< lit pixels, RGB565
  std::uint16_t background = 0x0000;
};

inline constexpr St77xxConfig kSt7735_128x160{128, 160, 0, 0, 0x00, false, 0xFFFF, 0x0000};
inline constexpr St77xxConfig kSt7789_240x240{240, 240, 0, 0, 0x00, true, 0xFFFF, 0x0000};
inline constexpr St77xxConfig kIli9341_240x320{240, 320, 0, 0, 0x48, false, 0xFFFF, 0x0000};

/// ST7735 / ST7789 / ILI9341 driver (see the file comment).
class St77xx {
 public:
  /// Sizes above 320 are clamped.
  constexpr St77xx(const PanelBus& bus, const St77xxConfig& config) noexcept
      : bus_(bus),
        config_(config),
        width_(config.width > 320 ? std::uint16_t{320} : config.width),
        height_(config.height > 320 ? std::uint16_t{320} : config.height) {}
  /// The bus is kept by reference: it must outlive the driver, so a temporary
  /// does not compile.
  St77xx(const PanelBus&& bus, const St77xxConfig& config) = delete;

  constexpr int width() const noexcept { return width_; }
  constexpr int height() const noexcept { return height_; }
  constexpr int pages() const noexcept { return (height_ + 7) / 8; }

  /// Software reset, sleep out, 16-bit colour, orientation, display on.
  /// Waits (through the bus's delay_ms, if any) 150 ms after reset and 120 ms
  /// after sleep out, as the datasheets require. RAM is not cleared: draw
  /// every page first. Returns the first failing write's status.
  PanelStatus init() noexcept {
    reset_panel(bus_, 5);
    const std::uint8_t software_reset = 0x01;
    PanelStatus status = send_commands(bus_, &software_reset, 1);
    if (status != PanelStatus::kOk) return status;
    delay(150);
    const std::uint8_t sleep_out = 0x11;
    status = send_commands(bus_, &sleep_out, 1);
    if (status != PanelStatus::kOk) return status;
    delay(120);
    status = command(0x3A, 0x55);  // COLMOD: 16 bits per pixel
    if (status == PanelStatus::kOk) status = command(0x36, config_.madctl);
    const std::uint8_t rest[] = {
        static_cast<std::uint8_t>(config_.invert ? 0x21 : 0x20),  // inversion on / off
        0x13,                                                    // normal display mode
        0x29,                                                    // display on
    };
    for (std::size_t i = 0; i < sizeof(rest) && status == PanelStatus::kOk; ++i) {
      status = send_commands(bus_, &rest[i], 1);
    }
    return status;
  }

  /// Writes columns [x_begin, x_end) of page `page` (rows 8 * page to
  /// 8 * page + 7, clipped to the panel) from `columns` (one byte per column,
  /// bit 0 = top row) in the foreground and background colours. Bus traffic:
  /// 11 command bytes and 2 data bytes per pixel.
  PanelStatus write_page(int page, int x_begin, int x_end, const std::uint8_t* columns) noexcept {
    if (columns == nullptr || page < 0 || page >= pages()) return PanelStatus::kOk;
    const int first = x_begin < 0 ? 0 : x_begin;
    const int end = x_end > width_ ? width_ : x_end;
    if (first >= end) return PanelStatus::kOk;
    const int top = page * 8;
    const int bottom = top + 8 < height_ ? top + 8 : height_;
    PanelStatus status = window(0x2A, first + config_.x_offset, end - 1 + config_.x_offset);
    if (status == PanelStatus::kOk) status = window(0x2B, top + config_.y_offset, bottom - 1 + config_.y_offset);
    const std::uint8_t memory_write = 0x2C;
    if (status == PanelStatus::kOk) status = send_commands(bus_, &memory_write, 1);
    std::uint8_t chunk[32];
    std::size_t used = 0;
    for (int row = top; row < bottom && status == PanelStatus::kOk; ++row) {
      const unsigned bit = static_cast<unsigned>(row - top);
      for (int x = first; x < end && status == PanelStatus::kOk; ++x) {
        const bool lit = ((static_cast<unsigned>(columns[x - x_begin]) >> bit) & 1u) != 0;
        const std::uint16_t color = lit ? config_.foreground : config_.background;
        chunk[used++] = static_cast<std::uint8_t>(color >> 8);
        chunk[used++] = static_cast<std::uint8_t>(color & 0xFFu);
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
  void delay(std::uint32_t milliseconds) const noexcept {
    if (bus_.delay_ms != nullptr) bus_.delay_ms(bus_.context, milliseconds);
  }

  PanelStatus command(std::uint8_t opcode, std::uint8_t argument) noexcept {
    PanelStatus status = send_commands(bus_, &opcode, 1);
    if (status == PanelStatus::kOk) status = send_data(bus_, &argument, 1);
    return status;
  }

  // CASET or RASET with an inclusive range; parameters go as data (D/C high).
  PanelStatus window(std::uint8_t opcode, int from, int to) noexcept {
    const std::uint8_t range[] = {
        static_cast<std::uint8_t>(static_cast<unsigned>(from) >> 8), static_cast<std::uint8_t>(from & 0xFF),
        static_cast<std::uint8_t>(static_cast<unsigned>(to) >> 8), static_cast<std::uint8_t>(to & 0xFF)};
    PanelStatus status = send_commands(bus_, &opcode, 1);
    if (status == PanelStatus::kOk) status = send_data(bus_, range, sizeof(range));
    return status;
  }

  const PanelBus& bus_;
  St77xxConfig config_;
  std::uint16_t width_;
  std::uint16_t height_;
};

}  // namespace utf8mcu::display
