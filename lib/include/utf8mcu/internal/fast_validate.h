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
/// skip_valid_bytes() with      ARMv6-M (!kSequenceWords):      an ill-formed          R X V
/// skip_ascii_words()           all, the sequences through the  sequence, or fast_end
///                              byte tests of skip_sequence()
///                              and skip_run2/3/4()
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

#include <cstddef>
#include <cstdint>

#include "utf8mcu/internal/rules.h"
#include "utf8mcu/internal/target.h"
#include "utf8mcu/internal/traits.h"

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

/// Where the validator reads a sequence as one word: on cores that load a
/// word from any address (kUnalignedLoads: x86, ARMv7-M, ARMv8-M Mainline).
/// Elsewhere (ARMv6-M) load_le32() is 4 byte loads, 3 shifts and 3 ORs, more
/// than testing each byte as it is loaded; the byte tests below are
/// is_sequence2/3/4() on the bytes.
inline constexpr bool kSequenceWords = kUnalignedLoads;

/// A byte's payload if it is a continuation byte (10xx xxxx): 0-63; 64 or
/// more (wrapped) for any other byte, so one compare tests it.
constexpr std::uint32_t continuation_payload(std::uint32_t byte) { return byte - 0x80u; }

/// Skips the well-formed sequence at `p`, which starts with a byte >= 0x80
/// and has at least 4 readable bytes: moves `p` past it and returns true, or
/// returns false if it is not well-formed. `kWords` picks the loads
/// (kSequenceWords unless a test asks for the other ones).
template <bool kWords = kSequenceWords>
constexpr bool skip_sequence(const std::uint8_t*& p) {
  if constexpr (!kWords) {
    const std::uint32_t lead = p[0];
    const std::uint32_t b1 = continuation_payload(p[1]);
    if (b1 >= 0x40) return false;
    if (lead < 0xE0) {
      if (lead < 0xC2) return false;  // 80-C1 start nothing
      p += 2;
      return true;
    }
    if (continuation_payload(p[2]) >= 0x40) return false;
    // The lead's payload and the second byte: the code point >> 6 (3
    // bytes), or >> 12 plus 0x400 (4 bytes), as in decode_compact().
    const std::uint32_t top = ((lead & 0x1F) << 6) | b1;
    if (lead < 0xF0) {
      if (!is_three_byte_block(top >> 5)) return false;
      p += 3;
      return true;
    }
    // F0 90 .. F4 8F; F5-FF lie past it.
    if (top - (0x400 + 0x10) >= 0x100 || continuation_payload(p[3]) >= 0x40) return false;
    p += 4;
    return true;
  }
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
template <bool kWords = kSequenceWords>
__attribute__((noinline)) constexpr const std::uint8_t* skip_run2(const std::uint8_t* p,
                                                                  const std::uint8_t* fast_end) {
  do {
    if constexpr (!kWords) {
      const std::uint32_t lead = p[0];
      const std::uint32_t next = p[1];
      if (lead - 0xC2 >= 0xE0 - 0xC2 || continuation_payload(next) >= 0x40) {
        // A lone ASCII byte (a space between words) before a byte that is
        // not ASCII does not end the run.
        if (lead >= 0x80 || next < 0x80) break;
        ++p;
        continue;
      }
    } else {
      const std::uint32_t w = load_le32(p);
      if (!is_sequence2(w)) {
        if ((w & 0x8080) != 0x8000) break;  // the lone ASCII byte, as above
        ++p;
        continue;
      }
    }
    p += 2;
  } while (p < fast_end);
  return p;
}

/// A run of 3-byte sequences.
template <bool kWords = kSequenceWords>
__attribute__((noinline)) constexpr const std::uint8_t* skip_run3(const std::uint8_t* p,
                                                                  const std::uint8_t* fast_end) {
  // Left to itself, GCC shifts the mask in place and loads it again from a
  // literal pool for every sequence.
  std::uint32_t allowed_blocks = kThreeByteBlocks;
  if (!is_constant_evaluated()) allowed_blocks = in_register(allowed_blocks);
  if constexpr (!kWords) {
    do {
      const std::uint32_t lead = p[0];
      const std::uint32_t b1 = continuation_payload(p[1]);
      if (lead - 0xE0 >= 0x10 || b1 >= 0x40 || continuation_payload(p[2]) >= 0x40) break;
      // The block: the lead's 4 payload bits and bit 5 of the second byte.
      if (!is_three_byte_block(((lead & 0x0F) << 1) | (b1 >> 5), allowed_blocks)) break;
      p += 3;
    } while (p < fast_end);
    return p;
  }
  while (is_sequence3(load_le32(p), allowed_blocks)) {
    p += 3;
    if (p >= fast_end) break;
  }
  return p;
}

/// A run of 4-byte sequences.
template <bool kWords = kSequenceWords>
__attribute__((noinline)) constexpr const std::uint8_t* skip_run4(const std::uint8_t* p,
                                                                  const std::uint8_t* fast_end) {
  if constexpr (!kWords) {
    do {
      const std::uint32_t lead = p[0];
      const std::uint32_t b1 = continuation_payload(p[1]);
      // Lead and second byte as a 9-bit value, 0x10-0x10F for F0 90 .. F4
      // 8F (is_sequence4()); any other lead lies outside.
      if (((lead - 0xF0) << 6 | b1) - 0x10 >= 0x100 || b1 >= 0x40) break;
      if (continuation_payload(p[2]) >= 0x40 || continuation_payload(p[3]) >= 0x40) break;
      p += 4;
    } while (p < fast_end);
    return p;
  }
  while (is_sequence4(load_le32(p))) {
    p += 4;
    if (p >= fast_end) break;
  }
  return p;
}

/// The byte at `p`, loaded once, unsigned. Left to itself, GCC loads a byte
/// that is compared with 0x80 and then used again twice on ARMv6-M: signed
/// for the compare (a sign test, but the signed load takes a register
/// offset there) and unsigned for the rest.
constexpr std::uint32_t unsigned_byte(const std::uint8_t* p) {
  std::uint32_t byte = p[0];
  if (!is_constant_evaluated()) byte = in_register(byte);
  return byte;
}

/// ASCII from `p`, a word-aligned address, a word per test while a word
/// fits before `fast_end`: returns the first word that is not all ASCII, or
/// where the words stopped. Short runs (words between accented letters) end
/// in their first 4 words, each tested alone; longer ones go on 16 bytes per
/// test.
inline const std::uint8_t* skip_ascii_words(const std::uint8_t* p, const std::uint8_t* fast_end) {
  constexpr std::uint32_t kHighBits = 0x80808080;
  std::uint32_t words[4] = {};
  if (fast_end - p > 12) {
    // The last address where 16 bytes are readable: a pointer compared in
    // the loop, not the bytes left computed.
    const std::uint8_t* const last = fast_end - 13;
    __builtin_memcpy(words, __builtin_assume_aligned(p, 4), sizeof words);
    if ((words[0] & kHighBits) != 0) return p;
    if ((words[1] & kHighBits) != 0) return p + 4;
    if ((words[2] & kHighBits) != 0) return p + 8;
    if ((words[3] & kHighBits) != 0) return p + 12;
    p += sizeof words;
    while (p <= last) {
      __builtin_memcpy(words, __builtin_assume_aligned(p, 4), sizeof words);
      if (((words[0] | words[1] | words[2] | words[3]) & kHighBits) != 0) break;
      p += sizeof words;
    }
  }
  while (p < fast_end) {
    __builtin_memcpy(words, __builtin_assume_aligned(p, 4), 4);
    if ((words[0] & kHighBits) != 0) break;
    p += 4;
  }
  return p;
}

/// validate()'s loop where sequences are tested byte by byte
/// (!kSequenceWords: ARMv6-M), from `p` (a boundary) up to `fast_end`.
/// Returns where it stopped: at or past `fast_end`, or before a sequence
/// that is not well-formed.
__attribute__((noinline)) constexpr const std::uint8_t* skip_valid_bytes(const std::uint8_t* p,
                                                                         const std::uint8_t* fast_end) {
  while (p < fast_end) {
    if (unsigned_byte(p) >= 0x80) {
      if (!skip_sequence<false>(p) || p >= fast_end) break;
      // A second sequence is also checked here (an emoji and its skin
      // tone); a third in a row starts a run: the run loop for its length.
      // After one or two ASCII follows, taken below without testing the
      // byte again.
      std::uint32_t next = unsigned_byte(p);
      if (next >= 0x80) {
        if (!skip_sequence<false>(p) || p >= fast_end) break;
        next = unsigned_byte(p);
      }
      if (next >= 0x80) {
        if (next < 0xC2) break;  // 80-C1 start nothing: the caller reports the part
        const std::uint8_t* const run_start = p;
        if (next < 0xE0) {
          p = skip_run2<false>(p, fast_end);
        } else if (next < 0xF0) {
          p = skip_run3<false>(p, fast_end);
        } else {
          p = skip_run4<false>(p, fast_end);
        }
        if (p == run_start) break;
        continue;
      }
    }
    ++p;
    if (!is_constant_evaluated() && reinterpret_cast<std::uintptr_t>(p) % 4 == 0) p = skip_ascii_words(p, fast_end);
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
