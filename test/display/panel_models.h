// Controller models for the panel driver tests, written from the controllers'
// datasheet command tables, not from the drivers: each executes a byte stream
// (commands and display-RAM data) into its own RAM, counts commands it does not
// know and writes that fall outside RAM, and counts bus bytes. A test drives a
// driver into a model and compares the model's RAM with the expected picture.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#include "utf8mcu/display/panel.h"

namespace panel_model {

using utf8mcu::display::PanelBus;
using utf8mcu::display::PanelStatus;

/// Bus statistics and fault injection shared by the models.
struct BusCounters {
  std::size_t command_bytes = 0;
  std::size_t data_bytes = 0;
  std::size_t transactions = 0;   // calls of write_commands / write_data (I2C: transfers)
  std::size_t fail_after = 0;     // 0: never fail; n: transaction n fails with `failure`
  PanelStatus failure = PanelStatus::kNak;

  // True if this transaction is to fail.
  bool next_fails() {
    ++transactions;
    return fail_after != 0 && transactions == fail_after;
  }
  std::size_t bus_bytes() const { return command_bytes + data_bytes; }
};

/// Splits a command stream into opcodes and their arguments, from a table of
/// argument counts (-1: no such command, counted as unknown).
struct CommandStream {
  std::uint8_t opcode = 0;
  std::uint8_t arguments[8] = {};
  int argument_count = 0;
  int pending = 0;
  int unknown = 0;

  /// Takes one command byte; returns true when a whole command is complete.
  template <typename ArgumentsOf>
  bool take(std::uint8_t byte, ArgumentsOf&& arguments_of) {
    if (pending > 0) {
      arguments[argument_count++] = byte;
      return --pending == 0;
    }
    opcode = byte;
    argument_count = 0;
    pending = arguments_of(byte);
    if (pending < 0) {
      ++unknown;
      pending = 0;
      return false;
    }
    return pending == 0;
  }
};

/// A 4-wire SPI bus into `model` (D/C selects command() or data()), counting
/// bytes and failing the transaction its counters ask for.
template <typename Model>
PanelBus spi_bus_of(Model& model) {
  PanelBus bus;
  bus.write_commands = [](void* context, const std::uint8_t* bytes, std::size_t size) {
    auto& target = *static_cast<Model*>(context);
    if (target.counters().next_fails()) return target.counters().failure;
    target.counters().command_bytes += size;
    for (std::size_t i = 0; i < size; ++i) target.command(bytes[i]);
    return PanelStatus::kOk;
  };
  bus.write_data = [](void* context, const std::uint8_t* bytes, std::size_t size) {
    auto& target = *static_cast<Model*>(context);
    if (target.counters().next_fails()) return target.counters().failure;
    target.counters().data_bytes += size;
    for (std::size_t i = 0; i < size; ++i) target.data(bytes[i]);
    return PanelStatus::kOk;
  };
  bus.context = &model;
  return bus;
}

/// SSD1306 (128 x 64 RAM) or SH1106 (132 x 64 RAM), from their command tables:
///
///   SSD1306                                  SH1106
///   00-0F  column low nibble (page mode)     00-0F  column low nibble
///   10-1F  column high nibble (page mode)    10-1F  column high nibble
///   20 m   memory addressing mode            30-33  pump voltage
///   21 a b column range (horiz./vertical)    40-7F  start line
///   22 a b page range (horiz./vertical)      81 c   contrast
///   26/27 + 6, 29/2A + 5, 2E, 2F, A3 + 2     A0/A1, A4/A5, A6/A7
///          scrolling                         A8 m   multiplex ratio
///   40-7F  start line                        AD x   DC-DC control
///   81 c, 8D x (charge pump)                 AE/AF  display off/on
///   A0/A1, A4/A5, A6/A7, A8 m, AE/AF         B0-B7  page address
///   B0-B7  page start (page mode)            C0-CF  scan direction
///   C0/C8, D3 x, D5 x, D9 x, DA x, DB x      D3 x, D5 x, D9 x, DA x, DB x
///   E3     NOP                               E0, EE (read-modify-write), E3 NOP
///
/// Data: in page mode the column increments after each byte (SSD1306: it
/// wraps within 0-127; SH1106: it stops at 131); horizontal mode walks the
/// column range, then the next page of the page range.
class Ssd1306Model {
 public:
  enum class Kind : std::uint8_t { kSsd1306, kSh1106 };

