// ARM semihosting (BKPT 0xAB) for firmware running in QEMU with
// -semihosting-config enable=on,target=native. Without that option the first
// call locks the core up, so only use this on the emulated boards.
#ifndef UTF8MCU_BSP_SEMIHOSTING_H
#define UTF8MCU_BSP_SEMIHOSTING_H

#include <cstddef>

namespace utf8mcu_bsp {
namespace semihosting {

// SYS_OPEN modes (ISO C fopen modes "r", "rb", ..., as the spec numbers them).
constexpr int kModeRead = 0;        // "r"
constexpr int kModeReadBinary = 1;  // "rb"
constexpr int kModeWrite = 4;       // "w"
constexpr int kModeWriteBinary = 5; // "wb"
constexpr int kModeAppend = 8;      // "a"

// Returns a host handle, or -1. ":tt" is the console: kModeRead gives stdin,
// kModeWrite stdout, kModeAppend stderr.
int open(const char* path, int mode) noexcept;
int close(int handle) noexcept;
// Returns the number of bytes written.
std::size_t write(int handle, const void* data, std::size_t size) noexcept;
// Returns the number of bytes read (0 at end of file), or -1 on error.
long read(int handle, void* buffer, std::size_t size) noexcept;
// Length of an open file in bytes, or -1.
long file_length(int handle) noexcept;
// Writes a NUL-terminated string to QEMU's stderr (no handle needed; used by
// fault handlers).
void write0(const char* text) noexcept;

// Writes to the host's stdout (opens ":tt" on first use; falls back to write0).
void console_write(const char* data, std::size_t size) noexcept;

// Reads a whole host file into buffer. Returns its size, or -1 if it cannot be
// opened, is unreadable or is larger than capacity.
long read_file(const char* path, void* buffer, std::size_t capacity) noexcept;

// Ends the emulation; QEMU's exit status becomes status & 0xFF
// (SYS_EXIT_EXTENDED, falling back to SYS_EXIT if the host lacks it).
[[noreturn]] void exit(int status) noexcept;

}  // namespace semihosting
}  // namespace utf8mcu_bsp

#endif
