#pragma once
/// @file
/// TextBox with Unicode's rules (UnicodeTextRules): grapheme clusters
/// (UAX #29) as units and line breaks by UAX #14, for text in any script.
/// A program that uses it links utf8mcu::text (its grapheme and line break
/// tables); a TextBox with the basic rules (text_box.h) does not.
///
///     utf8mcu::Decoder decoder;
///     UnicodeTextBox<MonoFramebuffer> box(framebuffer, fonts, {0, 0, 128, 64}, kLitOnDark);
///     decoder.push(byte_from_uart, box);   // draws as bytes arrive
///     decoder.finish(box);
///     box.finish();                        // the end of the text
///
/// Layout rules (the steps of layout.h; (a) and (b) are Unicode's here):
///   - Units are extended grapheme clusters (text::GraphemeBreaker), each
///     drawn through cluster.h (look_of_cluster(), draw_cluster()): a base
///     with its marks, an emoji ZWJ sequence, a flag or a skin-tone sequence
///     as its base glyph. A cluster never splits across lines.
///   - Streaming: a cluster is known complete only when the next code point
///     arrives, so each code point is drawn at once and a cluster that grows
///     (a mark, a joiner, a second regional indicator) is erased and drawn
///     again in its new look; if it no longer fits the line it wraps then.
///     Nothing is left to draw at finish(), which ends the text (the next
///     code point starts a new one, with a break opportunity between them).
///   - Lines break only at UAX #14 break opportunities (text::LineBreaker;
///     an opportunity it decides late, PR OP NU's, is taken when decided if
///     the word has not moved on), and always at mandatory breaks: after BK
///     (VT, FF, U+2028, U+2029), CR, LF and NEL; CR LF is one break (unlike
///     the basic rules, a CR alone breaks the line too).
///   - Word wrap: the clusters since the last opportunity form the word;
///     when a cluster does not fit, the word moves to the next line if it
///     fits a whole line (and was stored whole), else the line breaks before
///     the cluster (a word longer than the line breaks between clusters).
///   - Spaces at the end of a line hang: a SPACE or TAB past the right edge
///     is not drawn and not carried to the next line.
///   - SOFT HYPHEN (U+00AD) draws nothing; when the line breaks at the
///     opportunity after it, a hyphen (U+002D's glyph) is drawn there. A soft
///     hyphen where the hyphen would not fit the line is no opportunity.
///     ZERO WIDTH SPACE draws nothing.
///   - Controls have layout.h's meanings otherwise: FF starts a new page;
///     BS moves back over the last cluster of the line, once, erasing
///     nothing; TAB moves to the next multiple of 4 cells of the first font.
///     Other controls are drawn as hex boxes; a value that is not a Unicode
///     scalar value is taken as U+FFFD.
///   - Clipping and overflowed() as for the basic rules.
///
/// Bounds: the current cluster is kept whole (kTextBoxClusterCapacity code
/// points, the most text::GraphemeBreaker lets a cluster grow before it cuts
/// it); the word keeps kWordCapacity code points; a longer word is not moved
/// but broken where the line is full. Nothing is stored past either buffer.
///
/// Cost: sizeof is 4 * (kWordCapacity + kTextBoxClusterCapacity) bytes of
/// code points plus the breakers' state and the box's own few words
/// (docs/display.md, "Unicode's rules", has the figures); no heap. Per code point:
/// a grapheme and a line break table lookup, a look_of_cluster() of the
/// cluster so far (a glyph lookup per code point of it and font tried) and
/// its pixels; a cluster that grows is drawn again; a moved word is segmented
/// and drawn again (at most kWordCapacity code points).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"
#include "utf8mcu/display/cluster.h"
#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/render.h"
#include "utf8mcu/display/text_box.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"

namespace utf8mcu::display {

/// Unicode's rules for TextBox: grapheme clusters as units, UAX #14 line
/// breaks, soft hyphens (this file's comment).
struct UnicodeTextRules {};

/// The most code points of one cluster a Unicode TextBox keeps: as many as
/// text::GraphemeBreaker lets a cluster have.
inline constexpr std::size_t kTextBoxClusterCapacity = text::kMaxGraphemeCodePoints;

/// A TextBox with Unicode's rules; also TextBox<Surface, kWordCapacity,
/// UnicodeTextRules>. A code point sink with the basic TextBox's interface.
template <typename Surface, std::size_t kWordCapacity = 32>
class UnicodeTextBox {
 public:
  using Color = typename Surface::Color;
  static_assert(kWordCapacity > 0 && kWordCapacity <= 0xFFFF, "word buffer of 1 to 65535 code points");

