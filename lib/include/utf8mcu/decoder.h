#pragma once
/// @file
/// The incremental UTF-8 decoder: a state machine fed one byte (or one span) at a
/// time, strict by RFC 3629 / Unicode Table 3-7.
///
/// Cost: `sizeof(Decoder)` is 4 bytes (one `uint32_t`); the only table is the
/// 64-byte lead-byte table below, shared by every decoder; each byte takes a
/// constant, small amount of work (no loops per byte), so `push()` is fit for an
/// interrupt handler.
///
/// Well-formed sequences, and nothing else, are accepted:
///
///     00-7F
///     C2-DF 80-BF
///     E0    A0-BF 80-BF         (E0 80-9F would be over-long)
///     E1-EC 80-BF 80-BF
///     ED    80-9F 80-BF         (ED A0-BF would be a surrogate)
///     EE-EF 80-BF 80-BF
///     F0    90-BF 80-BF 80-BF   (F0 80-8F would be over-long)
///     F1-F3 80-BF 80-BF 80-BF
///     F4    80-8F 80-BF 80-BF   (F4 90-BF would be above U+10FFFF)
///
/// Ill-formed input is handled per maximal subpart (the longest prefix of a
/// well-formed sequence, or a single byte): one U+FFFD each under
/// ErrorPolicy::kReplace. The byte that shows a sequence is broken is never
/// swallowed: `C2 41` gives U+FFFD then U+0041.

#include "utf8mcu/common.h"

