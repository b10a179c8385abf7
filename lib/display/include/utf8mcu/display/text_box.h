#pragma once
/// @file
/// A text box: word-wrapped, clipped text in a rectangle of a surface, drawn
/// code point by code point as it arrives. A TextBox is a decoder sink:
///
///     utf8mcu::Decoder decoder;
///     TextBox box(framebuffer, font, {0, 0, 128, 64}, kLitOnDark);
///     decoder.push(byte_from_uart, box);   // draws as bytes arrive
///
/// The layout sees only whole code points (from the decoder), so no UTF-8
/// sequence is ever split, whatever the wrap position.
///
/// Layout rules:
///   - Lines are as high as the font or font chain needs (16 rows for
///     Unifont, 13 for 6x13 ...); the pen advances by each code point's
///     advance (the glyph's, a hex box's, 0 for marks and ignorables).
///   - Break opportunities: after U+0020 SPACE, U+0009 TAB and U+200B ZERO
///     WIDTH SPACE, and before and after a wide character (CJK ideographs and
///     kana may break anywhere). A space that does not fit ends the line and
///     is dropped, as are spaces at the start of a wrapped line.
///   - Word wrap: when a character does not fit, the word it belongs to
///     (characters since the last break opportunity) moves to the next line if
///     it fits there; a word that does not fit a whole line is broken at that
///     code point boundary. Characters of a word are drawn at once, so text
///     shows as it streams in; a moved word is erased and drawn again.
///     Combining marks never start a line: no break falls before them.
///   - Line breaks: U+000A LF, U+000B VT, U+000C FF, U+0085 NEL, U+2028 LINE
///     SEPARATOR, U+2029 PARAGRAPH SEPARATOR. U+000D CR is ignored, so CR LF
///     is one break.
///   - TAB moves to the next multiple of 32 pixels (4 cells) from the left edge.
///   - Other controls (C0, DEL, C1) are drawn as hex boxes, so stray bytes
///     on a serial line are visible; everything else as render.h says.
///   - Clipping: nothing is drawn outside the box; lines below it are dropped
///     (overflowed() tells).
///
/// Cost: sizeof(TextBox) is 4 * kWordCapacity + 64 bytes on Cortex-M (192 for
/// the default 32); no heap; each code point costs a glyph lookup per font tried and
/// the pixels of its glyph, except when a word moves (its characters are drawn
/// again, at most kWordCapacity of them).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/display/render.h"

