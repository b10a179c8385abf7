#pragma once
/// @file
/// The validator's fast paths: ASCII a word at a time, a sequence in one
/// word load, runs of sequences of one length, and on 64-bit machines ASCII
/// mixed with 2-byte sequences 8 bytes per test. validate() hands each of
/// them the bytes they take:
///
/// path                         takes                           hands back at          tests
/// ---------------------------  ------------------------------  ---------------------  -----
/// ascii_prefix_length()        ASCII, a word per test from an  a byte 80-FF           X A
///                              aligned address
/// skip_sequence() with         one well-formed sequence (a     after it, or at it if  R X
/// is_sequence2/3/4()           lone one: an accent in Latin)   ill-formed
/// skip_run2/3/4()              well-formed sequences of one    another length, an     R V
///                              length in a row; a lone ASCII   ill-formed sequence,
///                              byte in a 2-byte run            or fast_end
/// skip_short_sequences()       64-bit, not size-tuned: ASCII   a byte that is         R V
///                              and well-formed 2-byte          neither, or the last 7
///                              sequences, 8 bytes per test     bytes
/// validate_one_sequence()      an ill-formed part and the      after one sequence, or R X
/// (validate.h)                 last 3 bytes, through the       the error
///                              state machine
///
/// Tests: R test/lib/rules_test.cpp, every path against rules.h for every
/// lead and second byte; X test/lib/exhaustive_*_test.cpp against the
/// reference model; V the same, inside runs of text
/// (Exhaustive.ThreeBytesInEveryRunValidated,
/// EveryPairInTextOfOneAndTwoByteSequences); A
/// Chunking.AsciiFastPathAtEveryAlignment.

#include "utf8mcu/common.h"
#include "utf8mcu/internal/rules.h"
#include "utf8mcu/internal/target.h"