  explicit Ssd1306Model(Kind kind) : kind_(kind) {}

  static constexpr int kPages = 8;
  static constexpr int kRamColumns = 132;

  int ram_columns() const { return kind_ == Kind::kSh1106 ? 132 : 128; }
  std::uint8_t ram(int page, int column) const { return ram_[page][column]; }
  bool pixel(int column, int row) const { return ((ram_[row / 8][column] >> (row % 8)) & 1) != 0; }
  bool display_on() const { return display_on_; }
  int unknown_commands() const { return commands_.unknown; }
  int data_overruns() const { return overruns_; }
  int multiplex() const { return multiplex_; }
  BusCounters& counters() { return counters_; }

  /// Fills RAM with `value` (power-up RAM is undefined; tests start from noise).
  void fill(std::uint8_t value) {
    for (auto& page : ram_) {
      for (auto& byte : page) byte = value;
    }
  }

  void command(std::uint8_t byte) {
    if (commands_.take(byte, [this](std::uint8_t opcode) { return arguments_of(opcode); })) execute();
  }

  void data(std::uint8_t byte) {
    if (column_ >= ram_columns() || page_ >= kPages) {
      ++overruns_;
      return;
    }
    ram_[page_][column_] = byte;
    if (kind_ == Kind::kSsd1306 && mode_ == 0) {  // horizontal
      if (++column_ > column_end_) {
        column_ = column_start_;
        page_ = page_ >= page_end_ ? page_start_ : page_ + 1;
      }
    } else if (kind_ == Kind::kSsd1306 && mode_ == 1) {  // vertical
      if (++page_ > page_end_) {
        page_ = page_start_;
        column_ = column_ >= column_end_ ? column_start_ : column_ + 1;
      }
    } else if (kind_ == Kind::kSsd1306) {
      column_ = (column_ + 1) % 128;
    } else {
      ++column_;  // past 131: later bytes are overruns
    }
  }

  /// The bus a driver writes through: 4-wire SPI, D/C selects command or data.
  PanelBus spi_bus() { return spi_bus_of(*this); }

  /// One I2C write transaction as the controller parses it: control byte
  /// (Co = bit 7, D/C# = bit 6); with Co = 0 every following byte is of that
  /// kind, with Co = 1 one byte follows and then another control byte.
  /// Counts the address, control and payload bytes as bus bytes.
  PanelStatus i2c_transfer(std::uint8_t address, std::uint8_t control, const std::uint8_t* bytes, std::size_t size) {
    if (counters_.next_fails()) return counters_.failure;
    if (address != i2c_address_) return PanelStatus::kNak;
    counters_.command_bytes += 2;  // address and control
    counters_.data_bytes += size;
    bool expect_control = false;
    bool is_data = (control & 0x40) != 0;
    bool single = (control & 0x80) != 0;
    for (std::size_t i = 0; i < size; ++i) {
      if (expect_control) {
        is_data = (bytes[i] & 0x40) != 0;
        single = (bytes[i] & 0x80) != 0;
        expect_control = false;
        continue;
      }
      if (is_data) {
        data(bytes[i]);
      } else {
        command(bytes[i]);
      }
      if (single) expect_control = true;
    }
    return PanelStatus::kOk;
  }
  void set_i2c_address(std::uint8_t address) { i2c_address_ = address; }

