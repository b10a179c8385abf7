// What the harness needs from the platform it runs on.
#ifndef UTEST_PLATFORM_H
#define UTEST_PLATFORM_H

#include <cstddef>

#include "utest/utest.h"

namespace utest {
namespace platform {

void write(const char* data, std::size_t size) noexcept;
const char* name() noexcept;
// Called after the last test: prints platform facts (e.g. stack use) and
// returns false if it found a problem that should fail the run.
bool finish(Log& out) noexcept;

}  // namespace platform

namespace detail {
// Runs the tests whose "Suite.Name" contains filter (all if null); returns
// main's exit status.
int run(const char* filter) noexcept;
}  // namespace detail

}  // namespace utest

#endif