  /// A box at `area` of `surface`, as the basic TextBox's constructor.
  UnicodeTextBox(Surface& surface, const FontChain& fonts, const Rect& area, const TextStyle<Color>& style) noexcept
      : surface_(surface), fonts_(fonts), style_(style), clip_(clip_of(area)) {
    home();
  }

  /// Sink interface: lays out and draws one code point.
  void operator()(char32_t code_point) noexcept { put(code_point); }

  /// Lays out and draws one code point (the rules in the file comment).
  __attribute__((noinline)) void put(char32_t code_point) noexcept {
    if (!is_scalar_value(code_point)) code_point = kReplacementCharacter;
    if (code_point == kBackspace) {
      // Not text for the breakers: the text goes on from the unit before it.
      commit_cluster();
      back_space();
      return;
    }
    const bool boundary = graphemes_.push(code_point) || cluster_length_ == 0;
    const text::LineBreaks breaks = lines_.push(code_point);
    if (!boundary) {
      take_held(breaks);
      if (cluster_is_control_) return;  // the LF of CR LF: one break, taken at the CR
      // GraphemeBreaker cuts a cluster before it outgrows the buffer.
      if (cluster_length_ < kTextBoxClusterCapacity) cluster_[cluster_length_++] = code_point;
      place_cluster();
      return;
    }
    const bool after_soft_hyphen = cluster_length_ == 1 && cluster_[0] == kSoftHyphen;
    commit_cluster();
    take_held(breaks);
    if (breaks.before == text::LineBreak::kAllowed || breaks.before == text::LineBreak::kMandatory) {
      at_opportunity(after_soft_hyphen);
    } else if (breaks.before == text::LineBreak::kHeld) {
      held_offset_ = word_overflow_ ? kNoHeld : std::size_t{word_length_};
    }
    cluster_[0] = code_point;
    cluster_length_ = 1;
    cluster_is_control_ = false;
    cluster_x_ = pen_.x;
    drawn_advance_ = 0;
    const Control control = control_of(code_point);
    if (control == Control::kLineBreak || control == Control::kCarriageReturn) {
      cluster_is_control_ = true;
      new_line();
    } else if (control == Control::kFormFeed) {
      clear();
    } else {
      place_cluster();
    }
  }

  /// Ends the text: the next code point starts a new one (GB1, LB2), with a
  /// break opportunity before it. Everything is drawn already.
  void finish() noexcept {
    graphemes_.reset();
    (void)lines_.finish();
    cluster_length_ = 0;
    start_word();
  }

  /// Fills the box with the background colour and moves the pen home.
  void clear() noexcept {
    surface_.fill_rect(clip_.left, clip_.top, clip_.right - clip_.left, clip_.bottom - clip_.top, style_.background);
    home();
  }

  /// Moves the pen to the top-left corner and starts a new text; keeps what
  /// is drawn.
  void home() noexcept {
    pen_ = Cursor{clip_.left, clip_.top};
    graphemes_.reset();
    lines_.reset();
    cluster_length_ = 0;
    can_back_ = false;
    overflowed_ = false;
    start_word();
  }

  /// Where the next cluster goes.
  Cursor cursor() const noexcept { return pen_; }

  /// True once text was cut off at the bottom of the box (since home()).
  bool overflowed() const noexcept { return overflowed_; }

  /// A C-style sink for this box, e.g. for a decoder chosen at run time.
  CodePointCallback callback() noexcept { return CodePointCallback{&UnicodeTextBox::put_thunk, this}; }

 private:
  static constexpr char32_t kBackspace = 0x08;
  static constexpr char32_t kSoftHyphen = 0xAD;
  static constexpr std::size_t kNoHeld = ~std::size_t{0};

  // How one cluster is placed: its look, its advance at its pen position,
  // and what kind of unit it is.
  enum class UnitKind : std::uint8_t { kDrawn, kHanging, kTab, kInvisible };
  struct Unit {
    ClusterLook look;
    int advance = 0;
    UnitKind kind = UnitKind::kDrawn;
  };

  static void put_thunk(void* context, char32_t code_point) { static_cast<UnicodeTextBox*>(context)->put(code_point); }

  int line_width() const noexcept { return clip_.right - clip_.left; }

