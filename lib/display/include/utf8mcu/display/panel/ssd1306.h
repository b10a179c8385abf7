#pragma once
/// @file
/// Driver for SSD1306 and SH1106 monochrome OLED controllers (128x64, 128x32,
/// or smaller glass), over any PanelBus (SPI with D/C, or I2C through
/// i2c_panel_bus.h). Uses only page addressing, the command subset both
/// controllers share, so one driver serves the family:
///
///     B0h + page                 set page address (0-7)
///     00h + low nibble           set column address, low 4 bits
///     10h + high nibble          set column address, high 4 bits
///     then data bytes            one per column, bit 0 = top row of the page;
///                                the column address increments after each
///
/// The SH1106 has 132 columns of RAM and shows columns 2-129 on 128-pixel
/// glass: `column_offset` 2. The SSD0303 (96x16) takes the same commands and
/// shows columns 36-131 (kSsd0303_96x16). RAM: the driver holds a reference to the bus and
/// its configuration (12 bytes on a 32-bit core); it keeps no pixels.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/panel.h"

namespace utf8mcu::display {

/// Which controller of the family (their power-up commands differ).
enum class Ssd1306Controller : std::uint8_t {
  kSsd1306,  ///< charge pump 8Dh; 128 columns of RAM
  kSh1106,   ///< DC-DC AD/8Bh; 132 columns of RAM
  kSsd0303,  ///< as the SH1106, without its pump voltage command (32h); 132 columns of RAM
};

/// Panel geometry and power options.
struct Ssd1306Config {
  Ssd1306Controller controller = Ssd1306Controller::kSsd1306;
  std::uint8_t width = 128;         ///< visible columns (1-128)
  std::uint8_t height = 64;         ///< visible rows (1-64; multiplex ratio)
  std::uint8_t column_offset = 0;   ///< RAM column of the leftmost visible pixel
  bool external_vcc = false;        ///< SSD1306: VCC supplied, charge pump off
};

inline constexpr Ssd1306Config kSsd1306_128x64{Ssd1306Controller::kSsd1306, 128, 64, 0, false};
inline constexpr Ssd1306Config kSsd1306_128x32{Ssd1306Controller::kSsd1306, 128, 32, 0, false};
inline constexpr Ssd1306Config kSh1106_128x64{Ssd1306Controller::kSh1106, 128, 64, 2, false};
/// SSD0303 (96x16, e.g. the LM3S811 evaluation board): SH1106-style
/// addressing in a 132-column RAM whose columns 36-131 are visible. Its I2C
/// link takes one command byte per control byte (I2cPanelLink).
inline constexpr Ssd1306Config kSsd0303_96x16{Ssd1306Controller::kSsd0303, 96, 16, 36, false};

/// SSD1306 / SH1106 driver (see the file comment).
class Ssd1306 {
 public:
  /// Geometry outside the controller's range is clamped (width 0-128, height
  /// 0-64); a zero-size panel sends nothing from write_page().
  constexpr Ssd1306(const PanelBus& bus, const Ssd1306Config& config) noexcept
      : bus_(bus),
        width_(config.width > 128 ? std::uint8_t{128} : config.width),
        height_(config.height > 64 ? std::uint8_t{64} : config.height),
        column_offset_(config.column_offset),
        controller_(config.controller),
        external_vcc_(config.external_vcc) {}
  /// The bus is kept by reference: it must outlive the driver, so a temporary
  /// (`Ssd1306(i2c_panel_bus(link), ...)`) does not compile.
  Ssd1306(const PanelBus&& bus, const Ssd1306Config& config) = delete;

  /// Visible columns (the configuration's width, at most 128).
  constexpr int width() const noexcept { return width_; }
  /// Visible rows (the configuration's height, at most 64).
  constexpr int height() const noexcept { return height_; }
  /// Pages of 8 rows the panel shows.
  constexpr int pages() const noexcept { return (height_ + 7) / 8; }

  /// Resets (if the bus can), configures the controller for this panel and
  /// turns the display on. RAM is not cleared: draw every page first (a
  /// Terminal's first flush does). Returns the first failing write's status.
  /// Bus traffic: about 26 command bytes.
  PanelStatus init() noexcept {
    reset_panel(bus_, 1);
    // One table per family member, copied and patched with this panel's
    // values: smaller than building each sequence in code.
    const bool ssd1306 = controller_ == Ssd1306Controller::kSsd1306;
    const std::uint8_t* const table = ssd1306 ? kSsd1306Init : kSh1106Init;
    const std::size_t size = ssd1306 ? sizeof kSsd1306Init : sizeof kSh1106Init;
    std::uint8_t commands[sizeof kSsd1306Init];
    for (std::size_t i = 0; i < size; ++i) commands[i] = table[i];
    commands[kMultiplexAt] = static_cast<std::uint8_t>(height_ == 0 ? 0 : height_ - 1);
    // COM pins: alternative layout (bit 4) for 64-row glass, sequential for 32 rows or fewer.
    commands[ssd1306 ? kSsd1306ComPinsAt : kSh1106ComPinsAt] = height_ > 32 ? 0x12 : 0x02;
    if (ssd1306 && external_vcc_) {
      commands[kChargePumpAt] = 0x10;  // charge pump off
      commands[kPreChargeAt] = 0x22;
    }
    if (controller_ == Ssd1306Controller::kSsd0303) commands[kPumpVoltageAt] = 0xE3;  // no such command: NOP
    const PanelStatus status = send_commands(bus_, commands, size);
    if (status != PanelStatus::kOk) return status;
    return set_display_on(true);
  }

