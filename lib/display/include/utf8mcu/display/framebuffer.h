#pragma once
/// @file
/// Drawing surfaces for the renderer, without dynamic dispatch: a surface is any
/// class with
///
///     using Color = ...;                          // e.g. bool, std::uint16_t
///     int width() const; int height() const;
///     void set_pixel(int x, int y, Color color);  // must ignore (x, y) outside
///
/// Deriving from SurfaceBase<Derived, Color> adds the two operations the
/// renderer calls, draw_column() and fill_rect(), on top of set_pixel(); a
/// surface may hide them with faster versions (MonoFramebuffer does).
///
/// Surfaces never write outside their buffer, whatever the coordinates.
/// They wrap a buffer the caller owns (static storage, or DMA-capable RAM).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/internal/target.h"
#include "utf8mcu/internal/traits.h"

namespace utf8mcu::display {

/// Largest width or height a framebuffer accepts; larger values are clamped.
inline constexpr int kMaxDimension = 0x7FFF;

namespace detail {

constexpr int clamp_dimension(int value) noexcept {
  return value < 0 ? 0 : (value > kMaxDimension ? kMaxDimension : value);
}

/// `height` clamped, then cut to the rows of `row_unit` rows each (a page of
/// 8 for mono, 1 for RGB565) that `bytes` hold at `bytes_per_unit` bytes per
/// unit: what an array of `bytes` bytes can take.
constexpr int fitting_height(std::size_t bytes, std::size_t bytes_per_unit, int row_unit, int height) noexcept {
  const int wanted = clamp_dimension(height);
  if (bytes_per_unit == 0) return wanted;  // no width: nothing is stored
  const std::size_t units = bytes / bytes_per_unit;
  const std::size_t limit = static_cast<std::size_t>(kMaxDimension) / static_cast<std::size_t>(row_unit);
  const int rows = static_cast<int>(units < limit ? units : limit) * row_unit;
  return wanted < rows ? wanted : rows;
}

/// The pointer constructors' first parameter: a pointer to `Element` or
/// nullptr, as a template so that an array argument takes the array
/// constructor (which knows its size) rather than decaying.
template <typename Pointer, typename Element>
using PointerTo = typename utf8mcu::detail::EnableIf<
    utf8mcu::detail::kIsSame<Pointer, Element*> || utf8mcu::detail::kIsSame<Pointer, decltype(nullptr)>, int>::Type;

/// The part of [start, start + length) inside [0, limit), computed without
/// overflow for any int arguments; empty as begin >= end.
struct Span {
  int begin;
  int end;
};
constexpr Span clip_span(int start, int length, int limit) noexcept {
  const long long first = start;
  const long long last = first + (length > 0 ? length : 0);
  return Span{static_cast<int>(first < 0 ? 0 : (first > limit ? limit : first)),
              static_cast<int>(last < 0 ? 0 : (last > limit ? limit : last))};
}

}  // namespace detail

/// Generic draw_column()/fill_rect() on top of Derived::set_pixel() (CRTP: no
/// dynamic dispatch, everything inlines).
template <typename Derived, typename ColorType>
class SurfaceBase {
 public:
  using Color = ColorType;

  /// Draws one column of up to 32 pixels, (x, y) to (x, y + 31): row r is
  /// drawn if bit r of `mask` is set, in `on` if bit r of `bits` is set, else
  /// in `off`. Clipped to the surface.
  void draw_column(int x, int y, std::uint32_t bits, std::uint32_t mask, Color on, Color off) noexcept {
    Derived& self = derived();
    if (y <= -32 || y >= self.height()) return;  // also keeps y + row from overflowing
    for (int row = 0; row < 32; ++row) {
      if (((mask >> row) & 1u) != 0) self.set_pixel(x, y + row, ((bits >> row) & 1u) != 0 ? on : off);
    }
  }

  /// Draws columns [first, end) of a cell whose column 0 is at x: `columns`
  /// yields each column's bits in turn from column 0 (`next()`, bit r = row
  /// y + r; see GlyphCellColumns). Rows in `rows` are drawn (only the set ones
  /// if `transparent`).
  template <typename Columns>
  void draw_columns(int x, int y, const Columns& source, int first, int end, std::uint32_t rows, bool transparent,
                    Color on, Color off) noexcept {
    Columns columns = source;
    for (int column = 0; column < first; ++column) columns.next();
    for (int column = first; column < end; ++column) {
      const std::uint32_t bits = columns.next();
      derived().draw_column(x + column, y, bits, transparent ? rows & bits : rows, on, off);
    }
  }