namespace utf8mcu {

/// What one push did.
struct DecodeResult {
  /// Bytes taken from the input. Equal to the input size except under
  /// ErrorPolicy::kReport, where decoding stops at the first ill-formed part:
  /// then the count includes that part's bytes but not the byte that revealed
  /// it, so the part starts `error.length` bytes before `consumed` (possibly in
  /// an earlier push).
  std::size_t consumed = 0;
  /// Ill-formed parts met: replaced, skipped, or (at most one) reported.
  std::size_t errors = 0;
  /// The first of them; `error.ok()` when there was none.
  DecodeError error{};
};

namespace detail {

/// Which span push and UTF-8 converters a build gets: true for the
/// size-tuned ones (a plain byte loop, much less code), false for the
/// speed-tuned ones (whole sequences, runs, ASCII 4 or 16 bytes per test).
/// The size-tuned ones when compiling for size (-Os, -Oz), unless
/// UTF8MCU_SIZE_TUNED is defined to 0 or 1. Both give the same results, so
/// translation units built either way can share decoders.
#if defined(UTF8MCU_SIZE_TUNED)
constexpr bool kSizeTuned = UTF8MCU_SIZE_TUNED != 0;
#elif defined(__OPTIMIZE_SIZE__)
constexpr bool kSizeTuned = true;
#else
constexpr bool kSizeTuned = false;
#endif

// The decoder's whole state is one 32-bit word; zero means "expecting a lead
// byte". Inside a sequence it is laid out for the per-byte step, so that a
// continuation byte costs a shift, an OR and a sign test:
//
//   bit  31 .. 28   27  26   25 ................................. 0
//        [ reject ] [F] [S]  [ 0 ... 0  marker  0 ... 0  payload  ]
//
//   payload  the code point bits gathered so far, at the bottom
//   marker   one bit just above where the finished code point will end:
//            bit 31 - 6 * (continuation bytes still expected), that is bit 25,
//            19 or 13. Appending a byte shifts the word left by 6, so the
//            marker reaches bit 31 (the sign) with the last byte.
//   reject   right after the lead E0, ED, F0 or F4: the quarters of 80-BF
//            (80-8F, 90-9F, A0-AF, B0-BF) the second byte must not lie in;
//            quarter q is bit 31 - q. Zero after the other leads.
//   F        set after the lead byte alone (kFirstByteBit)
//   S        set after a 4-byte lead and two continuation bytes
//            (kSecondByteBit: a 4-byte lead sets the bit just above its
//            marker, and two shifts carry it here)
//
// Bits 26-31 describe only the next byte: the shift by 6 that takes it drops
// them. F and S tell how long a broken sequence was; nothing on the
// well-formed path reads them.
inline constexpr std::uint32_t kLastByteMarker = std::uint32_t{1} << 31;
inline constexpr unsigned kRejectShift = 28;
inline constexpr std::uint32_t kFirstByteBit = std::uint32_t{1} << 27;
inline constexpr std::uint32_t kSecondByteBit = std::uint32_t{1} << 26;
inline constexpr std::uint32_t kLeadOnlyBits = 0xFC000000;  // reject, F, S

/// The state after a lead C2-DF is the lead plus this: 110x xxxx minus 0xC0
/// leaves the payload, and the marker goes to bit 25 (one byte to come).
inline constexpr std::uint32_t kTwoByteStart = kFirstByteBit + (std::uint32_t{1} << 25) - 0xC0;

/// Lead bytes E0-FF: what the state machine needs to start a sequence of 3
/// or 4 bytes (2-byte leads take no table).
struct LeadTable {
  /// XORed with the lead byte, for E0-EF and F0-FF: clears the length prefix
  /// (1110, 1111 0) and sets the marker for 2 or 3 continuation bytes.
  std::uint32_t start[2];
  /// The state's top byte for each lead E0-FF: reject mask (bits 4-7) and
  /// kFirstByteBit (bit 3); zero for a byte that starts no sequence (F5-FF).
  std::uint8_t entry[32];
};

/// The top byte of the state after `lead` (E0-FF): which second bytes it
/// rejects.
constexpr std::uint8_t lead_entry(unsigned lead, bool accept_surrogates) {
  if (lead > 0xF4) return 0;
  unsigned reject = 0;                                   // quarters 80-8F 90-9F A0-AF B0-BF
  if (lead == 0xE0) reject = 0xC;                        //          x     x     .     .   (over-long)
  if (lead == 0xED && !accept_surrogates) reject = 0x3;  //          .     .     x     x   (surrogates)
  if (lead == 0xF0) reject = 0x8;                        //          x     .     .     .   (over-long)
  if (lead == 0xF4) reject = 0x7;                        //          .     x     x     x   (above U+10FFFF)
  return static_cast<std::uint8_t>((reject << 4) | (kFirstByteBit >> 24));
}

constexpr LeadTable make_lead_table(bool accept_surrogates) {
  LeadTable table{};
  table.start[0] = 0xE0 | (std::uint32_t{1} << 19);  // E0-EF: 1110 xxxx, two bytes to come
  // F0-F4: 1111 0xxx, three to come; and kSecondByteBit 12 bits lower, so
  // that two continuation bytes shift it into place.
  table.start[1] = 0xF0 | (std::uint32_t{1} << 13) | (kSecondByteBit >> 12);
  for (unsigned lead = 0xE0; lead <= 0xFF; ++lead) table.entry[lead - 0xE0] = lead_entry(lead, accept_surrogates);
  return table;
}

/// Strict UTF-8.
inline constexpr LeadTable kStrictLeads = make_lead_table(false);
/// ED A0-BF allowed, for decoding CESU-8 (see cesu8.h).
inline constexpr LeadTable kSurrogateLeads = make_lead_table(true);

/// The state after `lead` (E0-FF) between sequences; 0 if it starts none.
constexpr std::uint32_t long_lead_state(const LeadTable& leads, std::uint32_t lead) {
  const std::uint32_t entry = leads.entry[lead - 0xE0];
  if (entry == 0) return 0;  // F5-FF
  return (lead ^ leads.start[(lead >> 4) & 1]) | (entry << 24);
}

/// The state after `lead` (80-FF) between sequences; 0 if it starts none.
constexpr std::uint32_t lead_state(const LeadTable& leads, std::uint32_t lead) {
  if (lead >= 0xE0) return long_lead_state(leads, lead);
  // C2-DF, the leads of Latin, Greek, Cyrillic, Hebrew and Arabic letters,
  // without a table.
  if (lead >= 0xC2) return lead + kTwoByteStart;
  return 0;  // 80-C1
}

/// Whether the state forbids the continuation byte whose low 6 bits are
/// `payload` (0-63): only the second byte after E0, ED, F0 and F4 can be.
constexpr bool rejects(std::uint32_t state, std::uint32_t payload) {
  // Quarter q of 80-BF is reject bit 31 - q: shifted by q, it is the sign.
  return state >= (std::uint32_t{1} << kRejectShift) &&
         static_cast<std::int32_t>(state << (payload >> 4)) < 0;
}

/// Continuation bytes a sequence has taken since its lead byte (state not 0).
constexpr unsigned continuation_bytes_taken(std::uint32_t state) {
  // Bit 27 is set from the lead byte until the first shift drops it; bit 26
  // only after a 4-byte lead and two continuation bytes.
  if ((state & kFirstByteBit) != 0) return 0;
  return 1 + ((state & kSecondByteBit) >> 26);
}

/// Whether the state machine can be in `state`: 0, or a well-formed prefix
/// of a sequence as decode_step() leaves it. For state words that come from
/// outside (the C API's struct), which a push must not trust. Rebuilds the
/// prefix's bytes from the word and compares the state they lead to.
constexpr bool is_reachable_state(std::uint32_t state) {
  if (state == 0) return true;
  const std::uint32_t bits = state & ~kLeadOnlyBits;
  unsigned to_come = 0;  // the marker's place: bit 25, 19 or 13
  for (unsigned n = 1; n <= 3 && to_come == 0; ++n) {
    // Above the marker only the bit that becomes kSecondByteBit, after a
    // 4-byte lead.
    const std::uint32_t above = bits >> (31 - 6 * n);
    if (above == 1 || above == 3) to_come = n;
  }
  const unsigned taken = continuation_bytes_taken(state);
  if (to_come == 0 || taken + to_come > 3) return false;
  const std::uint32_t payload = bits & ((std::uint32_t{1} << (31 - 6 * to_come)) - 1);
  const unsigned length = 1 + taken + to_come;  // of the whole sequence
  const std::uint32_t lead = ((0xFF00u >> length) & 0xFF) | (payload >> (6 * taken));
  if (lead > 0xFF) return false;
  std::uint32_t rebuilt = lead_state(kStrictLeads, lead);
  for (unsigned i = taken; i > 0 && rebuilt != 0; --i) {
    const std::uint32_t next = (payload >> (6 * (i - 1))) & 0x3F;
    rebuilt = rejects(rebuilt, next) ? 0 : (rebuilt << 6) | next;
  }
  return rebuilt == state;
}

/// Bytes of the broken part when the sequence in `state` cannot continue.
constexpr std::uint8_t subpart_length(std::uint32_t state) {
  return static_cast<std::uint8_t>(1 + continuation_bytes_taken(state));
}

/// Why `byte` cannot continue the sequence in `state`.
constexpr Status continuation_failure(std::uint32_t state, std::uint8_t byte) {
  if ((byte & 0xC0) != 0x80) return Status::kTruncated;
  // A second byte the reject mask forbids: E0 (1100) and F0 (1000) forbid
  // over-long forms, ED (0011) surrogates, F4 (0111) what lies above U+10FFFF.
  const std::uint32_t reject = state >> kRejectShift;
  if (reject >= 8) return Status::kOverlong;
  static_assert(static_cast<int>(Status::kSurrogate) == 4 && static_cast<int>(Status::kTooLarge) == 5, "");
  return static_cast<Status>(4 + (reject >> 2));
}

/// Why `byte` cannot start a sequence.
constexpr Status lead_failure(std::uint8_t byte) {
  if (byte < 0xC0) return Status::kUnexpectedContinuation;
  if (byte < 0xC2) return Status::kOverlong;
  return Status::kInvalidLead;
}

/// The state machine's step for `byte` (80-FF) between sequences: starts a
/// sequence, or is an ill-formed part of one byte. Adds to `result`.
template <ErrorPolicy kPolicy, typename Sink>
constexpr DecodeResult start_sequence(std::uint32_t& state, const LeadTable& leads, std::uint8_t byte, Sink& sink,
                                      DecodeResult result) {
  const std::uint32_t started = lead_state(leads, byte);
  if (started != 0) {
    state = started;
    return result;
  }
  if (result.errors == 0) result.error = {lead_failure(byte), 1};
  ++result.errors;
  if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
  return result;
}

/// Feeds one byte to the state machine. Shared by Decoder and Cesu8Decoder.
template <ErrorPolicy kPolicy, typename Sink>
constexpr DecodeResult decode_step(std::uint32_t& state, const LeadTable& leads, std::uint8_t byte,
                                   Sink& sink) {
  DecodeResult result{1, 0, {}};
  const std::uint32_t s = state;
  // ASCII between sequences: one test for both (a state other than 0 has
  // its marker at bit 13 or above).
  if ((s | byte) < 0x80) {
    sink(static_cast<char32_t>(byte));
    return result;
  }
  if (s == 0) return start_sequence<kPolicy>(state, leads, byte, sink, result);
  const std::uint32_t payload = static_cast<std::uint32_t>(byte) - 0x80;  // 10xx xxxx: 0-63
  if (payload < 0x40) {
    const std::uint32_t next = (s << 6) | payload;
    // The marker reached bit 31: that was the last byte. (A state that
    // rejects some second bytes has two or three bytes to come.)
    if ((next & kLastByteMarker) != 0) {
      state = 0;
      sink(static_cast<char32_t>(next & ~kLastByteMarker));
      return result;
    }
    if (!rejects(s, payload)) {
      state = next;
      return result;
    }
  }
  // The bytes so far form a maximal subpart; `byte` is not part of it and is
  // read again as the start of whatever follows.
  result.errors = 1;
  result.error = {continuation_failure(s, byte), subpart_length(s)};
  state = 0;
  if constexpr (kPolicy == ErrorPolicy::kReport) {
    result.consumed = 0;
    return result;
  }
  if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
  if (byte < 0x80) {
    sink(static_cast<char32_t>(byte));
    return result;
  }
  return start_sequence<kPolicy>(state, leads, byte, sink, result);
}

/// Adds one step's errors to a running result.
constexpr void accumulate_errors(DecodeResult& total, const DecodeResult& step) {
  if (step.errors != 0 && total.errors == 0) total.error = step.error;
  total.errors += step.errors;
}

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

// Sequences read as one word `w` (load_le32() at the lead byte: the lead in
// bits 0-7, the bytes after it above).

/// Whether `w` holds a lead byte E0-EF and two continuation bytes: the form
/// of a 3-byte sequence, its range not checked.
constexpr bool has_three_byte_form(std::uint32_t w) {
  return (w & 0xC0C0F0) == 0x8080E0;  // 10xx xxxx  10xx xxxx  1110 xxxx from the top
}

/// Whether `w` holds a lead byte F0-F7 and three continuation bytes: the form
/// of a 4-byte sequence, its range not checked.
constexpr bool has_four_byte_form(std::uint32_t w) {
  return (w & 0xC0C0C0F8) == 0x808080F0;  // 10xx xxxx  10xx xxxx  10xx xxxx  1111 0xxx
}

/// The 2 KiB blocks of U+0000..U+FFFF that a 3-byte sequence may encode, bit
/// 31 - n for block n (a code point's top 5 bits): all but block 0
/// (over-long) and block 27 (surrogates, U+D800..U+DFFF).
inline constexpr std::uint32_t kThreeByteBlocks = 0x7FFFFFEF;

/// Whether a 3-byte sequence may encode the code points of `block` (0-31):
/// the mask shifted left by it, its sign bit. A loop can pass in the mask
/// from a register.
constexpr bool is_three_byte_block(std::uint32_t block, std::uint32_t allowed = kThreeByteBlocks) {
  return (allowed << block) >> 31 != 0;
}

/// Passes the ASCII bytes at the start of the 4 at `p` to `sink` and returns
/// how many there are (4 when all are). The count comes from the test of
/// the 4 bytes, not from bytes read again, so it is at most 4 however the
/// buffer changes meanwhile (a DMA transfer, a sink that writes into it).
template <typename Sink>
constexpr std::uint32_t sink_ascii_of_four(const std::uint8_t* p, Sink& sink) {
  std::uint32_t ascii = 0;
  if constexpr (kWordLoads) {
    // One load and one test; the bytes come out of the register, the run's
    // last ones too.
    std::uint32_t w = load_le32(p);
    // Expected, so that GCC keeps the run's loop in a straight line.
    if (__builtin_expect((w & 0x80808080) == 0, 1)) {
      sink(static_cast<char32_t>(w & 0x7F));
      sink(static_cast<char32_t>((w >> 8) & 0x7F));
      sink(static_cast<char32_t>((w >> 16) & 0x7F));
      sink(static_cast<char32_t>(w >> 24));
      return 4;
    }
    // A byte of `w` has bit 7 set (1xxx xxxx), so this ends within it.
    for (; (w & 0x80) == 0; w >>= 8) {
      sink(static_cast<char32_t>(w & 0x7F));
      ++ascii;
    }
  } else {
    // Byte loads, ORed for the test and kept for the sink.
    if (((p[0] | p[1] | p[2] | p[3]) & 0x80) == 0) {
      sink(static_cast<char32_t>(p[0]));
      sink(static_cast<char32_t>(p[1]));
      sink(static_cast<char32_t>(p[2]));
      sink(static_cast<char32_t>(p[3]));
      return 4;
    }
    // At most 3 bytes: the bound is the test's, not the bytes read again.
    for (std::int32_t s = signed_byte(p[0]); s >= 0 && ascii < 3; s = signed_byte(p[ascii])) {
      sink(static_cast<char32_t>(s));
      ++ascii;
    }
  }
  return ascii;
}

// The span push's fast loop. It runs between sequences while 4 or more bytes
// are left (`p < fast_end`), so no byte needs an end check. Text comes in
// runs of one sequence length (Cyrillic words are 2-byte letters, Chinese
// text 3-byte ideographs), so each length has its own loop that stays while
// the next lead byte has the same length; each returns where its run ends.
//
// Continuation bytes are tested as signed bytes (10xx xxxx is -128..-65), and
// the code point is plain arithmetic on them (payload = value + 128). Where
// the core loads unaligned words (kWordLoads), the 3- and 4-byte loops take
// a sequence in one word instead: one mask test for its form, the payload
// bits picked out of the word.

/// A run of 2-byte sequences: C2-DF 80-BF (C0, C1 would be over-long).
template <typename Sink>
constexpr const std::uint8_t* decode_run2(const std::uint8_t* p, const std::uint8_t* fast_end, Sink& sink) {
  do {
    const std::int32_t s0 = signed_byte(p[0]);
    const std::int32_t s1 = signed_byte(p[1]);
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
/// 80-9F (over-long, below U+0800) and ED A0-BF (surrogates, D800-DFFF).
template <typename Sink>
constexpr const std::uint8_t* decode_run3(const std::uint8_t* p, const std::uint8_t* fast_end, Sink& sink) {
  if constexpr (kWordLoads) {
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

/// A run of 4-byte sequences: F0-F4 and three continuation bytes, except F0
/// 80-8F (over-long) and F4 90-BF (above U+10FFFF).
template <typename Sink>
constexpr const std::uint8_t* decode_run4(const std::uint8_t* p, const std::uint8_t* fast_end, Sink& sink) {
  if constexpr (kWordLoads) {
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
  do {
    const std::int32_t s0 = signed_byte(p[0]);
    const std::int32_t s1 = signed_byte(p[1]);
    const std::int32_t s2 = signed_byte(p[2]);
    const std::int32_t s3 = signed_byte(p[3]);
    if (s0 < -16 || s1 >= -64 || s2 >= -64 || s3 >= -64) break;
    // An ASCII byte or F5-FF in the lead's place gives a value past U+10FFFF.
    const std::int32_t c = (s0 + 16) * 262144 + (s1 + 128) * 4096 + (s2 + 128) * 64 + (s3 + 128);
    if (static_cast<std::uint32_t>(c - 0x10000) >= 0x100000) break;
    sink(static_cast<char32_t>(c));
    p += 4;
  } while (p < fast_end);
  return p;
}

/// The run loop for the lead byte at `p` (>= 0x80); returns `p` unchanged
/// when the sequence there is ill-formed.
template <typename Sink>
constexpr const std::uint8_t* decode_runs(const std::uint8_t* p, const std::uint8_t* fast_end, Sink& sink) {
  const std::int32_t s0 = signed_byte(p[0]);
  if (s0 < -62) return p;  // 80-C1: no sequence starts here
  if (s0 < -32) return decode_run2(p, fast_end, sink);
  if (s0 < -16) return decode_run3(p, fast_end, sink);
  return decode_run4(p, fast_end, sink);
}

/// The fast loop itself. Returns where it stopped: at `fast_end`, or at an
/// ill-formed sequence, for the state machine or decode_noisy().
template <typename Sink>
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
          const std::uint32_t ascii = sink_ascii_of_four(p, sink);
          p += ascii;
          if (ascii != 4) break;
        }
      }
      continue;
    }
    // decode_runs(), written out: through the call GCC loads the lead byte
    // a second time, which costs about 1 % on mixed text.
    const std::uint8_t* const run_start = p;
    if (s0 >= -62) {  // C2-FF
      if (s0 < -32) {
        p = decode_run2(p, fast_end, sink);
      } else if (s0 < -16) {
        p = decode_run3(p, fast_end, sink);
      } else {
        p = decode_run4(p, fast_end, sink);
      }
    }
    if (p == run_start) break;
  }
  return p;
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

/// One part of ill-formed input for decode_noisy(), at `p` with 7 or more
/// bytes left (it reads at most 6): one sequence or one maximal subpart, or
/// an ASCII byte and the part after it. Moves `p` past what it took (at most
/// 4 bytes); each subpart is one U+FFFD (`replacement`, under kReplace) and
/// one more in `count`. True where text may start again, for the run loops:
/// at 6 ASCII bytes in a row, and after a 3- or 4-byte sequence.
/// decode_noisy() calls it twice; GCC would not inline it then (23
/// instructions per byte instead of 9).
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
      if ((load_le32(p) & 0x80808080) == 0) return true;
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
  // Two parts per end test (one per part was 1.2 of the 9.4 instructions
  // per byte on random bytes, M3): the first part takes at most 4 bytes, so
  // the second still has 7. Between them `p` is made opaque: otherwise GCC
  // carries the bytes the first part loaded into the second, loads each of
  // them twice (signed and unsigned) and spills registers (9.36 instead of
  // 8.89 per byte).
  do {
    if (noisy_part<kPolicy>(p, sink, count, replacement)) break;
    if (!is_constant_evaluated()) p = in_register(p);
    if (noisy_part<kPolicy>(p, sink, count, replacement)) break;
  } while (p < noisy_end);
  errors = count;
  return p;
}

/// The size-tuned span push (kSizeTuned): the state machine of
/// decode_step() one byte at a time, with one sink call; a byte that breaks
/// a sequence is read again as the start of what follows. Same results as the
/// speed-tuned push.
///
/// Written for ARMv6-M at -Os: the loop keeps few values live across the
/// sink call (the index, the state, the error count, the first error).
template <ErrorPolicy kPolicy, typename Sink>
constexpr DecodeResult push_compact(std::uint32_t& state, const std::uint8_t* data, std::size_t size, Sink& sink,
                                    std::size_t& first_error_end) {
  std::size_t errors = 0;
  // The first error as status | length << 8; zero until there is one.
  std::uint32_t first = 0;
  std::uint32_t s = state;
  std::size_t i = 0;
  while (i < size) {
    std::uint32_t code_point = data[i++];
    // An ill-formed part: status | (length - 1) << 8; zero for none.
    std::uint32_t error = 0;
    const std::uint32_t prev = s;
    s = 0;
    if (prev != 0) {
      const std::uint32_t payload = code_point - 0x80;
      // rejects() without its shortcut: with no reject bits, no set bit
      // reaches the sign.
      if (payload < 0x40 && static_cast<std::int32_t>(prev << (payload >> 4)) >= 0) {
        code_point = (prev << 6) | payload;
        if ((code_point & kLastByteMarker) == 0) {
          s = code_point;
          continue;
        }
        code_point = (code_point << 1) >> 1;  // without the marker
      } else {
        --i;  // read again, after the broken part
        // continuation_failure() knowing whether the byte was a continuation
        // byte: E0 and F0 set reject bit 31, F4 bit 30, ED neither.
        error = payload >= 0x40 ? static_cast<std::uint32_t>(Status::kTruncated) + (continuation_bytes_taken(prev) << 8)
                : static_cast<std::int32_t>(prev) < 0 ? static_cast<std::uint32_t>(Status::kOverlong)
                                                      : static_cast<std::uint32_t>(Status::kSurrogate) + (prev >> 30);
      }
    } else if (code_point >= 0x80) {
      s = lead_state(kStrictLeads, code_point);
      if (s != 0) continue;
      error = static_cast<std::uint32_t>(lead_failure(static_cast<std::uint8_t>(code_point)));
    }
    if (error != 0) {
      if (first == 0) {
        first = error + 0x100;
        first_error_end = i;  // the part ends where the next byte is read
      }
      ++errors;
      if constexpr (kPolicy == ErrorPolicy::kReport) {
        size = i;
        break;
      }
      if constexpr (kPolicy != ErrorPolicy::kReplace) continue;
      code_point = kReplacementCharacter;
    }
    sink(static_cast<char32_t>(code_point));
  }
  state = s;
  return {size, errors, {static_cast<Status>(first & 0xFF), static_cast<std::uint8_t>(first >> 8)}};
}

/// Feeds bytes through the state machine until it is between sequences again
/// (at least one byte) or the input ends. Under kReport, stops at an error and
/// sets `stopped`; the result points after the last byte consumed. Where the
/// first error of `total` ends goes to `first_error_end`: before the byte
/// that broke a sequence, after a byte that starts none.
template <ErrorPolicy kPolicy, typename Sink>
constexpr const std::uint8_t* step_until_idle(std::uint32_t& state, const LeadTable& leads, const std::uint8_t* p,
                                              const std::uint8_t* end, Sink& sink, DecodeResult& total,
                                              bool& stopped, const std::uint8_t*& first_error_end) {
  do {
    const bool in_sequence = state != 0;
    const DecodeResult step = decode_step<kPolicy>(state, leads, *p, sink);
    if (step.errors != 0 && total.errors == 0) first_error_end = in_sequence ? p : p + 1;
    accumulate_errors(total, step);
    if (kPolicy == ErrorPolicy::kReport && step.errors != 0) {
      stopped = true;
      return p + step.consumed;
    }
    ++p;
  } while (state != 0 && p < end);
  return p;
}

/// Decoder::push(span) on a state word. For decode(), also gives where the
/// push's first ill-formed part ends, as an offset into the span
/// (`first_error_end`, set only when there is one): the part starts
/// `error.length` bytes before it.
template <ErrorPolicy kPolicy, typename Sink>
constexpr DecodeResult push_span(std::uint32_t& state, const std::uint8_t* data, std::size_t size, Sink& sink,
                                 std::size_t& first_error_end) {
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
    p = step_until_idle<kPolicy>(state, kStrictLeads, p, end, sink, total, stopped, first_error);
    if (stopped) break;
  }
  total.consumed = static_cast<std::size_t>(p - data);
  if (total.errors != 0) first_error_end = static_cast<std::size_t>(first_error - data);
  return total;
}

/// Decoder::finish() on a state word.
template <ErrorPolicy kPolicy, typename Sink>
constexpr DecodeError finish_state(std::uint32_t& state, Sink& sink) {
  if (state == 0) return {};
  const DecodeError error{Status::kTruncated, subpart_length(state)};
  state = 0;
  if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
  return error;
}

}  // namespace detail

