// Host demo of utf8mcu::display: draws the sample screens (sample_screens.h)
// into a 128x64 SSD1306 framebuffer and a 256x128 one, and writes them as PBM
// images (pbm_to_png.py turns them into the PNGs in docs/images).
//
//   display_demo <output directory>
//
// Writes display_128x64.pbm, display_256x128.pbm and display_128x64_6x10.pbm
// (21 columns) there, and display_128x64_rtl.pbm (right-to-left paragraphs)
// where utf8mcu::text is built.
#include <cstdio>
#include <cstring>

#include "display_font_cjk.h"
#include "display_font_small.h"
#include "sample_screens.h"
#include "utf8mcu/display/display.h"
#if UTF8MCU_DEMO_RIGHT_TO_LEFT  // with utf8mcu::text
#include "display_font_rtl.h"
#include "rtl_screen.h"
#endif

namespace {

using utf8mcu::display::MonoFramebuffer;

bool save_pbm(const MonoFramebuffer& screen, const char* directory, const char* name) {
  char path[1024];
  if (std::snprintf(path, sizeof path, "%s/%s", directory, name) >= static_cast<int>(sizeof path)) return false;
  std::FILE* file = std::fopen(path, "wb");
  if (file == nullptr) {
    std::fprintf(stderr, "display_demo: cannot write %s\n", path);
    return false;
  }
  bool ok = true;
  utf8mcu::display::write_pbm(screen, [&](const std::uint8_t* data, std::size_t size) {
    ok = ok && std::fwrite(data, 1, size, file) == size;
  });
  ok = std::fclose(file) == 0 && ok;
  std::printf("%s: %dx%d\n", path, screen.width(), screen.height());
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output directory>\n", argv[0]);
    return 2;
  }
  // What a firmware keeps in RAM: 1024 + 4096 bytes, in the SSD1306 layout.
  static std::uint8_t small_pixels[utf8mcu::display::mono_buffer_size(sample_screens::kSmallWidth,
                                                                      sample_screens::kSmallHeight)];
  static std::uint8_t large_pixels[utf8mcu::display::mono_buffer_size(sample_screens::kLargeWidth,
                                                                      sample_screens::kLargeHeight)];
  MonoFramebuffer small_screen(small_pixels, sample_screens::kSmallWidth, sample_screens::kSmallHeight);
  MonoFramebuffer large_screen(large_pixels, sample_screens::kLargeWidth, sample_screens::kLargeHeight);
  const utf8mcu::display::Font& font = utf8mcu::display::fonts::kFontCjk;
  sample_screens::draw_small(small_screen, font);
  sample_screens::draw_large(large_screen, font);
  bool ok = save_pbm(small_screen, argv[1], "display_128x64.pbm") &&
            save_pbm(large_screen, argv[1], "display_256x128.pbm");
  sample_screens::draw_terminal(small_screen, utf8mcu::display::fonts::kFontSmall);
  ok = save_pbm(small_screen, argv[1], "display_128x64_6x10.pbm") && ok;
#if UTF8MCU_DEMO_RIGHT_TO_LEFT
  sample_screens::draw_right_to_left(small_screen, utf8mcu::display::fonts::kFontRtl);
  ok = save_pbm(small_screen, argv[1], "display_128x64_rtl.pbm") && ok;
#endif
  return ok ? 0 : 1;
}