 private:
  // Arguments after opcode `byte`, or -1 if the controller has no such command.
  int arguments_of(std::uint8_t byte) const {
    if (byte <= 0x1F || (byte >= 0x40 && byte <= 0x7F) || (byte >= 0xB0 && byte <= 0xB7)) return 0;
    switch (byte) {
      case 0x81: case 0xA8: case 0xD3: case 0xD5: case 0xD9: case 0xDA: case 0xDB:
        return 1;
      case 0xA0: case 0xA1: case 0xA4: case 0xA5: case 0xA6: case 0xA7: case 0xAE: case 0xAF: case 0xE3:
        return 0;
      default:
        break;
    }
    if (kind_ == Kind::kSsd1306) {
      switch (byte) {
        case 0x20: case 0x8D: return 1;
        case 0x21: case 0x22: case 0xA3: return 2;
        case 0x26: case 0x27: return 6;
        case 0x29: case 0x2A: return 5;
        case 0x2E: case 0x2F: case 0xC0: case 0xC8: return 0;
        default: return -1;
      }
    }
    if (byte >= 0x30 && byte <= 0x33) return 0;
    if (byte >= 0xC0 && byte <= 0xCF) return 0;
    switch (byte) {
      case 0xAD: return 1;
      case 0xE0: case 0xEE: return 0;
      default: return -1;
    }
  }

  void execute() {
    const std::uint8_t op = commands_.opcode;
    if (op <= 0x0F) {
      column_ = (column_ & 0xF0) | op;
    } else if (op <= 0x1F) {
      column_ = (column_ & 0x0F) | ((op & 0x0F) << 4);
    } else if (op >= 0xB0 && op <= 0xB7) {
      page_ = op & 7;
    } else if (op == 0x20) {
      mode_ = commands_.arguments[0] & 3;
    } else if (op == 0x21) {
      column_start_ = column_ = commands_.arguments[0] & 0x7F;
      column_end_ = commands_.arguments[1] & 0x7F;
    } else if (op == 0x22) {
      page_start_ = page_ = commands_.arguments[0] & 7;
      page_end_ = commands_.arguments[1] & 7;
    } else if (op == 0xA8) {
      multiplex_ = (commands_.arguments[0] & 0x3F) + 1;
    } else if (op == 0xAE || op == 0xAF) {
      display_on_ = op == 0xAF;
    }
  }

  Kind kind_;
  std::uint8_t ram_[kPages][kRamColumns] = {};
  BusCounters counters_;
  int column_ = 0;
  int page_ = 0;
  int mode_ = 2;  // page addressing after reset
  int column_start_ = 0;
  int column_end_ = 127;
  int page_start_ = 0;
  int page_end_ = 7;
  int multiplex_ = 64;
  bool display_on_ = false;
  int overruns_ = 0;
  CommandStream commands_;
  std::uint8_t i2c_address_ = 0x3C;
};

/// SSD0323 (128 x 80 pixels, 4 bits each, 2 per byte), from its command table:
///
///   15 a b  column address start, end (bytes 0-63)     A8 m  multiplex ratio
///   75 a b  row address start, end (0-79)              AD x  master configuration
///   81 c    contrast                                   AE/AF display off/on
///   84/85/86 current range                             B0 x  pre-charge compensation enable
///   A0 x    remap (bit 2: vertical address increment)  B1-B4 x phase, row period, clock, comp. level
///   A1 x    start line;  A2 x display offset           B8 + 8 grey scale table
///   A4-A7   display mode                               BC/BD/BE/BF x  voltages
///   E3      NOP
///
/// Data bytes fill the window set by 15h/75h, row by row (column first) or,
/// with remap bit 2, column by column; the address wraps inside the window.
class Ssd0323Model {
 public:
  static constexpr int kRowBytes = 64;
  static constexpr int kRows = 80;

