#pragma once
/// @file
/// The size-tuned span push for Cortex-M0, M0+ and M23 (Thumb-1 M-profile
/// cores), written in assembly: Decoder::push(data, size, sink) with a
/// CodePointCallback sink and ErrorPolicy::kReplace, the form a firmware
/// built for size links once and feeds from a UART or a DMA buffer.
/// decoder.h's detail::decoder_push_span() calls it where kThumb1Push is
/// true; nothing else does, and the C++ paths never need this file. A leaf:
/// it includes only the state machine it is checked against.
///
/// GCC's code for push_compact() on these cores keeps the state, the error
/// count and the first error in stack slots around each sink call and
/// repeats its loop head after every call; this routine keeps them in registers,
/// calls the sink from one place (the state is always zero after a call, so
/// nothing but the index and the error record lives across it) and reads the
/// error statuses from a table instead of computing them. Same results,
/// same state word: the decoder hands over between it and the C++ paths in
/// the middle of a sequence.
///
/// Set UTF8MCU_THUMB1_ASM to 0 to build push_compact() instead.
///
/// Tests: test/lib/callback_push_test.cpp against the reference model
/// (every input of 1 and 2 bytes, every lead with the edge values after it,
/// random text cut at random places, in part pushed byte by byte), run by
/// the size-tuned unit tests on the Cortex-M0+ board; the table is checked
/// against the state machine at compile time (below).

#include <cstddef>
#include <cstdint>

#include "utf8mcu/internal/decode_types.h"
#include "utf8mcu/internal/state_word.h"
#include "utf8mcu/internal/target.h"

#if !defined(UTF8MCU_THUMB1_ASM)
#define UTF8MCU_THUMB1_ASM 1
#endif

// Thumb-1 M-profile (ARMv6-M, ARMv8-M Baseline), little-endian, and a
// size-tuned translation unit.
#if UTF8MCU_THUMB1_ASM && UTF8MCU_DETAIL_SIZE_TUNED && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && \
    defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB == 1 && !defined(__ARM_BIG_ENDIAN)
#define UTF8MCU_DETAIL_THUMB1_PUSH 1
#else
#define UTF8MCU_DETAIL_THUMB1_PUSH 0
#endif

