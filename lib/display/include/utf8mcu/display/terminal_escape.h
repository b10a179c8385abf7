#pragma once
/// @file
/// The Terminal's escape parser, apart from the cell grid it acts on, and
/// NoEscapes, the parser of a plain console (CR, LF, BS, TAB, FF and UTF-8
/// only: ESC is drawn as a hex box like any other control).
///
/// A parser sees every code point before the layout does. take() keeps the
/// ones that belong to a sequence (and ESC, CSI) and returns true; at the end
/// of a sequence it acts on a screen through these calls, which CellGrid
/// has:
///
///     void move_cursor(int column, int row);     // clamped to the grid
///     void move_cursor_by(int columns, int rows);
///     void erase_in_display(int mode);           // CSI n J
///     void erase_in_line(int mode);              // CSI n K
///     void set_cursor_visible(bool visible);     // CSI ? 25 h / l
///     void clear();                              // ESC c
///
/// Sequences (docs/display.md has the table): `ESC % G` / `ESC % @` (UTF-8 /
/// ISO-8859-1 for the bytes that follow), CSI H/f, A/B/C/D, J, K,
/// `CSI ? 25 h/l`, ESC c act; every other ESC, CSI and string sequence (OSC,
/// DCS, SOS, PM, APC, until BEL or ST, at most kMaxStringSequence code
/// points) is consumed; CAN and SUB cancel one; other C0 controls act inside
/// an ESC or CSI sequence; a code point above U+007E ends one and is text.
/// RAM: 8 bytes.

#include <cstdint>

namespace utf8mcu::display {

/// ECMA-48 / VT100 escape sequences for a Terminal (see the file comment).
class EscapeParser {
 public:
  static constexpr bool kEnabled = true;
  /// Longest string sequence (OSC, DCS, ...) consumed before it is ended
  /// without its terminator, so that a stray `ESC ]` cannot hide text forever.
  static constexpr std::uint16_t kMaxStringSequence = 256;

  /// Takes `code_point` if it is part of an escape sequence (acting on
  /// `screen` when one ends) and returns true; false for text and for the
  /// controls the layout handles. A few compares per code point.
  template <typename Screen>
  bool take(char32_t code_point, Screen& screen) noexcept {
    if (state_ != State::kGround && !continue_sequence(code_point, screen)) return true;
    if (code_point == 0x1B) {
      state_ = State::kEscape;
      return true;
    }
    if (code_point == 0x9B) {
      start_csi();
      return true;
    }
    return false;
  }

  /// True after `ESC % @` (bytes are ISO-8859-1) until `ESC % G` or ESC c.
  [[nodiscard]] bool latin1() const noexcept { return (flags_ & kLatin1) != 0; }

 private:
  static constexpr std::uint8_t kLatin1 = 1u << 0;      // bytes are ISO-8859-1
  static constexpr std::uint8_t kCsiPlain = 1u << 1;    // the CSI has no private marker or intermediate
  static constexpr std::uint8_t kCsiPrivate = 1u << 2;  // the CSI began with '?'
  static constexpr std::uint8_t kCsiStarted = 1u << 3;  // the CSI has a byte after its introducer

  enum class State : std::uint8_t {
    kGround,
    kEscape,              // after ESC
    kEscapeIntermediate,  // ESC, then 20h-2Fh bytes, until a final byte
    kCharset,             // ESC %
    kCsi,                 // ESC [ or U+009B
    kString,              // OSC, DCS, SOS, PM, APC: until BEL or ST
    kStringEscape,        // ESC inside a string (ST is ESC \)
  };

  void start_csi() noexcept {
    state_ = State::kCsi;
    parameters_[0] = 0;
    parameters_[1] = 0;
    parameter_count_ = 0;
    flags_ = static_cast<std::uint8_t>((flags_ | kCsiPlain) & ~(kCsiPrivate | kCsiStarted));
  }

