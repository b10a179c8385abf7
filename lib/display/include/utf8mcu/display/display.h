#pragma once
/// @file
/// utf8mcu::display: UTF-8 text on small displays, from bytes to pixels.
///
///     bytes -> utf8mcu::Decoder -> TextBox (a code point sink) -> glyph -> pixels
///
/// - width.h        display_width(), string_width(), fit_width(): cells per
///                  code point from the Unicode Character Database, no renderer
/// - font.h         generated fonts (BDF, Unifont), glyphs cropped to their ink,
///                  searched by code point
/// - default_font.h the font chosen with UTF8MCU_DISPLAY_GLYPH_SET
/// - framebuffer.h  MonoFramebuffer (SSD1306 pages), Rgb565Framebuffer, and the
///                  surface interface for other formats
/// - render.h       one code point: glyph, combining mark, nothing, or hex box;
///                  FontChain (fallback fonts on one baseline)
/// - layout.h       the layout stage TextBox and the terminal share: controls,
///                  units, break opportunities, line order, glyph choice
/// - text_box.h     word wrap, clipping, streaming: TextBox; draw_text_to_panel()
/// - page_strip.h   the one road to a panel: page strips, draw_to_panel(),
///                  flush_framebuffer()
/// - pbm.h          framebuffer screenshots
/// - terminal.h     a scrolling console in cells, flushed to a panel in page
///                  strips (no framebuffer), in parts: terminal_escape.h,
///                  terminal_grid.h, terminal_render.h; panel.h is the bus
///                  contract and panel/ holds the controller drivers
///                  (included separately)

#include "utf8mcu/display/default_font.h"
#include "utf8mcu/display/font.h"
#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/layout.h"
#include "utf8mcu/display/page_strip.h"
#include "utf8mcu/display/pbm.h"
#include "utf8mcu/display/render.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu/display/text_box.h"
#include "utf8mcu/display/width.h"
