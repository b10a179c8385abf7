// u8serial: decodes a live serial device and writes well-formed UTF-8 to
// stdout (each ill-formed part becomes U+FFFD), the host sibling of u8clean.
//
//   u8serial [--baud N] [--count N] [--idle-ms N] [--bytewise] DEVICE
//
// Puts DEVICE in raw 8N1 mode (port/posix_serial) and decodes what arrives
// until --count bytes were received, nothing arrived for --idle-ms
// milliseconds, the device hung up, or SIGINT/SIGTERM. --bytewise takes the
// microcontroller path instead of chunked reads: the UartPort contract, one
// byte per read_rx, a UartReceiver filling a ByteRing and a RingReader
// draining it. Prints "u8serial: listening on DEVICE" on stderr once the
// device is configured, and a summary line there at the end.
// Exit status: 0 done, 2 usage or device error.

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "utf8mcu/encoder.h"
#include "utf8mcu/port/byte_ring.h"
#include "utf8mcu/port/ingest.h"
#include "utf8mcu/port/posix_serial.h"
#include "utf8mcu/port/uart_port.h"

namespace {

volatile sig_atomic_t stop_requested = 0;

void on_signal(int) { stop_requested = 1; }

// Encodes code points into a buffer written to stdout in blocks.
class StdoutSink {
 public:
  StdoutSink() = default;
  StdoutSink(const StdoutSink&) = delete;
  StdoutSink& operator=(const StdoutSink&) = delete;
  ~StdoutSink() { flush(); }

  void operator()(char32_t code_point) {
    if (size_ + utf8mcu::kMaxSequenceBytes > sizeof buffer_) flush();
    size_ += utf8mcu::encode(code_point, buffer_ + size_, sizeof buffer_ - size_).length;
  }
  void flush() {
    std::fwrite(buffer_, 1, size_, stdout);
    std::fflush(stdout);
    size_ = 0;
  }

 private:
  std::uint8_t buffer_[8192];
  std::size_t size_ = 0;
};

struct Options {
  const char* device = nullptr;
  std::uint32_t baud = 115200;
  unsigned long long count = 0;  // 0: no limit
  int idle_ms = -1;              // -1: wait forever
  bool bytewise = false;
};

struct Totals {
  unsigned long long received = 0;
  std::uint32_t code_points = 0;
  std::uint32_t replacements = 0;
  std::uint32_t dropped = 0;
};

bool done(const Options& options, const Totals& totals) {
  return stop_requested != 0 || (options.count != 0 && totals.received >= options.count);
}

// Chunks straight into the decoder: the thread owns the data already.
int run_chunked(const Options& options, int fd, Totals& totals) {
  StdoutSink out;
  utf8mcu::port::IngestDecoder<> decoder;
  std::uint8_t chunk[4096];
  while (!done(options, totals)) {
    std::size_t want = sizeof chunk;
    if (options.count != 0 && options.count - totals.received < want) {
      want = static_cast<std::size_t>(options.count - totals.received);
    }
    const long n = utf8mcu::port::posix_serial_read(fd, chunk, want, options.idle_ms);
    if (n <= 0) break;  // idle, hangup or signal
    decoder.push(chunk, static_cast<std::size_t>(n), out);
    totals.received += static_cast<unsigned long long>(n);
  }
  decoder.finish(out);
  totals.code_points = decoder.code_points();
  totals.replacements = decoder.replacements();
  return 0;
}

// The microcontroller path, with poll() standing in for the RX interrupt.
int run_bytewise(const Options& options, utf8mcu::port::PosixSerial& serial,
                 const utf8mcu::port::UartPort& port, Totals& totals) {
  using Ring = utf8mcu::port::ByteRing<1024>;
  static Ring ring;  // 1 KB: off the stack
  utf8mcu::port::UartReceiver<Ring> receiver{port, ring};
  utf8mcu::port::RingReader reader{ring};
  StdoutSink out;
  while (!done(options, totals)) {
    pollfd ready{serial.fd, POLLIN, 0};
    const int events = ::poll(&ready, 1, options.idle_ms);
    if (events <= 0) break;  // idle or signal
    if ((ready.revents & POLLIN) == 0) break;  // hangup or error
    // Stop at --count: one byte per "interrupt".
    std::size_t limit = Ring::capacity();
    if (options.count != 0 && options.count - totals.received < limit) {
      limit = static_cast<std::size_t>(options.count - totals.received);
    }
    totals.received += receiver.on_interrupt(limit);
    reader.poll(out);
  }
  reader.finish(out);
  totals.code_points = reader.code_points();
  totals.replacements = reader.replacements();
  totals.dropped = reader.dropped_bytes();
  return 0;
}

void usage() {
  std::fputs(
      "usage: u8serial [--baud N] [--count N] [--idle-ms N] [--bytewise] DEVICE\n"
      "Decodes a serial device (raw 8N1) and writes well-formed UTF-8 to stdout.\n"
      "  --baud N      line rate (default 115200)\n"
      "  --count N     stop after N bytes\n"
      "  --idle-ms N   stop after N ms without data\n"
      "  --bytewise    read one byte per call through the UartPort contract\n",
      stderr);
}

bool parse_number(const char* text, unsigned long long* value) {
  if (text == nullptr || *text == '\0') return false;
  char* end = nullptr;
  errno = 0;
  *value = std::strtoull(text, &end, 10);
  return errno == 0 && *end == '\0';
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    unsigned long long value = 0;
    if (std::strcmp(arg, "--baud") == 0 && parse_number(next, &value) && value <= 0xFFFFFFFFu) {
      options.baud = static_cast<std::uint32_t>(value);
      ++i;
    } else if (std::strcmp(arg, "--count") == 0 && parse_number(next, &value)) {
      options.count = value;
      ++i;
    } else if (std::strcmp(arg, "--idle-ms") == 0 && parse_number(next, &value) && value < 0x7FFFFFFF) {
      options.idle_ms = static_cast<int>(value);
      ++i;
    } else if (std::strcmp(arg, "--bytewise") == 0) {
      options.bytewise = true;
    } else if (std::strcmp(arg, "--help") == 0 || std::strcmp(arg, "-h") == 0) {
      usage();
      return 0;
    } else if (arg[0] != '-' && options.device == nullptr) {
      options.device = arg;
    } else {
      usage();
      return 2;
    }
  }
  if (options.device == nullptr) {
    usage();
    return 2;
  }

  struct sigaction action {};
  action.sa_handler = on_signal;  // no SA_RESTART: poll() returns EINTR
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);

  utf8mcu::port::PosixSerial serial{options.device, -1};
  const utf8mcu::port::UartPort port = utf8mcu::port::make_posix_serial_port(serial);
  if (!port.start(port.context, options.baud)) {
    std::fprintf(stderr, "u8serial: %s: %s\n", options.device, std::strerror(errno));
    return 2;
  }
  std::fprintf(stderr, "u8serial: listening on %s\n", options.device);

  Totals totals;
  const int status = options.bytewise ? run_bytewise(options, serial, port, totals)
                                      : run_chunked(options, serial.fd, totals);
  ::close(serial.fd);
  std::fprintf(stderr, "u8serial: received=%llu code_points=%u replacements=%u dropped=%u\n",
               totals.received, totals.code_points, totals.replacements, totals.dropped);
  return status;
}