namespace utf8mcu {
namespace detail {

/// Whether Decoder::push(span) under kReplace with a CodePointCallback runs
/// thumb1_push_replace().
inline constexpr bool kThumb1Push = UTF8MCU_DETAIL_THUMB1_PUSH != 0;

/// push_compact<ErrorPolicy::kReplace>() with a CodePointCallback, defined
/// below where kThumb1Push. `state` is the Decoder's state word; the AAPCS
/// passes the result's address in r0 and `sink` on the stack.
DecodeResult thumb1_push_replace(std::uint32_t* state, const std::uint8_t* data, std::size_t size,
                                 CodePointCallback sink) noexcept __asm__("utf8mcu_thumb1_push_replace");

#if UTF8MCU_DETAIL_THUMB1_PUSH

// The routine reads and writes these through fixed offsets.
static_assert(sizeof(std::size_t) == 4 && sizeof(DecodeResult) == 12 && offsetof(DecodeResult, consumed) == 0 &&
                  offsetof(DecodeResult, errors) == 4 && offsetof(DecodeResult, error) == 8 &&
                  offsetof(DecodeError, status) == 0 && offsetof(DecodeError, length) == 1,
              "DecodeResult as thumb1_push_replace() writes it");
static_assert(sizeof(CodePointCallback) == 8 && offsetof(CodePointCallback, function) == 0 &&
                  offsetof(CodePointCallback, context) == 4,
              "CodePointCallback as thumb1_push_replace() calls it");
// Its status table.
static_assert(static_cast<int>(Status::kUnexpectedContinuation) == 1 && static_cast<int>(Status::kInvalidLead) == 2 &&
                  static_cast<int>(Status::kOverlong) == 3 && static_cast<int>(Status::kSurrogate) == 4 &&
                  static_cast<int>(Status::kTooLarge) == 5 && static_cast<int>(Status::kTruncated) == 6,
              "the statuses thumb1_push_replace() reports");

// The routine's table: LeadTable::entry, the start word of each lead group
// C0-CF, D0-DF, E0-EF, F0-FF (XORed with the lead), and the status of each
// broken part: indexes 0-3 a second byte the reject mask forbids, by
// state >> 30 (after ED, F4, F0, E0), 4-7 a byte that starts nothing, by
// byte >> 5 (80-9F, A0-BF, C0-C1, F5-FF). Checked against the C++ state
// machine below.
#define UTF8MCU_DETAIL_T1_ENTRIES                                                                                   \
  0xC8, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x38, 0x08, 0x08, 0x88, 0x08, 0x08, \
      0x08, 0x78, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
#define UTF8MCU_DETAIL_T1_STARTS 0x0A0000C0, 0x0A0000C0, 0x000800E0, 0x000060F0
#define UTF8MCU_DETAIL_T1_STATUSES 4, 5, 3, 3, 1, 1, 3, 2
#define UTF8MCU_DETAIL_T1_TEXT(...) UTF8MCU_DETAIL_T1_QUOTE(__VA_ARGS__)
#define UTF8MCU_DETAIL_T1_QUOTE(...) #__VA_ARGS__

/// Whether the routine's table gives what lead_state(), lead_failure() and
/// continuation_failure() give, for every byte they take.
constexpr bool thumb1_table_is_the_state_machine() {
  constexpr std::uint8_t entries[32] = {UTF8MCU_DETAIL_T1_ENTRIES};
  constexpr std::uint32_t starts[4] = {UTF8MCU_DETAIL_T1_STARTS};
  constexpr std::uint8_t statuses[8] = {UTF8MCU_DETAIL_T1_STATUSES};
  for (std::uint32_t byte = 0x80; byte <= 0xFF; ++byte) {
    // The routine's steps for a byte between sequences.
    std::uint32_t state = 0;
    if (byte >= 0xC2) state = starts[(byte >> 4) - 0xC] ^ byte;
    if (byte >= 0xE0) state = entries[byte - 0xE0] == 0 ? 0 : state | (std::uint32_t{entries[byte - 0xE0]} << 24);
    if (state != lead_state(kStrictLeads, byte)) return false;
    if (state == 0 && statuses[byte >> 5] != static_cast<std::uint8_t>(lead_failure(byte))) return false;
    // A second byte the state rejects, one per quarter of 80-BF.
    for (std::uint32_t quarter = 0; state != 0 && quarter < 4; ++quarter) {
      const std::uint32_t second = 0x80 + 0x10 * quarter;
      if (rejects(state, second - 0x80) &&
          statuses[state >> 30] != static_cast<std::uint8_t>(continuation_failure(state, second))) {
        return false;
      }
    }
  }
  return true;
}
static_assert(thumb1_table_is_the_state_machine(), "the Thumb-1 routine's table and the state machine differ");

// One copy in a firmware however many translation units include this: a
// COMDAT group, as the compiler emits an inline function.
//
// Registers in the loop: r2 the state word (zero after every sink call),
// r1 the byte, r4 the index from -size up to 0 (the byte is at end + r4;
// the increment's carry ends the loop), r5 the end, r6 the error count,
// r7 the first error as status | length << 8. Stack: the result's address,
// `state`, r3 (for 8-byte alignment at the sink call), r4-r7, lr, then the
// sink's function and context.
__asm__(R"(
        .pushsection .text.utf8mcu_thumb1_push_replace, "axG", %progbits, utf8mcu_thumb1_push_replace, comdat
        .syntax unified
        .thumb
        .p2align 2
        .weak   utf8mcu_thumb1_push_replace
        .type   utf8mcu_thumb1_push_replace, %function
        .thumb_func
utf8mcu_thumb1_push_replace:
        push    {r0, r1, r3, r4, r5, r6, r7, lr}
        cmp     r2, #0
        bne     1f
        movs    r3, #0                  @ a null span is empty
1:      str     r3, [r0]                @ consumed: all of it
        adds    r5, r2, r3
        mvns    r4, r3                  @ -size - 1
        ldr     r2, [r1]
        movs    r6, #0
        movs    r7, #0
.Lt1_next:
        adds    r4, #1
        bcs     .Lt1_done
        ldrb    r1, [r5, r4]
        cmp     r2, #0
        bne     .Lt1_continuation
        cmp     r1, #0x7F
        bls     .Lt1_sink
        @ A lead byte: the state is its start word (by lead >> 4) XOR the
        @ lead, which clears the length prefix and sets the marker (and F for
        @ C2-DF); E0-FF add their entry (reject mask, F) as the top byte.
        cmp     r1, #0xC2
        blo     .Lt1_starts_nothing     @ 80-C1
        adr     r0, .Lt1_base
        lsrs    r3, r1, #4
        lsls    r3, r3, #2
        ldr     r2, [r0, r3]
        eors    r2, r1
        cmp     r1, #0xE0
        blo     .Lt1_next
        subs    r0, #0xD0               @ entries[lead - 0xE0] at r0 + lead
        ldrb    r3, [r0, r1]
        lsls    r3, r3, #24
        beq     .Lt1_starts_nothing     @ F5-FF
        orrs    r2, r3
        b       .Lt1_next
.Lt1_continuation:                      @ rejects() and the shift, as in push_compact()
        subs    r1, #0x80
        cmp     r1, #0x3F
        bhi     .Lt1_truncated
        lsrs    r3, r1, #4              @ the byte's quarter of 80-BF
        movs    r0, r2
        lsls    r0, r3                  @ its reject bit to the sign
        bmi     .Lt1_rejected
        lsls    r2, r2, #6
        orrs    r2, r1
        bpl     .Lt1_next               @ the marker has not reached bit 31
        lsls    r1, r2, #1
        lsrs    r1, r1, #1              @ the code point: the word without the marker
.Lt1_sink:                              @ r1 to the sink, if it has a function
        ldr     r3, [sp, #32]
        cmp     r3, #0
        beq     1f
        ldr     r0, [sp, #36]
        blx     r3
1:      movs    r2, #0
        b       .Lt1_next
.Lt1_starts_nothing:                    @ 80-BF, C0-C1, F5-FF: statuses[4 + (byte - 0x80) / 32]
        lsrs    r3, r1, #5
        b       .Lt1_status
.Lt1_rejected:                          @ a second byte the reject mask forbids
        subs    r4, #1                  @ read again after the broken part
        lsrs    r3, r2, #30             @ statuses[state >> 30]
.Lt1_status:
        adr     r0, .Lt1_statuses
        ldrb    r3, [r0, r3]
.Lt1_one_byte:
        movs    r0, #1
.Lt1_error:                             @ status r3, length r0
        cmp     r6, #0
        bne     1f
        lsls    r7, r0, #8
        adds    r7, r3
1:      adds    r6, #1
        adr     r1, .Lt1_statuses
        ldrh    r1, [r1, #8]            @ U+FFFD
        b       .Lt1_sink
.Lt1_truncated:                         @ a byte that is no continuation byte
        subs    r4, #1                  @ read again after the broken part
        movs    r3, #6                  @ Status::kTruncated
        lsls    r0, r2, #5              @ carry: F (bit 27), sign: S (bit 26)
        bcs     .Lt1_one_byte
        lsrs    r0, r0, #31
        adds    r0, #2                  @ 2 + S: continuation_bytes_taken() + 1
        b       .Lt1_error
.Lt1_done:
        pop     {r0, r1, r3}
        str     r2, [r1]
        str     r6, [r0, #4]
        strh    r7, [r0, #8]
        pop     {r4, r5, r6, r7, pc}
        .p2align 2
.Lt1_code_end:
        .size   utf8mcu_thumb1_push_replace, .Lt1_code_end - utf8mcu_thumb1_push_replace
        .type   utf8mcu_thumb1_leads, %object
utf8mcu_thumb1_leads:
        .byte   )" UTF8MCU_DETAIL_T1_TEXT(UTF8MCU_DETAIL_T1_ENTRIES) R"(
        .word   )" UTF8MCU_DETAIL_T1_TEXT(UTF8MCU_DETAIL_T1_STARTS) R"(
.Lt1_statuses:
        .byte   )" UTF8MCU_DETAIL_T1_TEXT(UTF8MCU_DETAIL_T1_STATUSES) R"(
        .hword  0xFFFD
        .size   utf8mcu_thumb1_leads, . - utf8mcu_thumb1_leads
        .set    .Lt1_base, utf8mcu_thumb1_leads - 16
        .popsection
)");

#endif  // UTF8MCU_DETAIL_THUMB1_PUSH

}  // namespace detail
}  // namespace utf8mcu
