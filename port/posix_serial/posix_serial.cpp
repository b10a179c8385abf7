// POSIX serial port: termios raw mode, poll()-based reads.
#include "utf8mcu/port/posix_serial.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

namespace utf8mcu {
namespace port {
namespace {

struct BaudConstant {
  std::uint32_t baud;
  speed_t speed;
};

// The rates every POSIX system knows, plus the common faster Linux ones.
constexpr BaudConstant kBaudRates[] = {
    {1200, B1200},     {2400, B2400},     {4800, B4800},       {9600, B9600},
    {19200, B19200},   {38400, B38400},   {57600, B57600},     {115200, B115200},
    {230400, B230400},
#ifdef B460800
    {460800, B460800},
#endif
#ifdef B921600
    {921600, B921600},
#endif
#ifdef B1000000
    {1000000, B1000000},
#endif
#ifdef B2000000
    {2000000, B2000000},
#endif
#ifdef B3000000
    {3000000, B3000000},
#endif
};

bool speed_for(std::uint32_t baud, speed_t* speed) {
  for (const BaudConstant& entry : kBaudRates) {
    if (entry.baud == baud) {
      *speed = entry.speed;
      return true;
    }
  }
  return false;
}

bool start(void* context, std::uint32_t baud) {
  auto& serial = context_as<PosixSerial>(context);
  serial.fd = posix_serial_open(serial.path, baud);
  return serial.fd >= 0;
}

RxEvent read_rx(void* context, std::uint8_t* byte) {
  const auto& serial = context_as<PosixSerial>(context);
  for (;;) {
    const ssize_t n = ::read(serial.fd, byte, 1);
    if (n == 1) return RxEvent::kByte;
    if (n < 0 && errno == EINTR) continue;
    return RxEvent::kEmpty;  // nothing waiting (EAGAIN), hangup or error
  }
}

std::size_t write(void* context, const std::uint8_t* data, std::size_t size) {
  const auto& serial = context_as<PosixSerial>(context);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(serial.fd, data + done, size - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
    } else if (n < 0 && errno == EAGAIN) {
      pollfd ready{serial.fd, POLLOUT, 0};
      ::poll(&ready, 1, -1);
    } else if (!(n < 0 && errno == EINTR)) {
      break;
    }
  }
  return done;
}

}  // namespace

bool posix_serial_configure(int fd, std::uint32_t baud) {
  speed_t speed = 0;
  if (!speed_for(baud, &speed)) {
    errno = EINVAL;
    return false;
  }
  termios mode{};
  if (::tcgetattr(fd, &mode) != 0) return false;
  // Raw: what cfmakeraw() does, spelled out because it is not POSIX.
  mode.c_iflag &= ~static_cast<tcflag_t>(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR |
                                         ICRNL | IXON | IXOFF | IXANY | INPCK);
  mode.c_oflag &= ~static_cast<tcflag_t>(OPOST);
  mode.c_lflag &= ~static_cast<tcflag_t>(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
  mode.c_cflag &= ~static_cast<tcflag_t>(CSIZE | PARENB | CSTOPB);
  mode.c_cflag |= static_cast<tcflag_t>(CS8 | CREAD | CLOCAL);
  mode.c_cc[VMIN] = 1;
  mode.c_cc[VTIME] = 0;
  if (::cfsetispeed(&mode, speed) != 0 || ::cfsetospeed(&mode, speed) != 0) return false;
  return ::tcsetattr(fd, TCSANOW, &mode) == 0;
}

int posix_serial_open(const char* path, std::uint32_t baud) {
  const int fd = ::open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  if (!posix_serial_configure(fd, baud)) {
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

long posix_serial_read(int fd, std::uint8_t* buffer, std::size_t size, int timeout_ms) {
  pollfd ready{fd, POLLIN, 0};
  const int events = ::poll(&ready, 1, timeout_ms);
  if (events == 0 || (events < 0 && errno == EINTR)) return 0;
  if (events < 0) return -1;
  const ssize_t n = ::read(fd, buffer, size);
  if (n > 0) return static_cast<long>(n);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return 0;
  return -1;  // 0: end of file; EIO: the other side of a pseudo-terminal closed
}

UartPort make_posix_serial_port(PosixSerial& serial) noexcept {
  return UartPort{start, read_rx, nullptr, write, &serial};
}

}  // namespace port
}  // namespace utf8mcu
