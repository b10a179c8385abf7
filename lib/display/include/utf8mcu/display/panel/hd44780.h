#pragma once
/// @file
/// Driver for HD44780-compatible character LCD controllers (HD44780U, ST7066,
/// SPLC780, KS0066): 16x2, 20x2, 20x4, 40x2 modules, over the 8-bit or 4-bit
/// parallel interface or a PCF8574 I2C backpack. Write-only: RW stays low, the
/// busy flag is never read, and every instruction is followed by the wait the
/// datasheet gives for it (through the bus's delay function).
///
///     instruction     RS  D7 D6 D5 D4 D3 D2 D1 D0   wait (270 kHz)
///     clear display    0   0  0  0  0  0  0  0  1   1.52 ms
///     return home      0   0  0  0  0  0  0  1  *   1.52 ms
///     entry mode       0   0  0  0  0  0  1 I/D S   37 us
///     display control  0   0  0  0  0  1  D  C  B   37 us
///     shift            0   0  0  0  1 S/C R/L *  *  37 us
///     function set     0   0  0  1 DL  N  F  *  *   37 us
///     CGRAM address    0   0  1  a  a  a  a  a  a   37 us
///     DDRAM address    0   1  a  a  a  a  a  a  a   37 us
///     write data       1   d  d  d  d  d  d  d  d   37 us + 4 us (address update)
///
/// The waits used are these times scaled to a 250 kHz oscillator (the slow end
/// of modules' tolerance): kHd44780WaitUs and kHd44780ClearWaitUs.
///
/// DDRAM lines: line 1 at 0x00, line 2 at 0x40; a 4-line module folds two
/// 2-line rows: lines 3 and 4 continue lines 1 and 2 (0x00 + columns, 0x40 +
/// columns; 0x14 and 0x54 on a 20x4). Many 16x1 modules are wired as 8x2:
/// the controller runs two lines and the right half of the glass shows line
/// 2 (0x00-0x07, then 0x40-0x47); Hd44780Geometry::right_half_on_line_2 says
/// so. CGRAM: 8 glyphs of 8 rows, character
/// codes 0-7 (and 8-15), row bits 4-0 from left to right.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/panel.h"

