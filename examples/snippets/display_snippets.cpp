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

// What the snippets' SPI bus saw: byte counts, and the SSD1306's display
// RAM as its page addressing (B0h + page, 00h/10h + column) fills it.
std::size_t g_bus_commands = 0;
std::size_t g_bus_data = 0;
std::uint8_t g_panel_ram[8][128];
unsigned g_page = 0;
unsigned g_column = 0;

struct SpiLink {
  bool failing = false;
};
SpiLink spi1;

// What the I2C snippet's bus saw: transactions and the last address.
struct I2cLink {
  std::size_t transfers = 0;
  std::uint8_t last_address = 0;
};
I2cLink i2c1;

}  // namespace

// The SPI bus of the terminal snippet: counts bytes; fails while `failing`.
utf8mcu::display::PanelStatus spi_commands(void* context, const std::uint8_t*, std::size_t size);
utf8mcu::display::PanelStatus spi_data(void* context, const std::uint8_t*, std::size_t size);
void reset_pin(void*) {}
void delay_ms(void*, std::uint32_t) {}

// snippet: display-use
#include "utf8mcu/display/display.h"
#include "utf8mcu/display/panel/ssd1306.h"
#include "utf8mcu/port/ingest.h"

using namespace utf8mcu::display;

// The platform's side (panel.h): SPI writes with D/C low (commands) or high
// (display RAM), each returning kOk or the failure; reset and delay may be null.
PanelStatus spi_commands(void* context, const std::uint8_t* bytes, std::size_t size);
PanelStatus spi_data(void* context, const std::uint8_t* bytes, std::size_t size);
void reset_pin(void* context);
void delay_ms(void* context, std::uint32_t milliseconds);

utf8mcu::port::ByteRing<256> rx_ring;  // all that the interrupt and the main loop share

// Called for each byte received, from the UART interrupt: queue it, nothing more.
void on_uart_byte(std::uint8_t byte) { rx_ring.push(byte); }

const PanelBus oled_bus{&spi_commands, &spi_data, &reset_pin, &delay_ms, &spi1};  // or over I2C: below
Ssd1306 oled(oled_bus, kSsd1306_128x64);  // keeps the bus by reference: it must outlive the driver
std::uint8_t pixels[mono_buffer_size(128, 64)];  // 1024 bytes, SSD1306 pages
MonoFramebuffer screen(pixels, 128, 64);
TextBox box(screen, kDefaultFont, Rect{0, 0, 128, 64}, kLitOnDark);
utf8mcu::port::RingReader reader{rx_ring};

// Called once at start-up: resets the panel and sends its set-up commands.
bool start_display() {
  return oled.init() == PanelStatus::kOk;  // else the bus's failure, e.g. kNak: no panel answered
}

// Called from the main loop: decodes and draws what has arrived, then sends it.
PanelStatus draw_received() {
  if (reader.poll(box, 64).code_points == 0) return PanelStatus::kOk;  // at most 64 bytes per pass
  return flush_framebuffer(oled, screen);  // the 8 pages as they are
}
// end snippet

// snippet: display-use-i2c
#include "utf8mcu/display/panel/i2c_panel_bus.h"

// One I2C write: start, address + W, the control byte, `size` bytes, stop.
PanelStatus i2c_write(void* context, std::uint8_t address, std::uint8_t control, const std::uint8_t* bytes,
                      std::size_t size);

const I2cPanelLink oled_link{&i2c_write, &i2c1, 0x3C};  // 0x3C or 0x3D, as the module's SA0 pin says
const PanelBus oled_i2c_bus = i2c_panel_bus(oled_link);  // keeps the link's address
Ssd1306 i2c_oled(oled_i2c_bus, kSsd1306_128x64);
// end snippet

// snippet: text-box-panel
std::uint8_t page_strip[128];  // one page of 8 rows: all the RAM the picture needs

