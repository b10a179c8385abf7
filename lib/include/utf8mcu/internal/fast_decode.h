#pragma once
/// @file
/// The speed-tuned span push: ASCII 4 bytes per test, runs of sequences of
/// one length, a loop for noise, and the span push that hands each of them
/// the bytes they take. Part of utf8mcu/decoder.h, which includes
/// it: include that header instead.
///
/// Which path takes which bytes (Decoder::push(span), decode(), and the
/// UTF-16/32 converters, which use the run loops and the loop for noise):
///
/// path                         takes                           hands back at          tests
/// ---------------------------  ------------------------------  ---------------------  -----
/// push_span()                  all: hands each path below its  the end of the span    R X C
///                              bytes
/// decode_fast(), ASCII         ASCII; 4 bytes per test after   a byte 80-FF, or       R X C
///                              two in a row                    fast_end
/// decode_run2/3/4() (through   well-formed sequences of the    another length, an     R X
/// decode_runs())               lead's length in a row; a lone  ill-formed sequence,
///                              ASCII byte in a 2-byte run      or fast_end
/// decode_noisy(), noisy_part() after the push's first error    6 ASCII bytes in a     R X
///                              (kReplace, kSkip): a sequence   row, a 3- or 4-byte
///                              or maximal subpart at a time    sequence, or 11 bytes
///                                                              before the end
/// step_until_idle() with       the first error, all errors     between sequences      R X C
/// decode_step()                under kReport, a sequence open  again
///                              from the last push, the last 3
///                              bytes
/// push_compact()               size-tuned builds: all, one     the end of the span    R X
///                              byte at a time
/// thumb1_push_replace()        the same for a CodePointCallback the end of the span    P
/// (arch/thumb1_push.h, asm)    under kReplace on Thumb-1 cores
/// decode_compact()             size-tuned builds, validate()   fast_end; under        R X C
///                              and the UTF-16/32 converters:   kReport an ill-formed
///                              ASCII a word per test, other    part
///                              sequences and subparts whole
///
/// Each path tests Table 3-7 its own way; its comment names what in rules.h
/// it mirrors.
///
/// Tests: R test/lib/rules_test.cpp, every path against rules.h for every
/// lead and second byte; X test/lib/exhaustive_*_test.cpp, every input of up
/// to 3 bytes (4 after F0-F4) against the reference model, byte at a time,
/// as a span and through decode(), also with the size-tuned push; C
/// test/lib/chunking_test.cpp and transcode_test.cpp (random text cut at
/// random places) and the fuzzers; P test/lib/callback_push_test.cpp against
/// the reference model, on the Cortex-M0+ board.

#include "utf8mcu/internal/decode_types.h"
#include "utf8mcu/internal/rules.h"
#include "utf8mcu/internal/state_word.h"
#include "utf8mcu/internal/target.h"
#include "utf8mcu/internal/traits.h"