  /// Fills the rectangle (x, y, width, height), clipped to the surface.
  void fill_rect(int x, int y, int width, int height, Color color) noexcept {
    Derived& self = derived();
    const detail::Span columns = detail::clip_span(x, width, self.width());
    const detail::Span rows = detail::clip_span(y, height, self.height());
    for (int row = rows.begin; row < rows.end; ++row) {
      for (int column = columns.begin; column < columns.end; ++column) self.set_pixel(column, row, color);
    }
  }

 private:
  Derived& derived() noexcept { return static_cast<Derived&>(*this); }
};

/// Bytes a MonoFramebuffer of `width` x `height` pixels needs.
[[nodiscard]] constexpr std::size_t mono_buffer_size(int width, int height) noexcept {
  return static_cast<std::size_t>(detail::clamp_dimension(width)) *
         static_cast<std::size_t>((detail::clamp_dimension(height) + 7) / 8);
}

/// 1 bit per pixel in the SSD1306/SH1106 page layout: the display is cut into
/// pages of 8 rows; page p is `width` bytes, one per column, and bit b of a
/// byte is row 8p + b (bit 0 on top). So a 128x64 buffer is 8 pages of 128
/// bytes (1024 bytes) and goes to the controller as is (horizontal addressing).
///
///     byte [p * width + x]:  bit 7 6 5 4 3 2 1 0
///                            row 8p+7 ....... 8p
///
/// Color is bool: true = pixel lit. Trivially copyable; 16 bytes; the pixels
/// stay in the caller's buffer.
class MonoFramebuffer : public SurfaceBase<MonoFramebuffer, bool> {
 public:
  /// Wraps `buffer` (a `std::uint8_t*`, or nullptr), which must hold
  /// mono_buffer_size(width, height) bytes: the size is the caller's word.
  /// A null buffer or a non-positive size gives an empty (0 x 0) surface.
  template <typename Pointer, detail::PointerTo<Pointer, std::uint8_t> = 0>
  constexpr MonoFramebuffer(Pointer buffer, int width, int height) noexcept
      : buffer_(buffer),
        width_(buffer == nullptr ? 0 : detail::clamp_dimension(width)),
        height_(buffer == nullptr || width_ == 0 ? 0 : detail::clamp_dimension(height)),
        pages_(static_cast<unsigned>((height_ + 7) / 8)) {}

  /// Wraps the array `buffer`, whose size is known: `height` is cut to the
  /// pages of `width` bytes that fit in it (a `std::uint8_t[896]` of 128
  /// columns gives at most 7 pages, 56 rows), so no pixel lies outside the
  /// array whatever the sizes asked. A non-positive size gives an empty surface.
  template <std::size_t kBytes>
  constexpr MonoFramebuffer(std::uint8_t (&buffer)[kBytes], int width, int height) noexcept
      : MonoFramebuffer(static_cast<std::uint8_t*>(buffer), width,
                        detail::fitting_height(kBytes, static_cast<std::size_t>(detail::clamp_dimension(width)), 8,
                                               height)) {}

  constexpr int width() const noexcept { return width_; }
  constexpr int height() const noexcept { return height_; }
  /// Pages of 8 rows (the last one partly used if height % 8 != 0).
  constexpr int pages() const noexcept { return static_cast<int>(pages_); }
  constexpr std::uint8_t* data() noexcept { return buffer_; }
  constexpr const std::uint8_t* data() const noexcept { return buffer_; }
  constexpr std::size_t size_bytes() const noexcept { return mono_buffer_size(width_, height_); }

  /// Sets one pixel; ignores coordinates outside the surface.
  void set_pixel(int x, int y, bool on) noexcept {
    if (!inside(x, y)) return;
    std::uint8_t& byte = buffer_[index(x, y)];
    const auto bit = static_cast<std::uint8_t>(1u << (static_cast<unsigned>(y) & 7u));
    byte = static_cast<std::uint8_t>(on ? (byte | bit) : (byte & ~bit));
  }

  /// The pixel at (x, y); false outside the surface.
  bool get_pixel(int x, int y) const noexcept {
    if (!inside(x, y)) return false;
    return ((static_cast<unsigned>(buffer_[index(x, y)]) >> (static_cast<unsigned>(y) & 7u)) & 1u) != 0;
  }

  /// Sets every pixel (padding rows of a partial last page included).
  void clear(bool on = false) noexcept {
    const std::size_t size = size_bytes();
    for (std::size_t i = 0; i < size; ++i) buffer_[i] = on ? 0xFF : 0x00;
  }

