#pragma once
/// @file
/// A paragraph box: right-to-left and mixed-direction text (Hebrew, Arabic,
/// Persian with Latin and digits) laid out a paragraph at a time. Such text
/// cannot be drawn as it streams: the paragraph direction (UAX #9 P2-P3) and
/// the embedding levels depend on the whole paragraph. So a ParagraphBox keeps
/// one paragraph's code points and, at its end, lays it out and draws it:
///
///     utf8mcu::Decoder decoder;
///     ParagraphBox<MonoFramebuffer, 64> box(framebuffer, font, {0, 0, 128, 64}, kLitOnDark);
///     decoder.push(byte_from_uart, box);   // a paragraph is drawn at its end
///     box.finish();                        // draws the paragraph still held
///
/// The steps of layout.h, each by Unicode's rules (utf8mcu::text):
///   (a) units: grapheme clusters (UAX #29), drawn through cluster.h, so a
///       haraka or niqqud sits over its letter;
///   (b) breaks: UAX #14 opportunities over the paragraph, in logical order;
///       mandatory ones (U+2028, VT) always break; a line is filled to the
///       last opportunity that fits; a word longer than the line breaks
///       between grapheme clusters; spaces at the end of a line hang (they
///       neither wrap nor count for the alignment);
///   (c) order: each line reordered by UAX #9 (levels of the whole paragraph,
///       L1-L2 per line); the characters X9 removes take no place;
///   (d) glyphs: brackets and other mirrored characters at odd levels drawn as
///       their Bidi_Mirroring_Glyph (L4), Arabic letters as their
///       presentation forms from the logical text (lam-alef as one ligature),
///       each only where the font has that glyph, else the base letter;
///   (e) placement: lines of the fonts' height from the top of the box,
///       right-to-left paragraphs aligned right, left-to-right ones left;
///       clipped to the box; lines below it are dropped (overflowed() tells).
///
/// A paragraph ends at a paragraph separator (LF, CR, CR LF as one, NEL,
/// U+2029, and FS, GS, RS, which UAX #9 counts as separators too), at
/// finish(), or when kCapacity code points are held and another arrives:
/// then the piece held is drawn as a paragraph of its own (its last line
/// ends there) and the rest continues in the direction the first piece had,
/// as BidiParagraph resolves an over-long paragraph in pieces. Other
/// controls: FF draws the paragraph held, then clears the box; BS takes back
/// the last grapheme cluster not yet drawn; TAB is a blank 4 cells of the
/// first font wide; C0 and C1 controls are drawn as hex boxes (render.h), so
/// stray bytes stay visible. An empty paragraph (LF LF) is a blank line.
///
/// On a panel without a framebuffer, draw_paragraphs_to_panel() (below) lays
/// the text out once per page strip (page_strip.h).
///
/// Cost: RAM sizeof(ParagraphBox<S, N>): 8 bytes per code point of N up to
/// 256 (9 above: the code point, the bidi type and level, break flags, a
/// visual index) plus BidiParagraph's fixed part (BidiParagraph::kFixedBytes
/// and its view of the paragraph) and the box's own few words; no heap
/// (docs/display.md, "Right-to-left paragraphs", has the figures). Work per paragraph: the breakers once over it,
/// UAX #9's resolve, and per grapheme cluster its glyph lookups twice (to
/// measure, then to draw). Needs utf8mcu::text (link it; its bidi, joining,
/// grapheme and line break tables are linked).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/cluster.h"
#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/page_strip.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/render.h"
#include "utf8mcu/text/bidi.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/joining.h"
#include "utf8mcu/text/line_break.h"

namespace utf8mcu::display {

/// Box that lays out and draws whole paragraphs (bidi, Arabic joining, UAX #14
/// line breaks); a code point sink. `kCapacity` code points of one paragraph
/// are held (at most 65535).
template <typename Surface, std::size_t kCapacity = 64>
class ParagraphBox {
 public:
  using Color = typename Surface::Color;
  static_assert(kCapacity > 0 && kCapacity <= 0xFFFF, "a paragraph of 1 to 65535 code points");

