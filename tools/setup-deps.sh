#!/usr/bin/env bash
# Installs, on Debian 12, what one use of the project needs, only if missing:
#
#   tools/setup-deps.sh [demo|test]      (default: test)
#
#   demo  the demo (tools/demo.sh): the arm-none-eabi toolchain (+ newlib and
#         libstdc++ headers), qemu-system-arm, cmake, ninja, python3
#   test  everything tools/test-all.sh runs: the demo's packages, g++, the font
#         and Unicode data the display module is generated from (unifont,
#         unicode-data), Google Benchmark with the peer libraries the host
#         benchmark compares against, the fonts the display tests convert
#         (xfonts-base with pcf2bdf, fonts-unifont with python3-pil and
#         python3-fonttools for emoji: the OTF's exact coverage), ICU's Python
#         binding and FriBidi (the text module's oracles),
#         doxygen and graphviz for the API
#         reference and diagrams (tools/docs.sh), and clang with libFuzzer,
#         clang-tidy and cppcheck for test/fuzz, the strict header check and
#         tools/static-analysis.sh
#
# Safe to run again: does nothing when all is there.
set -euo pipefail

need=${1:-test}
demo_packages=(gcc-arm-none-eabi libstdc++-arm-none-eabi-newlib libnewlib-arm-none-eabi
  qemu-system-arm cmake ninja-build python3)
test_packages=("${demo_packages[@]}" g++ unifont unicode-data
  xfonts-base pcf2bdf fonts-unifont python3-pil python3-fonttools
  libbenchmark-dev libicu-dev libutfcpp-dev libutf8proc-dev python3-icu libfribidi-dev libfribidi-bin
  doxygen graphviz
  clang-14 libclang-rt-14-dev clang-tidy-14 cppcheck)
# The demo takes no recommended packages: qemu-system-arm alone would add 130
# (graphics and sound libraries) that a -display none run never loads.
apt_options=()
case "$need" in
  demo)
    packages=("${demo_packages[@]}")
    apt_options=(--no-install-recommends)
    ;;
  test) packages=("${test_packages[@]}") ;;
  *)
    sed -n '4p' "$0" >&2
    exit 2
    ;;
esac

installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

if ! command -v dpkg-query >/dev/null 2>&1; then
  # Not Debian: just say what is missing.
  missing_tools=()
  tools=(arm-none-eabi-g++ arm-none-eabi-nm qemu-system-arm cmake ninja python3 timeout)
  [[ $need == demo ]] || tools+=(g++ clang++ doxygen dot)
  for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null 2>&1 || missing_tools+=("$tool")
  done
  if [[ ${#missing_tools[@]} -ne 0 ]]; then
    echo "setup-deps: no dpkg; please install: ${missing_tools[*]}" >&2
    exit 1
  fi
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  installed "$package" || missing+=("$package")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup-deps: all dependencies present"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
  else
    echo "setup-deps: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "setup-deps: installing ${missing[*]}"
"${sudo[@]}" apt-get update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${apt_options[@]}" "${missing[@]}"
