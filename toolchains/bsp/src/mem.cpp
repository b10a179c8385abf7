// memcpy, memmove, memset and memcmp: the compiler emits calls to them for
// struct copies and large initialisers, and -nostdlib leaves nobody else to
// provide them. Built with -fno-tree-loop-distribute-patterns -fno-builtin so
// that GCC does not turn these loops back into calls to themselves.
// Word loops only when both pointers are aligned: ARMv6-M faults on unaligned
// word access.
#include <cstddef>
#include <cstdint>

namespace {

using Word = std::uint32_t;
constexpr std::size_t kWord = sizeof(Word);

bool aligned(const void* p) { return (reinterpret_cast<std::uintptr_t>(p) & (kWord - 1)) == 0; }

void copy_forward(unsigned char* d, const unsigned char* s, std::size_t n) {
  if (aligned(d) && aligned(s)) {
    for (; n >= kWord; n -= kWord, d += kWord, s += kWord) {
      *reinterpret_cast<Word*>(d) = *reinterpret_cast<const Word*>(s);
    }
  }
  for (; n > 0; --n) *d++ = *s++;
}

}  // namespace

extern "C" {

void* memcpy(void* dest, const void* src, std::size_t n) {
  copy_forward(static_cast<unsigned char*>(dest), static_cast<const unsigned char*>(src), n);
  return dest;
}

void* memmove(void* dest, const void* src, std::size_t n) {
  auto* d = static_cast<unsigned char*>(dest);
  const auto* s = static_cast<const unsigned char*>(src);
  if (d <= s || d >= s + n) {
    copy_forward(d, s, n);
  } else {
    // Overlap with dest above src: copy from the end.
    while (n > 0) {
      --n;
      d[n] = s[n];
    }
  }
  return dest;
}

void* memset(void* dest, int c, std::size_t n) {
  auto* d = static_cast<unsigned char*>(dest);
  const auto byte = static_cast<unsigned char>(c);
  for (; n > 0 && !aligned(d); --n) *d++ = byte;
  const Word word = byte * 0x01010101u;
  for (; n >= kWord; n -= kWord, d += kWord) *reinterpret_cast<Word*>(d) = word;
  for (; n > 0; --n) *d++ = byte;
  return dest;
}

int memcmp(const void* a, const void* b, std::size_t n) {
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  for (std::size_t i = 0; i < n; ++i) {
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

// ARM run-time ABI names (clang and some vendor code call these instead).
void __aeabi_memcpy(void* d, const void* s, std::size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void* d, const void* s, std::size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void* d, const void* s, std::size_t n) { memcpy(d, s, n); }
void __aeabi_memmove(void* d, const void* s, std::size_t n) { memmove(d, s, n); }
void __aeabi_memmove4(void* d, const void* s, std::size_t n) { memmove(d, s, n); }
void __aeabi_memmove8(void* d, const void* s, std::size_t n) { memmove(d, s, n); }
void __aeabi_memset(void* d, std::size_t n, int c) { memset(d, c, n); }
void __aeabi_memset4(void* d, std::size_t n, int c) { memset(d, c, n); }
void __aeabi_memset8(void* d, std::size_t n, int c) { memset(d, c, n); }
void __aeabi_memclr(void* d, std::size_t n) { memset(d, 0, n); }
void __aeabi_memclr4(void* d, std::size_t n) { memset(d, 0, n); }
void __aeabi_memclr8(void* d, std::size_t n) { memset(d, 0, n); }

}  // extern "C"
