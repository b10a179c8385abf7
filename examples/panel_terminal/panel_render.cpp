// Host side of the panel example: feeds a byte stream to the same 16 x 4
// Terminal the lm3s6965evb firmware runs, draws the grid into a 128x64
// framebuffer and writes it as a PBM. panel_e2e compares the firmware's OLED
// (QEMU's screendump) with the committed golden picture this program writes.
// With --text-box it draws the firmware's TextBox screen (text_box_screen.h)
// into the framebuffer instead, with --paragraphs its ParagraphBox screen
// (paragraph_screen.h).
//
//     panel_render <stream.bin> <out.pbm>
//     panel_render --text-box <out.pbm>
//     panel_render --paragraphs <out.pbm>
#include <cstdio>

#include <cstring>

#include "panel_terminal_font.h"
#include "text_box_screen.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/pbm.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu/display/text_box.h"
#if UTF8MCU_PANEL_PARAGRAPHS  // with utf8mcu::text
#include "panel_paragraph_font.h"
#include "paragraph_screen.h"
#include "utf8mcu/display/paragraph_box.h"
#endif

int main(int argc, char** argv) {
  using namespace utf8mcu::display;
  if (argc != 3) {
    std::fprintf(stderr,
                 "usage: panel_render <stream.bin> <out.pbm>\n       panel_render --text-box <out.pbm>\n"
                 "       panel_render --paragraphs <out.pbm>\n");
    return 2;
  }
  static std::uint8_t pixels[mono_buffer_size(128, 64)];
  MonoFramebuffer screen(pixels, 128, 64);
  if (std::strcmp(argv[1], "--text-box") == 0) {
    TextBox<MonoFramebuffer> box(screen, fonts::kPanelFont, Rect{0, 0, 128, 64}, kLitOnDark);
    utf8mcu::Decoder decoder;
    for (std::size_t i = 0; i < text_box_screen::kSize; ++i) {
      decoder.push(static_cast<std::uint8_t>(text_box_screen::kText[i]), box);
    }
    decoder.finish(box);
#if UTF8MCU_PANEL_PARAGRAPHS
  } else if (std::strcmp(argv[1], "--paragraphs") == 0) {
    static ParagraphBox<MonoFramebuffer> box(screen, fonts::kPanelParagraphFont, Rect{0, 0, 128, 64}, kLitOnDark);
    utf8mcu::Decoder decoder;
    for (std::size_t i = 0; i < paragraph_screen::kSize; ++i) {
      decoder.push(static_cast<std::uint8_t>(paragraph_screen::kText[i]), box);
    }
    decoder.finish(box);
    box.finish();
#endif
  } else {
    std::FILE* input = std::fopen(argv[1], "rb");
    if (input == nullptr) {
      std::perror(argv[1]);
      return 1;
    }
    static Terminal<16, 4> console(fonts::kPanelFont);
    int byte = 0;
    while ((byte = std::fgetc(input)) != EOF) console.write(static_cast<std::uint8_t>(byte));
    std::fclose(input);
    console.finish();
    console.draw(screen, 0, 0);
  }
  std::FILE* output = std::fopen(argv[2], "wb");
  if (output == nullptr) {
    std::perror(argv[2]);
    return 1;
  }
  bool ok = true;
  write_pbm(screen, [&](const std::uint8_t* data, std::size_t size) {
    ok = ok && std::fwrite(data, 1, size, output) == size;
  });
  return std::fclose(output) == 0 && ok ? 0 : 1;
}