  /// Grey level of pixel (x, y): high nibble = even x.
  int level(int x, int y) const {
    const std::uint8_t byte = ram_[y][x / 2];
    return (x % 2) == 0 ? byte >> 4 : byte & 0x0F;
  }
  bool display_on() const { return display_on_; }
  int unknown_commands() const { return commands_.unknown; }
  BusCounters& counters() { return counters_; }
  void fill(std::uint8_t value) {
    for (auto& row : ram_) {
      for (auto& byte : row) byte = value;
    }
  }

  void command(std::uint8_t byte) {
    if (commands_.take(byte, [](std::uint8_t opcode) { return arguments_of(opcode); })) execute();
  }

  void data(std::uint8_t byte) {
    ram_[row_][column_] = byte;
    if ((remap_ & 0x04) != 0) {
      if (++row_ > row_end_) {
        row_ = row_start_;
        column_ = column_ >= column_end_ ? column_start_ : column_ + 1;
      }
    } else if (++column_ > column_end_) {
      column_ = column_start_;
      row_ = row_ >= row_end_ ? row_start_ : row_ + 1;
    }
  }

  PanelBus spi_bus() { return spi_bus_of(*this); }

 private:
  static int arguments_of(std::uint8_t byte) {
    switch (byte) {
      case 0x15: case 0x75: return 2;
      case 0x81: case 0xA0: case 0xA1: case 0xA2: case 0xA8: case 0xAD: case 0xB0: case 0xB1: case 0xB2:
      case 0xB3: case 0xB4: case 0xBC: case 0xBD: case 0xBE: case 0xBF:
        return 1;
      case 0x84: case 0x85: case 0x86: case 0xA4: case 0xA5: case 0xA6: case 0xA7: case 0xAE: case 0xAF:
      case 0xE3:
        return 0;
      case 0xB8: return 8;
      default: return -1;
    }
  }

  void execute() {
    switch (commands_.opcode) {
      case 0x15:
        column_start_ = column_ = commands_.arguments[0] % kRowBytes;
        column_end_ = commands_.arguments[1] % kRowBytes;
        break;
      case 0x75:
        row_start_ = row_ = commands_.arguments[0] % kRows;
        row_end_ = commands_.arguments[1] % kRows;
        break;
      case 0xA0:
        remap_ = commands_.arguments[0];
        break;
      case 0xAE:
      case 0xAF:
        display_on_ = commands_.opcode == 0xAF;
        break;
      default:
        break;
    }
  }

  std::uint8_t ram_[kRows][kRowBytes] = {};
  BusCounters counters_;
  int column_ = 0;
  int row_ = 0;
  int column_start_ = 0;
  int column_end_ = 63;
  int row_start_ = 0;
  int row_end_ = 79;
  std::uint8_t remap_ = 0;
  bool display_on_ = false;
  CommandStream commands_;
};

/// An RGB565 controller with the MIPI DCS command set (ST7735, ST7789,
/// ILI9341), from the shared part of their command tables. Commands arrive
/// with D/C low; their parameters, and RAMWR's pixels, with D/C high:
///
///   01h SWRESET   11h SLPOUT   10h SLPIN   13h NORON   20h/21h INVOFF/INVON
///   28h/29h DISPOFF/DISPON   00h NOP
///   2Ah CASET xs (16 bits, big-endian), xe   2Bh RASET ys, ye   (inclusive)
///   2Ch RAMWR: 2 bytes per pixel (RGB565, high byte first), filling the
///       window row by row from (xs, ys), wrapping inside it
///   36h MADCTL m   3Ah COLMOD c
///
/// RAM is kWidth x kHeight pixels (small, for the microbit's 16 KB); a pixel
/// outside it counts as an overrun.
template <int kWidth, int kHeight>
class DcsModel {
 public:
  std::uint16_t pixel(int x, int y) const { return ram_[y][x]; }
  bool display_on() const { return display_on_; }
  bool sleeping() const { return sleeping_; }
  int colmod() const { return colmod_; }
  int unknown_commands() const { return unknown_; }
  int overruns() const { return overruns_; }
  BusCounters& counters() { return counters_; }
  void fill(std::uint16_t value) {
    for (auto& row : ram_) {
      for (auto& p : row) p = value;
    }
  }

