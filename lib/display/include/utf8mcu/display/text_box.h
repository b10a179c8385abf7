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
/// Layout rules (the steps of layout.h; (e), placement in pixels with word
/// wrap, is TextBox's own):
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
///   - Controls have the meanings layout.h gives them: LF, VT, NEL, U+2028
///     and U+2029 break the line; FF starts a new page (clears the box, pen
///     home); CR goes to the start of the line (so CR LF is one break); BS
///     moves back over the last character or space of the line, once,
///     erasing nothing (the next character is drawn over it); TAB moves to
///     the next multiple of 4 cells of the first font from the left edge.
///   - Other controls (C0, DEL, C1) are drawn as hex boxes, so stray bytes
///     on a serial line are visible; everything else as render.h says.
///   - Clipping: nothing is drawn outside the box; lines below it are dropped
///     (overflowed() tells).
///
/// These are the basic rules (BasicTextRules). Unicode's rules, grapheme
/// clusters as units and UAX #14 line breaks with soft hyphens, are the
/// opt-in UnicodeTextRules of text_box_unicode.h (utf8mcu::text's tables).
///
/// On a panel without a framebuffer, draw_text_to_panel() (below) lays the
/// text out once per page strip (page_strip.h).
///
/// Cost: sizeof(TextBox) is 4 * kWordCapacity bytes of code points plus the
/// box's own few words (docs/display.md, "Layout", has the figures); no heap; each code point costs a glyph lookup per font tried and
/// the pixels of its glyph, except when a word moves (its characters are drawn
/// again, at most kWordCapacity of them).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/page_strip.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/render.h"

namespace utf8mcu::display {

/// Pen position: the top-left corner of where the next character goes.
struct Cursor {
  int x;
  int y;
};

/// The rules of the file comment: units of a character and its marks, breaks
/// by layout.h's BreakRules. A TextBox's third template argument.
struct BasicTextRules {};

/// Word-wrapping text box; a code point sink. `kWordCapacity` code points of
/// the current word are kept (4 bytes each) so the word can move to the next
/// line: a box of W pixels needs W / 8 of them for any word that fits a line
/// to move whole (32 covers 256 pixels). Longer words break where the line is
/// full. `Rules`: BasicTextRules here; UnicodeTextRules (text_box_unicode.h)
/// selects the Unicode box.
template <typename Surface, std::size_t kWordCapacity = 32, typename Rules = BasicTextRules>
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

