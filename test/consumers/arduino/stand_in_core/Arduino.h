// A stand-in for the part of an Arduino core the example sketch uses, so that
// it builds and runs on the host and on the QEMU boards: a serial port whose
// receive side is available()/read() and whose transmit side is write().
// Unlike Arduino's Stream it has no virtual functions (firmware images here
// may not contain vtables); StreamDecoder is a template and takes either.
#pragma once

#include <cstddef>
#include <cstdint>

class HardwareSerial {
 public:
  static constexpr std::size_t kCapacity = 128;

  void begin(unsigned long /*baud*/) {}

  int available() const { return static_cast<int>(received_ - read_); }
  int read() { return read_ < received_ ? received_bytes_[read_++] : -1; }

  std::size_t write(std::uint8_t byte) { return write(&byte, 1); }
  std::size_t write(const std::uint8_t* data, std::size_t size) {
    std::size_t n = 0;
    for (; n < size && sent_ < kCapacity; ++n) sent_bytes_[sent_++] = data[n];
    return n;
  }

  // The test's side of the wire: bytes arriving, and what the sketch sent.
  void arrive(const std::uint8_t* data, std::size_t size) {
    for (std::size_t i = 0; i < size && received_ < kCapacity; ++i) received_bytes_[received_++] = data[i];
  }
  const std::uint8_t* sent() const { return sent_bytes_; }
  std::size_t sent_size() const { return sent_; }
  void clear() { *this = HardwareSerial{}; }

 private:
  std::uint8_t received_bytes_[kCapacity] = {};
  std::size_t received_ = 0;
  std::size_t read_ = 0;
  std::uint8_t sent_bytes_[kCapacity] = {};
  std::size_t sent_ = 0;
};

// Constant-initialised: no constructor runs at startup.
extern HardwareSerial Serial;

// The sketch's entry points, called by the test as the core's main() would.
void setup();
void loop();
