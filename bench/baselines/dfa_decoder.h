#pragma once
/// @file
/// Baseline 1: a table-driven push decoder in the style Bjoern Hoehrmann
/// published ("Flexible and Economical UTF-8 Decoder"): every byte is mapped to
/// one of 12 classes, and a transition table indexed by state + class gives the
/// next state. Written here from that description, with U+FFFD replacement of
/// each maximal subpart added, so it does the same job as utf8mcu::Decoder.
///
/// Cost: 8 bytes of state; 256 + 108 = 364 bytes of tables; the same work for
/// every byte (two table loads, a shift, and the accept/reject tests).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/common.h"

namespace utf8mcu::bench {

namespace dfa {

// Byte classes. The numbers are chosen so that, for a lead byte, 0xFF >> class
// keeps its payload bits (the trick from the published decoder): C2-DF -> 0x3F,
// E1-EC/EE-EF -> 0x1F, ED -> 0x0F, F4 -> 0x07, F1-F3 -> 0x03, E0/F0 -> 0.
enum ByteClass : std::uint8_t {
  kAscii = 0,       // 00-7F
  kCont80 = 1,      // 80-8F
  kLead2 = 2,       // C2-DF
  kLead3 = 3,       // E1-EC, EE-EF
  kLeadED = 4,      // ED
  kLeadF4 = 5,      // F4
  kLead4 = 6,       // F1-F3
  kContA0 = 7,      // A0-BF
  kNever = 8,       // C0, C1, F5-FF
  kCont90 = 9,      // 90-9F
  kLeadE0 = 10,     // E0
  kLeadF0 = 11,     // F0
};
inline constexpr unsigned kClassCount = 12;

// States are row offsets into the transition table (row * kClassCount), so a
// step is one addition and one load.
enum State : std::uint8_t {
  kAccept = 0 * kClassCount,
  kReject = 1 * kClassCount,
  kNeed1 = 2 * kClassCount,    // one more 80-BF
  kNeed2 = 3 * kClassCount,    // two more 80-BF
  kNeed3 = 4 * kClassCount,    // three more 80-BF
  kAfterE0 = 5 * kClassCount,  // A0-BF, then one more
  kAfterED = 6 * kClassCount,  // 80-9F, then one more
  kAfterF0 = 7 * kClassCount,  // 90-BF, then two more
  kAfterF4 = 8 * kClassCount,  // 80-8F, then two more
};
inline constexpr unsigned kStateCount = 9;

struct ClassTable {
  std::uint8_t entry[256];
};
struct TransitionTable {
  std::uint8_t entry[kStateCount * kClassCount];
};

constexpr ClassTable make_class_table() {
  ClassTable table{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    ByteClass c = kNever;
    if (byte < 0x80) c = kAscii;
    else if (byte < 0x90) c = kCont80;
    else if (byte < 0xA0) c = kCont90;
    else if (byte < 0xC0) c = kContA0;
    else if (byte < 0xC2) c = kNever;
    else if (byte < 0xE0) c = kLead2;
    else if (byte == 0xE0) c = kLeadE0;
    else if (byte == 0xED) c = kLeadED;
    else if (byte < 0xF0) c = kLead3;
    else if (byte == 0xF0) c = kLeadF0;
    else if (byte < 0xF4) c = kLead4;
    else if (byte == 0xF4) c = kLeadF4;
    table.entry[byte] = c;
  }
  return table;
}

constexpr TransitionTable make_transition_table() {
  TransitionTable table{};
  for (auto& next : table.entry) next = kReject;  // everything not listed below
  auto set = [&table](State from, ByteClass c, State to) { table.entry[static_cast<int>(from) + static_cast<int>(c)] = to; };
  // From a sequence start: ASCII is done at once; lead bytes pick the row that
  // knows the range of their second byte.
  set(kAccept, kAscii, kAccept);
  set(kAccept, kLead2, kNeed1);
  set(kAccept, kLeadE0, kAfterE0);
  set(kAccept, kLead3, kNeed2);
  set(kAccept, kLeadED, kAfterED);
  set(kAccept, kLeadF0, kAfterF0);
  set(kAccept, kLead4, kNeed3);
  set(kAccept, kLeadF4, kAfterF4);
  const ByteClass continuations[] = {kCont80, kCont90, kContA0};
  for (ByteClass cont : continuations) {
    set(kNeed1, cont, kAccept);
    set(kNeed2, cont, kNeed1);
    set(kNeed3, cont, kNeed2);
  }
  set(kAfterE0, kContA0, kNeed1);  // E0 80-9F would be over-long
  set(kAfterED, kCont80, kNeed1);  // ED A0-BF would be a surrogate
  set(kAfterED, kCont90, kNeed1);
  set(kAfterF0, kCont90, kNeed2);  // F0 80-8F would be over-long
  set(kAfterF0, kContA0, kNeed2);
  set(kAfterF4, kCont80, kNeed2);  // F4 90-BF would be above U+10FFFF
  return table;
}

inline constexpr ClassTable kClasses = make_class_table();
inline constexpr TransitionTable kTransitions = make_transition_table();

}  // namespace dfa

/// Push decoder over the DFA; replace policy only (what the benchmarks compare).
class DfaDecoder {
 public:
  /// Feeds one byte; calls `sink` zero, one or two times.
  template <typename Sink>
  constexpr void push(std::uint8_t byte, Sink&& sink) noexcept {
    const std::uint32_t byte_class = dfa::kClasses.entry[byte];
    const std::uint32_t previous = state_;
    code_point_ = previous != dfa::kAccept ? (code_point_ << 6) | (byte & 0x3Fu)
                                           : (0xFFu >> byte_class) & byte;
    state_ = dfa::kTransitions.entry[previous + byte_class];
    if (state_ == dfa::kAccept) {
      sink(static_cast<char32_t>(code_point_));
      return;
    }
    if (state_ != dfa::kReject) return;
    // The bytes before this one were a maximal subpart: one U+FFFD.
    state_ = dfa::kAccept;
    sink(kReplacementCharacter);
    if (previous == dfa::kAccept) return;
    // A byte that broke a sequence is read again as a possible start.
    code_point_ = (0xFFu >> byte_class) & byte;
    state_ = dfa::kTransitions.entry[byte_class];
    if (state_ == dfa::kAccept) {
      sink(static_cast<char32_t>(code_point_));
    } else if (state_ == dfa::kReject) {
      state_ = dfa::kAccept;
      sink(kReplacementCharacter);
    }
  }

  template <typename Sink>
  constexpr void push(const std::uint8_t* data, std::size_t size, Sink&& sink) noexcept {
    for (std::size_t i = 0; i < size; ++i) push(data[i], sink);
  }

  /// A pending partial sequence becomes one U+FFFD.
  template <typename Sink>
  constexpr void finish(Sink&& sink) noexcept {
    if (state_ != dfa::kAccept) sink(kReplacementCharacter);
    state_ = dfa::kAccept;
  }

 private:
  std::uint32_t state_ = dfa::kAccept;
  std::uint32_t code_point_ = 0;
};

static_assert(sizeof(DfaDecoder) == 8, "the DFA baseline keeps 8 bytes of state");

}  // namespace utf8mcu::bench