  /// Writes columns [x_begin, x_end) of page `page` from `columns` (one byte
  /// per column, bit 0 = top row). Clipped to the panel: pages and columns
  /// outside it are not sent, and an empty range sends nothing. Bus traffic:
  /// 3 command bytes and one data byte per column.
  PanelStatus write_page(int page, int x_begin, int x_end, const std::uint8_t* columns) noexcept {
    if (columns == nullptr || page < 0 || page >= pages()) return PanelStatus::kOk;
    const int first = x_begin < 0 ? 0 : x_begin;
    const int end = x_end > width_ ? width_ : x_end;
    if (first >= end) return PanelStatus::kOk;
    const auto column = static_cast<unsigned>(first + column_offset_);
    const std::uint8_t address[] = {
        static_cast<std::uint8_t>(0xB0u | static_cast<unsigned>(page)),  // page address
        static_cast<std::uint8_t>(column & 0x0Fu),                        // 00h + column, low nibble
        static_cast<std::uint8_t>(0x10u | ((column >> 4) & 0x0Fu)),       // column, high nibble
    };
    const PanelStatus status = send_commands(bus_, address, sizeof(address));
    if (status != PanelStatus::kOk) return status;
    return send_data(bus_, columns + (first - x_begin), static_cast<std::size_t>(end - first));
  }

  /// Turns the display off (sleep) or on; RAM is kept.
  PanelStatus set_display_on(bool on) noexcept {
    const std::uint8_t command = on ? 0xAF : 0xAE;
    return send_commands(bus_, &command, 1);
  }

 private:
  // Power-up sequences; the bytes at the k...At places are this panel's
  // (init() patches them).
  static constexpr std::uint8_t kSsd1306Init[] = {
      0xAE,        // display off
      0xD5, 0x80,  // clock divide ratio / oscillator frequency
      0xA8, 0x3F,  // multiplex ratio (kMultiplexAt)
      0xD3, 0x00,  // display offset
      0x40,        // start line 0
      0x8D, 0x14,  // charge pump on (kChargePumpAt: off with external VCC)
      0x20, 0x02,  // page addressing mode
      0xA1,        // segment remap
      0xC8,        // COM scan from COM[N-1]
      0xDA, 0x12,  // COM pins hardware configuration (kSsd1306ComPinsAt)
      0x81, 0xCF,  // contrast
      0xD9, 0xF1,  // pre-charge periods (kPreChargeAt)
      0xDB, 0x40,  // VCOMH deselect level
      0x2E,        // scrolling off
      0xA4,        // output follows RAM
      0xA6,        // normal (not inverted)
  };
  static constexpr std::uint8_t kSh1106Init[] = {
      0xAE,        // display off
      0xD5, 0x80,  // clock divide ratio / oscillator frequency: reset value
      0xA8, 0x3F,  // multiplex ratio (kMultiplexAt)
      0xD3, 0x00,  // display offset
      0x40,        // start line 0
      0xAD, 0x8B,  // DC-DC converter on
      0x32,        // pump voltage 8.0 V (kPumpVoltageAt; the SSD0303 has no such command: NOP)
      0xA1,        // segment remap: column 0 on the right of the COM side
      0xC8,        // COM scan from COM[N-1]
      0xDA, 0x12,  // COM pins hardware configuration (kSh1106ComPinsAt)
      0x81, 0x80,  // contrast
      0xD9, 0x22,  // pre-charge / dis-charge periods
      0xDB, 0x35,  // VCOM deselect level
      0xA4,        // output follows RAM
      0xA6,        // normal (not inverted)
  };
  static constexpr std::size_t kMultiplexAt = 4;
  static constexpr std::size_t kChargePumpAt = 9;
  static constexpr std::size_t kPumpVoltageAt = 10;
  static constexpr std::size_t kSh1106ComPinsAt = 14;
  static constexpr std::size_t kSsd1306ComPinsAt = 15;
  static constexpr std::size_t kPreChargeAt = 19;
  static_assert(sizeof kSsd1306Init >= sizeof kSh1106Init, "init() copies either into a buffer of the first's size");

  const PanelBus& bus_;
  std::uint8_t width_;
  std::uint8_t height_;
  std::uint8_t column_offset_;
  Ssd1306Controller controller_;
  bool external_vcc_;
};

}  // namespace utf8mcu::display
