// Host side of the SSD0303 check: the same Terminal and text as the
// lm3s811evb firmware, drawn into a 96x16 framebuffer and written as a PBM.
//
//     ssd0303_render <out.pbm>
#include <cstdio>

#include "panel_terminal_font_5x8.h"
#include "ssd0303_screen.h"
#include "utf8mcu/display/pbm.h"
#include "utf8mcu/display/terminal.h"

int main(int argc, char** argv) {
  using namespace utf8mcu::display;
  if (argc != 2) {
    std::fprintf(stderr, "usage: ssd0303_render <out.pbm>\n");
    return 2;
  }
  static Terminal<ssd0303_screen::kColumns, ssd0303_screen::kRows> console(fonts::kPanelFont5x8,
                                                                          ssd0303_screen::kCellWidth);
  console.write(reinterpret_cast<const std::uint8_t*>(ssd0303_screen::kText), ssd0303_screen::kSize);
  console.finish();
  static std::uint8_t pixels[mono_buffer_size(96, 16)];
  MonoFramebuffer screen(pixels, 96, 16);
  console.draw(screen, 0, 0);
  std::FILE* output = std::fopen(argv[1], "wb");
  if (output == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  bool ok = true;
  write_pbm(screen, [&](const std::uint8_t* data, std::size_t size) {
    ok = ok && std::fwrite(data, 1, size, output) == size;
  });
  return std::fclose(output) == 0 && ok ? 0 : 1;
}