namespace utf8mcu {
namespace detail {

/// Passes the ASCII bytes at the start of the 4 at `p` to `sink` and returns
/// how many there are (4 when all are). The run's last bytes are written
/// out, not looped over: the count stays within 4 however the buffer changes
/// meanwhile (a DMA transfer, a sink that writes into it), and no counter
/// lives across the sink's calls, where it cost the run loops a register.
/// Always inlined: for a CodePointCallback GCC would make it a call.
template <bool kWords = kWordLoads, typename Sink>
[[gnu::always_inline]] constexpr std::uint32_t sink_ascii_of_four(const std::uint8_t* p, Sink& sink) {
  if constexpr (kWords) {
    // One load and one test; the bytes come out of the register, the run's
    // last ones too. The test's other outcome first: so GCC computes no
    // code point of the 4 before the test.
    const std::uint32_t w = load_le32(p);
    if ((w & 0x80808080) != 0) {
      if ((w & 0x80) != 0) return 0;
      sink(static_cast<char32_t>(w & 0x7F));
      if ((w & 0x8000) != 0) return 1;
      sink(static_cast<char32_t>((w >> 8) & 0x7F));
      if ((w & 0x800000) != 0) return 2;
      sink(static_cast<char32_t>((w >> 16) & 0x7F));
      return 3;  // the last byte of `w` is not ASCII
    }
    sink(static_cast<char32_t>(w & 0x7F));
    sink(static_cast<char32_t>((w >> 8) & 0x7F));
    sink(static_cast<char32_t>((w >> 16) & 0x7F));
    sink(static_cast<char32_t>(w >> 24));
    return 4;
  } else {
    // Byte loads, ORed for the test and kept for the sink.
    if (((p[0] | p[1] | p[2] | p[3]) & 0x80) == 0) {
      sink(static_cast<char32_t>(p[0]));
      sink(static_cast<char32_t>(p[1]));
      sink(static_cast<char32_t>(p[2]));
      sink(static_cast<char32_t>(p[3]));
      return 4;
    }
    // Each byte loaded again (the sink may have changed it) and tested as
    // loaded. A CodePointCallback makes no call when it has no function;
    // on that path GCC would keep the bytes tested above in registers, at a
    // cost in every group: `p` opaque keeps it from doing so.
    if constexpr (kIsSame<RemoveCvT<Sink>, CodePointCallback>) {
      if (!is_constant_evaluated()) p = in_register(p);
    }
    std::int32_t s = signed_byte(p[0]);
    if (s < 0) return 0;
    sink(static_cast<char32_t>(s));
    s = signed_byte(p[1]);
    if (s < 0) return 1;
    sink(static_cast<char32_t>(s));
    s = signed_byte(p[2]);
    if (s < 0) return 2;
    sink(static_cast<char32_t>(s));
    return 3;  // whatever p[3] holds now
  }
}

// The span push's fast loop. It runs between sequences while 4 or more bytes
// are left (`p < fast_end`), so no byte needs an end check. Text comes in
// runs of one sequence length (Cyrillic words are 2-byte letters, Chinese
// text 3-byte ideographs), so each length has its own loop that stays while
// the next lead byte has the same length; each returns where its run ends.
//
// In the 2-byte loop continuation bytes are tested as signed bytes (10xx
// xxxx is -128..-65), and the code point is plain arithmetic on them
// (payload = value + 128); so are the 3- and 4-byte loops' on the host. On
// cores that load no unaligned word (ARMv6-M) those take each byte less its
// form's base instead (the lead less E0 or F0, a continuation byte less 80),
// which once tested (below 16 and 64) is its payload: there a signed byte
// load takes its offset from a register, one more instruction per byte; on
// x86 the signed form is the faster one.
// Where the core loads unaligned words (kWordLoads), the 3- and 4-byte
// loops take a sequence in one word instead: one mask test for its form,
// the payload bits picked out of the word. `kWords` picks the loads
// (kWordLoads unless a test asks for the other ones).
//
// Each loop tests the rules of rules.h its own way: the lead's class by its
// signed value, its payload or a mask (sequence_length()), continuation
// bytes by sign or payload (is_continuation()), and second_byte_range() as
// a range of code points.

/// A run of 2-byte sequences: C2-DF 80-BF (C0, C1 would be over-long).
template <typename Sink>
constexpr const std::uint8_t* decode_run2(const std::uint8_t* p, const std::uint8_t* fast_end, Sink& sink) {
  do {
    const std::int32_t s0 = signed_byte(p[0]);
    const std::int32_t s1 = signed_byte(p[1]);
    // Signed C2-DF are -62..-33; every second byte 80-BF is allowed.
    if (static_cast<std::uint32_t>(s0 + 62) >= 30 || s1 >= -64) {
      // A lone ASCII byte (a space between words) does not end the run:
      // s0 >= 0 and s1 < 0, tested on the sign bits at once.
      if ((s1 & ~s0) >= 0) break;
      sink(static_cast<char32_t>(s0));
      ++p;
      continue;
    }
    sink(static_cast<char32_t>((s0 + 64) * 64 + (s1 + 128)));
    p += 2;
  } while (p < fast_end);
  return p;
}

/// A run of 3-byte sequences: E0-EF and two continuation bytes, except E0
/// 80-9F (over-long, below U+0800) and ED A0-BF (surrogates, D800-DFFF):
/// second_byte_range() as kThreeByteBlocks.
template <bool kWords = kWordLoads, typename Sink>
constexpr const std::uint8_t* decode_run3(const std::uint8_t* p, const std::uint8_t* fast_end, Sink& sink) {
  if constexpr (kWords) {
    do {
      const std::uint32_t w = load_le32(p);
      if (!has_three_byte_form(w)) break;
      const std::uint32_t c = ((w & 0x0F) << 12) | ((w & 0x3F00) >> 2) | ((w >> 16) & 0x3F);
      if (!is_three_byte_block(c >> 11)) break;
      sink(static_cast<char32_t>(c));
      p += 3;
    } while (p < fast_end);
    return p;
  }
  if constexpr (kUnalignedLoads) {
    do {
      const std::int32_t s0 = signed_byte(p[0]);
      const std::int32_t s1 = signed_byte(p[1]);
      const std::int32_t s2 = signed_byte(p[2]);
      if (static_cast<std::uint32_t>(s0 + 32) >= 16 || s1 >= -64 || s2 >= -64) break;
      const std::int32_t c = (s0 + 32) * 4096 + (s1 + 128) * 64 + (s2 + 128);
      if (!is_three_byte_block(static_cast<std::uint32_t>(c) >> 11)) break;
      sink(static_cast<char32_t>(c));
      p += 3;
    } while (p < fast_end);
    return p;
  }
  do {
    const std::uint32_t lead = p[0] - 0xE0u;
    const std::uint32_t b1 = p[1] - 0x80u;
    const std::uint32_t b2 = p[2] - 0x80u;
    if (lead >= 16 || b1 >= 0x40 || b2 >= 0x40) break;
    const std::uint32_t c = (lead << 12) | (b1 << 6) | b2;
    if (!is_three_byte_block(c >> 11)) break;
    sink(static_cast<char32_t>(c));
    p += 3;
  } while (p < fast_end);
  return p;
}

/// A run of 4-byte sequences: F0-F4 and three continuation bytes, except F0
/// 80-8F (over-long) and F4 90-BF (above U+10FFFF): second_byte_range() of
/// F0 and F4 as the code points U+10000..U+10FFFF.
template <bool kWords = kWordLoads, typename Sink>
constexpr const std::uint8_t* decode_run4(const std::uint8_t* p, const std::uint8_t* fast_end, Sink& sink) {
  if constexpr (kWords) {
    do {
      const std::uint32_t w = load_le32(p);
      if (!has_four_byte_form(w)) break;
      const std::uint32_t c =
          ((w & 0x07) << 18) | ((w & 0x3F00) << 4) | ((w >> 10) & 0xFC0) | ((w >> 24) & 0x3F);
      if (c - 0x10000 >= 0x100000) break;  // F0 80-8F, F4 90-BF, F5-F7
      sink(static_cast<char32_t>(c));
      p += 4;
    } while (p < fast_end);
    return p;
  }
  if constexpr (kUnalignedLoads) {
    do {
      const std::int32_t s0 = signed_byte(p[0]);
      const std::int32_t s1 = signed_byte(p[1]);
      const std::int32_t s2 = signed_byte(p[2]);
      const std::int32_t s3 = signed_byte(p[3]);
      if (s0 < -16 || s1 >= -64 || s2 >= -64 || s3 >= -64) break;
      // An ASCII byte or F5-FF in the lead's place gives a value past U+10FFFF.
      const std::int32_t c = (s0 + 16) * 262144 + (s1 + 128) * 4096 + (s2 + 128) * 64 + (s3 + 128);
      if ((static_cast<std::uint32_t>(c) >> 16) - 1 >= 16) break;  // planes 1-16
      sink(static_cast<char32_t>(c));
      p += 4;
    } while (p < fast_end);
    return p;
  }
  do {
    const std::uint32_t lead = p[0] - 0xF0u;
    const std::uint32_t b1 = p[1] - 0x80u;
    const std::uint32_t b2 = p[2] - 0x80u;
    const std::uint32_t b3 = p[3] - 0x80u;
    if (lead >= 16 || b1 >= 0x40 || b2 >= 0x40 || b3 >= 0x40) break;
    // F5-FF in the lead's place give a value past U+10FFFF.
    const std::uint32_t c = (lead << 18) | (b1 << 12) | (b2 << 6) | b3;
    // U+10000..U+10FFFF as planes 1-16: no constant to hold in a register
    // (ARMv6-M compares with 8-bit values only).
    if ((c >> 16) - 1 >= 16) break;
    sink(static_cast<char32_t>(c));
    p += 4;
  } while (p < fast_end);
  return p;
}

/// The run loop for the lead byte at `p`, `s0` (signed_byte(*p), negative:
/// 80-FF), which the caller has loaded already; returns `p` unchanged when
/// the sequence there is ill-formed.
template <bool kWords = kWordLoads, typename Sink>
constexpr const std::uint8_t* decode_runs(std::int32_t s0, const std::uint8_t* p, const std::uint8_t* fast_end,
                                          Sink& sink) {
  // sequence_length() of the signed lead: C2-DF are -62..-33, E0-EF
  // -32..-17, F0-FF -16..-1 (F5-FF fail decode_run4's range test).
  if (s0 >= -62) {  // not 80-C1, where no sequence starts
    if (s0 < -32) {
      p = decode_run2(p, fast_end, sink);
    } else if (s0 < -16) {
      p = decode_run3<kWords>(p, fast_end, sink);
    } else {
      p = decode_run4<kWords>(p, fast_end, sink);
    }
  }
  return p;
}

/// The fast loop itself. Returns where it stopped: at `fast_end`, or at an
/// ill-formed sequence, for the state machine or decode_noisy().
template <bool kWords = kWordLoads, typename Sink>
constexpr const std::uint8_t* decode_fast(const std::uint8_t* p, const std::uint8_t* fast_end, Sink& sink) {
  while (p < fast_end) {
    const std::int32_t s0 = signed_byte(p[0]);
    if (s0 >= 0) {
      // A lone ASCII byte (a space between words) costs one test; a second
      // one in a row starts a run, taken 4 bytes per test.
      sink(static_cast<char32_t>(s0));
      ++p;
      if (*p < 0x80) {
        // 4 bytes per test; the run's last bytes come from the group of 4
        // that ends it.
        while (p < fast_end) {
          const std::uint32_t ascii = sink_ascii_of_four<kWords>(p, sink);
          p += ascii;
          if (ascii != 4) break;
        }
      }
      continue;
    }
    // decode_runs() written out: called here, even inlined, it makes GCC
    // lay out the whole loop worse, its ASCII runs too. Keep the two alike.
    const std::uint8_t* const run_start = p;
    if (s0 >= -62) {  // not 80-C1, where no sequence starts
      if (s0 < -32) {
        p = decode_run2(p, fast_end, sink);
      } else if (s0 < -16) {
        p = decode_run3<kWords>(p, fast_end, sink);
      } else {
        p = decode_run4<kWords>(p, fast_end, sink);
      }
    }
    if (p == run_start) break;
  }
  return p;
}

/// One part of ill-formed input for decode_noisy(), at `p` with 7 or more
/// bytes left (it reads at most 6): one sequence or one maximal subpart, or
/// an ASCII byte and the part after it. Moves `p` past what it took (at most
/// 4 bytes); each subpart is one U+FFFD (`replacement`, under kReplace) and
/// one more in `count`. True where text may start again, for the run loops:
/// at 6 ASCII bytes in a row, and after a 3- or 4-byte sequence.
/// Always inlined: decode_noisy() calls it twice, and GCC would then make it
/// a call, several times the work per byte.
template <ErrorPolicy kPolicy, typename Sink>
[[gnu::always_inline]] constexpr bool noisy_part(const std::uint8_t*& p, Sink& sink, std::size_t& count,
                                                 char32_t replacement) {
  const auto ill_formed = [&](std::ptrdiff_t length) {
    ++count;
    if constexpr (kPolicy == ErrorPolicy::kReplace) sink(replacement);
    p += length;
  };
  const std::uint32_t lead = p[0];
  if (lead < 0x80) {
    sink(static_cast<char32_t>(lead));
    ++p;
    const std::uint32_t next = p[0];
    if (next < 0x80) {
      sink(static_cast<char32_t>(next));
      ++p;
      // Two ASCII bytes and 4 more: text again, for decode_fast().
      // Without word loads a byte at a time: in noise the first byte
      // often decides, and it takes fewer registers than load_le32()'s
      // shifts (ARMv6-M spilled them).
      if (kWordLoads ? (load_le32(p) & 0x80808080) == 0
                     : (p[0] < 0x80 && p[1] < 0x80 && p[2] < 0x80 && p[3] < 0x80)) {
        return true;
      }
    } else if (next < 0xC2 || signed_byte(p[1]) >= -64) {
      // An ill-formed byte after the ASCII one, the commonest pair in
      // noise, without going round the loop (see below).
      ill_formed(1);
    }
    return false;
  }
  // 80-C1 and a lead byte without a continuation byte after it are
  // subparts of one byte.
  if (lead < 0xC2) {
    ill_formed(1);
    return false;
  }
  const std::int32_t s1 = signed_byte(p[1]);
  if (s1 >= -64) {
    ill_formed(1);
    return false;
  }
  if (lead < 0xE0) {
    sink(static_cast<char32_t>(((lead - 0xC0) << 6) + static_cast<std::uint32_t>(s1 + 128)));
    p += 2;
    return false;
  }
  // The second byte's range, checked on the code point's top bits (lead
  // and second byte: the value >> 6, or >> 12 for 4 bytes plus 0x400).
  const std::uint32_t top = ((lead & 0x1F) << 6) + static_cast<std::uint32_t>(s1 + 128);
  const std::int32_t s2 = signed_byte(p[2]);
  if (lead < 0xF0) {
    // 2 KiB blocks of 0000-FFFF as in decode_run3: not block 0 (over-long)
    // nor block 27 (surrogates).
    if (!is_three_byte_block(top >> 5)) {
      ill_formed(1);
    } else if (s2 >= -64) {
      ill_formed(2);
    } else {
      sink(static_cast<char32_t>((top << 6) + static_cast<std::uint32_t>(s2 + 128)));
      p += 3;
      return true;
    }
    return false;
  }
  // F0-F4: U+10000..U+10FFFF (F5-FF give a value past it).
  const std::int32_t s3 = signed_byte(p[3]);
  if (top - (0x400 + 0x10) >= 0x100) {
    ill_formed(1);
  } else if (s2 >= -64) {
    ill_formed(2);
  } else if (s3 >= -64) {
    ill_formed(3);
  } else {
    sink(static_cast<char32_t>(((top - 0x400) << 12) + static_cast<std::uint32_t>(s2 + 128) * 64 +
                               static_cast<std::uint32_t>(s3 + 128)));
    p += 4;
    return true;
  }
  return false;
}

/// Ill-formed input after the push's first error (kReplace, kSkip), from
/// `p < noisy_end` with 11 or more bytes left. Noise from a wrong baud rate
/// or a binary stream has no runs for decode_fast(), so this loop takes one
/// part at a time straight from the bytes (only the push's first error is
/// classified, by the state machine). Returns where noisy_part() saw text
/// start again, or at or past `noisy_end` (by up to 7 bytes).
template <ErrorPolicy kPolicy, typename Sink>
constexpr const std::uint8_t* decode_noisy(const std::uint8_t* p, const std::uint8_t* noisy_end, Sink& sink,
                                           std::size_t& errors) {
  std::size_t count = errors;
  // Noise is about half ill-formed bytes, each a U+FFFD. Set in two steps:
  // a const variable initialised with is_constant_evaluated() in it is
  // itself evaluated as a constant, and would always get the constant.
  char32_t replacement = kReplacementCharacter;
  if (!is_constant_evaluated()) replacement = in_register(replacement);
  // Two parts per end test, since the test is a good part of the work per
  // byte of noise: the first part takes at most 4 bytes, so the second still
  // has 7. Between them `p` is made opaque: otherwise GCC carries the bytes
  // the first part loaded into the second, loads each of them twice (signed
  // and unsigned) and spills registers, which costs more than the test.
  do {
    if (noisy_part<kPolicy>(p, sink, count, replacement)) break;
    if (!is_constant_evaluated()) p = in_register(p);
    if (noisy_part<kPolicy>(p, sink, count, replacement)) break;
  } while (p < noisy_end);
  errors = count;
  return p;
}

/// Size-tuned builds (kSizeTuned): the path of validate() and of the UTF-16
/// and UTF-32 converters between sequences, from `p` (a boundary) up to
/// `fast_end`, before which 4 bytes are readable at every step. One loop with
/// byte loads, no state word: ASCII 4 bytes per test from aligned addresses,
/// other sequences whole as in noisy_part() (the second byte's range on the
/// code point's top bits). Under kReplace and kSkip each maximal subpart
/// counts one in `errors` (and is one U+FFFD under kReplace); under kReport
/// it stops before the first. Returns where it stopped, a boundary. With a
/// NullSink (validate()) the code points are never computed.
template <ErrorPolicy kPolicy, typename Sink>
__attribute__((noinline)) constexpr const std::uint8_t* decode_compact(const std::uint8_t* p,
                                                                       const std::uint8_t* fast_end, Sink& sink,
                                                                       std::size_t& errors) {
  while (p < fast_end) {
    std::uint32_t code_point = p[0];
    if (code_point < 0x80) {
      sink(static_cast<char32_t>(code_point));
      ++p;
      // From an aligned address on, ASCII a word per test; the bytes go to
      // the sink from the word tested, not loaded again.
      if (!is_constant_evaluated() && reinterpret_cast<std::uintptr_t>(p) % 4 == 0 && p < fast_end) {
        do {
          std::uint32_t w = 0;
          __builtin_memcpy(&w, __builtin_assume_aligned(p, 4), 4);
          if ((w & 0x80808080) != 0) break;
          // The first byte in memory is the word's low byte on a
          // little-endian core, its high byte on a big-endian one.
          constexpr unsigned kFirst = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? 0 : 24;
          sink(static_cast<char32_t>((w >> kFirst) & 0xFF));
          sink(static_cast<char32_t>((w >> (kFirst ^ 8)) & 0xFF));
          sink(static_cast<char32_t>((w >> (kFirst ^ 16)) & 0xFF));
          sink(static_cast<char32_t>((w >> (kFirst ^ 24)) & 0xFF));
          p += 4;
        } while (p < fast_end);
      }
      continue;
    }
    // Each byte after the lead as its payload: 0-63 for a continuation byte
    // (10xx xxxx), 64 or more (wrapped) for any other.
    const std::uint32_t b1 = p[1] - 0x80u;
    // Bytes of the sequence, or of the maximal subpart when `ill_formed`.
    std::ptrdiff_t length = 1;
    bool ill_formed = true;
    if (code_point >= 0xC2 && b1 < 0x40) {  // 80-C1 start nothing
      if (code_point < 0xE0) {
        code_point = ((code_point - 0xC0) << 6) | b1;
        length = 2;
        ill_formed = false;
      } else {
        // The lead's payload and the second byte: the code point >> 6 (3
        // bytes), or >> 12 plus 0x400 (4 bytes).
        const std::uint32_t top = ((code_point & 0x1F) << 6) | b1;
        const std::uint32_t b2 = p[2] - 0x80u;
        if (code_point < 0xF0) {
          // second_byte_range() as kThreeByteBlocks: not block 0 (over-long)
          // nor 27 (surrogates).
          if (is_three_byte_block(top >> 5)) {
            length = 2;
            if (b2 < 0x40) {
              code_point = (top << 6) | b2;
              length = 3;
              ill_formed = false;
            }
          }
        } else if (top - (0x400 + 0x10) < 0x100) {  // F0 90 .. F4 8F; F5-FF lie past it
          const std::uint32_t b3 = p[3] - 0x80u;
          length = 2;
          if (b2 < 0x40) {
            length = 3;
            if (b3 < 0x40) {
              code_point = ((top - 0x400) << 12) | (b2 << 6) | b3;
              length = 4;
              ill_formed = false;
            }
          }
        }
      }
    }
    if (ill_formed) {
      if constexpr (kPolicy == ErrorPolicy::kReport) break;
      ++errors;
      if constexpr (kPolicy != ErrorPolicy::kReplace) {
        p += length;
        continue;
      }
      code_point = kReplacementCharacter;
    }
    sink(static_cast<char32_t>(code_point));
    p += length;
  }
  return p;
}

/// Decoder::push(span) on a state word. For decode(), also gives where the
/// push's first ill-formed part ends, as an offset into the span
/// (`first_error_end`, set only when there is one): the part starts
/// `error.length` bytes before it.
template <ErrorPolicy kPolicy, typename Sink>
[[nodiscard]] constexpr DecodeResult push_span(std::uint32_t& state, const std::uint8_t* data, std::size_t size,
                                               Sink& sink, std::size_t& first_error_end) {
  if constexpr (kSizeTuned) {
    return push_compact<kPolicy>(state, data, data == nullptr ? 0 : size, sink, first_error_end);
  }
  DecodeResult total{0, 0, {}};
  if (data == nullptr) return total;
  const std::uint8_t* p = data;
  const std::uint8_t* const end = data + size;
  const std::uint8_t* first_error = data;
  bool stopped = false;
  // Between sequences, with 4 or more bytes left, no end checks are needed.
  const std::uint8_t* const fast_end = size >= 4 ? end - 3 : data;
  for (;;) {
    if (state == 0) {
      p = decode_fast(p, fast_end, sink);
      // decode_noisy() needs 11 bytes left: it starts two parts up to
      // end - 11 (fast_end is end - 3). Its limit is written as p + a count:
      // GCC's -Warray-bounds flags end - 10 for short constant spans,
      // although the call is not reached for them.
      const std::ptrdiff_t noisy_left = fast_end - p - 7;
      if (kPolicy != ErrorPolicy::kReport && total.errors != 0 && noisy_left > 0) {
        p = decode_noisy<kPolicy>(p, p + noisy_left, sink, total.errors);
        continue;
      }
    }
    if (p >= end) break;
    // Ill-formed input, an open sequence, or the last 3 bytes: one call
    // site, so the state machine is inlined once.
    p = step_until_idle<kPolicy>(state, build_leads(), p, end, sink, total, stopped, first_error);
    if (stopped) break;
  }
  total.consumed = static_cast<std::size_t>(p - data);
  if (total.errors != 0) first_error_end = static_cast<std::size_t>(first_error - data);
  return total;
}

}  // namespace detail
}  // namespace utf8mcu
