// A model of the HD44780U character LCD controller for the character-LCD
// tests, written from the Hitachi datasheet and not from the driver: it takes
// pin-level strobes (RS, RW, D7-D0 latched on E's falling edge) through an
// 8-bit or 4-bit interface, or the bytes of a PCF8574 backpack, executes the
// instruction set into its own DDRAM (80 bytes) and CGRAM (64 bytes), keeps
// time from the waits it is given and counts every instruction that comes
// before the previous one has finished. It never writes outside DDRAM or
// CGRAM whatever it is sent. The screen reads back through the model's own
// code-to-Unicode tables of ROMs A00 and A02.
#pragma once

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/panel/hd44780.h"

namespace lcd_model {

using utf8mcu::display::PanelStatus;

/// Character generator ROMs (datasheet table 4).
enum class Rom : std::uint8_t { kA00, kA02 };

// Code to Unicode, one string per column of the datasheet's table (upper
// nibble 2-F, lower nibble 0-F down the column); 0 = no character pattern
// (blank), codes 0-15 are CGRAM.
//
// A00: ASCII with YEN SIGN at 5C and arrows at 7E/7F; 80-9F and A0 blank;
// JIS X 0201 katakana A1-DF; Greek letters and symbols E0-FF. E7, EA, F0, F1
// and F9 are g, j, p, q, y with descenders; E9 (superscript minus one), F8
// (x with a bar) have no single code point.
// clang-format off
inline constexpr char16_t kA00Columns[14][17] = {
    u" !\"#$%&'()*+,-./",
    u"0123456789:;<=>?",
    u"@ABCDEFGHIJKLMNO",
    u"PQRSTUVWXYZ[\u00A5]^_",
    u"`abcdefghijklmno",
    u"pqrstuvwxyz{|}\u2192\u2190",
    u"\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1",  // 8x: blank
    u"\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1",  // 9x: blank
    u"\1\uFF61\uFF62\uFF63\uFF64\uFF65\uFF66\uFF67\uFF68\uFF69\uFF6A\uFF6B\uFF6C\uFF6D\uFF6E\uFF6F",
    u"\uFF70\uFF71\uFF72\uFF73\uFF74\uFF75\uFF76\uFF77\uFF78\uFF79\uFF7A\uFF7B\uFF7C\uFF7D\uFF7E\uFF7F",
    u"\uFF80\uFF81\uFF82\uFF83\uFF84\uFF85\uFF86\uFF87\uFF88\uFF89\uFF8A\uFF8B\uFF8C\uFF8D\uFF8E\uFF8F",
    u"\uFF90\uFF91\uFF92\uFF93\uFF94\uFF95\uFF96\uFF97\uFF98\uFF99\uFF9A\uFF9B\uFF9C\uFF9D\uFF9E\uFF9F",
    u"\u03B1\u00E4\u03B2\u03B5\u03BC\u03C3\u03C1g\u221A\1j\u02E3\u00A2\u00A3\u00F1\u00F6",
    u"pq\u03B8\u221E\u03A9\u00FC\u03A3\u03C0\1y\u5343\u4E07\u5186\u00F7\1\u2588",
};

// A02: 10-1F symbols; ASCII 20-7E with a house at 7F; 80-8F the Cyrillic
// capitals that differ from Latin ones, 90-9F Greek and symbols; A0-FF
// ISO 8859-1 except A8 (f with hook), AC/AD (Cyrillic YU, YA), B0 (degree),
// B4 (no single code point), B5 (mu), B8 (omega), D8 (Greek PHI). 98 and B4
// are kept blank: no code point could be confirmed for their patterns.
inline constexpr char16_t kA02Columns[14][17] = {
    u"\u25B6\u25C0\u201C\u201D\u23EB\u23EC\u25CF\u21B2\u2191\u2193\u2192\u2190\u2264\u2265\u25B2\u25BC",
    u" !\"#$%&'()*+,-./",
    u"0123456789:;<=>?",
    u"@ABCDEFGHIJKLMNO",
    u"PQRSTUVWXYZ[\\]^_",
    u"`abcdefghijklmno",
    u"pqrstuvwxyz{|}~\u2302",
    u"\u0411\u0414\u0416\u0417\u0418\u0419\u041B\u041F\u0423\u0426\u0427\u0428\u0429\u042A\u042B\u042D",
    u"\u03B1\u266A\u0393\u03C0\u03A3\u03C3\u266C\u03C4\1\u03B8\u03A9\u03B4\u221E\u2665\u03B5\u2229",
    u"\u2016\u00A1\u00A2\u00A3\u00A4\u00A5\u00A6\u00A7\u0192\u00A9\u00AA\u00AB\u042E\u042F\u00AE\u00B4",
    u"\u00B0\u00B1\u00B2\u00B3\1\u03BC\u00B6\u00B7\u03C9\u00B9\u00BA\u00BB\u00BC\u00BD\u00BE\u00BF",
    u"\u00C0\u00C1\u00C2\u00C3\u00C4\u00C5\u00C6\u00C7\u00C8\u00C9\u00CA\u00CB\u00CC\u00CD\u00CE\u00CF",
    u"\u00D0\u00D1\u00D2\u00D3\u00D4\u00D5\u00D6\u00D7\u03A6\u00D9\u00DA\u00DB\u00DC\u00DD\u00DE\u00DF",
    u"\u00E0\u00E1\u00E2\u00E3\u00E4\u00E5\u00E6\u00E7\u00E8\u00E9\u00EA\u00EB\u00EC\u00ED\u00EE\u00EF",
};
// clang-format on

/// The character ROM code `code` shows, or 0 for CGRAM codes (0-15) and codes
/// without a character (blank patterns, glyphs no single code point names).
inline char32_t rom_character(Rom rom, std::uint8_t code) {
  if (code < 0x10) return 0;
  char16_t c = 0;
  if (rom == Rom::kA00) {
    if (code < 0x20) return 0;
    c = kA00Columns[(code >> 4) - 2][code & 15];
  } else if (code >= 0xF0) {
    c = static_cast<char16_t>(code);  // F0-FF: ISO 8859-1, as in the column above
  } else {
    c = kA02Columns[(code >> 4) - 1][code & 15];
  }
  return c == 1 ? 0 : c;
}

/// Execution times at fosc = 270 kHz (datasheet table 6), microseconds.
inline constexpr std::uint32_t kExecutionUs = 37;
inline constexpr std::uint32_t kDataWriteUs = 37 + 4;  // + tADD, the address counter update
inline constexpr std::uint32_t kClearUs = 1520;

class Hd44780Model {
 public:
  /// `columns` x `rows` glass on one controller; `four_bit_wiring`: only D7-D4
  /// connected (D3-D0 then read as `floating_low_bits`). `split` (one row of
  /// glass only): the glass's right half, from cell (columns + 1) / 2, is
  /// driven by the common lines of line 2 (a 16x1 module built as 8x2), so
  /// it shows line 2 in two-line mode and nothing in one-line mode.
  Hd44780Model(Rom rom, int columns, int rows, bool four_bit_wiring, bool split = false)
      : rom_(rom), columns_(columns), rows_(rows), four_bit_wiring_(four_bit_wiring), split_(split && rows == 1) {
    // Power-up RAM holds anything.
    for (std::size_t i = 0; i < sizeof(ddram_); ++i) ddram_[i] = static_cast<std::uint8_t>(0xA5 ^ i);
    for (std::size_t i = 0; i < sizeof(cgram_); ++i) cgram_[i] = static_cast<std::uint8_t>(0x15 ^ i);
  }

