#pragma once
/// @file
/// The decoder's state machine: one 32-bit state word and its two readings,
/// the per-byte step (decode_step() with a LeadTable) and the size-tuned
/// span loop (push_compact()). Part of utf8mcu/decoder.h, which includes it:
/// include that header instead.

#include "utf8mcu/internal/decode_types.h"
#include "utf8mcu/internal/rules.h"
#include "utf8mcu/internal/target.h"
#include "utf8mcu/internal/traits.h"

namespace utf8mcu {
namespace detail {

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
/// or 4 bytes (2-byte leads take no table). 40 bytes: the table of
/// size-tuned builds.
struct LeadTable {
  /// XORed with the lead byte, for E0-EF and F0-FF: clears the length prefix
  /// (1110, 1111 0) and sets the marker for 2 or 3 continuation bytes.
  std::uint32_t start[2];
  /// The state's top byte for each lead E0-FF: reject mask (bits 4-7) and
  /// kFirstByteBit (bit 3); zero for a byte that starts no sequence (F5-FF).
  std::uint8_t entry[32];
};

/// The same as whole states: the state after each lead E0-FF, zero for
/// F5-FF. 128 bytes: the table of speed-tuned builds, where one load starts
/// a 3- or 4-byte sequence instead of two loads, an XOR and an OR, which
/// a receive handler called per byte of Chinese text or emoji pays for at
/// every character.
struct LeadStates {
  std::uint32_t state[32];
};

/// The top byte of the state after `lead` (E0-FF): the quarters of 80-BF
/// outside second_byte_range(lead), reject bit 7 - q for quarter q, and
/// kFirstByteBit; zero for F5-FF, which start nothing.
///
///     quarters  80-8F 90-9F A0-AF B0-BF   reject
///     E0          x     x     .     .      1100   (over-long)
///     ED          .     .     x     x      0011   (surrogates)
///     F0          x     .     .     .      1000   (over-long)
///     F4          .     x     x     x      0111   (above U+10FFFF)
constexpr std::uint8_t lead_entry(unsigned lead, bool accept_surrogates) {
  if (sequence_length(lead) == 0) return 0;
  const ByteRange allowed = accept_surrogates && lead == 0xED ? ByteRange{0x80, 0xBF} : second_byte_range(lead);
  unsigned reject = 0;
  for (unsigned quarter = 0; quarter < 4; ++quarter) {
    const unsigned first = 0x80 + 0x10 * quarter;
    if (!allowed.contains(first) || !allowed.contains(first + 0x0F)) reject |= 8u >> quarter;
  }
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
[[gnu::always_inline]] constexpr std::uint32_t long_lead_state(const LeadTable& leads, std::uint32_t lead) {
  const std::uint32_t entry = leads.entry[lead - 0xE0];
  if (entry == 0) return 0;  // F5-FF
  return (lead ^ leads.start[(lead >> 4) & 1]) | (entry << 24);
}
[[gnu::always_inline]] constexpr std::uint32_t long_lead_state(const LeadStates& leads, std::uint32_t lead) {
  return leads.state[lead - 0xE0];
}

constexpr LeadStates make_lead_states(const LeadTable& leads) {
  LeadStates states{};
  for (unsigned lead = 0xE0; lead <= 0xFF; ++lead) states.state[lead - 0xE0] = long_lead_state(leads, lead);
  return states;
}

inline constexpr LeadStates kStrictLeadStates = make_lead_states(kStrictLeads);
inline constexpr LeadStates kSurrogateLeadStates = make_lead_states(kSurrogateLeads);

/// The lead table this build's state machine reads: LeadStates where speed
/// is tuned, the smaller LeadTable where size is (kSizeTuned). The same
/// states either way, so builds of both kinds can share a decoder.
template <bool kSurrogates = false>
constexpr const auto& build_leads() {
  if constexpr (kSizeTuned) {
    return kSurrogates ? kSurrogateLeads : kStrictLeads;
  } else {
    return kSurrogates ? kSurrogateLeadStates : kStrictLeadStates;
  }
}

/// The state after `lead` (80-FF) between sequences; 0 if it starts none
/// (the leads of sequence_length() 0).
template <typename Leads>
[[gnu::always_inline]] constexpr std::uint32_t lead_state(const Leads& leads, std::uint32_t lead) {
  if (lead >= 0xE0) return long_lead_state(leads, lead);
  // C2-DF, the leads of Latin, Greek, Cyrillic, Hebrew and Arabic letters,
  // without a table.
  if (lead >= 0xC2) return lead + kTwoByteStart;
  return 0;  // 80-C1
}

/// Whether the state forbids the continuation byte whose low 6 bits are
/// `payload` (0-63): only the second byte after E0, ED, F0 and F4 can be.
[[gnu::always_inline]] constexpr bool rejects(std::uint32_t state, std::uint32_t payload) {
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
[[nodiscard]] constexpr bool is_reachable_state(std::uint32_t state) {
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
[[nodiscard]] constexpr Status continuation_failure(std::uint32_t state, std::uint32_t byte) {
  if (!is_continuation(byte)) return Status::kTruncated;
  // A second byte the reject mask forbids: E0 (1100) and F0 (1000) forbid
  // over-long forms, ED (0011) surrogates, F4 (0111) what lies above U+10FFFF.
  const std::uint32_t reject = state >> kRejectShift;
  if (reject >= 8) return Status::kOverlong;
  static_assert(static_cast<int>(Status::kSurrogate) == 4 && static_cast<int>(Status::kTooLarge) == 5, "");
  return static_cast<Status>(4 + (reject >> 2));
}

/// Why `byte`, one of the bytes 80-FF of sequence_length() 0, cannot start a
/// sequence: 80-BF are continuation bytes, C0 and C1 only over-long forms,
/// F5-FF never occur.
[[nodiscard]] constexpr Status lead_failure(std::uint32_t byte) {
  if (byte < 0xC0) return Status::kUnexpectedContinuation;
  if (byte < 0xC2) return Status::kOverlong;
  return Status::kInvalidLead;
}

/// Whether a state machine step is a whole Decoder::push(byte) call, inlined
/// into the caller's loop or receive handler (kByteCall), or a step inside a
/// span push (kInSpan). A byte call hides three values from the optimiser,
/// each of which would otherwise cost instructions at every byte in the
/// shapes firmware calls it in (see decode_step()); inside a span push the
/// same barriers take registers from the span's fast loops.
enum class StepShape : std::uint8_t { kByteCall, kInSpan };

/// `value`, hidden from the optimiser where `kShape` is a byte call.
template <StepShape kShape, typename T>
constexpr T opaque_in(T value) {
  if (kShape == StepShape::kByteCall && !is_constant_evaluated()) value = in_register(value);
  return value;
}

/// The state machine's step for `byte` (80-FF) between sequences: starts a
/// sequence, or is an ill-formed part of one byte. Adds to `result`.
template <ErrorPolicy kPolicy, StepShape kShape, typename Leads, typename Sink>
[[nodiscard]] constexpr DecodeResult start_sequence(std::uint32_t& state, const Leads& leads, std::uint32_t byte,
                                                    Sink& sink, DecodeResult result) {
  const std::uint32_t started = lead_state(leads, byte);
  if (started != 0) {
    // Hidden: knowing that the next byte finds a sequence open, GCC gives a
    // loop of push(byte) a second copy of its head and a second pointer, an
    // instruction more for every ASCII byte.
    state = opaque_in<kShape>(started);
    return result;
  }
  if (result.errors == 0) result.error = {lead_failure(byte), 1};
  ++result.errors;
  if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
  return result;
}

/// Feeds one byte to the state machine. Shared by Decoder and Cesu8Decoder;
/// `leads` is build_leads(), or the same states as another table type.
///
/// Written for the two shapes firmware calls push(byte) in, on ARMv6-M and
/// ARMv7-M: a loop over a buffer with the sink inlined, and a receive
/// handler with the state in memory and the sink a call. The state is
/// tested first, so a continuation byte costs a subtraction and a compare,
/// a shift, an OR and a sign test; every path but a broken sequence's calls the sink at
/// most once and last, so a handler needs no stack frame.
template <ErrorPolicy kPolicy, StepShape kShape = StepShape::kByteCall, typename Leads, typename Sink>
[[nodiscard]] constexpr DecodeResult decode_step(std::uint32_t& state, const Leads& leads, std::uint8_t byte,
                                                 Sink& sink) {
  DecodeResult result{1, 0, {}};
  const std::uint32_t s = state;
  // Hidden: GCC would test ASCII as a signed byte, a sign extension more on
  // ARMv6-M.
  const std::uint32_t b = opaque_in<kShape>(std::uint32_t{byte});
  if (__builtin_expect(s != 0, 0)) {
    const std::uint32_t payload = b - 0x80;  // 10xx xxxx: 0-63
    // Size-tuned builds test the reject mask before the shift: the state is
    // then dead once the next one is made, which at -Os spares every byte a
    // register copy in a push(byte) loop.
    bool continues = payload < 0x40;
    if constexpr (kSizeTuned) continues = continues && !rejects(s, payload);
    if (continues) {
      const std::uint32_t next = (s << 6) | payload;
      // The marker reached bit 31: that was the last byte. (A state that
      // rejects some second bytes has two or three bytes to come.)
      if ((next & kLastByteMarker) != 0) {
        state = 0;
        sink(static_cast<char32_t>(next & ~kLastByteMarker));
        return result;
      }
      if (kSizeTuned || !rejects(s, payload)) {
        state = next;
        return result;
      }
    }
    // The bytes so far form a maximal subpart; `byte` is not part of it and
    // is read again as the start of whatever follows.
    result.errors = 1;
    result.error = {continuation_failure(s, b), subpart_length(s)};
    if constexpr (kPolicy == ErrorPolicy::kReport) {
      state = 0;
      result.consumed = 0;
      return result;
    }
    // What `byte` gives is settled before the first sink call, so that only
    // that code point lives across it (hidden, or GCC keeps `byte` itself
    // in a saved register from the handler's entry on).
    std::uint32_t restarted = 0;
    char32_t then = opaque_in<kShape>(static_cast<char32_t>(b));
    if (b >= 0x80) {
      restarted = lead_state(leads, b);
      if (restarted == 0) {  // 80-C1, F5-FF: a subpart of its own
        ++result.errors;
        then = kReplacementCharacter;
      }
    }
    state = restarted;
    if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
    if (b < 0x80 || (kPolicy == ErrorPolicy::kReplace && restarted == 0)) sink(then);
    return result;
  }
  if (__builtin_expect(b < 0x80, 1)) {
    sink(static_cast<char32_t>(b));
    return result;
  }
  return start_sequence<kPolicy, kShape>(state, leads, b, sink, result);
}

/// Adds one step's errors to a running result.
constexpr void accumulate_errors(DecodeResult& total, const DecodeResult& step) {
  if (step.errors != 0 && total.errors == 0) total.error = step.error;
  total.errors += step.errors;
}

/// The size-tuned span push (kSizeTuned): the state machine of
/// decode_step() one byte at a time; a byte that breaks a sequence is read
/// again as the start of what follows. Same results as the speed-tuned push.
///
/// Written for ARMv6-M at -Os: the state is tested first, as in
/// decode_step(), and an ASCII byte, a finished sequence and a broken one
/// each call the sink where they are found (with one call site for all
/// three, GCC copies the code point and the state at every byte, to save a
/// few bytes of code); the error kinds are worked out only when a part is
/// broken. On Thumb-1 cores, Decoder::push() with a CodePointCallback under
/// kReplace runs thumb1_push_replace() (arch/thumb1_push.h) instead.
template <ErrorPolicy kPolicy, typename Sink>
[[nodiscard]] constexpr DecodeResult push_compact(std::uint32_t& state, const std::uint8_t* data, std::size_t size,
                                                  Sink& sink, std::size_t& first_error_end) {
  std::size_t errors = 0;
  // The first error as status | length << 8; zero until there is one.
  std::uint32_t first = 0;
  std::uint32_t s = state;
  const std::uint8_t* p = data;
  const std::uint8_t* end = data + size;
  while (p < end) {
    std::uint32_t code_point = *p++;
    // An ill-formed part: status | (length - 1) << 8.
    std::uint32_t error = 0;
    if (s == 0) {
      if (code_point < 0x80) {
        sink(static_cast<char32_t>(code_point));
        continue;
      }
      s = lead_state(kStrictLeads, code_point);
      if (s != 0) continue;
      error = static_cast<std::uint32_t>(lead_failure(code_point));
    } else {
      const std::uint32_t payload = code_point - 0x80;
      // rejects() without its shortcut: with no reject bits, no set bit
      // reaches the sign.
      if (payload < 0x40 && static_cast<std::int32_t>(s << (payload >> 4)) >= 0) {
        code_point = (s << 6) | payload;
        if ((code_point & kLastByteMarker) == 0) {
          s = code_point;
          continue;
        }
        s = 0;
        sink(static_cast<char32_t>((code_point << 1) >> 1));  // without the marker
        continue;
      }
      --p;  // read again, after the broken part
      // continuation_failure() knowing whether the byte was a continuation
      // byte: E0 and F0 set reject bit 31, F4 bit 30, ED neither.
      error = payload >= 0x40 ? static_cast<std::uint32_t>(Status::kTruncated) + (continuation_bytes_taken(s) << 8)
              : static_cast<std::int32_t>(s) < 0 ? static_cast<std::uint32_t>(Status::kOverlong)
                                                 : static_cast<std::uint32_t>(Status::kSurrogate) + (s >> 30);
      s = 0;
    }
    if (first == 0) {
      first = error + 0x100;
      first_error_end = static_cast<std::size_t>(p - data);  // the part ends where the next byte is read
    }
    ++errors;
    if constexpr (kPolicy == ErrorPolicy::kReport) {
      end = p;
      break;
    }
    if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
  }
  state = s;
  return {static_cast<std::size_t>(end - data), errors,
          {static_cast<Status>(first & 0xFF), static_cast<std::uint8_t>(first >> 8)}};
}

/// Feeds bytes through the state machine until it is between sequences again
/// (at least one byte) or the input ends. Under kReport, stops at an error and
/// sets `stopped`; the result points after the last byte consumed. Where the
/// first error of `total` ends goes to `first_error_end`: before the byte
/// that broke a sequence, after a byte that starts none.
template <ErrorPolicy kPolicy, typename Leads, typename Sink>
constexpr const std::uint8_t* step_until_idle(std::uint32_t& state, const Leads& leads, const std::uint8_t* p,
                                              const std::uint8_t* end, Sink& sink, DecodeResult& total,
                                              bool& stopped, const std::uint8_t*& first_error_end) {
  do {
    const bool in_sequence = state != 0;
    const DecodeResult step = decode_step<kPolicy, StepShape::kInSpan>(state, leads, *p, sink);
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

/// Decoder::finish() on a state word.
template <ErrorPolicy kPolicy, typename Sink>
[[nodiscard]] constexpr DecodeError finish_state(std::uint32_t& state, Sink& sink) {
  if (state == 0) return {};
  const DecodeError error{Status::kTruncated, subpart_length(state)};
  state = 0;
  if constexpr (kPolicy == ErrorPolicy::kReplace) sink(kReplacementCharacter);
  return error;
}

}  // namespace detail
}  // namespace utf8mcu