  /// A box at `area` of `surface` (drawing is clipped to both); paragraphs
  /// take `direction` (kAuto: P2-P3, each paragraph by its first strong
  /// character). Draws nothing until a paragraph ends.
  ParagraphBox(Surface& surface, const FontChain& fonts, const Rect& area, const TextStyle<Color>& style,
               text::BidiDirection direction = text::BidiDirection::kAuto) noexcept
      : surface_(surface), fonts_(fonts), style_(style), clip_(clip_of(area)), direction_(direction) {
    home();
  }

  /// Sink interface: takes one code point.
  void operator()(char32_t code_point) noexcept { put(code_point); }

  /// Takes one code point; draws the paragraph it ends, if any. Out of line,
  /// as TextBox::put(): a decoder calls its sink from several places.
  __attribute__((noinline)) void put(char32_t code_point) noexcept {
    if (after_cr_) {
      after_cr_ = false;
      if (code_point == U'\n') return;  // CR LF: one separator
    }
    if (!is_scalar_value(code_point)) code_point = kReplacementCharacter;
    switch (code_point) {
      case U'\r':
        after_cr_ = true;
        end_paragraph();
        return;
      case U'\n':
      case 0x1C:
      case 0x1D:
      case 0x1E:
      case 0x85:
      case 0x2029:
        end_paragraph();
        return;
      case 0x0C:  // FF: a new page
        if (length_ > 0) lay_out();
        clear();
        return;
      case 0x08:
        take_back();
        return;
      default:
        break;
    }
    if (length_ == kCapacity) {
      lay_out();  // a piece of its own; the rest keeps its direction
      continued_ = bidi_.paragraph_direction();
      continuing_ = true;
    }
    text_[length_++] = code_point;
  }

  /// Draws the paragraph held (the text's end is a paragraph's end).
  void finish() noexcept {
    if (length_ > 0) end_paragraph();
  }

  /// Fills the box with the background colour, forgets the paragraph held
  /// and moves to the top line.
  void clear() noexcept {
    surface_.fill_rect(clip_.left, clip_.top, clip_.right - clip_.left, clip_.bottom - clip_.top, style_.background);
    home();
  }

  /// Forgets the paragraph held and moves to the top line; keeps what is drawn.
  void home() noexcept {
    length_ = 0;
    line_top_ = clip_.top;
    after_cr_ = false;
    continuing_ = false;
    overflowed_ = false;
  }

  /// The direction of the paragraphs to come.
  void set_direction(text::BidiDirection direction) noexcept { direction_ = direction; }

  /// Code points of the paragraph held, not drawn yet.
  std::size_t pending() const noexcept { return length_; }

  /// Top of the line the next paragraph starts on.
  int line_top() const noexcept { return line_top_; }

  /// True once a line was cut off at the bottom of the box (since home()).
  bool overflowed() const noexcept { return overflowed_; }

  /// A C-style sink for this box, e.g. for a decoder chosen at run time.
  CodePointCallback callback() noexcept { return CodePointCallback{&ParagraphBox::put_thunk, this}; }

 private:
  using Index = utf8mcu::detail::ConditionalT<(kCapacity <= 256), std::uint8_t, std::uint16_t>;
  // flags_ bits, per code point of the paragraph.
  static constexpr std::uint8_t kClusterStart = 1;  // a grapheme cluster starts here
  static constexpr std::uint8_t kMayBreak = 2;      // a UAX #14 opportunity lies before it
  static constexpr std::uint8_t kMustBreak = 4;     // a mandatory break lies before it
  // The most code points of one cluster handed to look_of_cluster().
  static constexpr std::size_t kMaxClusterCodePoints = text::kMaxGraphemeCodePoints;

  struct LineSpan {
    std::size_t end;  // where the next line starts
    int width;        // pixels of the line without the spaces that hang at its end
  };

  static void put_thunk(void* context, char32_t code_point) { static_cast<ParagraphBox*>(context)->put(code_point); }

  void end_paragraph() noexcept {
    lay_out();
    continuing_ = false;
  }

  // BS: the last grapheme cluster of the paragraph held goes.
  void take_back() noexcept {
    std::size_t last = 0;
    text::for_each_grapheme_break(text_, length_, [&](std::size_t boundary) {
      if (boundary < length_) last = boundary;
    });
    length_ = last;
  }