/// Incremental, strict UTF-8 decoder. Feed bytes with push(), end the stream
/// with finish(). Trivially copyable; 4 bytes; no table of its own.
///
/// A sink is any callable taking `char32_t` (a lambda is inlined), or a
/// CodePointCallback (function pointer plus context) for run-time choice.
/// Output code points are always Unicode scalar values.
///
/// Lost input (a UART overrun, a dropped DMA block): call finish() at the gap,
/// so a sequence cut by it becomes U+FFFD rather than a wrong character.
///
/// Input that changes during a push (a DMA transfer lapping the reader, a
/// sink writing into the span, sanitising in place) is read within the span
/// and still gives scalar values only, though possibly other text than any
/// one state of the buffer held (docs/bad-input.md).
class Decoder {
 public:
  /// Feeds one byte. Calls `sink` zero, one or two times (U+FFFD for a broken
  /// sequence, then `byte` itself when it is ASCII). Constant time.
  /// kReport: if `byte` shows the pending sequence is broken, nothing is
  /// consumed (`consumed` 0) and the decoder is reset, so pushing `byte` again
  /// resumes decoding after the broken part.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeResult push(std::uint8_t byte, Sink&& sink) noexcept {
    return detail::decode_step<kPolicy>(state_, detail::kStrictLeads, byte, sink);
  }

  /// Feeds a span; sequences may continue across spans. A null `data` is an
  /// empty span. Result as for the one-byte push, summed over the span;
  /// kReport stops at the first ill-formed part.
  ///
  /// Same output as pushing byte by byte, faster: with 4 or more bytes left,
  /// ASCII goes 4 bytes per test, a well-formed sequence decodes whole and
  /// sequences of one length in a row stay in one loop; after the push's
  /// first error (kReplace, kSkip), ill-formed input has a loop of its own
  /// that takes one sequence or ill-formed part at a time; the last 3 bytes,
  /// a sequence that continues from the previous push, and the first error go
  /// through the state machine.
  ///
  /// Built for size (-Os, or UTF8MCU_SIZE_TUNED=1), every byte goes through
  /// the state machine: much less code, several times the instructions.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeResult push(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
    std::size_t first_error_end = 0;
    return detail::push_span<kPolicy>(state_, data, size, sink, first_error_end);
  }

  /// push(data, size, sink) for text held as char or char8_t (C++20): a
  /// NUL-terminated string, a std::string_view, or chars and a size. Not constexpr.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Text, typename Sink,
            typename = detail::IfText<Text>>
  DecodeResult push(const Text& text, Sink&& sink) noexcept {
    const detail::TextSpan bytes = detail::text_span(text);
    return push<kPolicy>(bytes.data, bytes.size, sink);
  }
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Char, typename Sink,
            detail::IfTextChar<Char> = 0>
  DecodeResult push(const Char* data, std::size_t size, Sink&& sink) noexcept {
    return push<kPolicy>(detail::text_bytes(data), size, sink);
  }

  /// Ends the input (or marks a gap in it): a pending incomplete sequence
  /// becomes one U+FFFD (kReplace), nothing (kSkip), and in every policy is
  /// returned as {Status::kTruncated, its length}. Resets the decoder.
  template <ErrorPolicy kPolicy = ErrorPolicy::kReplace, typename Sink>
  constexpr DecodeError finish(Sink&& sink) noexcept {
    return detail::finish_state<kPolicy>(state_, sink);
  }

  /// Forgets any pending partial sequence, silently.
  constexpr void reset() noexcept { state_ = 0; }

  /// True between the lead byte and the last byte of a sequence.
  constexpr bool in_sequence() const noexcept { return state_ != 0; }

 private:
  std::uint32_t state_ = 0;
};

static_assert(sizeof(Decoder) == 4, "the decoder state is one 32-bit word");

}  // namespace utf8mcu