  // --- pins ---

  /// One E pulse with RS, RW and D7-D0 as given (D3-D0 ignored on 4-bit wiring).
  void strobe(bool rs, bool rw, std::uint8_t bits) {
    ++strobes_;
    if (rw) {  // a read: the driver never reads (RW is tied low on many modules)
      ++reads_;
      return;
    }
    if (four_bit_wiring_) bits = static_cast<std::uint8_t>((bits & 0xF0u) | kFloatingLowBits);
    if (eight_bit_) {
      take(rs, bits);
      return;
    }
    if (!nibble_pending_) {
      nibble_pending_ = true;
      high_nibble_ = static_cast<std::uint8_t>(bits & 0xF0u);
      nibble_rs_ = rs;
      return;
    }
    nibble_pending_ = false;
    if (rs != nibble_rs_) ++rs_changes_within_byte_;
    take(rs, static_cast<std::uint8_t>(high_nibble_ | (bits >> 4)));
  }

  /// Time passes (the bus's delay).
  void wait_us(std::uint32_t microseconds) { now_us_ += microseconds; }

  /// One byte written to the PCF8574 (P0 RS, P1 RW, P2 E, P3 backlight,
  /// P4-P7 D4-D7); the controller latches on E's falling edge.
  void expander_write(std::uint8_t pins) {
    ++expander_bytes_;
    const bool e_was_high = (expander_pins_ & 0x04u) != 0;
    expander_pins_ = pins;
    if (e_was_high && (pins & 0x04u) == 0) strobe((pins & 0x01u) != 0, (pins & 0x02u) != 0, pins);
  }
  bool backlight() const { return (expander_pins_ & 0x08u) != 0; }