namespace utf8mcu::display {

/// Wait after an instruction or a data write, in microseconds.
inline constexpr std::uint32_t kHd44780WaitUs = 45;
/// Wait after clear display and return home.
inline constexpr std::uint32_t kHd44780ClearWaitUs = 1650;
/// Waits of the initialisation by instruction (datasheet figures 23 and 24):
/// after power-on (VCC above 2.7 V), after the first and the second function set.
inline constexpr std::uint32_t kHd44780PowerOnWaitUs = 40000;
inline constexpr std::uint32_t kHd44780FirstInitWaitUs = 4100;
inline constexpr std::uint32_t kHd44780SecondInitWaitUs = 100;

/// How a platform reaches the controller's pins: one function that puts RS
/// and the data lines and pulses E, one that waits. A const struct with a
/// context, like PanelBus.
struct Hd44780Bus {
  /// Required. Sets RS (`data`: 1 for display data, 0 for an instruction), RW
  /// low, D7-D0 = `value` (4-bit wiring: D7-D4 = bits 7-4, D3-D0 unused), then
  /// pulses E high at least 230 ns and low again (cycle at least 500 ns; the
  /// controller latches on the falling edge). Returns kOk or the failure.
  PanelStatus (*strobe)(void* context, bool data, std::uint8_t value) = nullptr;
  /// Required. Waits at least `microseconds`.
  void (*delay_us)(void* context, std::uint32_t microseconds) = nullptr;
  /// Passed to both functions.
  void* context = nullptr;
  /// True for the 4-bit interface (D4-D7 wired; every byte is two strobes, high nibble first).
  bool four_bit = true;
};

/// A PCF8574 (or PCF8574A) I2C backpack in the common wiring:
///
///     P7 P6 P5 P4 | P3        | P2 | P1 | P0
///     D7 D6 D5 D4 | backlight | E  | RW | RS
struct Pcf8574Link {
  /// One write transaction: start, `address` + W, `size` bytes (each sets
  /// P7-P0), stop. Returns kNak if the expander did not acknowledge.
  PanelStatus (*transfer)(void* context, std::uint8_t address, const std::uint8_t* bytes, std::size_t size) = nullptr;
  /// Waits at least `microseconds`.
  void (*delay_us)(void* context, std::uint32_t microseconds) = nullptr;
  void* context = nullptr;
  /// 7-bit address: 0x20-0x27 (PCF8574), 0x38-0x3F (PCF8574A).
  std::uint8_t address = 0x27;
  bool backlight = true;
};

inline constexpr std::uint8_t kPcf8574Rs = 0x01;
inline constexpr std::uint8_t kPcf8574Rw = 0x02;
inline constexpr std::uint8_t kPcf8574Enable = 0x04;
inline constexpr std::uint8_t kPcf8574Backlight = 0x08;

namespace detail {

// One nibble as two expander writes in one transaction: E high with the
// data, then E low (the falling edge latches). An I2C byte lasts far longer
// than the E pulse needs.
inline PanelStatus pcf8574_strobe(void* context, bool data, std::uint8_t value) noexcept {
  const Pcf8574Link& link = *static_cast<const Pcf8574Link*>(context);
  if (link.transfer == nullptr) return PanelStatus::kNoBus;
  const auto pins = static_cast<std::uint8_t>((value & 0xF0u) | (link.backlight ? kPcf8574Backlight : 0u) |
                                              (data ? kPcf8574Rs : 0u));
  const std::uint8_t bytes[] = {static_cast<std::uint8_t>(pins | kPcf8574Enable), pins};
  return link.transfer(link.context, link.address, bytes, sizeof(bytes));
}

inline void pcf8574_delay(void* context, std::uint32_t microseconds) noexcept {
  const Pcf8574Link& link = *static_cast<const Pcf8574Link*>(context);
  if (link.delay_us != nullptr) link.delay_us(link.context, microseconds);
}

}  // namespace detail

/// A 4-bit Hd44780Bus through a PCF8574 backpack (`link` must outlive it).
/// Bus traffic: 2 expander bytes per nibble, 4 per character or instruction.
constexpr Hd44780Bus pcf8574_hd44780_bus(const Pcf8574Link& link) noexcept {
  Hd44780Bus bus;
  bus.strobe = &detail::pcf8574_strobe;
  bus.delay_us = &detail::pcf8574_delay;
  bus.context = const_cast<Pcf8574Link*>(&link);  // only read through the context
  bus.four_bit = true;
  return bus;
}
/// A temporary link would dangle: the bus keeps its address.
Hd44780Bus pcf8574_hd44780_bus(const Pcf8574Link&& link) = delete;

/// Module geometry: columns per line (1-40) and lines (1, 2 or 4).
struct Hd44780Geometry {
  std::uint8_t columns = 16;
  std::uint8_t rows = 2;
  /// One line of glass on a controller run with two lines: the left
  /// (columns + 1) / 2 cells show DDRAM line 1, the others line 2 (a 16x1
  /// module addressed as 8x2). Ignored unless rows is 1.
  bool right_half_on_line_2 = false;
};

inline constexpr Hd44780Geometry kHd44780_16x2{16, 2};
inline constexpr Hd44780Geometry kHd44780_20x4{20, 4};
/// A 16x1 module wired as 8x2 (the common one; a 16x1 addressed as one line
/// of 16 is {16, 1}).
inline constexpr Hd44780Geometry kHd44780_16x1Split{16, 1, true};

/// HD44780 driver: initialisation, DDRAM and CGRAM writes. RAM: a reference
/// to the bus and the geometry (8 bytes on a 32-bit core).
class Hd44780 {
 public:
  /// Geometry is clamped: columns 1-40 (1-20 with 4 lines), rows 1, 2 or 4.
  constexpr Hd44780(const Hd44780Bus& bus, const Hd44780Geometry& geometry) noexcept
      : bus_(bus),
        rows_(clamp_rows(geometry.rows)),
        columns_(clamp_columns(geometry.columns, clamp_rows(geometry.rows))),
        split_(geometry.right_half_on_line_2 && clamp_rows(geometry.rows) == 1) {}
  /// A temporary bus would dangle: the driver keeps a reference to it.
  Hd44780(const Hd44780Bus&& bus, const Hd44780Geometry& geometry) = delete;

  constexpr int columns() const noexcept { return columns_; }
  constexpr int rows() const noexcept { return rows_; }

  /// DDRAM address of column `column` of line `row` (both in range).
  constexpr std::uint8_t ddram_address(int row, int column) const noexcept {
    const int half = (columns_ + 1) / 2;
    if (split_ && column >= half) return static_cast<std::uint8_t>(0x40 + column - half);
    return static_cast<std::uint8_t>(((row & 1) != 0 ? 0x40 : 0x00) + ((row & 2) != 0 ? columns_ : 0) + column);
  }

