#!/usr/bin/env bash
# Builds one consumer project of test/consumers from scratch and runs its
# programs; a ctest test (test/consumers/CMakeLists.txt registers them).
#
#   run_consumer.sh [--archive|--git] <consumer dir> <build dir> <host|board> [cmake args...]
#
# <board> is a QEMU board name: the programs are firmware, checked by
# tools/check-symbols.sh and run by tools/qemu-run.sh. --archive first packs
# this source tree into <build dir>.tar.gz and passes it as
# -DUTF8MCU_ARCHIVE=file://... (what FetchContent downloads); --git makes a
# git repository of it and passes -DUTF8MCU_GIT_REPOSITORY=file://... and
# -DUTF8MCU_GIT_TAG=<its commit> (what FetchContent clones). Each program
# built (app, app_c, app_port) must exit 0 and print "<name>: ok".
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
archive=0
git_repository=0
if [[ ${1:-} == --archive ]]; then
  archive=1
  shift
elif [[ ${1:-} == --git ]]; then
  git_repository=1
  shift
fi
if [[ $# -lt 3 ]]; then
  sed -n '5p' "$0" >&2
  exit 2
fi
consumer=$1
build=$2
where=$3
shift 3

rm -rf "$build"
mkdir -p "$build"
cmake_args=("$@")
if [[ $where != host ]]; then
  cmake_args+=("-DUTF8MCU_REPO_DIR=$repo")  # for the board support
fi
if [[ $archive == 1 || $git_repository == 1 ]]; then
  # What a release archive would hold: the tree without build output or VCS
  # data. Status 1 only means a file changed while being read (an editor).
  tar -czf "$build.tar.gz" -C "$repo" --exclude=./.git --exclude=./build --exclude='./build-*' \
    --exclude=__pycache__ --warning=no-file-changed . || [[ $? == 1 ]]
fi
if [[ $archive == 1 ]]; then
  cmake_args+=("-DUTF8MCU_ARCHIVE=file://$build.tar.gz")
fi
if [[ $git_repository == 1 ]]; then
  # A repository holding this tree (uncommitted changes included) as one
  # commit: what a clone of the project's repository gives FetchContent.
  rm -rf "$build.git"
  mkdir -p "$build.git"
  tar -xzf "$build.tar.gz" -C "$build.git"
  git -C "$build.git" init -q
  git -C "$build.git" add -A
  git -C "$build.git" -c user.name=utf8mcu -c user.email=utf8mcu@localhost commit -qm "tree under test"
  cmake_args+=("-DUTF8MCU_GIT_REPOSITORY=file://$build.git"
    "-DUTF8MCU_GIT_TAG=$(git -C "$build.git" rev-parse HEAD)")
fi

cmake -S "$consumer" -B "$build" "${cmake_args[@]}"
cmake --build "$build"

ran=0
for program in app app_c app_port; do
  executable=$build/$program
  [[ $where == host ]] || executable=$executable.elf
  [[ -f $executable ]] || continue
  ran=$((ran + 1))
  if [[ $where == host ]]; then
    output=$("$executable")
  else
    # No heap, exceptions, stdio or undefined symbols in the image.
    bash "$repo/tools/check-symbols.sh" "$executable"
    output=$(UTF8MCU_QEMU_TIMEOUT=30 bash "$repo/tools/qemu-run.sh" "$where" "$executable")
  fi
  echo "$output"
  if ! grep -qx "$program: ok" <<<"$output"; then
    echo "run_consumer: $program did not report '$program: ok'" >&2
    exit 1
  fi
done
if [[ $ran == 0 ]]; then
  echo "run_consumer: no program was built in $build" >&2
  exit 1
fi