namespace utf8mcu::display {

namespace detail {

/// Characters that must not start a line (kinsoku): the Unicode line break
/// classes CL, CP, EX, IS, NS and CJ (small kana, which strict Japanese line
/// breaking treats as NS) in the blocks of kKinsokuBlocks.
inline constexpr char16_t kNoBreakBefore[] = {
    u'!', u')', u',', u'.', u':', u';', u'?', u']', u'}',
    0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301C,
    0x301E, 0x301F, 0x303B, 0x303C,
    0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x309B,
    0x309C, 0x309D, 0x309E,
    0x30A0, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
    0x30FB, 0x30FC, 0x30FD, 0x30FE,
    0xFE10, 0xFE11, 0xFE12, 0xFE13, 0xFE14, 0xFE15, 0xFE16, 0xFE18,
    0xFE36, 0xFE38, 0xFE3A, 0xFE3C, 0xFE3E, 0xFE40, 0xFE42, 0xFE44, 0xFE48,
    0xFE50, 0xFE52, 0xFE54, 0xFE55, 0xFE56, 0xFE57, 0xFE5A, 0xFE5C, 0xFE5E,
    0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64,
    0xFF65, 0xFF67, 0xFF68, 0xFF69, 0xFF6A, 0xFF6B, 0xFF6C, 0xFF6D, 0xFF6E, 0xFF6F, 0xFF70, 0xFF9E, 0xFF9F,
};

/// Where kinsoku characters are, each span a multiple of 32 code points:
/// printable ASCII; CJK Symbols and Punctuation, Hiragana, Katakana; Vertical
/// Forms, CJK Compatibility Forms, Small Form Variants; halfwidth and
/// fullwidth forms up to U+FF9F.
struct KinsokuBlock {
  std::uint16_t first;
  std::uint16_t end;  // one past the last
};
inline constexpr KinsokuBlock kKinsokuBlocks[] = {{0x0020, 0x0080}, {0x3000, 0x3100}, {0xFE10, 0xFE70}, {0xFF00, 0xFFA0}};
inline constexpr unsigned kKinsokuWords = (0x60 + 0x100 + 0x60 + 0xA0) / 32;

/// One bit per code point of the blocks, in order: smaller than a switch over
/// the characters, and one test for any of them.
struct KinsokuBits {
  std::uint32_t words[kKinsokuWords];
};
constexpr KinsokuBits make_kinsoku_bits() noexcept {
  KinsokuBits bits{};
  for (const char16_t code_point : kNoBreakBefore) {
    std::uint32_t offset = 0;
    for (const KinsokuBlock& block : kKinsokuBlocks) {
      if (code_point >= block.first && code_point < block.end) {
        const std::uint32_t bit = offset + static_cast<std::uint32_t>(code_point - block.first);
        bits.words[bit >> 5] |= std::uint32_t{1} << (bit & 31u);
        break;
      }
      offset += static_cast<std::uint32_t>(block.end - block.first);
    }
  }
  return bits;
}
inline constexpr KinsokuBits kKinsokuBits = make_kinsoku_bits();

}  // namespace detail

/// True for punctuation that must not start a line (kinsoku: detail::kNoBreakBefore,
/// checked against LineBreak.txt by display_width_vs_python). A break before
/// it is moved before the character it follows. A few compares and one bit test.
constexpr bool no_break_before(char32_t code_point) noexcept {
  std::uint32_t offset = 0;
  for (const detail::KinsokuBlock& block : detail::kKinsokuBlocks) {
    if (code_point < block.first) return false;
    if (code_point < block.end) {
      const std::uint32_t bit = offset + (code_point - block.first);
      return ((detail::kKinsokuBits.words[bit >> 5] >> (bit & 31u)) & 1u) != 0;
    }
    offset += static_cast<std::uint32_t>(block.end - block.first);
  }
  return false;
}

/// Pen position: the top-left corner of where the next character goes.
struct Cursor {
  int x;
  int y;
};

/// Word-wrapping text box; a code point sink. `kWordCapacity` code points of
/// the current word are kept (4 bytes each) so the word can move to the next
/// line: a box of W pixels needs W / 8 of them for any word that fits a line
/// to move whole (32 covers 256 pixels). Longer words break where the line is
/// full.
template <typename Surface, std::size_t kWordCapacity = 32>
class TextBox {
 public:
  using Color = typename Surface::Color;
  static_assert(kWordCapacity > 0 && kWordCapacity <= 0xFFFF, "word buffer of 1 to 65535 code points");

  /// A box at `area` of `surface` (the area may lie partly or wholly outside
  /// the surface; drawing is clipped to both). Draws nothing until text comes.
  /// `fonts`: one Font, or a FontChain (fallback fonts, one line height).
  TextBox(Surface& surface, const FontChain& fonts, const Rect& area, const TextStyle<Color>& style) noexcept
      : surface_(surface), fonts_(fonts), style_(style), clip_(clip_of(area)) {
    home();
  }

  /// Sink interface: lays out and draws one code point.
  void operator()(char32_t code_point) noexcept { put(code_point); }

  /// Lays out and draws one code point. Out of line: a decoder calls its
  /// sink from several places, and a copy at each would bloat the image.
  __attribute__((noinline)) void put(char32_t code_point) noexcept {
    // The usual character, one a font has a glyph for: straight to it.
    if (plain(code_point)) {
      bool wide = false;
      const Glyph glyph = fonts_.find(code_point, &wide);
      if (glyph.found()) {
        put_glyph(glyph, code_point, wide);
        return;
      }
    }
    put_other(code_point);
  }