  /// Ends the text. The basic rules decide everything as code points come,
  /// so nothing is pending: this does nothing (the Unicode rules need it).
  void finish() noexcept {}

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
    breaks_.reset();
    overflowed_ = false;
    last_advance_ = 0;
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
      // A combining mark stays with the character before it (step (a)).
      remember(code_point);
      draw_glyph_here(glyph, true);
      return;
    }
    // Step (b); closing punctuation stays with the character before it (kinsoku).
    if (breaks_.break_before(code_point, wide)) end_word(wide);
    make_room(glyph.advance);
    remember(code_point);
    draw_glyph_here(glyph, false);
    pen_.x += glyph.advance;
    last_advance_ = glyph.advance;
  }

  // Everything else: controls, spaces, code points without a glyph.
  void put_other(char32_t code_point) noexcept {
    switch (control_of(code_point)) {
      case Control::kLineBreak:
        end_word();
        new_line();
        skip_spaces_ = false;
        return;
      case Control::kFormFeed:
        clear();
        return;
      case Control::kCarriageReturn:
        end_word();
        pen_.x = clip_.left;
        last_advance_ = 0;
        return;
      case Control::kBackspace:
        back_space();
        return;
      case Control::kSpace:
        put_space();
        return;
      case Control::kTab:
        put_tab();
        return;
      case Control::kZeroWidthSpace:
        end_word();
        return;
      case Control::kNone:
        break;
    }
    const Appearance look = choose_glyph(fonts_, code_point);
    if (look.rendering == Rendering::kGlyph) {
      put_glyph(look.glyph, look.code_point, look.width_class == WidthClass::kWide);
    } else if (look.rendering == Rendering::kHexBox) {
      // A glyph too, wide: it breaks before and after.
      const HexBox box = make_hex_box(look.code_point, look.line_height, look.baseline);
      put_glyph(box.glyph(), look.code_point, true);
    }
  }

  // One unit back on the line, once: the pen moves back over it and the
  // word forgets it (its marks first); nothing is erased.
  __attribute__((noinline)) void back_space() noexcept {
    pen_.x = pen_.x - last_advance_ < clip_.left ? clip_.left : pen_.x - last_advance_;
    if (last_advance_ != 0) {
      while (word_length_ > 0 && UnitGrouper::continues_unit(choose_glyph(fonts_, word_[word_length_ - 1]))) --word_length_;
      if (word_length_ > 0) --word_length_;
    }
    last_advance_ = 0;
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
      draw_here(choose_glyph(fonts_, U' '));
    }
    pen_.x += advance;
    last_advance_ = static_cast<std::uint8_t>(advance);
  }

  void put_tab() noexcept {
    end_word();
    if (skip_spaces_) return;
    const int stop = next_tab_stop(pen_.x, clip_.left, 4 * fonts_.cell_width());
    if (stop > clip_.right) {
      wrap();
      return;
    }
    surface_.fill_rect(pen_.x, visible_top(), stop - pen_.x, visible_height(), style_.background);
    pen_.x = stop;
    last_advance_ = 0;  // BS does not go back over a tab
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
      const Appearance look = choose_glyph(fonts_, word_[i]);
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

  // A break opportunity: the word so far can no longer move. `wide`: the
  // unit that caused it is wide (the break rules remember it).
  void end_word(bool wide = false) noexcept {
    word_length_ = 0;
    word_overflow_ = false;
    if (!wide) breaks_.reset();
  }

  // A line break caused by the layout (not by the text).
  void wrap() noexcept {
    new_line();
    skip_spaces_ = true;
  }

  void new_line() noexcept {
    pen_.x = clip_.left;
    last_advance_ = 0;
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
  std::uint8_t last_advance_ = 0;  // of the last unit on this line (BS); 0 after BS, TAB, a line break
  bool overflowed_ = false;
  Clip clip_;
  Cursor pen_{0, 0};
  int word_x_ = 0;               // where the current word starts on this line
  std::size_t word_length_ = 0;  // code points in word_
  bool word_overflow_ = false;   // the word outgrew word_
  bool skip_spaces_ = false;     // just wrapped: drop spaces until a character
  BreakRules breaks_;            // step (b)
  char32_t word_[kWordCapacity] = {};
};

/// Draws UTF-8 `text` (`size` bytes; ill-formed parts become U+FFFD) in a
/// TextBox at `area` straight to `panel`, through one page strip of
/// `strip_size` bytes (page_strip.h): the text is laid out again for each
/// piece of each page, so a word-wrapped 128x64 screen on an SSD1306 takes a
/// 128-byte strip and no framebuffer. The picture equals the same TextBox
/// drawn into a MonoFramebuffer sent with flush_framebuffer(). Returns the
/// first failing status, kOk, or kBusError for a strip under 2 bytes. Cost:
/// the layout of the text once per strip piece (8 times on a 128x64 panel
/// with a 128-byte strip); RAM: the strip and a TextBox on the stack.
/// `Rules`: as TextBox's (UnicodeTextRules needs text_box_unicode.h).
template <typename Panel, std::size_t kWordCapacity = 32, typename Rules = BasicTextRules>
[[nodiscard]] PanelStatus draw_text_to_panel(Panel& panel, std::uint8_t* strip, std::size_t strip_size,
                                             const FontChain& fonts, const Rect& area, const char* text,
                                             std::size_t size, const TextStyle<bool>& style = kLitOnDark) noexcept {
  return draw_to_panel(panel, strip, strip_size, [&](PageStrip& page) {
    TextBox<PageStrip, kWordCapacity, Rules> page_box(page, fonts, area, style);
    Decoder decoder;
    for (std::size_t i = 0; text != nullptr && i < size; ++i) decoder.push(static_cast<std::uint8_t>(text[i]), page_box);
    decoder.finish(page_box);
    page_box.finish();
  });
}

}  // namespace utf8mcu::display