  // Spaces and the like hang at the end of a line: they do not wrap it and
  // are not drawn there.
  static constexpr bool hangs(char32_t code_point) noexcept {
    const Control control = control_of(code_point);
    return control == Control::kSpace || control == Control::kTab || control == Control::kZeroWidthSpace ||
           control == Control::kLineBreak;
  }

  // Lays out and draws text_[0, length_) as one paragraph, then empties it.
  void lay_out() noexcept {
    const std::size_t count = length_;
    length_ = 0;
    mark_units_and_breaks(count);
    (void)bidi_.resolve(text_, count, continuing_ ? continued_ : direction_);
    size_ = count;
    std::size_t start = 0;
    do {
      const LineSpan line = line_from(start);
      draw_line(start, line);
      start = line.end;
    } while (start < count);
  }

  // Steps (a) and (b) over the paragraph: cluster starts and break opportunities.
  void mark_units_and_breaks(std::size_t count) noexcept {
    text::GraphemeBreaker clusters;
    text::LineBreaker breaks;
    for (std::size_t i = 0; i < count; ++i) {
      const bool boundary = clusters.push(text_[i]);
      flags_[i] = i == 0 || boundary ? kClusterStart : 0;
      const text::LineBreaks found = breaks.push(text_[i]);
      if (found.held_back != 0 && found.held == text::LineBreak::kAllowed) flags_[i - found.held_back] |= kMayBreak;
      if (found.before == text::LineBreak::kAllowed) flags_[i] |= kMayBreak;
      if (found.before == text::LineBreak::kMandatory) flags_[i] |= kMustBreak;
    }
    const text::LineBreaks last = breaks.finish();
    if (last.held_back != 0 && last.held == text::LineBreak::kAllowed && last.held_back <= count) {
      flags_[count - last.held_back] |= kMayBreak;
    }
  }

  std::size_t cluster_end(std::size_t first, std::size_t limit) const noexcept {
    std::size_t end = first + 1;
    while (end < limit && (flags_[end] & kClusterStart) == 0) ++end;
    return end;
  }

  bool has_glyph(char32_t code_point) const noexcept { return fonts_.find(code_point).found(); }

  // Step (d) for one code point of the paragraph: what to draw for it, 0 for nothing.
  char32_t drawn(std::size_t index) const noexcept {
    const char32_t code_point = text_[index];
    const Control control = control_of(code_point);
    if (control == Control::kLineBreak) return 0;
    if (control == Control::kTab) return code_point;
    const char32_t mirrored = bidi_.glyph(index);
    if (mirrored != code_point) return has_glyph(mirrored) ? mirrored : code_point;
    const char32_t shaped = text::arabic_presentation_form(text_, size_, index);
    if (shaped == code_point) return code_point;
    if (shaped != 0) return has_glyph(shaped) ? shaped : code_point;
    // The alef of a lam-alef: drawn by the ligature, if the font has it.
    std::size_t lam = index;
    while (lam > 0 && text::joining_type(text_[lam - 1]) == text::JoiningType::kTransparent) --lam;
    if (lam == 0) return code_point;
    return has_glyph(text::arabic_presentation_form(text_, size_, lam - 1)) ? 0 : code_point;
  }

  // How the cluster text_[first, end) is drawn.
  ClusterLook look_at(std::size_t first, std::size_t end) const noexcept {
    char32_t code_points[kMaxClusterCodePoints];
    std::size_t count = 0;
    for (std::size_t i = first; i < end && count < kMaxClusterCodePoints; ++i) {
      const char32_t code_point = drawn(i);
      if (code_point != 0) code_points[count++] = code_point;
    }
    if (count > 0 && code_points[0] == U'\t') {
      ClusterLook blank;
      const int advance = 4 * fonts_.cell_width();
      blank.advance = static_cast<std::uint8_t>(advance > 255 ? 255 : advance);
      return blank;
    }
    return look_of_cluster(fonts_, code_points, count);
  }