  /// Fills the box with the background colour and moves the pen home.
  void clear() noexcept {
    surface_.fill_rect(clip_.left, clip_.top, clip_.right - clip_.left, clip_.bottom - clip_.top, style_.background);
    home();
  }

  /// Moves the pen to the top-left corner; keeps what is drawn.
  void home() noexcept {
    pen_ = Cursor{clip_.left, clip_.top};
    word_length_ = 0;
    word_x_ = clip_.left;
    word_overflow_ = false;
    skip_spaces_ = false;
    break_after_ = false;
    overflowed_ = false;
  }

  /// Where the next character goes.
  Cursor cursor() const noexcept { return pen_; }

  /// True once text was cut off at the bottom of the box (since home()).
  bool overflowed() const noexcept { return overflowed_; }

  /// A C-style sink for this box, e.g. for a decoder chosen at run time.
  CodePointCallback callback() noexcept { return CodePointCallback{&TextBox::put_thunk, this}; }

 private:
  static void put_thunk(void* context, char32_t code_point) { static_cast<TextBox*>(context)->put(code_point); }

  int line_width() const noexcept { return clip_.right - clip_.left; }

  // Not a line break, space, tab, control or ZERO WIDTH SPACE, and a
  // Unicode scalar value: drawn as its font glyph if any (the text path's
  // common case, tested first).
  static constexpr bool plain(char32_t code_point) noexcept {
    if (code_point - 0x21u < 0x7Fu - 0x21u) return true;  // printable ASCII
    return code_point >= 0xA0 && code_point != 0x200B && (code_point | 1u) != 0x2029 && is_scalar_value(code_point) &&
           !detail::is_skin_tone_modifier(code_point);
  }

  // A glyph from the fonts (as FontChain::find() places it on the line).
  void put_glyph(const Glyph& glyph, char32_t code_point, bool wide) noexcept {
    if (glyph.advance == 0) {
      // A combining mark stays with the character before it.
      remember(code_point);
      draw_glyph_here(glyph, true);
      return;
    }
    // Closing punctuation stays with the character before it (kinsoku).
    if ((wide || break_after_) && !no_break_before(code_point)) end_word();
    make_room(glyph.advance);
    remember(code_point);
    draw_glyph_here(glyph, false);
    pen_.x += glyph.advance;
    break_after_ = wide;
  }

  // Everything else: breaks, spaces, controls, code points without a glyph.
  void put_other(char32_t code_point) noexcept {
    switch (code_point) {
      case U'\n':
      case 0x0B:
      case 0x0C:
      case 0x85:
      case 0x2028:
      case 0x2029:
        end_word();
        new_line();
        skip_spaces_ = false;
        return;
      case U'\r':
        return;
      case U' ':
        put_space();
        return;
      case U'\t':
        put_tab();
        return;
      case 0x200B:
        end_word();
        return;
      default:
        break;
    }
    const Appearance look = appearance_of(fonts_, code_point);
    if (look.rendering == Rendering::kGlyph) {
      put_glyph(look.glyph, look.code_point, look.width_class == WidthClass::kWide);
    } else if (look.rendering == Rendering::kHexBox) {
      // A glyph too, wide: it breaks before and after.
      const HexBox box = make_hex_box(look.code_point, look.line_height, look.baseline);
      put_glyph(box.glyph(), look.code_point, true);
    }
  }

  void put_space() noexcept {
    end_word();
    if (skip_spaces_) return;
    // The space glyph as put() draws glyphs; a hex box if no font has one.
    const Glyph glyph = fonts_.find(U' ');
    const int advance = glyph.found() ? glyph.advance : hex_box_advance(U' ', fonts_.line_height());
    if (pen_.x + advance > clip_.right) {
      wrap();
      return;
    }
    if (glyph.found()) {
      draw_glyph_here(glyph, advance == 0);
    } else {
      draw_here(appearance_of(fonts_, U' '));
    }
    pen_.x += advance;
  }

