// Fuzz target: the segmentation breakers (utf8mcu/text/grapheme.h with
// UTF8MCU_FUZZ_LINE_BREAK=0, line_break.h with 1). The text goes through the
// decoder in the chunks the schedule picks, into a push breaker that is now
// and then replaced by a copy of itself (its state is plain data); the
// boundaries must be those of the buffer form over the whole decoded text,
// however the input is cut, and the state stays within its bounds: no
// cluster longer than kMaxGraphemeCodePoints, no opportunity held longer
// than kMaxLineBreakHold, at most one held at a time.
//
// Input: [s n] [n schedule bytes] [text] (fuzz_support.h, CutInput).

#include <utf8mcu/text/grapheme.h>
#include <utf8mcu/text/line_break.h>

#include "fuzz_support.h"

namespace {

namespace text = utf8mcu::text;

static_assert(sizeof(text::GraphemeBreaker) <= 8 && sizeof(text::LineBreaker) <= 32, "state budgets");

UTF8MCU_FUZZ_UNINSTRUMENTED std::vector<char32_t> decode_whole(const std::uint8_t* data, std::size_t size) {
  std::vector<char32_t> out;
  utf8mcu::Decoder decoder;
  auto sink = [&](char32_t cp) { out.push_back(cp); };
  decoder.push(data, size, sink);
  decoder.finish(sink);
  return out;
}

#if UTF8MCU_FUZZ_LINE_BREAK

using Breaks = std::vector<std::uint8_t>;  // per position 0..n: a text::LineBreak

Breaks buffer_form(const std::vector<char32_t>& cps) {
  Breaks out(cps.size() + 1, 0);
  text::for_each_line_break(cps.data(), cps.size(), [&](std::size_t i, text::LineBreak kind) {
    UTF8MCU_FUZZ_CHECK(i <= cps.size() && out[i] == 0);
    out[i] = static_cast<std::uint8_t>(kind);
  });
  return out;
}

struct Pusher {
  text::LineBreaker breaker;
  Breaks out;
  std::size_t index = 0;
  std::size_t held_at = SIZE_MAX;  // the position held now

  void take(const text::LineBreaks& breaks) {
    if (breaks.held_back != 0) {
      UTF8MCU_FUZZ_CHECK(held_at != SIZE_MAX && breaks.held_back <= text::kMaxLineBreakHold);
      UTF8MCU_FUZZ_CHECK(index - breaks.held_back == held_at);
      UTF8MCU_FUZZ_CHECK(breaks.held == text::LineBreak::kNone || breaks.held == text::LineBreak::kAllowed);
      out[held_at] = static_cast<std::uint8_t>(breaks.held);
      held_at = SIZE_MAX;
    }
    if (breaks.before == text::LineBreak::kHeld) {
      UTF8MCU_FUZZ_CHECK(held_at == SIZE_MAX);
      held_at = index;
    } else {
      out[index] = static_cast<std::uint8_t>(breaks.before);
    }
    if (held_at != SIZE_MAX) UTF8MCU_FUZZ_CHECK(index - held_at < text::kMaxLineBreakHold);
  }
  void push(char32_t cp) {
    out.push_back(0);
    take(breaker.push(cp));
    ++index;
  }
  void finish() {
    out.push_back(0);
    take(breaker.finish());
    UTF8MCU_FUZZ_CHECK(held_at == SIZE_MAX);
  }
};

#else

using Breaks = std::vector<std::uint8_t>;  // per position 0..n: 1 at a boundary

Breaks buffer_form(const std::vector<char32_t>& cps) {
  Breaks out(cps.size() + 1, 0);
  text::for_each_grapheme_break(cps.data(), cps.size(), [&](std::size_t i) {
    UTF8MCU_FUZZ_CHECK(i > 0 && i <= cps.size() && out[i] == 0);
    out[i] = 1;
  });
  // No cluster longer than the bound.
  std::size_t start = 0;
  for (std::size_t i = 1; i <= cps.size(); ++i) {
    if (out[i] == 0) continue;
    UTF8MCU_FUZZ_CHECK(i - start <= text::kMaxGraphemeCodePoints);
    start = i;
  }
  return out;
}

struct Pusher {
  text::GraphemeBreaker breaker;
  Breaks out;
  std::size_t index = 0;

  void push(char32_t cp) {
    out.push_back(breaker.push(cp) ? 1 : 0);
    UTF8MCU_FUZZ_CHECK(index > 0 || out[0] == 0);
    ++index;
  }
  void finish() { out.push_back(index > 0 ? 1 : 0); }
};

#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::CutInput input(data, size);
  const std::vector<char32_t> cps = decode_whole(input.text(), input.text_size());
  const Breaks want = buffer_form(cps);

  Pusher pusher;
  fuzz::Schedule schedule = input.schedule();
  utf8mcu::Decoder decoder;
  auto sink = [&](char32_t cp) { pusher.push(cp); };
  for (std::size_t pos = 0; pos < input.text_size();) {
    const std::size_t chunk = schedule.next_chunk(input.text_size() - pos);
    decoder.push(input.text() + pos, chunk, sink);
    pos += chunk;
    // Carry on with a copy: the state is all in the object.
    const Pusher copy = pusher;
    pusher = copy;
  }
  decoder.finish(sink);
  pusher.finish();
  UTF8MCU_FUZZ_CHECK(pusher.out == want);
  return 0;
}
