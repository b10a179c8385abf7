#pragma once
// The uart_decode firmware's output: a sink that encodes code points into a
// small buffer and sends it to the UART in blocks, and the summary after the
// text. Shared by the example and the test firmware
// (test/port/uart_decode_firmware.cpp), which adds keys of its own.

#include <cstddef>
#include <cstdint>

#include "../common/decimal.h"
#include "utf8mcu/encoder.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/uart_port.h"
#include "utf8mcu_bsp/board.h"

class UartWriter {
 public:
  explicit UartWriter(const utf8mcu::port::UartPort& uart) : uart_(uart) {}

  /// The sink: encodes one code point, sending the buffer first when it has no room.
  void operator()(char32_t code_point) {
    if (size_ + utf8mcu::kMaxSequenceBytes > sizeof buffer_) flush();
    size_ += utf8mcu::encode(code_point, buffer_ + size_, sizeof buffer_ - size_).length;
  }
  void put(const char* text) {
    while (*text != '\0') put_byte(static_cast<std::uint8_t>(*text++));
  }
  void put(std::uint32_t value) {
    char digits[example::kMaxDecimalDigits];
    const std::size_t count = example::format_decimal(value, digits);
    for (std::size_t i = 0; i < count; ++i) put_byte(static_cast<std::uint8_t>(digits[i]));
  }
  void put_byte(std::uint8_t byte) {
    if (size_ == sizeof buffer_) flush();
    buffer_[size_++] = byte;
  }
  /// " key=value", a summary field.
  void field(const char* key, std::uint32_t value) {
    put(" ");
    put(key);
    put("=");
    put(value);
  }
  /// Sends what is buffered (blocking).
  void flush() {
    if (!utf8mcu::port::write_all(uart_, buffer_, size_)) sent_all_ = false;
    size_ = 0;
  }
  /// False once a send failed (a port without write()); stays false.
  bool sent_all() const { return sent_all_; }

 private:
  const utf8mcu::port::UartPort& uart_;
  std::uint8_t buffer_[64];
  std::size_t size_ = 0;
  bool sent_all_ = true;
};

/// Ends the text with FF (never in UTF-8) and starts the summary: the ring's,
/// the reader's and the receiver's counts and the RAM they take.
template <typename Ring, typename Reader, typename Rx, typename ReceiverRing, utf8mcu::port::RxOverflow kOverflow>
void begin_summary(UartWriter& out, const Ring& ring, const Reader& reader,
                   const utf8mcu::port::BasicUartReceiver<Rx, ReceiverRing, kOverflow>& receiver) {
  out.put_byte(utf8mcu::port::kGapMarker);
  out.put("\nuart_decode:");
  out.field("received", ring.received_bytes());
  out.field("dropped", reader.dropped_bytes());
  out.field("gaps", reader.gaps());
  out.field("bytes", reader.bytes_read());
  out.field("code_points", reader.code_points());
  out.field("replacements", reader.replacements());
  out.field("holds", receiver.holds());
  out.put(kOverflow == utf8mcu::port::RxOverflow::kHold ? " overflow=hold" : " overflow=drop");
  out.field("ring_ram", static_cast<std::uint32_t>(sizeof(Ring)));
  out.field("receiver_ram", static_cast<std::uint32_t>(sizeof(receiver)));
}

/// Ends the summary with the board's name and sends it.
inline void end_summary(UartWriter& out) {
  out.put(" board=");
  out.put(utf8mcu_bsp::board_name());
  out.put("\n");
  out.flush();
}