  void put_tab() noexcept {
    end_word();
    if (skip_spaces_) return;
    const int tab_stop = 4 * (fonts_.cell_width() > 0 ? fonts_.cell_width() : 1);
    const int stop = clip_.left + ((pen_.x - clip_.left) / tab_stop + 1) * tab_stop;
    if (stop > clip_.right) {
      wrap();
      return;
    }
    surface_.fill_rect(pen_.x, visible_top(), stop - pen_.x, visible_height(), style_.background);
    pen_.x = stop;
  }

  // Makes room on the line for a character `advance` pixels wide that is
  // about to be drawn at the pen, wrapping first if needed.
  void make_room(int advance) noexcept {
    if (pen_.x + advance > clip_.right && pen_.x > clip_.left) {
      const int word_width = pen_.x - word_x_;
      if (word_length_ > 0 && !word_overflow_ && word_x_ > clip_.left && word_width + advance <= line_width()) {
        move_word_to_next_line();
      } else {
        new_line();
        word_length_ = 0;
        word_overflow_ = false;
      }
    }
    skip_spaces_ = false;
    if (word_length_ == 0 && !word_overflow_) word_x_ = pen_.x;
  }

  // Out of line: rare, and make_room() stays small enough to inline.
  __attribute__((noinline)) void move_word_to_next_line() noexcept {
    surface_.fill_rect(word_x_, visible_top(), pen_.x - word_x_, visible_height(), style_.background);
    new_line();
    word_x_ = pen_.x;
    for (std::size_t i = 0; i < word_length_; ++i) {
      const Appearance look = appearance_of(fonts_, word_[i]);
      draw_here(look);
      pen_.x += look.advance;
    }
  }

  void remember(char32_t code_point) noexcept {
    if (word_length_ < kWordCapacity) {
      word_[word_length_++] = code_point;
    } else {
      word_overflow_ = true;  // too long to move: it will break where the line is full
    }
  }

  void end_word() noexcept {
    word_length_ = 0;
    word_overflow_ = false;
    break_after_ = false;
  }

  // A line break caused by the layout (not by the text).
  void wrap() noexcept {
    new_line();
    skip_spaces_ = true;
  }

  void new_line() noexcept {
    pen_.x = clip_.left;
    // Stop counting once below the box, so that endless text cannot overflow.
    if (pen_.y < clip_.bottom) pen_.y += fonts_.line_height();
  }

  void draw_here(const Appearance& look) noexcept {
    if (pen_.y + fonts_.line_height() > clip_.bottom) overflowed_ = true;
    draw_appearance(surface_, look, pen_.x, pen_.y, clip_, style_);
  }

  void draw_glyph_here(const Glyph& glyph, bool transparent) noexcept {
    if (pen_.y + fonts_.line_height() > clip_.bottom) overflowed_ = true;
    draw_glyph(surface_, glyph, pen_.x, pen_.y, clip_, style_, transparent);
  }

  // The current line, clipped to the box (for fill_rect).
  int visible_top() const noexcept { return pen_.y > clip_.top ? pen_.y : clip_.top; }
  int visible_height() const noexcept {
    const int bottom = pen_.y + fonts_.line_height() < clip_.bottom ? pen_.y + fonts_.line_height() : clip_.bottom;
    return bottom - visible_top();
  }

  Surface& surface_;
  FontChain fonts_;
  TextStyle<Color> style_;
  Clip clip_;
  Cursor pen_{0, 0};
  int word_x_ = 0;               // where the current word starts on this line
  std::size_t word_length_ = 0;  // code points in word_
  bool word_overflow_ = false;   // the word outgrew word_
  bool skip_spaces_ = false;     // just wrapped: drop spaces until a character
  bool break_after_ = false;     // a wide character ended: break before the next one
  bool overflowed_ = false;
  char32_t word_[kWordCapacity] = {};
};

}  // namespace utf8mcu::display