namespace utf8mcu {
namespace detail {

/// Number of leading ASCII bytes. Tests one machine word at a time on aligned
/// addresses (memcpy from an aligned pointer: no unaligned access, no aliasing
/// violation), on cores that load unaligned words (kWordLoads) after
/// one unaligned word at `data`; byte by byte during constant evaluation.
constexpr std::size_t ascii_prefix_length(const std::uint8_t* data, std::size_t size) noexcept {
  const std::uint8_t* p = data;
  const std::uint8_t* const end = data + size;
  if (!is_constant_evaluated()) {
    if constexpr (kWordLoads) {
      // Most ASCII runs in text are short (words between accented letters):
      // the first 4 bytes in one test, which for a short run also says where
      // it ends; when all are ASCII, on from the aligned address among them.
      if (size >= 4) {
        const std::uint32_t high = load_le32(p) & 0x80808080;
        if (high != 0) return static_cast<unsigned>(__builtin_ctz(high)) / 8;
        p += 4 - (reinterpret_cast<std::uintptr_t>(p) % 4);
      }
    }
    using Word = std::size_t;
    constexpr Word kHighBits = ~Word{0} / 0xFF * 0x80;  // 0x8080...80
    while (p != end && reinterpret_cast<std::uintptr_t>(p) % sizeof(Word) != 0) {
      if (*p >= 0x80) return static_cast<std::size_t>(p - data);
      ++p;
    }
    // Four words per test, then one; each loop up to the last place where
    // its load fits (a pointer compared, not the bytes left computed).
    if (static_cast<std::size_t>(end - p) >= 4 * sizeof(Word)) {
      // GCC's -Warray-bounds (-O3) flags `end - 16` for short constant
      // buffers, where it is never reached. Not written as p + a count
      // instead: that loop takes more instructions per byte of ASCII.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
      const std::uint8_t* const last = end - 4 * sizeof(Word);
#pragma GCC diagnostic pop
      do {
        Word words[4] = {};
        __builtin_memcpy(words, __builtin_assume_aligned(p, sizeof(Word)), sizeof words);
        if (((words[0] | words[1] | words[2] | words[3]) & kHighBits) != 0) break;
        p += sizeof words;
      } while (p <= last);
    }
    while (static_cast<std::size_t>(end - p) >= sizeof(Word)) {
      Word word = 0;
      __builtin_memcpy(&word, __builtin_assume_aligned(p, sizeof(Word)), sizeof(Word));
      if ((word & kHighBits) != 0) break;
      p += sizeof(Word);
    }
  }
  while (p != end && *p < 0x80) ++p;
  return static_cast<std::size_t>(p - data);
}

// The validator checks a sequence without its code point: one word load
// (the 4 bytes at its lead, as in the decoder's run loops) and a
// mask-and-compare. Each test below holds for any lead byte.

/// Whether `w` starts with a 2-byte sequence: C2-DF 80-BF.
constexpr bool is_sequence2(std::uint32_t w) {
  // 10xx xxxx  110x xxxx from the top, and not C0 or C1 (over-long): the
  // lead without its lowest bit is C2-DE, and the second byte's top bits
  // are 10, in one unsigned range test.
  return (w & 0xC0FE) - 0x80C2 <= 0xDE - 0xC2;
}

/// Whether `w` starts with a 3-byte sequence: E0-EF and two continuation
/// bytes, except E0 80-9F (over-long) and ED A0-BF (surrogates).
/// `allowed_blocks` is kThreeByteBlocks, passed in so that a loop can keep
/// it in a register.
constexpr bool is_sequence3(std::uint32_t w, std::uint32_t allowed_blocks = kThreeByteBlocks) {
  if (!has_three_byte_form(w)) return false;
  // The code point's block: its top 5 bits, the lead's 4 payload bits and
  // bit 5 of the second byte.
  return is_three_byte_block(((w & 0x0F) << 1) | ((w >> 13) & 1), allowed_blocks);
}

/// Whether `w` is a 4-byte sequence: F0-F4 and three continuation bytes,
/// except F0 80-8F (over-long) and F4 90-BF (above U+10FFFF).
constexpr bool is_sequence4(std::uint32_t w) {
  if (!has_four_byte_form(w)) return false;
  // Lead and second byte as a 9-bit value must be 0x10-0x10F (F0 90 .. F4
  // 8F).
  const std::uint32_t v = ((w & 0x07) << 6) | ((w >> 8) & 0x3F);
  return v - 0x10 <= 0xFF;
}

/// Skips the well-formed sequence at `p`, which starts with a byte >= 0x80
/// and has at least 4 readable bytes: moves `p` past it and returns true, or
/// returns false if it is not well-formed.
constexpr bool skip_sequence(const std::uint8_t*& p) {
  const std::int32_t lead = signed_byte(p[0]);
  const std::uint32_t w = load_le32(p);
  std::size_t length = 4;
  if (lead < -32) {
    if (!is_sequence2(w)) return false;
    length = 2;
  } else if (lead < -16) {
    if (!is_sequence3(w)) return false;
    length = 3;
  } else if (!is_sequence4(w)) {
    return false;
  }
  p += length;
  return true;
}

// The validator's run loops: like the decoder's (decode_run2() and the
// others), each stays while the next lead byte has its length and returns
// where its run ends, with 4 or more bytes left (`p < fast_end`). Out of
// line, so that each keeps its masks in registers.

/// A run of 2-byte sequences.
__attribute__((noinline)) constexpr const std::uint8_t* skip_run2(const std::uint8_t* p,
                                                                  const std::uint8_t* fast_end) {
  do {
    const std::uint32_t w = load_le32(p);
    if (!is_sequence2(w)) {
      // A lone ASCII byte (a space between words) before a byte that is
      // not ASCII does not end the run.
      if ((w & 0x8080) != 0x8000) break;
      ++p;
      continue;
    }
    p += 2;
  } while (p < fast_end);
  return p;
}

/// A run of 3-byte sequences.
__attribute__((noinline)) constexpr const std::uint8_t* skip_run3(const std::uint8_t* p,
                                                                  const std::uint8_t* fast_end) {
  // Left to itself, GCC shifts the mask in place and loads it again from a
  // literal pool for every sequence.
  std::uint32_t allowed_blocks = kThreeByteBlocks;
  if (!is_constant_evaluated()) allowed_blocks = in_register(allowed_blocks);
  while (is_sequence3(load_le32(p), allowed_blocks)) {
    p += 3;
    if (p >= fast_end) break;
  }
  return p;
}

/// A run of 4-byte sequences.
__attribute__((noinline)) constexpr const std::uint8_t* skip_run4(const std::uint8_t* p,
                                                                  const std::uint8_t* fast_end) {
  while (is_sequence4(load_le32(p))) {
    p += 4;
    if (p >= fast_end) break;
  }
  return p;
}


/// Skips ASCII and well-formed 2-byte sequences from `p` (a sequence
/// boundary), 8 bytes per test and no branch per byte, as long as 8 bytes
/// are left. Returns the boundary before the first byte that is
/// neither (a longer sequence, an ill-formed part, or a 2-byte lead not
/// followed by a continuation byte), or before the last 7 bytes. After a
/// word of ASCII alone, further ASCII words take one test each (handing
/// over to ascii_prefix_length() there is slower on Latin-1-like text, where
/// ASCII runs are short).
__attribute__((noinline)) constexpr const std::uint8_t* skip_short_sequences(const std::uint8_t* p,
                                                                             const std::uint8_t* end) {
  // Each test below leaves a byte's verdict in its bit 7.
  constexpr std::uint64_t kHigh = 0x8080808080808080;
  constexpr std::uint64_t kSeven = 0x7F7F7F7F7F7F7F7F;
  constexpr std::uint64_t kBitsOneToFive = 0x3E3E3E3E3E3E3E3E;  // all zero in C0 and C1 alone
  while (end - p >= 8) {
    const std::uint64_t w = load_le64(p);
    const std::uint64_t high = w & kHigh;               // 1xxx xxxx
    const std::uint64_t bit6 = (w << 1) & kHigh;
    const std::uint64_t leads = high & bit6;            // 11xx xxxx
    const std::uint64_t continuations = high & ~bit6;   // 10xx xxxx
    const std::uint64_t long_leads = leads & (w << 2);  // 111x xxxx
    // A byte's bits 1-5 plus 0x7F carry into its bit 7 unless all are zero
    // (never into the next byte: at most 0x3E + 0x7F).
    const std::uint64_t overlong = leads & ~(((w & kBitsOneToFive) + kSeven) & kHigh);
    // Every continuation byte right after a lead, and every lead but one in
    // the last byte followed by one; that lead is left for the next word.
    const std::uint64_t failed = long_leads | overlong | (continuations ^ (leads << 8));
    if (failed != 0) {
      // The bytes before the first that failed are ASCII and whole 2-byte
      // sequences, but for a lead right before it: its sequence is the one
      // that failed.
      const std::uint64_t first = failed & (0 - failed);
      const unsigned before = static_cast<unsigned>(__builtin_ctzll(failed)) / 8;
      return p + before - ((leads & (first >> 8)) != 0 ? 1 : 0);
    }
    p += 8 - (leads >> 63);
    if (high == 0) {
      while (end - p >= 8 && (load_le64(p) & kHigh) == 0) p += 8;
    }
  }
  return p;
}

}  // namespace detail
}  // namespace utf8mcu