  // The unit `code_points[0, count)` (one cluster) with its pen at `x`.
  Unit unit_of(const char32_t* code_points, std::size_t count, int x) const noexcept {
    Unit unit;
    if (count == 1) {
      const char32_t code_point = code_points[0];
      const Control control = control_of(code_point);
      if (code_point == kSoftHyphen || control == Control::kZeroWidthSpace) {
        unit.kind = UnitKind::kInvisible;
        return unit;
      }
      if (control == Control::kTab) {
        unit.kind = UnitKind::kTab;
        unit.advance = next_tab_stop(x, clip_.left, 4 * fonts_.cell_width()) - x;
        return unit;
      }
      if (control == Control::kSpace) unit.kind = UnitKind::kHanging;
    }
    unit.look = look_of_cluster(fonts_, code_points, count);
    unit.advance = unit.look.advance;
    return unit;
  }

  // Draws `unit` at the pen and moves the pen past it; a hanging unit past
  // the right edge is not drawn and the pen stops at the edge.
  void draw_unit(const Unit& unit) noexcept {
    const int end = pen_.x + unit.advance;
    const bool hangs = unit.kind == UnitKind::kHanging || unit.kind == UnitKind::kTab;
    if (hangs && end > clip_.right) {
      pen_.x = pen_.x > clip_.right ? pen_.x : clip_.right;
      return;
    }
    if (pen_.y + fonts_.line_height() > clip_.bottom && unit.kind != UnitKind::kInvisible) overflowed_ = true;
    if (unit.kind == UnitKind::kTab) {
      erase(pen_.x, unit.advance);
    } else if (unit.kind != UnitKind::kInvisible) {
      draw_cluster(surface_, unit.look, pen_.x, pen_.y, clip_, style_);
    }
    pen_.x = end;
  }

  // Places the current cluster at cluster_x_ (again, if it grew), wrapping
  // first if it does not fit the line.
  __attribute__((noinline)) void place_cluster() noexcept {
    erase(cluster_x_, drawn_advance_);
    const Unit unit = unit_of(cluster_, cluster_length_, cluster_x_);
    const bool hangs = unit.kind == UnitKind::kHanging || unit.kind == UnitKind::kTab;
    if (!hangs && cluster_x_ + unit.advance > clip_.right && cluster_x_ > clip_.left) wrap(unit.advance);
    pen_.x = cluster_x_;
    draw_unit(unit);
    drawn_advance_ = hangs ? pen_.x - cluster_x_ : unit.advance;
    can_back_ = unit.kind != UnitKind::kTab;
  }

  // The current cluster does not fit: the word moves to the next line, or
  // the line breaks before the cluster.
  void wrap(int advance) noexcept {
    const int word_width = cluster_x_ - word_x_;
    if (!word_overflow_ && word_x_ > clip_.left && word_width + advance <= line_width()) {
      erase(word_x_, word_width);
      if (word_after_hyphen_) {
        pen_.x = word_x_;
        draw_unit(hyphen());
      }
      new_line();
      word_x_ = pen_.x;
      word_after_hyphen_ = false;
      for_each_cluster(word_, word_length_, [this](const char32_t* code_points, std::size_t count) {
        draw_unit(unit_of(code_points, count, pen_.x));
      });
      cluster_x_ = pen_.x;
    } else {
      new_line();
      cluster_x_ = pen_.x;
      start_word();
    }
  }

  // Calls `visit(code_points, count)` for each grapheme cluster of
  // `text[0, size)`, which starts at a cluster boundary.
  template <typename Visit>
  static void for_each_cluster(const char32_t* text, std::size_t size, Visit&& visit) noexcept {
    std::size_t start = 0;
    while (start < size) {
      const std::size_t end = text::next_grapheme_break(text, size, start);
      visit(text + start, end - start);
      start = end;
    }
  }

  Unit hyphen() const noexcept {
    static constexpr char32_t kHyphen = U'-';
    return unit_of(&kHyphen, 1, pen_.x);
  }

  // A break opportunity before the cluster about to start: the word so far
  // can no longer move. Not after a soft hyphen whose hyphen would not fit.
  void at_opportunity(bool after_soft_hyphen) noexcept {
    if (after_soft_hyphen && pen_.x + hyphen().advance > clip_.right) return;
    start_word();
    word_after_hyphen_ = after_soft_hyphen;
  }

  void start_word() noexcept {
    word_length_ = 0;
    word_overflow_ = false;
    word_after_hyphen_ = false;
    word_x_ = pen_.x;
    held_offset_ = kNoHeld;
  }

