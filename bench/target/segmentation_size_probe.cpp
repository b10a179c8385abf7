// Size probe of the segmentation breakers' push (microbit preset: -Os,
// cortex-m0plus): one entry point, built twice, UTF8MCU_PROBE_LINE_BREAK 0
// for the grapheme breaker, 1 for the line breaker. Everything it inlines or
// keeps out of line lands in this object; the property tables are in
// utf8mcu_text_segmentation and counted apart (docs/text.md).

#include "utf8mcu/text/grapheme.h"
#include "utf8mcu/text/line_break.h"

#if UTF8MCU_PROBE_LINE_BREAK
extern "C" void segmentation_probe_push(utf8mcu::text::LineBreaker* breaker, char32_t code_point,
                                        utf8mcu::text::LineBreaks* out) {
  *out = breaker->push(code_point);
}
#else
extern "C" bool segmentation_probe_push(utf8mcu::text::GraphemeBreaker* breaker, char32_t code_point) {
  return breaker->push(code_point);
}
#endif
