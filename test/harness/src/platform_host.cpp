// Host platform: stdout via stdio, optional test filter in argv[1].
#include <cstdio>

#include "platform.h"

#ifndef UTEST_PLATFORM_NAME
#define UTEST_PLATFORM_NAME "host"
#endif

namespace utest {
namespace platform {

void write(const char* data, std::size_t size) noexcept {
  std::fwrite(data, 1, size, stdout);
  // Keep order with sanitizer reports, which go to stderr.
  std::fflush(stdout);
}

const char* name() noexcept { return UTEST_PLATFORM_NAME; }

bool finish(Log&) noexcept { return true; }

}  // namespace platform
}  // namespace utest

int main(int argc, char** argv) {
  if (argc > 2) {
    std::fprintf(stderr, "usage: %s [substring of Suite.Name]\n", argv[0]);
    return 2;
  }
  return utest::detail::run(argc == 2 ? argv[1] : nullptr);
}
