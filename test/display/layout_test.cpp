// The layout stage (layout.h): the one meaning of each control for every
// code point, tab stops, the break rules, units, and the chain glyph
// ordinals against FontChain::find() (render.h), a lookup written apart.
#include "display_test_support.h"
#include "display_test_font_6x13.h"
#include "utf8mcu/display/layout.h"

namespace {

using namespace utf8mcu::display;

// The control table of layout.h's file comment, written out.
struct ControlRow {
  char32_t code_point;
  Control control;
};
constexpr ControlRow kControls[] = {
    {0x0A, Control::kLineBreak},       {0x0B, Control::kLineBreak},  {0x85, Control::kLineBreak},
    {0x2028, Control::kLineBreak},     {0x2029, Control::kLineBreak}, {0x0C, Control::kFormFeed},
    {0x0D, Control::kCarriageReturn},  {0x08, Control::kBackspace},   {0x09, Control::kTab},
    {0x20, Control::kSpace},           {0x200B, Control::kZeroWidthSpace},
};

static_assert(control_of(U'A') == Control::kNone && control_of(U'\n') == Control::kLineBreak, "usable in constexpr");

UTEST(Layout, EveryCodePointHasOneControlMeaning) {
  const std::uint32_t end = utest::kReduced ? 0x30000 : 0x110000;
  std::uint32_t controls = 0;
  for (std::uint32_t code_point = 0; code_point < end; ++code_point) {
    Control expected = Control::kNone;
    for (const ControlRow& row : kControls) {
      if (row.code_point == code_point) expected = row.control;
    }
    const Control got = control_of(static_cast<char32_t>(code_point));
    if (got != Control::kNone) ++controls;
    if (got != expected) {
      EXPECT_EQ(static_cast<int>(got), static_cast<int>(expected));
      utest::log() << "  U+" << code_point << '\n';
      return;
    }
  }
  EXPECT_EQ(controls, static_cast<std::uint32_t>(sizeof kControls / sizeof kControls[0]));
  // Values past Unicode are text for the layout (drawn as U+FFFD).
  EXPECT_EQ(static_cast<int>(control_of(0x110000)), static_cast<int>(Control::kNone));
  EXPECT_EQ(static_cast<int>(control_of(0xFFFFFFFF)), static_cast<int>(Control::kNone));
}

UTEST(Layout, TabStops) {
  EXPECT_EQ(next_tab_stop(0, 0, 8), 8);
  EXPECT_EQ(next_tab_stop(7, 0, 8), 8);
  EXPECT_EQ(next_tab_stop(8, 0, 8), 16);
  EXPECT_EQ(next_tab_stop(13, 5, 32), 37);
  EXPECT_EQ(next_tab_stop(3, 0, 0), 4);  // an interval under 1 is 1
  EXPECT_EQ(next_tab_stop(-10, -10, 4), -6);
}

// The break rules unit by unit: (code point, wide, break before?).
UTEST(Layout, BreakRules) {
  struct Step {
    char32_t code_point;
    bool wide;
    bool breaks;
  };
  const Step kSteps[] = {
      {U'a', false, false},  {U'b', false, false},   // inside a word
      {0x4E2D, true, true},  {0x6587, true, true},   // before and between ideographs
      {0x3002, true, false},                         // 。 never starts a line (kinsoku)
      {U'c', false, true},                           // after a wide unit
      {U')', false, false},  {0x4E2D, true, true},
      {U'!', false, false},                          // kinsoku after a wide unit
  };
  BreakRules rules;
  for (const Step& step : kSteps) EXPECT_EQ(rules.break_before(step.code_point, step.wide), step.breaks);
  rules.break_before(0x4E2D, true);
  rules.reset();  // a space came
  EXPECT_FALSE(rules.break_before(U'x', false));
  EXPECT_TRUE(BreakRules::breaks_after(Control::kSpace));
  EXPECT_TRUE(BreakRules::breaks_after(Control::kTab));
  EXPECT_TRUE(BreakRules::breaks_after(Control::kZeroWidthSpace));
  EXPECT_FALSE(BreakRules::breaks_after(Control::kLineBreak));
  EXPECT_FALSE(BreakRules::breaks_after(Control::kNone));
  EXPECT_EQ(LineOrder::visual_position(3, 9), 3);
}

UTEST(Layout, Units) {
  EXPECT_FALSE(UnitGrouper::continues_unit(choose_glyph(kDefaultFont, U'a')));
  EXPECT_TRUE(UnitGrouper::continues_unit(choose_glyph(kDefaultFont, 0x200D)));   // ZWJ: nothing
  EXPECT_TRUE(UnitGrouper::continues_unit(choose_glyph(kDefaultFont, 0x1F3FD)));  // skin tone: nothing
  EXPECT_FALSE(UnitGrouper::continues_unit(choose_glyph(kDefaultFont, 0x01)));    // a control: a hex box
  if (find_glyph(kDefaultFont, 0x0301).found()) {
    EXPECT_TRUE(UnitGrouper::continues_unit(choose_glyph(kDefaultFont, 0x0301)));
  }
}

// Chain ordinals name the glyph FontChain::find() finds, placed alike, and
// map back to their code points; code points no font has have none.
UTEST(Layout, ChainOrdinalsMatchFontChainFind) {
  const FontChain chain(fonts::kTestFont6x13, kDefaultFont);
  const std::uint32_t end = utest::kReduced ? 0x3100 : 0x20000;
  std::uint32_t found = 0;
  for (std::uint32_t value = 0; value < end; ++value) {
    const auto code_point = static_cast<char32_t>(value);
    const Glyph expected = chain.find(code_point);
    const ChainGlyph got = find_chain_glyph(chain, code_point);
    const bool expect_found = expected.found() && !is_control(code_point) && utf8mcu::is_scalar_value(code_point);
    if ((got.ordinal >= 0) != expect_found) {
      utest::log() << "  U+" << value << ": ordinal " << got.ordinal << '\n';
      EXPECT_EQ(got.ordinal >= 0, expect_found);
      return;
    }
    if (got.ordinal < 0) continue;
    ++found;
    const auto ordinal = static_cast<std::uint32_t>(got.ordinal);
    const Glyph again = chain_glyph_at(chain, ordinal);
    const bool same = got.glyph.bits == expected.bits && got.glyph.first_bit == expected.first_bit &&
                      got.glyph.width == expected.width && got.glyph.height == expected.height &&
                      got.glyph.top == expected.top && got.glyph.advance == expected.advance &&
                      got.glyph.line_height == expected.line_height && again.bits == expected.bits &&
                      again.top == expected.top;
    const bool back = chain_code_point_of(chain, ordinal) == code_point;
    if (!same || !back) {
      utest::log() << "  U+" << value << '\n';
      EXPECT_TRUE(same);
      EXPECT_TRUE(back);
      return;
    }
  }
  EXPECT_GT(found, std::uint32_t{94});
  EXPECT_FALSE(chain_glyph_at(chain, glyph_count(fonts::kTestFont6x13) + glyph_count(kDefaultFont)).found());
  EXPECT_EQ(chain_code_point_of(chain, 0xFFFFFFFFu), char32_t{0});
}

}  // namespace
