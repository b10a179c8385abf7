// The display code docs/display.md shows, between the "snippet:" markers, run
// as a plain program on the host and on every board (exit status 0, or the
// number of the first check that failed) (with the fonts of the
// utf8mcu_display_add_font() snippet in CMakeLists.txt). Edit it here, then
// run `python3 tools/check-snippets.py --update` to copy it into the docs.
#include <cstddef>
#include <cstdint>

#include "snippet_checks.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/display/panel.h"

namespace {

// What the snippets' placeholder functions saw.
std::size_t g_frames_sent = 0;
std::size_t g_bus_commands = 0;
std::size_t g_bus_data = 0;

void send_to_panel(const std::uint8_t* /*pixels*/) { ++g_frames_sent; }

struct SpiLink {
  bool failing = false;
};
SpiLink spi1;

}  // namespace

// The SPI bus of the terminal snippet: counts bytes; fails while `failing`.
utf8mcu::display::PanelStatus spi_commands(void* context, const std::uint8_t*, std::size_t size);
utf8mcu::display::PanelStatus spi_data(void* context, const std::uint8_t*, std::size_t size);
void reset_pin(void*) {}
void delay_ms(void*, std::uint32_t) {}

// snippet: display-use
#include "utf8mcu/display/display.h"
#include "utf8mcu/port/ingest.h"

using namespace utf8mcu::display;

utf8mcu::port::ByteRing<256> rx_ring;  // all that the interrupt and the main loop share

// Called for each byte received, from the UART interrupt: queue it, nothing more.
void on_uart_byte(std::uint8_t byte) { rx_ring.push(byte); }

std::uint8_t pixels[mono_buffer_size(128, 64)];  // 1024 bytes, SSD1306 pages
MonoFramebuffer screen(pixels, 128, 64);
TextBox box(screen, kDefaultFont, Rect{0, 0, 128, 64}, kLitOnDark);
utf8mcu::port::RingReader reader{rx_ring};

// Called from the main loop: decodes and draws what has arrived.
void draw_received() {
  if (reader.poll(box, 64).code_points != 0) {  // at most 64 bytes per pass
    send_to_panel(pixels);  // as is, to an SSD1306 in horizontal addressing mode
  }
}
// end snippet

// snippet: panel-terminal
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/display/terminal.h"
#include "utf8mcu/port/byte_ring.h"

const PanelBus bus{&spi_commands, &spi_data, &reset_pin, &delay_ms, &spi1};  // or i2c_panel_bus(link)
Ssd1306 panel(bus, kSsd1306_128x64);
Terminal<16, 4> console;                // 16 x 4 cells of 8 x 16 pixels
std::uint8_t strip[128];                // one page of 8 rows
utf8mcu::port::ByteRing<256> uart_ring;  // the UART interrupt does uart_ring.push(byte)

// Called from the main loop: decode what arrived, then send the cells that changed.
PanelStatus update_console() {
  std::uint8_t chunk[32];
  for (std::size_t n; (n = uart_ring.pop(chunk, sizeof chunk)) != 0;) console.write(chunk, n);  // UTF-8
  return console.flush(panel, strip, sizeof strip);  // kOk, or the bus's failure: the cells stay dirty
}
// end snippet

PanelStatus spi_commands(void* context, const std::uint8_t*, std::size_t size) {
  if (static_cast<SpiLink*>(context)->failing) return PanelStatus::kNak;
  g_bus_commands += size;
  return PanelStatus::kOk;
}

PanelStatus spi_data(void* context, const std::uint8_t*, std::size_t size) {
  if (static_cast<SpiLink*>(context)->failing) return PanelStatus::kNak;
  g_bus_data += size;
  return PanelStatus::kOk;
}

// From display_font_chain.cpp: draws `text` through the 6x13 + CJK chain.
std::size_t draw_with_chain(const char* text);

namespace {

using snippets::check;
using snippets::same_bytes;

void arrive(const char* text) {
  for (std::size_t i = 0; text[i] != '\0'; ++i) on_uart_byte(static_cast<std::uint8_t>(text[i]));
}

void check_interrupt_queues_main_loop_draws() {
  // The same bytes decoded straight into a second box must give the same picture.
  static const char text[] = "Gr\xC3\xBC\xC3\x9F" "e \xE2\x82\xAC \xC0\xAF end";  // Grüße € (over-long /) end
  g_frames_sent = 0;
  arrive(text);
  check(g_frames_sent == 0u);  // the interrupt draws nothing
  draw_received();
  check(g_frames_sent == 1u);
  draw_received();  // nothing new: no frame
  check(g_frames_sent == 1u);
  // G r ü ß e, space, €, space, two U+FFFD, space, e n d
  check(reader.code_points() == 14u);
  check(reader.replacements() == 2u);

  static std::uint8_t direct_pixels[mono_buffer_size(128, 64)];
  MonoFramebuffer direct_screen(direct_pixels, 128, 64);
  TextBox direct(direct_screen, kDefaultFont, Rect{0, 0, 128, 64}, kLitOnDark);
  utf8mcu::Decoder decoder;
  (void)decoder.push(reinterpret_cast<const std::uint8_t*>(text), sizeof text - 1, direct);
  check(same_bytes(pixels, direct_pixels, sizeof pixels));
}

void check_terminal_sends_only_what_changed_and_retries() {
  const bool started = panel.init() == PanelStatus::kOk && update_console() == PanelStatus::kOk;
  check(started);  // the first flush draws the whole grid
  if (!started) return;
  const std::size_t whole = g_bus_data;
  check(whole == 1024u);  // 8 pages x 128 columns

  const std::uint8_t typed[] = {0x41, 0xC3, 0xA9};  // A é
  for (const std::uint8_t byte : typed) (void)uart_ring.push(byte);
  spi1.failing = true;
  check(update_console() == PanelStatus::kNak);
  spi1.failing = false;
  check(update_console() == PanelStatus::kOk);
  // Only the cells that changed: the two typed 8x16 cells (2 pages x 16
  // columns), and the cursor's cell where the terminal draws a cursor.
  check(g_bus_data - whole >= 32u);
  check(g_bus_data - whole <= 48u);
  check(console.cursor().column == 2);
}

void check_font_chain_falls_back() {
  // 'A' from 6x13 (advance 6), 中 from the Unifont CJK font (advance 16).
  check(draw_with_chain("A\xE4\xB8\xAD") == 22u);
}

}  // namespace

int main() {
  check_interrupt_queues_main_loop_draws();
  check_terminal_sends_only_what_changed_and_retries();
  check_font_chain_falls_back();
  return snippets::checks().first_failed;
}