  /// Page-wise draw_column(): at most 4 read-modify-writes of page bytes.
  void draw_column(int x, int y, std::uint32_t bits, std::uint32_t mask, bool on, bool off) noexcept {
    if (static_cast<unsigned>(x) >= static_cast<unsigned>(width_) || y <= -32 || y >= height_) return;
    const Pages pages(*this, y, mask);
    const std::uint32_t off_bits = off ? 0xFFFFFFFFu : 0u;
    const std::uint32_t value = off_bits ^ (bits & ((on ? 0xFFFFFFFFu : 0u) ^ off_bits));
    write_pages(pages.first + x, pages.wanted, (value >> pages.down) << pages.up, pages.stride);
  }

  /// Page-wise draw_columns() for a glyph cell (GlyphCellColumns): clipping,
  /// the page bytes to write and where each ink column lands in them once
  /// per cell; then per column one word of ink, a shift, and a
  /// read-modify-write of each page byte.
  /// Inlined into draw_glyph(), its only caller in the library: the
  /// arguments then stay in registers.
  template <typename Columns>
  [[gnu::always_inline]] void draw_columns(int x, int y, const Columns& source, int first, int end,
                                           std::uint32_t rows, bool transparent, bool on, bool off) noexcept {
    const int ink_begin = source.ink_begin();
    const int ink_end = source.ink_end();
    auto ink = source.ink();
    // Everything the loops use in locals: the byte stores may alias any
    // object, so members would be reloaded after each store.
    const unsigned stride = static_cast<unsigned>(width_);
    std::uint8_t* byte = nullptr;
    int count = 0;
    std::uint32_t wanted = 0;
    unsigned up = 0;
    std::uint32_t ink_rows = 0;  // where a column's ink lands
    if (__builtin_expect(!transparent && first == 0 && end > 0 && (rows & 1u) != 0 &&
                             static_cast<unsigned>(y) < static_cast<unsigned>(height_) && x >= 0 && end <= width_ - x,
                         1)) {
      // The usual glyph: opaque, its first row and column drawn, inside
      // the picture but for rows below it. Pages from y's, no row skipped.
      const unsigned shift = static_cast<unsigned>(y) & 7u;
      const unsigned page = static_cast<unsigned>(y) >> 3;
      wanted = (rows << shift) & rows_inside(page);
      up = source.ink_shift() + shift;
      ink_rows = ink.mask() << up;
      byte = buffer_ + page * stride + x;
      count = end;
    } else {
      // Far from the picture, for any first and end (columns before 0 are
      // none, and no cell is kFar columns wide): in int below, no overflow.
      constexpr int kFar = 1 << 28;
      if (y <= -32 || y >= height_ || x < -kFar || x > kFar) return;
      if (first < 0) first = 0;
      if (first < -x) first = -x;
      if (end > width_ - x) end = width_ - x;
      if (transparent) {  // ink columns only, their set pixels
        if (first < ink_begin) first = ink_begin;
        if (end > ink_end) end = ink_end;
      }
      if (first >= end) return;
      const Pages pages(*this, y, rows, source.ink_shift());
      wanted = pages.wanted;
      up = pages.up;
      // None of the ink when it all lies above the picture (then no ink is read).
      ink_rows = (ink.mask() >> pages.down) << up;
      if (wanted == 0 || (transparent && ink_rows == 0)) return;
      // Rows above the picture are never read: each column from its first
      // row inside (`down` < height when any ink row is inside).
      if (first > ink_begin) ink.skip(static_cast<unsigned>((first < ink_end ? first : ink_end) - ink_begin));
      if (ink_rows != 0) ink.skip_bits(pages.down);
      byte = pages.first + (x + first);  // x + first is a column of the picture
      count = end - first;
    }
    std::uint8_t* const stop = byte + count;
    const std::uint32_t on_bits = on ? 0xFFFFFFFFu : 0u;
    if (transparent) {
      for (; byte != stop; ++byte) write_pages(byte, wanted & (ink.take_unmasked() << up) & ink_rows, on_bits, stride);
      return;
    }
    // Blank columns, ink columns, blank columns (the clipped parts of a
    // cell are anywhere in them).
    const std::uint32_t off_bits = off ? 0xFFFFFFFFu : 0u;
    const std::uint32_t ink_diff = (on_bits ^ off_bits) & ink_rows;  // unmasked bits outside the ink drop out
    int ink_from = ink_begin - first < 0 ? 0 : (ink_begin - first > count ? count : ink_begin - first);
    int ink_to = ink_end - first < ink_from ? ink_from : (ink_end - first > count ? count : ink_end - first);
    if (ink_rows == 0) ink_to = ink_from;
    std::uint8_t* const ink_first = byte + ink_from;
    std::uint8_t* const ink_stop = byte + ink_to;
    for (std::uint8_t* column = ink_first; column != ink_stop; ++column) {
      write_rows(column, wanted, off_bits ^ ((ink.take_unmasked() << up) & ink_diff), stride);
    }
    // The blank columns: [byte, ink_first), then [ink_stop, stop).
    for (std::uint8_t* blank_stop = ink_first;; byte = ink_stop, blank_stop = stop) {
      for (; byte != blank_stop; ++byte) write_rows(byte, wanted, off_bits, stride);
      if (blank_stop == stop) break;
    }
  }