  // --- state ---

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  Rom rom() const { return rom_; }
  bool display_on() const { return display_on_; }
  bool cursor_on() const { return cursor_on_ || blink_on_; }
  bool two_lines() const { return two_lines_; }
  bool eight_bit() const { return eight_bit_; }
  bool increment() const { return increment_; }
  bool entry_shift() const { return entry_shift_; }

  /// DDRAM address shown at (row, column): two-line mode, lines 1 and 2 at
  /// 0x00 and 0x40 (40 each), lines 3 and 4 of a 4-line glass continue them
  /// after `columns` characters; one-line mode, 80 in a row.
  /// Split glass: the right half shows line 2 from its start, or nothing (-1)
  /// in one-line mode.
  int address_shown(int row, int column) const {
    if (split_ && column >= (columns_ + 1) / 2) {
      if (!two_lines_) return -1;
      return 0x40 + (column - (columns_ + 1) / 2 + shift_ + 40) % 40;
    }
    if (!two_lines_) return (column + shift_ + 80) % 80;
    const int offset = (column + ((row & 2) != 0 ? columns_ : 0) + shift_ + 40) % 40;
    return ((row & 1) != 0 ? 0x40 : 0x00) + offset;
  }
  /// The code shown at (row, column); a space where the glass shows nothing.
  std::uint8_t code_at(int row, int column) const {
    const int address = address_shown(row, column);
    return address < 0 ? std::uint8_t{0x20} : ddram_[ddram_index(address)];
  }
  /// The CGRAM row `line` (0-7) of glyph `code` (0-15; 8-15 alias 0-7).
  std::uint8_t glyph_row(std::uint8_t code, int line) const {
    return static_cast<std::uint8_t>(cgram_[((code & 7u) << 3) | static_cast<unsigned>(line & 7)] & 0x1Fu);
  }
  /// True if dot `dot` (0-4, left to right) of that row is on (bit 4 is the left dot).
  bool glyph_dot(std::uint8_t code, int line, int dot) const {
    if (dot < 0 || dot > 4) return false;
    return ((static_cast<unsigned>(glyph_row(code, line)) >> static_cast<unsigned>(4 - dot)) & 1u) != 0;
  }
  /// The character the model's ROM table gives for the code at (row, column),
  /// 0 for CGRAM and blank codes.
  char32_t character_at(int row, int column) const { return rom_character(rom_, code_at(row, column)); }

  std::uint8_t ddram(int index) const { return ddram_[index]; }
  std::uint8_t cgram(int index) const { return cgram_[index]; }

  // --- what went wrong ---

  /// Instructions and data writes that began before the previous one had
  /// finished, or init steps that came sooner than the datasheet allows.
  int timing_violations() const { return timing_violations_; }
  /// Writes of a CGRAM glyph row that changed a glyph a visible cell was showing.
  int glyph_changes_under_visible_cells() const { return glyph_changes_under_visible_; }
  /// DDRAM addresses set or reached outside the lines (0x28-0x3F, 0x68-0x7F).
  int invalid_addresses() const { return invalid_addresses_; }
  int reads() const { return reads_; }
  int rs_changes_within_byte() const { return rs_changes_within_byte_; }
  std::size_t strobes() const { return strobes_; }
  std::size_t expander_bytes() const { return expander_bytes_; }
  std::size_t data_writes() const { return data_writes_; }
  std::size_t instructions() const { return instructions_; }
  std::uint64_t now_us() const { return now_us_; }