  // Step (b): the line that starts at `start`, filled to the last break
  // opportunity that fits.
  LineSpan line_from(std::size_t start) const noexcept {
    const int line_width = clip_.right - clip_.left;
    int width = 0;     // of the clusters so far
    int content = 0;   // the same without the spaces that end them
    std::size_t opportunity = start;
    int opportunity_content = 0;
    for (std::size_t i = start; i < size_;) {
      if (i > start && (flags_[i] & kMustBreak) != 0) return LineSpan{i, content};
      if (i > start && (flags_[i] & kMayBreak) != 0) {
        opportunity = i;
        opportunity_content = content;
      }
      const std::size_t end = cluster_end(i, size_);
      const int advance = look_at(i, end).advance;
      const bool hanging = hangs(text_[i]);
      if (!hanging && width + advance > line_width) {
        if (opportunity > start) return LineSpan{opportunity, opportunity_content};
        if (i > start) return LineSpan{i, content};
        return LineSpan{end, advance};  // one cluster wider than the box
      }
      width += advance;
      if (!hanging) content = width;
      i = end;
    }
    return LineSpan{size_, content};
  }

  // Steps (c) and (e): the line [start, line.end) in visual order.
  void draw_line(std::size_t start, const LineSpan& line) noexcept {
    const int height = fonts_.line_height();
    const int top = line_top_;
    if (top < clip_.bottom) line_top_ += height;  // stops counting below the box
    if (top + height > clip_.bottom) overflowed_ = true;
    if (top >= clip_.bottom) return;
    std::size_t last = line.end;
    while (last > start && hangs(text_[last - 1])) --last;
    bidi_.reorder_line(start, last, visual_);
    const int visible_top = top > clip_.top ? top : clip_.top;
    const int visible_bottom = top + height < clip_.bottom ? top + height : clip_.bottom;
    if (visible_bottom > visible_top) {
      surface_.fill_rect(clip_.left, visible_top, clip_.right - clip_.left, visible_bottom - visible_top,
                         style_.background);
    }
    int x = bidi_.paragraph_level() != 0 ? clip_.right - line.width : clip_.left;
    for (std::size_t k = 0; k < last - start; ++k) {
      const std::size_t i = visual_[k];
      if ((flags_[i] & kClusterStart) == 0) continue;  // drawn with its cluster
      x += draw_cluster(surface_, look_at(i, cluster_end(i, last)), x, top, clip_, style_);
    }
  }

  Surface& surface_;
  FontChain fonts_;
  TextStyle<Color> style_;
  Clip clip_;
  int line_top_ = 0;
  std::size_t length_ = 0;  // code points held
  std::size_t size_ = 0;    // of the paragraph being laid out
  text::BidiDirection direction_;
  text::BidiDirection continued_ = text::BidiDirection::kAuto;
  bool continuing_ = false;  // the paragraph held continues a piece drawn before
  bool after_cr_ = false;
  bool overflowed_ = false;
  std::uint8_t flags_[kCapacity] = {};
  Index visual_[kCapacity] = {};
  char32_t text_[kCapacity] = {};
  text::BidiParagraph<kCapacity> bidi_;
};

/// Draws UTF-8 `text` (`size` bytes; ill-formed parts become U+FFFD) in a
/// ParagraphBox at `area` straight to `panel`, through one page strip of
/// `strip_size` bytes (page_strip.h), as draw_text_to_panel() does for a
/// TextBox: the text is laid out again for each piece of each page. The
/// picture equals the same ParagraphBox drawn into a MonoFramebuffer sent
/// with flush_framebuffer(). Returns the first failing status, kOk, or
/// kBusError for a strip under 2 bytes. RAM: the strip and a ParagraphBox on
/// the stack.
template <typename Panel, std::size_t kCapacity = 64>
[[nodiscard]] PanelStatus draw_paragraphs_to_panel(Panel& panel, std::uint8_t* strip, std::size_t strip_size,
                                                   const FontChain& fonts, const Rect& area, const char* text,
                                                   std::size_t size, const TextStyle<bool>& style = kLitOnDark,
                                                   text::BidiDirection direction = text::BidiDirection::kAuto) noexcept {
  return draw_to_panel(panel, strip, strip_size, [&](PageStrip& page) {
    ParagraphBox<PageStrip, kCapacity> page_box(page, fonts, area, style, direction);
    Decoder decoder;
    for (std::size_t i = 0; text != nullptr && i < size; ++i) decoder.push(static_cast<std::uint8_t>(text[i]), page_box);
    decoder.finish(page_box);
    page_box.finish();
  });
}

}  // namespace utf8mcu::display
