#pragma once
/// @file
/// The font built into utf8mcu::display: GNU Unifont glyphs for the glyph set
/// chosen with the CMake cache variable UTF8MCU_DISPLAY_GLYPH_SET (latin,
/// europe, cjk, or a script's: vietnamese, hebrew, arabic, thai, korean,
/// devanagari; see docs/display.md for what each holds and costs). Other
/// sets can be added to a firmware with utf8mcu_display_add_font() in CMake.

#include "utf8mcu/display/font.h"

namespace utf8mcu::display {

/// Defined in the generated default_font.cpp; constant-initialised, in flash.
extern const Font kDefaultFont;

}  // namespace utf8mcu::display