 private:
  static constexpr std::uint8_t kFloatingLowBits = 0x0F;

  // DDRAM holds 80 bytes: in two-line mode 0x00-0x27 and 0x40-0x67.
  int ddram_index(int address) const {
    if (!two_lines_) return address % 80;
    return (address & 0x40) != 0 ? 40 + (address & 0x3F) % 40 : (address & 0x3F) % 40;
  }

  void take(bool rs, std::uint8_t byte) {
    // The controller is busy until the previous operation's time has passed.
    if (now_us_ < busy_until_us_) ++timing_violations_;
    if (rs) {
      write_data(byte);
      busy_until_us_ = now_us_ + kDataWriteUs;
    } else {
      execute(byte);
    }
  }

  void execute(std::uint8_t byte) {
    ++instructions_;
    std::uint32_t time = kExecutionUs;
    if (byte >= 0x80) {
      set_ddram_address(byte & 0x7Fu);
    } else if (byte >= 0x40) {
      address_ = byte & 0x3Fu;
      in_cgram_ = true;
    } else if (byte >= 0x20) {
      function_set(byte);
      time = init_step_time();
    } else if (byte >= 0x10) {
      if ((byte & 0x08u) != 0) shift_ = (shift_ + ((byte & 0x04u) != 0 ? 1 : 39)) % 40;  // display shift
      else move_address((byte & 0x04u) != 0);                                             // cursor move
    } else if (byte >= 0x08) {
      display_on_ = (byte & 0x04u) != 0;
      cursor_on_ = (byte & 0x02u) != 0;
      blink_on_ = (byte & 0x01u) != 0;
    } else if (byte >= 0x04) {
      increment_ = (byte & 0x02u) != 0;
      entry_shift_ = (byte & 0x01u) != 0;
    } else if (byte >= 0x02) {
      address_ = 0;
      in_cgram_ = false;
      shift_ = 0;
      time = kClearUs;
    } else if (byte == 0x01) {
      for (auto& cell : ddram_) cell = 0x20;
      address_ = 0;
      in_cgram_ = false;
      shift_ = 0;
      increment_ = true;
      time = kClearUs;
    }
    // 0x00: no instruction; nothing happens. Any instruction but a function set ends initialisation.
    if (byte < 0x20 || byte >= 0x40) init_steps_ = 4;
    busy_until_us_ = now_us_ + time;
  }

  // Initialisation by instruction: the first function set no sooner than 40
  // ms after power-on, then 4.1 ms and 100 us before the next two.
  std::uint32_t init_step_time() {
    if (init_steps_ == 0 && now_us_ < 40000) ++timing_violations_;
    const std::uint32_t time = init_steps_ == 0 ? 4100 : init_steps_ == 1 ? 100 : kExecutionUs;
    if (init_steps_ < 4) ++init_steps_;
    return time;
  }

  void function_set(std::uint8_t byte) {
    const bool eight = (byte & 0x10u) != 0;
    if (!eight_bit_ && eight) nibble_pending_ = false;
    eight_bit_ = eight;
    two_lines_ = (byte & 0x08u) != 0;
  }

  void set_ddram_address(unsigned address) {
    in_cgram_ = false;
    address_ = address;
    if (two_lines_ && (address & 0x3Fu) >= 40) ++invalid_addresses_;
    if (!two_lines_ && address >= 80) ++invalid_addresses_;
  }

  void move_address(bool forward) {
    if (in_cgram_) {
      address_ = (address_ + (forward ? 1u : 63u)) & 0x3Fu;
      return;
    }
    if (!two_lines_) {
      address_ = (address_ + (forward ? 1u : 79u)) % 80u;
      return;
    }
    // Two lines: 0x27 + 1 -> 0x40, 0x67 + 1 -> 0x00 (and back).
    const unsigned index = static_cast<unsigned>(ddram_index(static_cast<int>(address_)));
    const unsigned next = (index + (forward ? 1u : 79u)) % 80u;
    address_ = next >= 40 ? 0x40u + (next - 40) : next;
  }