  // The word keeps the finished cluster (controls that move the pen are no
  // part of it), or overflows.
  void commit_cluster() noexcept {
    committed_ = 0;
    if (cluster_length_ == 0 || cluster_is_control_ || word_overflow_) return;
    if (word_length_ + cluster_length_ > kWordCapacity) {
      word_overflow_ = true;
      return;
    }
    for (std::size_t i = 0; i < cluster_length_; ++i) word_[word_length_ + i] = cluster_[i];
    word_length_ = static_cast<std::uint16_t>(word_length_ + cluster_length_);
    committed_ = cluster_length_;
  }

  // A late decision of the line breaker: a break opportunity inside the
  // word (before an OP after PR or PO); the word now starts there.
  void take_held(const text::LineBreaks& breaks) noexcept {
    if (breaks.held_back == 0) return;
    const std::size_t offset = held_offset_;
    held_offset_ = kNoHeld;
    if (breaks.held != text::LineBreak::kAllowed || offset == kNoHeld || word_overflow_ || offset > word_length_) return;
    int x = word_x_;
    for_each_cluster(word_, offset,
                     [&](const char32_t* code_points, std::size_t count) { x += unit_of(code_points, count, x).advance; });
    for (std::size_t i = offset; i < word_length_; ++i) word_[i - offset] = word_[i];
    word_length_ = static_cast<std::uint16_t>(word_length_ - offset);
    word_x_ = x;
    word_after_hyphen_ = false;
  }

  // BS: back over the last cluster of the line, once; nothing is erased.
  void back_space() noexcept {
    if (can_back_ && cluster_length_ != 0 && !cluster_is_control_) {
      pen_.x = cluster_x_;
      word_length_ = static_cast<std::uint16_t>(word_length_ - committed_);
    }
    committed_ = 0;
    can_back_ = false;
    cluster_length_ = 0;
    drawn_advance_ = 0;
    held_offset_ = kNoHeld;
    graphemes_.reset();
    lines_.reset();
  }

  void new_line() noexcept {
    pen_.x = clip_.left;
    can_back_ = false;
    // Stop counting once below the box, so that endless text cannot overflow.
    if (pen_.y < clip_.bottom) pen_.y += fonts_.line_height();
  }

  // Fills [x, x + width) of the current line, inside the box, with the background.
  void erase(int x, int width) noexcept {
    const int left = x > clip_.left ? x : clip_.left;
    const int right = x + width < clip_.right ? x + width : clip_.right;
    const int top = pen_.y > clip_.top ? pen_.y : clip_.top;
    const int bottom = pen_.y + fonts_.line_height() < clip_.bottom ? pen_.y + fonts_.line_height() : clip_.bottom;
    if (left < right && top < bottom) surface_.fill_rect(left, top, right - left, bottom - top, style_.background);
  }

  Surface& surface_;
  FontChain fonts_;
  TextStyle<Color> style_;
  Clip clip_;
  Cursor pen_{0, 0};
  text::GraphemeBreaker graphemes_;
  text::LineBreaker lines_;
  int cluster_x_ = 0;               // where the current cluster starts
  int drawn_advance_ = 0;           // pixels the current cluster covers as drawn
  int word_x_ = 0;                  // where the current word starts on this line
  std::size_t held_offset_ = kNoHeld;  // the held opportunity's offset in word_
  std::uint16_t word_length_ = 0;   // code points in word_
  std::uint8_t cluster_length_ = 0; // code points in cluster_ (0: none since a BS, FF or new text)
  std::uint8_t committed_ = 0;      // code points the last cluster added to word_
  bool cluster_is_control_ = false; // the current cluster is a line break (CR, LF, CR LF, ...)
  bool word_overflow_ = false;      // the word outgrew word_
  bool word_after_hyphen_ = false;  // the word starts after a soft hyphen
  bool can_back_ = false;           // BS may move back over the current cluster
  bool overflowed_ = false;
  char32_t cluster_[kTextBoxClusterCapacity] = {};
  char32_t word_[kWordCapacity] = {};
};

/// TextBox's third template argument UnicodeTextRules selects UnicodeTextBox.
template <typename Surface, std::size_t kWordCapacity>
class TextBox<Surface, kWordCapacity, UnicodeTextRules> : public UnicodeTextBox<Surface, kWordCapacity> {
 public:
  using UnicodeTextBox<Surface, kWordCapacity>::UnicodeTextBox;
};

}  // namespace utf8mcu::display