  /// Page-wise fill_rect().
  void fill_rect(int x, int y, int width, int height, bool on) noexcept {
    const detail::Span columns = detail::clip_span(x, width, width_);
    const detail::Span rows = detail::clip_span(y, height, height_);
    if (columns.begin >= columns.end || rows.begin >= rows.end) return;
    for (int page = rows.begin >> 3; page <= (rows.end - 1) >> 3; ++page) {
      // Rows of this page inside [rows.begin, rows.end).
      const int top = rows.begin > page * 8 ? rows.begin - page * 8 : 0;
      const int bottom = rows.end < page * 8 + 8 ? rows.end - page * 8 : 8;
      const auto write = static_cast<std::uint8_t>((0xFFu << top) & (0xFFu >> (8 - bottom)));
      std::uint8_t* byte = buffer_ + static_cast<std::size_t>(page) * static_cast<std::size_t>(width_);
      for (int column = columns.begin; column < columns.end; ++column) {
        byte[column] = static_cast<std::uint8_t>(on ? (byte[column] | write) : (byte[column] & ~write));
      }
    }
  }

 private:
  constexpr bool inside(int x, int y) const noexcept {
    return static_cast<unsigned>(x) < static_cast<unsigned>(width_) &&
           static_cast<unsigned>(y) < static_cast<unsigned>(height_);
  }
  constexpr std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y >> 3) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x);
  }
  // Rows of the picture from page `page`'s first row on (at least 1 for a
  // page of the picture), as a mask of 32.
  constexpr std::uint32_t rows_inside(unsigned page) const noexcept {
    const unsigned rows_below = static_cast<unsigned>(height_) - page * 8u;
    return rows_below >= 32 ? 0xFFFFFFFFu : (std::uint32_t{1} << rows_below) - 1u;
  }
  // The page bytes that columns of up to 32 rows from row y (-32 < y <
  // height) fall into, from y's page (the first when y < 0): `wanted` are
  // the rows to write (bit 8k + b is bit b of page byte k; the first page
  // may have none when a clip cuts the top), and a column's bits move
  // there as `(bits >> down) << up` (for bits that start `ink_shift` rows
  // below y). Rows past bit 31 are dropped, which no line of
  // kMaxLineHeight rows reaches; `wanted` holds only rows of the picture,
  // so pages past its end are never touched.
  struct Pages {
    Pages(const MonoFramebuffer& picture, int y, std::uint32_t rows, unsigned ink_shift = 0) noexcept
        : stride(static_cast<unsigned>(picture.width_)) {
      unsigned skip = 0;  // rows above the picture
      if (y < 0) {
        skip = static_cast<unsigned>(-y);
        y = 0;
      }
      const unsigned shift = static_cast<unsigned>(y) & 7u;  // row of y within its page
      const unsigned page = static_cast<unsigned>(y) >> 3;
      wanted = ((rows >> skip) << shift) & picture.rows_inside(page);
      const int net = static_cast<int>(ink_shift + shift) - static_cast<int>(skip);
      first = picture.buffer_ + page * stride;
      up = net > 0 ? static_cast<unsigned>(net) : 0u;
      down = net < 0 ? static_cast<unsigned>(-net) : 0u;
    }

    unsigned stride;
    std::uint32_t wanted = 0;
    unsigned up = 0;
    unsigned down = 0;
    std::uint8_t* first = nullptr;  // byte of column 0 in the first page
  };

  // Writes the `mask` bits of `value` into the page bytes from `byte` down
  // (bit 8k + b to bit b of the k-th), until no mask bit is left: a page's
  // byte address is formed only if the page is written.
  [[gnu::always_inline]] static void write_pages(std::uint8_t* byte, std::uint32_t mask, std::uint32_t value,
                                                 unsigned stride) noexcept {
    for (;;) {
      merge(byte, mask, value);
      mask >>= 8;
      if (mask == 0) return;
      byte += stride;
      value >>= 8;
    }
  }

  // write_pages() for a `mask` of consecutive rows: the pages between the
  // first and the last are whole, and take `value`'s byte without a read.
  // On ARMv6-M only (no unaligned loads, no shifted operands: a merge is 6
  // instructions, a store 1), where 13- and 16-row cells gain; on ARMv7-M
  // GCC allocates the registers of the longer loop worse than it saves.
  [[gnu::always_inline]] static void write_rows(std::uint8_t* byte, std::uint32_t mask, std::uint32_t value,
                                                unsigned stride) noexcept {
    if constexpr (utf8mcu::detail::kUnalignedLoads) {
      write_pages(byte, mask, value, stride);
      return;
    }
    merge(byte, mask, value);
    for (mask >>= 8; mask > 0xFFu; mask >>= 8) {
      byte += stride;
      value >>= 8;
      *byte = static_cast<std::uint8_t>(value);
    }
    if (mask == 0) return;
    merge(byte + stride, mask, value >> 8);
  }

  // The low 8 bits of `mask` choose which bits of the byte take `value`'s.
  [[gnu::always_inline]] static void merge(std::uint8_t* byte, std::uint32_t mask, std::uint32_t value) noexcept {
    *byte = static_cast<std::uint8_t>(*byte ^ ((*byte ^ value) & mask));
  }

  std::uint8_t* buffer_;
  int width_;
  int height_;
  unsigned pages_;           // (height + 7) / 8
};

