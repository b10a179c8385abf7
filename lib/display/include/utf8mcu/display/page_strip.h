#pragma once
/// @file
/// The one road from drawing to a panel: page strips. A panel driver
/// (panel.h) takes 8-row pages, one byte per column; whatever draws (a
/// TextBox, the Terminal's renderer, any code drawing on a surface) draws
/// into a PageStrip, a surface over a strip buffer that stands for columns
/// [x, x + width) of one page of the panel, in panel coordinates, and
/// send_page() writes it. So a word-wrapped screen on a 128x64 SSD1306 needs
/// a 128-byte strip, not a 1 KB framebuffer: the text is drawn once per page
/// (draw_to_panel()), as page-buffer libraries do. A framebuffer the caller
/// keeps goes to the panel with flush_framebuffer(), straight from its bytes.
///
///     std::uint8_t strip[128];
///     draw_to_panel(panel, strip, sizeof strip, [](PageStrip& page) {
///       TextBox<PageStrip> box(page, font, Rect{0, 0, 128, 64}, kLitOnDark);
///       ...                                  // the same text for every page
///     });

#include <cstddef>
#include <cstdint>

#include "utf8mcu/display/framebuffer.h"
#include "utf8mcu/display/panel.h"
#include "utf8mcu/display/render.h"

namespace utf8mcu::display {

/// Columns [x, x + width) of page `page` of a panel as a mono surface in
/// panel coordinates: drawing at (x, 8 * page) lands in the strip's first
/// byte, bit 0. Pixels outside the strip are ignored. 28 bytes; the pixels
/// stay in the caller's buffer of `width` bytes.
class PageStrip {
 public:
  using Color = bool;

  /// `buffer` holds `width` bytes (1 to kMaxDimension); a null buffer or a
  /// non-positive width gives a strip that draws nothing.
  constexpr PageStrip(std::uint8_t* buffer, int x, int width, int page) noexcept
      : strip_(buffer, width, 8), x_(detail::clamp_coordinate(x)), y_(detail::clamp_coordinate(page) * 8) {}

  /// Panel column of the strip's first byte, and the page's first row.
  constexpr int x() const noexcept { return x_; }
  constexpr int y() const noexcept { return y_; }
  /// Columns of the strip, and its 8 rows.
  constexpr int width() const noexcept { return strip_.width(); }
  constexpr int height() const noexcept { return strip_.height(); }
  constexpr std::uint8_t* data() noexcept { return strip_.data(); }

  /// Sets every pixel of the strip.
  void clear(bool on = false) noexcept { strip_.clear(on); }

  void set_pixel(int x, int y, bool on) noexcept { strip_.set_pixel(local_x(x), local_y(y), on); }
  bool get_pixel(int x, int y) const noexcept { return strip_.get_pixel(local_x(x), local_y(y)); }
  void fill_rect(int x, int y, int width, int height, bool on) noexcept {
    strip_.fill_rect(local_x(x), local_y(y), width, height, on);
  }
  void draw_column(int x, int y, std::uint32_t bits, std::uint32_t mask, bool on, bool off) noexcept {
    strip_.draw_column(local_x(x), local_y(y), bits, mask, on, off);
  }
  template <typename Columns>
  [[gnu::always_inline]] void draw_columns(int x, int y, const Columns& source, int first, int end, std::uint32_t rows,
                                           bool transparent, bool on, bool off) noexcept {
    strip_.draw_columns(local_x(x), local_y(y), source, first, end, rows, transparent, on, off);
  }

 private:
  // Coordinates clamped first, so that any int moves into the strip's
  // coordinates without overflow.
  constexpr int local_x(int x) const noexcept { return detail::clamp_coordinate(x) - x_; }
  constexpr int local_y(int y) const noexcept { return detail::clamp_coordinate(y) - y_; }

  MonoFramebuffer strip_;
  int x_;
  int y_;
};

/// Largest strip piece send_page() draws and writes at once (bytes).
inline constexpr std::size_t kMaxStripBytes = 256;

/// Draws columns [x_begin, x_end) of page `page`, widened to even bounds: for
/// each piece of the strip's size (even, at most kMaxStripBytes, since
/// controllers with 2 pixels per byte need even bounds), clears `strip`, calls
/// `draw(PageStrip&)` and writes the piece with panel.write_page(). Returns
/// the first failing status, kOk otherwise, or kBusError if `strip` is null
/// or smaller than 2 bytes. Cost: one draw() per piece.
template <typename Panel, typename Draw>
[[nodiscard]] PanelStatus send_page(Panel& panel, std::uint8_t* strip, std::size_t strip_size, int page, int x_begin,
                                    int x_end, Draw&& draw) noexcept {
  if (strip == nullptr || strip_size < 2) return PanelStatus::kBusError;
  const int piece = static_cast<int>(strip_size > kMaxStripBytes ? kMaxStripBytes : strip_size) & ~1;
  // Even bounds at both ends too: a range of cells of an odd width may start
  // or end between the two pixels of a byte.
  for (int x = x_begin & ~1; x < x_end; x += piece) {
    int width = x_end - x < piece ? x_end - x : piece;
    width += width & 1;
    PageStrip surface(strip, x, width, page);
    surface.clear(false);
    draw(surface);
    const PanelStatus status = panel.write_page(page, x, x + width, strip);
    if (status != PanelStatus::kOk) return status;
  }
  return PanelStatus::kOk;
}

/// Draws the whole panel page by page through one strip: `draw(PageStrip&)`
/// is called for every piece of every page and must draw the same picture
/// each time (it may draw everything: what falls outside the strip is
/// ignored). Returns as send_page(). Cost: pages x pieces calls of draw();
/// RAM: the strip.
template <typename Panel, typename Draw>
[[nodiscard]] PanelStatus draw_to_panel(Panel& panel, std::uint8_t* strip, std::size_t strip_size, Draw&& draw) noexcept {
  const int pages = (panel.height() + 7) / 8;
  for (int page = 0; page < pages; ++page) {
    const PanelStatus status = send_page(panel, strip, strip_size, page, 0, panel.width(), draw);
    if (status != PanelStatus::kOk) return status;
  }
  return PanelStatus::kOk;
}

/// Sends a framebuffer to a panel: page p of `picture` becomes page p, its
/// columns from 0, with panel.write_page() (the driver clips to the panel).
/// Returns the first failing status, or kOk. No strip: the bytes go as they
/// are in the framebuffer.
template <typename Panel>
[[nodiscard]] PanelStatus flush_framebuffer(Panel& panel, const MonoFramebuffer& picture) noexcept {
  const std::size_t width = static_cast<std::size_t>(picture.width());
  for (int page = 0; page < picture.pages(); ++page) {
    const PanelStatus status =
        panel.write_page(page, 0, picture.width(), picture.data() + static_cast<std::size_t>(page) * width);
    if (status != PanelStatus::kOk) return status;
  }
  return PanelStatus::kOk;
}

}  // namespace utf8mcu::display