  /// Initialisation by instruction (datasheet figures 23/24): waits for power
  /// to settle, three 8-bit function sets, the switch to 4 bits if wired so,
  /// then function set (lines), display off, clear, entry mode (increment, no
  /// shift), display on (no cursor). Works whatever state the controller was
  /// in, a 4-bit interface half-way through a byte included. Returns the first
  /// failing strobe's status. Bus traffic: 4-bit: 14 strobes; 8-bit: 8.
  PanelStatus init() noexcept {
    if (bus_.strobe == nullptr || bus_.delay_us == nullptr) return PanelStatus::kNoBus;
    bus_.delay_us(bus_.context, kHd44780PowerOnWaitUs);
    static constexpr std::uint32_t kWaits[] = {kHd44780FirstInitWaitUs, kHd44780SecondInitWaitUs, kHd44780WaitUs};
    for (const std::uint32_t wait : kWaits) {
      const PanelStatus status = bus_.strobe(bus_.context, false, 0x30);  // function set, 8 bits
      if (status != PanelStatus::kOk) return status;
      bus_.delay_us(bus_.context, wait);
    }
    if (bus_.four_bit) {
      const PanelStatus status = bus_.strobe(bus_.context, false, 0x20);  // function set, 4 bits (one strobe)
      if (status != PanelStatus::kOk) return status;
      bus_.delay_us(bus_.context, kHd44780WaitUs);
    }
    PanelStatus status = instruction(
        static_cast<std::uint8_t>((bus_.four_bit ? 0x20u : 0x30u) | (rows_ > 1 || split_ ? 0x08u : 0x00u)));
    static constexpr std::uint8_t kCommands[] = {0x08 /* display off */, 0x01 /* clear */,
                                                 0x06 /* entry: increment */, 0x0C /* display on */};
    for (const std::uint8_t command : kCommands) {
      if (status == PanelStatus::kOk) status = instruction(command);
    }
    return status;
  }

  /// Sends one instruction and waits for it (1.52 ms class for clear and
  /// home, 37 us class for the others).
  PanelStatus instruction(std::uint8_t command) noexcept {
    return send(false, command, command <= 0x03 ? kHd44780ClearWaitUs : kHd44780WaitUs);
  }

  /// Writes `size` bytes to DDRAM or CGRAM at the address counter (which
  /// increments after each). Bus traffic: one byte (4-bit: two strobes) each.
  PanelStatus write_data(const std::uint8_t* bytes, std::size_t size) noexcept {
    for (std::size_t i = 0; i < size; ++i) {
      const PanelStatus status = send(true, bytes[i], kHd44780WaitUs);
      if (status != PanelStatus::kOk) return status;
    }
    return PanelStatus::kOk;
  }

  /// Moves the address counter to column `column` of line `row`; kOk and
  /// nothing sent if the position is off the module.
  PanelStatus set_position(int row, int column) noexcept {
    if (row < 0 || row >= rows_ || column < 0 || column >= columns_) return PanelStatus::kOk;
    return instruction(static_cast<std::uint8_t>(0x80u | ddram_address(row, column)));
  }

  /// Defines CGRAM glyph `slot` (0-7) from 8 rows (bits 4-0, left to
  /// right), then moves the address counter back to DDRAM line 1 (the caller
  /// sets a position before writing characters). Bus traffic: 9 bytes.
  PanelStatus define_glyph(int slot, const std::uint8_t rows[8]) noexcept {
    PanelStatus status = instruction(static_cast<std::uint8_t>(0x40u | ((static_cast<unsigned>(slot) & 7u) << 3)));
    if (status == PanelStatus::kOk) status = write_data(rows, 8);
    return status;
  }

  /// Clears DDRAM to spaces and returns the address counter home.
  PanelStatus clear() noexcept { return instruction(0x01); }

  /// Display on or off (DDRAM kept), no cursor.
  PanelStatus set_display_on(bool on) noexcept { return instruction(on ? 0x0C : 0x08); }

 private:
  static constexpr std::uint8_t clamp_rows(std::uint8_t rows) noexcept {
    return rows >= 4 ? std::uint8_t{4} : rows >= 2 ? std::uint8_t{2} : std::uint8_t{1};
  }
  static constexpr std::uint8_t clamp_columns(std::uint8_t columns, std::uint8_t rows) noexcept {
    const std::uint8_t most = rows == 4 ? 20 : 40;
    return columns < 1 ? std::uint8_t{1} : columns > most ? most : columns;
  }

  PanelStatus send(bool data, std::uint8_t value, std::uint32_t wait) noexcept {
    if (bus_.strobe == nullptr || bus_.delay_us == nullptr) return PanelStatus::kNoBus;
    PanelStatus status = bus_.strobe(bus_.context, data, value);
    if (status == PanelStatus::kOk && bus_.four_bit) {
      status = bus_.strobe(bus_.context, data, static_cast<std::uint8_t>(value << 4));
    }
    if (status == PanelStatus::kOk) bus_.delay_us(bus_.context, wait);
    return status;
  }

  const Hd44780Bus& bus_;
  std::uint8_t rows_;
  std::uint8_t columns_;
  bool split_;
};

}  // namespace utf8mcu::display