  // Takes `code_point` inside a sequence; returns true if it ended the
  // sequence without being part of it (it is then handled as ground text).
  template <typename Screen>
  bool continue_sequence(char32_t code_point, Screen& screen) noexcept {
    if (code_point == 0x18 || code_point == 0x1A) {  // CAN, SUB: cancel
      state_ = State::kGround;
      return false;
    }
    if (state_ == State::kString) {
      // A string has no parameters: the first one counts its length.
      if (code_point == 0x07 || code_point == 0x9C || ++parameters_[0] > kMaxStringSequence) {
        state_ = State::kGround;  // BEL or ST end it; so does its length limit
      } else if (code_point == 0x1B) {
        state_ = State::kStringEscape;
      }
      return false;
    }
    if (state_ == State::kStringEscape) {
      if (code_point == U'\\') {
        state_ = State::kGround;
        return false;
      }
      state_ = State::kEscape;  // the ESC began a new sequence
    }
    if (code_point == 0x1B) {
      state_ = State::kEscape;
      return false;
    }
    if (code_point < 0x20) return true;  // other C0 controls act inside sequences
    if (code_point > 0x7E) {             // not part of any sequence: end it
      state_ = State::kGround;
      return true;
    }
    const auto byte = static_cast<std::uint8_t>(code_point);
    if (state_ == State::kCsi) {
      csi(byte, screen);
      return false;
    }
    if (state_ == State::kEscape) {
      if (byte == '[') {
        start_csi();
        return false;
      }
      // ']' 'P' 'X' '^' '_' (OSC, DCS, SOS, PM, APC) as bits 13, 0, 8, 14, 15 from 'P'.
      const unsigned from_p = unsigned{byte} - unsigned{'P'};
      if (from_p < 16u && ((0xE101u >> from_p) & 1u) != 0) {
        state_ = State::kString;
        parameters_[0] = 0;
        return false;
      }
      if (byte == '%') {
        state_ = State::kCharset;
        return false;
      }
      if (byte == 'c') {  // reset to the initial state (the cursor's visibility is the application's)
        screen.clear();
        flags_ = static_cast<std::uint8_t>(flags_ & ~kLatin1);
      }
    } else if (state_ == State::kCharset) {
      if (byte == 'G') flags_ = static_cast<std::uint8_t>(flags_ & ~kLatin1);
      if (byte == '@') flags_ = static_cast<std::uint8_t>(flags_ | kLatin1);
    }
    // Any other ESC, ESC % or ESC intermediate sequence: an intermediate byte
    // (20h-2Fh) keeps it open, a final byte ends it.
    state_ = byte < 0x30 ? State::kEscapeIntermediate : State::kGround;
    return false;
  }

  template <typename Screen>
  void csi(std::uint8_t byte, Screen& screen) noexcept {
    const bool first = (flags_ & kCsiStarted) == 0;
    flags_ = static_cast<std::uint8_t>(flags_ | kCsiStarted);
    if (byte >= '0' && byte <= '9') {
      if (parameter_count_ < 2) {
        std::uint16_t& value = parameters_[parameter_count_];
        value = static_cast<std::uint16_t>(value >= 1000 ? 9999 : value * 10 + (byte - '0'));
      }
      return;
    }
    if (byte == ';') {
      if (parameter_count_ < 2) ++parameter_count_;
      return;
    }
    if (byte == '?' && first) {  // a DEC private mode sequence
      flags_ = static_cast<std::uint8_t>(flags_ | kCsiPrivate);
      return;
    }
    if (byte < 0x40) {  // ':' '<' '=' '>' '?' and intermediates: a sequence this console does not act on
      flags_ = static_cast<std::uint8_t>(flags_ & ~kCsiPlain);
      return;
    }
    state_ = State::kGround;
    if ((flags_ & kCsiPlain) == 0) return;
    if ((flags_ & kCsiPrivate) != 0) {
      // DECTCEM: CSI ? 25 h shows the cursor, CSI ? 25 l hides it.
      if ((byte == 'h' || byte == 'l') && parameter_count_ == 0 && parameters_[0] == 25) {
        screen.set_cursor_visible(byte == 'h');
      }
      return;
    }
    csi_final(byte, screen);
  }

  // Parameter `n` (0 or 1), or `fallback` if absent or 0.
  int parameter(int n, int fallback) const noexcept { return parameters_[n] == 0 ? fallback : parameters_[n]; }

  // The final byte of a plain CSI sequence: one call per action, the four
  // cursor moves as one through their directions (smaller than a switch).
  template <typename Screen>
  void csi_final(std::uint8_t byte, Screen& screen) noexcept {
    const unsigned move = byte - 'A';  // A B C D: up, down, right, left
    if (move < 4) {
      const int count = parameter(0, 1);
      const int steps = move == 0 || move == 3 ? -count : count;
      const bool across = move >= 2;
      screen.move_cursor_by(across ? steps : 0, across ? 0 : steps);
    } else if (byte == 'H' || byte == 'f') {
      screen.move_cursor(parameter(1, 1) - 1, parameter(0, 1) - 1);
    } else if (byte == 'J') {
      screen.erase_in_display(parameters_[0]);
    } else if (byte == 'K') {
      screen.erase_in_line(parameters_[0]);
    }
    // Anything else is consumed: SGR, modes, scrolling regions... do nothing here.
  }

  std::uint16_t parameters_[2] = {0, 0};  // a string sequence's length in [0]
  State state_ = State::kGround;
  std::uint8_t parameter_count_ = 0;
  std::uint8_t flags_ = kCsiPlain;
};

/// The parser of a plain console: takes nothing, so ESC and CSI are drawn
/// as hex boxes and bytes are always UTF-8. No RAM of its own (the empty
/// class's byte).
struct NoEscapes {
  static constexpr bool kEnabled = false;
  template <typename Screen>
  constexpr bool take(char32_t /*code_point*/, Screen& /*screen*/) noexcept {
    return false;
  }
  [[nodiscard]] constexpr bool latin1() const noexcept { return false; }
};

}  // namespace utf8mcu::display
