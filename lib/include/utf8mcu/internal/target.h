#pragma once
/// @file
/// What the core under the build can do, and the loads and register tricks
/// the fast paths build on: which span push a build gets (kSizeTuned),
/// whether a word loads from any address (kUnalignedLoads, kWordLoads), the
/// little-endian word loads themselves.

#include <cstddef>
#include <cstdint>

namespace utf8mcu {
namespace detail {

/// Which span push, validator and UTF-8 converters a build gets: true for
/// the size-tuned ones (much less code: a plain byte loop for the push, one
/// loop of whole sequences and ASCII words for validate() and the
/// converters), false for the speed-tuned ones (whole sequences, runs, ASCII
/// 4 or 16 bytes per test).
/// The size-tuned ones when compiling for size (-Os, -Oz), unless
/// UTF8MCU_SIZE_TUNED is defined to 0 or 1. Both give the same results, so
/// translation units built either way can share decoders.
/// UTF8MCU_DETAIL_SIZE_TUNED is the same for the preprocessor.
#if defined(UTF8MCU_SIZE_TUNED)
#define UTF8MCU_DETAIL_SIZE_TUNED (UTF8MCU_SIZE_TUNED != 0)
#elif defined(__OPTIMIZE_SIZE__)
#define UTF8MCU_DETAIL_SIZE_TUNED 1
#else
#define UTF8MCU_DETAIL_SIZE_TUNED 0
#endif
constexpr bool kSizeTuned = UTF8MCU_DETAIL_SIZE_TUNED;

/// A byte read as signed: ASCII is 0..127, continuation bytes 10xx xxxx are
/// -128..-65 and lead bytes -64..-1, so each class test is one compare.
constexpr std::int32_t signed_byte(std::uint8_t byte) { return static_cast<std::int8_t>(byte); }

/// The 4 bytes at `p` as a little-endian word. Written with byte loads so it
/// is constexpr and endian-neutral; GCC and Clang merge it into one load where
/// the core allows unaligned access (ARMv7-M, ARMv8-M, x86).
constexpr std::uint32_t load_le32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
         (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

/// Whether load_le32() is taken as one load. False on Arm cores that load
/// no word from an unaligned address (ARMv6-M, ARMv8-M Baseline, or built
/// with -mno-unaligned-access), where it is 4 byte loads, 3 shifts and 3
/// ORs; true elsewhere (x86, ARMv7-M, ARMv8-M Mainline: one load).
/// UTF8MCU_UNALIGNED_LOADS (0 or 1) overrides it, so that host tests run
/// the paths for such cores.
#if defined(UTF8MCU_UNALIGNED_LOADS)
inline constexpr bool kUnalignedLoads = UTF8MCU_UNALIGNED_LOADS != 0;
#elif defined(__arm__) && !defined(__ARM_FEATURE_UNALIGNED)
inline constexpr bool kUnalignedLoads = false;
#else
inline constexpr bool kUnalignedLoads = true;
#endif

/// Whether the fast paths read 4 bytes with one word load (load_le32() at
/// any address): 4 ASCII bytes in sink_four_ascii() and ascii_prefix_length(),
/// a 3- or 4-byte sequence in its run loop. On Arm cores with kUnalignedLoads
/// (ARMv7-M, ARMv8-M Mainline), where one load and one mask test take fewer
/// instructions than byte loads and a test each. Elsewhere (ARMv6-M, which
/// cannot; x86, where byte loads are as cheap and taking the bytes back out
/// of the word costs more) byte loads.
/// UTF8MCU_WORD_LOADS (0 or 1) overrides it, so that the host can fuzz the
/// word-load paths.
#if defined(UTF8MCU_WORD_LOADS)
inline constexpr bool kWordLoads = UTF8MCU_WORD_LOADS != 0;
#elif defined(__arm__)
inline constexpr bool kWordLoads = kUnalignedLoads;
#else
inline constexpr bool kWordLoads = false;
#endif

/// Whether validate() takes text of ASCII and 2-byte sequences (Latin with
/// accents, Greek, Cyrillic, Hebrew, Arabic) 8 bytes per test, with
/// skip_short_sequences(): on 64-bit machines (the host), where the
/// per-sequence loops mispredict a branch at nearly every change between
/// ASCII and a 2-byte sequence. Not on 32-bit cores, whose short pipelines
/// lose little on a branch, nor in size-tuned builds.
inline constexpr bool kEightByteWords = sizeof(std::size_t) >= 8 && !kSizeTuned;

/// The 8 bytes at `p` as a little-endian word (one load on x86-64).
constexpr std::uint64_t load_le64(const std::uint8_t* p) {
  return load_le32(p) | (static_cast<std::uint64_t>(load_le32(p + 4)) << 32);
}

/// `value`, which the optimiser must then take as unknown: a constant that it
/// would rebuild at every use in a loop (U+FFFD is two instructions on Arm
/// when added to a register) is kept in a register instead. Run time only:
/// C++17 allows no asm in a constexpr function.
template <typename T>
inline T in_register(T value) noexcept {
  __asm__("" : "+r"(value));
  return value;
}

}  // namespace detail
}  // namespace utf8mcu