/// A 16-bit RGB565 colour from 8-bit components: the top 5, 6 and 5 bits of
/// each. Bits above the low 8 of a component are ignored, so no component
/// spills into another's field.
[[nodiscard]] constexpr std::uint16_t rgb565(unsigned red, unsigned green, unsigned blue) noexcept {
  return static_cast<std::uint16_t>(((red & 0xF8u) << 8) | ((green & 0xFCu) << 3) | ((blue & 0xF8u) >> 3));
}

/// 16 bits per pixel, RGB565, row-major (`width` pixels per row), as colour
/// TFT controllers (ST7735, ILI9341) take it. Only set_pixel() is its own: the
/// rest comes from SurfaceBase, to show what another format needs.
class Rgb565Framebuffer : public SurfaceBase<Rgb565Framebuffer, std::uint16_t> {
 public:
  /// Wraps `pixels` (a `std::uint16_t*`, or nullptr), which must hold
  /// width * height values: the size is the caller's word. A null buffer or
  /// a non-positive size gives an empty (0 x 0) surface.
  template <typename Pointer, detail::PointerTo<Pointer, std::uint16_t> = 0>
  constexpr Rgb565Framebuffer(Pointer pixels, int width, int height) noexcept
      : pixels_(pixels),
        width_(pixels == nullptr ? 0 : detail::clamp_dimension(width)),
        height_(pixels == nullptr || width_ == 0 ? 0 : detail::clamp_dimension(height)) {}

  /// Wraps the array `pixels`, whose size is known: `height` is cut to the
  /// rows of `width` values that fit in it, so no pixel lies outside the
  /// array whatever the sizes asked.
  template <std::size_t kPixels>
  constexpr Rgb565Framebuffer(std::uint16_t (&pixels)[kPixels], int width, int height) noexcept
      : Rgb565Framebuffer(static_cast<std::uint16_t*>(pixels), width,
                          detail::fitting_height(kPixels, static_cast<std::size_t>(detail::clamp_dimension(width)), 1,
                                                 height)) {}

  constexpr int width() const noexcept { return width_; }
  constexpr int height() const noexcept { return height_; }
  constexpr std::uint16_t* data() noexcept { return pixels_; }

  void set_pixel(int x, int y, std::uint16_t color) noexcept {
    if (static_cast<unsigned>(x) < static_cast<unsigned>(width_) &&
        static_cast<unsigned>(y) < static_cast<unsigned>(height_)) {
      pixels_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)] = color;
    }
  }

  /// The pixel at (x, y); 0 outside the surface.
  std::uint16_t get_pixel(int x, int y) const noexcept {
    if (static_cast<unsigned>(x) >= static_cast<unsigned>(width_) ||
        static_cast<unsigned>(y) >= static_cast<unsigned>(height_)) {
      return 0;
    }
    return pixels_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)];
  }

 private:
  std::uint16_t* pixels_;
  int width_;
  int height_;
};

}  // namespace utf8mcu::display