  void write_data(std::uint8_t byte) {
    ++data_writes_;
    if (in_cgram_) {
      const unsigned slot = (address_ >> 3) & 7u;
      if ((cgram_[address_] & 0x1Fu) != (byte & 0x1Fu) && shows_slot(slot)) ++glyph_changes_under_visible_;
      cgram_[address_ & 0x3Fu] = byte;
    } else {
      if (two_lines_ && (address_ & 0x3Fu) >= 40) {
        ++invalid_addresses_;  // undefined in the datasheet: the model stores nothing
      } else {
        ddram_[ddram_index(static_cast<int>(address_))] = byte;
      }
      if (entry_shift_) shift_ = (shift_ + (increment_ ? 1 : 39)) % 40;
    }
    move_address(increment_);
  }

  bool shows_slot(unsigned slot) const {
    for (int row = 0; row < rows_; ++row) {
      for (int column = 0; column < columns_; ++column) {
        const std::uint8_t code = code_at(row, column);
        if (code < 0x10 && (code & 7u) == slot) return true;
      }
    }
    return false;
  }

  Rom rom_;
  int columns_;
  int rows_;
  bool four_bit_wiring_;
  bool split_;
  std::uint8_t ddram_[80] = {};
  std::uint8_t cgram_[64] = {};
  unsigned address_ = 0;
  bool in_cgram_ = false;
  bool eight_bit_ = true;  // power-on reset: 8-bit interface, one line, display off
  bool two_lines_ = false;
  bool display_on_ = false;
  bool cursor_on_ = false;
  bool blink_on_ = false;
  bool increment_ = true;
  bool entry_shift_ = false;
  int shift_ = 0;
  bool nibble_pending_ = false;
  bool nibble_rs_ = false;
  std::uint8_t high_nibble_ = 0;
  std::uint8_t expander_pins_ = 0xFF;  // PCF8574 outputs are high after power-on
  int init_steps_ = 0;
  std::uint64_t now_us_ = 0;
  std::uint64_t busy_until_us_ = 0;
  int timing_violations_ = 0;
  int glyph_changes_under_visible_ = 0;
  int invalid_addresses_ = 0;
  int reads_ = 0;
  int rs_changes_within_byte_ = 0;
  std::size_t strobes_ = 0;
  std::size_t expander_bytes_ = 0;
  std::size_t data_writes_ = 0;
  std::size_t instructions_ = 0;
};

/// Buses into a model: parallel (8-bit or 4-bit) and PCF8574, with a
/// transaction to fail on demand.
struct ModelBus {
  Hd44780Model* model = nullptr;
  std::size_t fail_after = 0;  // 0: never; n: the n-th strobe or transfer fails
  std::size_t calls = 0;
  std::uint8_t last_address = 0;

  bool fails() { return fail_after != 0 && ++calls == fail_after; }

  utf8mcu::display::Hd44780Bus parallel(bool four_bit) {
    utf8mcu::display::Hd44780Bus bus;
    bus.strobe = [](void* context, bool data, std::uint8_t value) {
      auto& self = *static_cast<ModelBus*>(context);
      if (self.fails()) return PanelStatus::kBusError;
      self.model->strobe(data, false, value);
      return PanelStatus::kOk;
    };
    bus.delay_us = [](void* context, std::uint32_t microseconds) {
      static_cast<ModelBus*>(context)->model->wait_us(microseconds);
    };
    bus.context = this;
    bus.four_bit = four_bit;
    return bus;
  }

  utf8mcu::display::Pcf8574Link expander(std::uint8_t address) {
    utf8mcu::display::Pcf8574Link link;
    link.transfer = [](void* context, std::uint8_t to, const std::uint8_t* bytes, std::size_t size) {
      auto& self = *static_cast<ModelBus*>(context);
      if (self.fails()) return PanelStatus::kNak;
      self.last_address = to;
      for (std::size_t i = 0; i < size; ++i) self.model->expander_write(bytes[i]);
      return PanelStatus::kOk;
    };
    link.delay_us = [](void* context, std::uint32_t microseconds) {
      static_cast<ModelBus*>(context)->model->wait_us(microseconds);
    };
    link.context = this;
    link.address = address;
    return link;
  }
};

}  // namespace lcd_model
