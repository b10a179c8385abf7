// The text-engine code docs/text.md shows, between the "snippet:" markers:
// compiled on the host and for every board's core, not linked (the functions
// it calls are the application's).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/text/line_break.h"

void end_cluster();
void decide_earlier(std::uint16_t pushes_back, utf8mcu::text::LineBreak decision);
void note_break(utf8mcu::text::LineBreak opportunity);
void add(char32_t code_point);

// snippet: text-breakers
#include "utf8mcu/decoder.h"
#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"

utf8mcu::Decoder decoder;
utf8mcu::text::GraphemeBreaker clusters;
utf8mcu::text::LineBreaker lines;

void on_bytes(const std::uint8_t* data, std::size_t size) {
  decoder.push(data, size, [](char32_t cp) {
    if (clusters.push(cp)) end_cluster();   // a cluster boundary before cp
    const utf8mcu::text::LineBreaks breaks = lines.push(cp);
    if (breaks.held_back != 0) decide_earlier(breaks.held_back, breaks.held);
    if (breaks.before != utf8mcu::text::LineBreak::kNone) note_break(breaks.before);
    add(cp);
  });
}
// end snippet
