#include "utf8mcu_bsp/semihosting.h"

#include <cstdint>

namespace utf8mcu_bsp {
namespace semihosting {
namespace {

enum Op : std::uint32_t {
  kSysOpen = 0x01,
  kSysClose = 0x02,
  kSysWrite0 = 0x04,
  kSysWrite = 0x05,
  kSysRead = 0x06,
  kSysFlen = 0x0C,
  kSysExit = 0x18,
  kSysExitExtended = 0x20,
};

constexpr std::uint32_t kAdpStoppedApplicationExit = 0x20026;
constexpr std::uint32_t kAdpStoppedRunTimeErrorUnknown = 0x20024;

// r0 = operation, r1 = argument (usually a parameter block); result in r0.
// The "memory" clobber makes the block's contents visible to the host.
std::uint32_t call(std::uint32_t op, const void* arg) noexcept {
  register std::uint32_t r0 __asm__("r0") = op;
  register const void* r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

std::uint32_t word(const void* p) noexcept {
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p));
}

std::uint32_t word(int v) noexcept { return static_cast<std::uint32_t>(v); }

std::size_t length(const char* s) noexcept {
  std::size_t n = 0;
  while (s[n] != '\0') ++n;
  return n;
}

// -2: not opened yet; -1: opening failed.
int console_handle = -2;

}  // namespace

int open(const char* path, int mode) noexcept {
  const std::uint32_t block[3] = {word(path), word(mode),
                                  static_cast<std::uint32_t>(length(path))};
  return static_cast<int>(call(kSysOpen, block));
}

int close(int handle) noexcept {
  const std::uint32_t block[1] = {word(handle)};
  return static_cast<int>(call(kSysClose, block));
}

std::size_t write(int handle, const void* data, std::size_t size) noexcept {
  const std::uint32_t block[3] = {word(handle), word(data), static_cast<std::uint32_t>(size)};
  // The host returns the number of bytes it did NOT write.
  const std::uint32_t left = call(kSysWrite, block);
  return left > size ? 0 : size - left;
}

long read(int handle, void* buffer, std::size_t size) noexcept {
  const std::uint32_t block[3] = {word(handle), word(buffer), static_cast<std::uint32_t>(size)};
  const std::uint32_t left = call(kSysRead, block);
  if (left > size) return -1;
  return static_cast<long>(size - left);
}

long file_length(int handle) noexcept {
  const std::uint32_t block[1] = {word(handle)};
  return static_cast<long>(static_cast<std::int32_t>(call(kSysFlen, block)));
}

void write0(const char* text) noexcept { call(kSysWrite0, text); }

void console_write(const char* data, std::size_t size) noexcept {
  if (console_handle == -2) console_handle = open(":tt", kModeWrite);
  if (console_handle >= 0) {
    write(console_handle, data, size);
    return;
  }
  // No console handle: SYS_WRITE0 needs a terminator, so go in chunks.
  char chunk[65];
  while (size > 0) {
    std::size_t n = size < 64 ? size : 64;
    for (std::size_t i = 0; i < n; ++i) chunk[i] = data[i] == '\0' ? ' ' : data[i];
    chunk[n] = '\0';
    write0(chunk);
    data += n;
    size -= n;
  }
}

long read_file(const char* path, void* buffer, std::size_t capacity) noexcept {
  const int handle = open(path, kModeReadBinary);
  if (handle < 0) return -1;
  long result = file_length(handle);
  if (result < 0 || static_cast<unsigned long>(result) > capacity) {
    result = -1;
  } else {
    const std::size_t want = static_cast<std::size_t>(result);
    if (read(handle, buffer, want) != result) result = -1;
  }
  close(handle);
  return result;
}

void exit(int status) noexcept {
  const std::uint32_t block[2] = {kAdpStoppedApplicationExit, word(status)};
  call(kSysExitExtended, block);
  // Only reached if the host lacks SYS_EXIT_EXTENDED: SYS_EXIT still tells
  // success from failure.
  call(kSysExit, reinterpret_cast<const void*>(static_cast<std::uintptr_t>(
                     status == 0 ? kAdpStoppedApplicationExit : kAdpStoppedRunTimeErrorUnknown)));
  for (;;) {
    __asm__ volatile("wfi");  // nothing left to do; the run's timeout ends it
  }
}

}  // namespace semihosting
}  // namespace utf8mcu_bsp