  void command(std::uint8_t byte) {
    opcode_ = byte;
    parameters_ = 0;
    half_ = -1;
    switch (byte) {
      case 0x00: case 0x13: case 0x20: case 0x21: case 0x2A: case 0x2B: case 0x36: case 0x3A:
        break;
      case 0x01:
        display_on_ = false;
        sleeping_ = true;
        break;
      case 0x10: sleeping_ = true; break;
      case 0x11: sleeping_ = false; break;
      case 0x28: display_on_ = false; break;
      case 0x29: display_on_ = true; break;
      case 0x2C:
        x_ = x_start_;
        y_ = y_start_;
        break;
      default:
        ++unknown_;
        break;
    }
  }

  void data(std::uint8_t byte) {
    switch (opcode_) {
      case 0x2A:
      case 0x2B: {
        if (parameters_ >= 4) return;
        argument_[parameters_++] = byte;
        if (parameters_ == 4) {
          const int from = (argument_[0] << 8) | argument_[1];
          const int to = (argument_[2] << 8) | argument_[3];
          if (opcode_ == 0x2A) {
            x_start_ = from;
            x_end_ = to;
          } else {
            y_start_ = from;
            y_end_ = to;
          }
        }
        return;
      }
      case 0x3A:
        colmod_ = byte;
        return;
      case 0x2C:
        if (half_ < 0) {
          half_ = byte;
          return;
        }
        if (x_ < kWidth && y_ < kHeight) {
          ram_[y_][x_] = static_cast<std::uint16_t>((half_ << 8) | byte);
        } else {
          ++overruns_;
        }
        half_ = -1;
        if (++x_ > x_end_) {
          x_ = x_start_;
          y_ = y_ >= y_end_ ? y_start_ : y_ + 1;
        }
        return;
      default:
        return;
    }
  }

 private:
  std::uint16_t ram_[static_cast<std::size_t>(kHeight)][static_cast<std::size_t>(kWidth)] = {};
  BusCounters counters_;
  std::uint8_t opcode_ = 0;
  std::uint8_t argument_[4] = {};
  int parameters_ = 0;
  int half_ = -1;
  int x_start_ = 0, x_end_ = kWidth - 1, y_start_ = 0, y_end_ = kHeight - 1;
  int x_ = 0, y_ = 0;
  int colmod_ = 0x66;
  bool display_on_ = false;
  bool sleeping_ = true;
  int unknown_ = 0;
  int overruns_ = 0;
};

/// The one DcsModel<kWidth, kHeight> of a test program, RAM filled with `fill`.
template <int kWidth, int kHeight>
DcsModel<kWidth, kHeight>& fresh_dcs(std::uint16_t fill) {
  using Model = DcsModel<kWidth, kHeight>;
  alignas(Model) static unsigned char storage[sizeof(Model)];
  Model& model = *new (storage) Model();
  model.fill(fill);
  return model;
}

/// The one SSD1306/SH1106 model of a test program (static storage: the
/// microbit's stack has no room for it), RAM filled with noise as at power-up.
inline Ssd1306Model& fresh_ssd1306(Ssd1306Model::Kind kind, std::uint8_t noise = 0xA5) {
  alignas(Ssd1306Model) static unsigned char storage[sizeof(Ssd1306Model)];
  Ssd1306Model& model = *new (storage) Ssd1306Model(kind);
  model.fill(noise);
  return model;
}

/// The one SSD0323 model of a test program (5 KB of RAM: the microbit has
/// room for one), reset, RAM filled with `noise` as at power-up.
inline Ssd0323Model& fresh_ssd0323(std::uint8_t noise = 0x5A) {
  alignas(Ssd0323Model) static unsigned char storage[sizeof(Ssd0323Model)];
  Ssd0323Model& model = *new (storage) Ssd0323Model();
  model.fill(noise);
  return model;
}

}  // namespace panel_model
