#!/usr/bin/env bash
# Regenerates docs/performance.md: instruction counts of every operation and
# baseline on the five QEMU cores (-icount shift=0), code size, stack, sizeof
# of the state objects, the budget tests, and the host comparison with ICU,
# utfcpp, utf8proc and glibc (Google Benchmark). Takes a few minutes.
#
#   bash tools/bench-report.sh [--quick]
#
# --quick: shorter host runs (one repetition, 0.02 s each), for trying it out.
# Installs what it needs (tools/setup-deps.sh, then the peer libraries). Builds
# in build/bench-report/<preset>, apart from the trees that tests use. Uses
# ../shared/corpus when present; the report names the corpus of every figure.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

min_time=0.05
repetitions=5
for arg in "$@"; do
  case "$arg" in
    --quick) min_time=0.02 repetitions=1 ;;
    -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "bench-report: unknown argument $arg" >&2; exit 2 ;;
  esac
done

bash tools/setup-deps.sh
# Peers for the host comparison (the host benchmark skips a missing one).
peers=(libbenchmark-dev libicu-dev libutfcpp-dev libutf8proc-dev)
missing=()
for package in "${peers[@]}"; do
  [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" == "install ok installed" ]] || missing+=("$package")
done
if [[ ${#missing[@]} -ne 0 ]]; then
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  echo "bench-report: installing ${missing[*]}"
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

out=$root/build/bench-report
mkdir -p "$out"
mapfile -t boards < <(python3 tools/utf8mcu_tools boards --report)

configure() {  # preset dir [cmake args...]
  local preset=$1 dir=$2
  shift 2
  cmake --preset "$preset" -B "$dir" -DUTF8MCU_BUILD_BENCHMARKS=ON "$@" >"$dir.configure.log" 2>&1 || {
    cat "$dir.configure.log" >&2
    return 1
  }
  if [[ ! -f "$dir/bench/CTestTestfile.cmake" ]]; then
    echo "bench-report: bench/ is not part of the build; CMakeLists.txt needs add_subdirectory(bench)" >&2
    return 1
  fi
}

version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo "not installed"; }
# git -C lib: the library's commit, also when the tree is reached through links.
lib_changes=$({ git -C lib status --porcelain -- . 2>/dev/null || true; } | wc -l)
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit: $(git -C lib rev-parse --short HEAD 2>/dev/null || echo unknown)$([[ $lib_changes -ne 0 ]] && echo ' + uncommitted changes in lib/')"
  echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs"
  echo "target compiler: $(arm-none-eabi-g++ --version | head -n1)"
  echo "host compiler: $(g++ --version | head -n1)"
  echo "emulator: $(qemu-system-arm --version | head -n1)"
  echo "Google Benchmark: $(version libbenchmark-dev)"
  echo "peers: ICU $(version libicu-dev), utfcpp $(version libutfcpp-dev), utf8proc $(version libutf8proc-dev), glibc $(version libc6)"
} >"$out/machine.txt"

for board in "${boards[@]}"; do
  echo "bench-report: $board"
  dir=$out/$board
  mkdir -p "$dir"
  configure "$board" "$dir/build"
  targets=(bench_firmware bench_firmware_os utf8mcu_bench_operations_os)
  [[ $board == mps2-an385 || $board == microbit ]] && targets+=(bench_budget bench_budget_os)
  [[ $board == microbit ]] && targets+=(bench_size_decoder bench_size_state bench_size_dfa bench_size_whatwg)
  cmake --build "$dir/build" --target "${targets[@]}" >"$dir/build.log" 2>&1 || { cat "$dir/build.log" >&2; exit 1; }

  UTF8MCU_QEMU_ARGS="-icount shift=0" UTF8MCU_QEMU_TIMEOUT=300 \
    tools/qemu-run.sh "$board" "$dir/build/bench/bench_firmware.elf" >"$dir/bench.txt"
  UTF8MCU_QEMU_ARGS="-icount shift=0" UTF8MCU_QEMU_TIMEOUT=300 \
    tools/qemu-run.sh "$board" "$dir/build/bench/bench_firmware_os.elf" >"$dir/bench-os.txt"
  arm-none-eabi-nm -S --defined-only "$dir/build/bench/bench_firmware.elf" >"$dir/image.nm"
  arm-none-eabi-nm -S --defined-only "$dir/build/bench/libutf8mcu_bench_operations_os.a" >"$dir/os.nm" 2>/dev/null
  cp "$dir/build/bench/CMakeFiles/utf8mcu_bench_operations.dir/common/operations.cpp.ci" "$dir/o2.ci"
  cp "$dir/build/bench/CMakeFiles/utf8mcu_bench_operations_os.dir/common/operations.cpp.ci" "$dir/os.ci"
  cp "$dir/build/bench/corpus/corpora.json" "$dir/corpora.json"
  # Budgets may be over while the library is being tuned: record, go on.
  if [[ $board == mps2-an385 || $board == microbit ]]; then
    UTF8MCU_QEMU_ARGS="-icount shift=0" tools/qemu-run.sh "$board" "$dir/build/bench/bench_budget.elf" \
      >"$out/budget-$board.txt" 2>/dev/null || true
    UTF8MCU_QEMU_ARGS="-icount shift=0" tools/qemu-run.sh "$board" "$dir/build/bench/bench_budget_os.elf" \
      >"$out/budget-os-$board.txt" 2>/dev/null || true
  fi
  if [[ $board == microbit ]]; then
    bash bench/tools/size_budget.sh "$dir/build/bench/libbench_size_decoder.a" \
      "$dir/build/bench/libbench_size_state.a" "$dir/build/bench/libbench_size_dfa.a" \
      "$dir/build/bench/libbench_size_whatwg.a" >"$out/size-budget.txt" || true
  fi
done

echo "bench-report: host"
mkdir -p "$out/host"
configure host "$out/host/build" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" \
  -DUTF8MCU_SANITIZE=OFF
cmake --build "$out/host/build" --target bench_host >"$out/host/build.log" 2>&1 || { cat "$out/host/build.log" >&2; exit 1; }
cp "$out/host/build/bench/corpus/corpora.json" "$out/host/corpora.json"
echo "load average before the host run: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/machine.txt"
"$out/host/build/bench/bench_host" --benchmark_min_time="$min_time" --benchmark_repetitions="$repetitions" \
  --benchmark_out="$out/host.json" --benchmark_out_format=json \
  >"$out/host/bench.txt" 2>&1

python3 bench/tools/make_report.py --dir "$out" --output docs/performance.md
echo "bench-report: wrote docs/performance.md"
