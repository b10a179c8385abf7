#pragma once
/// @file
/// Port for POSIX serial devices (termios) on the host: a USB-serial adapter,
/// /dev/ttyS*, a pseudo-terminal. Raw 8N1 mode, no flow control, no line
/// discipline (no echo, no CR/LF mapping, no XON/XOFF, no signals), so every
/// byte arrives as sent.
///
/// Two ways to read: posix_serial_read() returns chunks for direct decoding
/// (IngestDecoder), and make_posix_serial_port() gives the same UartPort
/// contract the microcontroller ports implement, one byte per read_rx.
/// Host code: uses the C library and reports failures through errno.

#include <cstddef>
#include <cstdint>

#include "utf8mcu/port/uart_port.h"

namespace utf8mcu {
namespace port {

/// Opens `path` non-blocking, without making it the controlling terminal,
/// and configures it (posix_serial_configure). Returns the descriptor, or -1
/// with errno set (EINVAL: a baud rate termios has no constant for).
[[nodiscard]] int posix_serial_open(const char* path, std::uint32_t baud);

/// Puts an open terminal in raw 8N1 mode at `baud`, receiver on, modem lines
/// ignored. Returns false with errno set.
[[nodiscard]] bool posix_serial_configure(int fd, std::uint32_t baud);

/// Result of posix_serial_read(): bytes read (> 0), 0 after `timeout_ms`
/// without data (or an interrupting signal), -1 at hangup or on an error.
long posix_serial_read(int fd, std::uint8_t* buffer, std::size_t size, int timeout_ms);

/// Context of the UartPort: the device to open and, once started, its
/// descriptor.
struct PosixSerial {
  const char* path = nullptr;
  int fd = -1;
};

/// The UartPort contract on a POSIX device: start() opens and configures it,
/// read_rx() is a non-blocking one-byte read (kEmpty when none is waiting;
/// call it when poll() says the descriptor is readable), write() blocks until
/// all is written. No set_rx_interrupt: a host has no interrupt to hold.
[[nodiscard]] UartPort make_posix_serial_port(PosixSerial& serial) noexcept;

}  // namespace port
}  // namespace utf8mcu
