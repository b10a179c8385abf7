// Fuzz target that must fail: its seed "!" fails a check. CTest expects the
// failure and its message, proving that a failed check in a fuzz target
// fails the run (as test/harness/must_fail.cpp does for the unit tests).

#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  UTF8MCU_FUZZ_CHECK(size == 0 || data[0] != '!');
  return 0;
}