// A word-wrapped screen straight to the panel: laid out once per page, no framebuffer.
PanelStatus show_text(const char* text, std::size_t size) {
  return draw_text_to_panel(oled, page_strip, sizeof page_strip, kDefaultFont, Rect{0, 0, 128, 64}, text, size);
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

// Called once at start-up: resets the panel and sends its set-up commands.
bool start_console() {
  return panel.init() == PanelStatus::kOk;  // else the bus's failure: the console is not shown
}

// Called from the main loop: decode what arrived, then send the cells that changed.
PanelStatus update_console() {
  std::uint8_t chunk[32];
  for (std::size_t n; (n = uart_ring.pop(chunk, sizeof chunk)) != 0;) console.write(chunk, n);  // UTF-8
  return console.flush(panel, strip, sizeof strip);  // kOk, or the bus's failure: the cells stay dirty
}
// end snippet

PanelStatus spi_commands(void* context, const std::uint8_t* bytes, std::size_t size) {
  if (static_cast<SpiLink*>(context)->failing) return PanelStatus::kNak;
  g_bus_commands += size;
  // Only the addressing commands a page write sends (the SSD1306 datasheet's
  // page addressing mode); init()'s commands take arguments, and none of
  // them falls in these ranges but the B0h-B7h page start.
  if (size == 3 && (bytes[0] & 0xF8u) == 0xB0u && (bytes[1] & 0xF0u) == 0x00u && (bytes[2] & 0xF0u) == 0x10u) {
    g_page = bytes[0] & 7u;
    g_column = (bytes[1] & 0x0Fu) | ((bytes[2] & 0x0Fu) << 4);
  }
  return PanelStatus::kOk;
}

PanelStatus i2c_write(void* context, std::uint8_t address, std::uint8_t, const std::uint8_t*, std::size_t) {
  I2cLink& link = *static_cast<I2cLink*>(context);
  ++link.transfers;
  link.last_address = address;
  return PanelStatus::kOk;
}

PanelStatus spi_data(void* context, const std::uint8_t* bytes, std::size_t size) {
  if (static_cast<SpiLink*>(context)->failing) return PanelStatus::kNak;
  g_bus_data += size;
  for (std::size_t i = 0; i < size && g_column < 128; ++i) g_panel_ram[g_page][g_column++] = bytes[i];
  return PanelStatus::kOk;
}

// From display_font_chain.cpp: draws `text` through the 6x13 + CJK chain.
std::size_t draw_with_chain(const char* text);
char32_t draw_decomposed_e_acute(int x, int y);

namespace {

using snippets::check;
using snippets::same_bytes;

void arrive(const char* text) {
  for (std::size_t i = 0; text[i] != '\0'; ++i) on_uart_byte(static_cast<std::uint8_t>(text[i]));
}

void check_interrupt_queues_main_loop_draws() {
  // The same bytes decoded straight into a second box must give the same picture.
  static const char text[] = "Gr\xC3\xBC\xC3\x9F" "e \xE2\x82\xAC \xC0\xAF end";  // Grüße € (over-long /) end
  check(start_display());
  g_bus_data = 0;
  arrive(text);
  check(g_bus_data == 0u);  // the interrupt draws nothing
  check(draw_received() == PanelStatus::kOk);
  check(g_bus_data == 1024u);  // one frame: 8 pages of 128 columns
  check(same_bytes(&g_panel_ram[0][0], pixels, sizeof pixels));
  check(draw_received() == PanelStatus::kOk);  // nothing new: no frame
  check(g_bus_data == 1024u);
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

// The strip road draws what the framebuffer road sends: the same text in a
// box of a framebuffer, sent with flush_framebuffer(), then through the strip.
void check_text_box_through_a_strip() {
  static const char text[] = "A word-wrapped screen through one page strip: \xE2\x82\xAC 42";
  static std::uint8_t framed_pixels[mono_buffer_size(128, 64)];
  MonoFramebuffer framed(framed_pixels, 128, 64);
  TextBox framed_box(framed, kDefaultFont, Rect{0, 0, 128, 64}, kLitOnDark);
  utf8mcu::Decoder decoder;
  (void)decoder.push(reinterpret_cast<const std::uint8_t*>(text), sizeof text - 1, framed_box);
  g_bus_data = 0;
  check(show_text(text, sizeof text - 1) == PanelStatus::kOk);
  check(g_bus_data == 1024u);
  check(same_bytes(&g_panel_ram[0][0], framed_pixels, sizeof framed_pixels));
}

void check_terminal_sends_only_what_changed_and_retries() {
  g_bus_data = 0;
  const bool started = start_console() && update_console() == PanelStatus::kOk;
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

// The I2C bus reaches the panel at its address; a failing SPI bus reaches
// start_display() as false.
void check_i2c_bus_and_failed_start() {
  check(i2c_oled.init() == PanelStatus::kOk);
  check(i2c1.transfers > 0u);
  check(i2c1.last_address == 0x3Cu);
  spi1.failing = true;
  check(!start_display());
  spi1.failing = false;
}

void check_font_chain_falls_back() {
  // 'A' from 6x13 (advance 6), 中 from the Unifont CJK font (advance 16).
  check(draw_with_chain("A\xE4\xB8\xAD") == 22u);
}

void check_decomposed_text_draws_the_precomposed_glyph() {
  check(draw_decomposed_e_acute(0, 0) == 0xE9);
}

}  // namespace

int main() {
  check_interrupt_queues_main_loop_draws();
  check_text_box_through_a_strip();
  check_terminal_sends_only_what_changed_and_retries();
  check_i2c_bus_and_failed_start();
  check_font_chain_falls_back();
  check_decomposed_text_draws_the_precomposed_glyph();
  return snippets::checks().first_failed;
}
