#!/usr/bin/env bash
# Worst-case stack use of every public operation on each core, at -O2 and -Os,
# and a check that nothing recurses; writes docs/stack.md.
#
#   bash tools/stack-report.sh             # all five boards
#   bash tools/stack-report.sh --check     # the same, without writing docs/stack.md
#
# Builds test/stack (one extern "C" entry point per public function and
# policy) with the firmware toolchain file for each board, with
# -fstack-usage (each function's frame) and -fcallgraph-info=su (GCC's call
# graph after inlining, calls to libgcc and mem* included). A function's
# figure is its worst path: its frame plus the largest figure among the
# functions it calls, over the whole graph. Calls through the sink's
# function pointer are counted at 0: add the sink's own stack. Every call
# instruction in the objects must be an edge of the graph, every frame must
# be static (no alloca or VLAs), and the graph must have no cycle;
# otherwise this fails.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

write_doc=1
for arg in "$@"; do
  case "$arg" in
    --check) write_doc=0 ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "stack-report: unknown argument $arg" >&2; exit 2 ;;
  esac
done

bash tools/setup-deps.sh >/dev/null
boards=(microbit mps2-an385 mps2-an386 mps2-an500 mps2-an505)
for board in "${boards[@]}"; do
  dir=build/stack/$board
  if [[ ! -f $dir/build.ninja ]]; then
    cmake -S test/stack -B "$dir" -G Ninja --toolchain "$root/toolchains/arm-none-eabi.cmake" \
      -DUTF8MCU_BOARD="$board" >/dev/null
  fi
  cmake --build "$dir" >/dev/null
done

doc=docs/stack.md
[[ $write_doc -eq 1 ]] || doc=""
python3 - "$doc" "${boards[@]}" <<'PYTHON'
import glob
import re
import subprocess
import sys

doc, boards = sys.argv[1], sys.argv[2:]
CORES = {"microbit": "Cortex-M0+", "mps2-an385": "Cortex-M3", "mps2-an386": "Cortex-M4F",
         "mps2-an500": "Cortex-M7", "mps2-an505": "Cortex-M33"}
LEVELS = ["O2", "Os"]
SINK = "__indirect_call"
problems = []


def read_graph(board, level):
    """Frames and call edges of the probe and mem.cpp objects, by symbol."""
    frames, edges, objects = {}, {}, []
    for ci in glob.glob(f"build/stack/{board}/CMakeFiles/stack_*_{level}.dir/**/*.ci", recursive=True):
        objects.append(ci[:-3] + ".obj")  # CMake names objects .obj for Generic systems
        text = open(ci).read()
        for title, label in re.findall(r'node: \{ title: "([^"]+)" label: "((?:[^"\\]|\\.)*)"', text):
            symbol = title.split(":")[-1]  # "file:mangled" for local functions
            size = re.search(r"\\n(\d+) bytes \((\w+(?:,\w+)?)\)", label)
            if size:
                frames[symbol] = int(size.group(1))
                if size.group(2) != "static":
                    problems.append(f"{board} -{level}: {symbol} has a {size.group(2)} frame")
        for source, target in re.findall(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"', text):
            edges.setdefault(source.split(":")[-1], set()).add(target.split(":")[-1])
    return frames, edges, objects


def check_calls(board, objects, edges):
    """Every call or branch to another function in the code is an edge."""
    for obj in objects:
        dump = subprocess.run(["arm-none-eabi-objdump", "-dr", obj], capture_output=True, text=True,
                              check=True).stdout
        current = None
        for line in dump.splitlines():
            m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
            if m:
                current = m.group(1)
                continue
            m = re.search(r"R_ARM_(?:THM_CALL|THM_JUMP24|CALL|JUMP24)\s+(\S+)", line)
            if m and current and m.group(1) != current and m.group(1) not in edges.get(current, ()):
                problems.append(f"{board}: {current} calls {m.group(1)}, which the call graph lacks")


def worst(symbol, frames, edges, memo, path):
    """(bytes, reaches the sink, deepest chain) for the worst path from symbol."""
    if symbol in memo:
        return memo[symbol]
    if symbol in path:
        problems.append("recursion: " + " -> ".join(path[path.index(symbol):] + [symbol]))
        return 0, False, []
    if symbol == SINK:
        return 0, True, []
    if symbol not in frames:
        problems.append(f"no frame size for {symbol} (a call outside the library and mem*)")
        return 0, False, []
    best, sink, chain = 0, False, []
    for callee in sorted(edges.get(symbol, ())):
        size, reaches, deeper = worst(callee, frames, edges, memo, path + [symbol])
        sink = sink or reaches
        if size > best or not chain:
            best, chain = size, [callee] + deeper
    memo[symbol] = (frames[symbol] + best, sink, chain)
    return memo[symbol]


results = {}  # (board, level) -> {entry: (path bytes, frame, sink, chain)}
for board in boards:
    for level in LEVELS:
        frames, edges, objects = read_graph(board, level)
        check_calls(board, objects, edges)
        memo = {}
        for symbol in frames:  # every function, so a cycle anywhere is found
            worst(symbol, frames, edges, memo, [])
        results[board, level] = {s: (memo[s][0], frames[s], memo[s][1], memo[s][2])
                                 for s in frames if s.startswith("stack_")}

# Rows in the probe's source order (the macro defines three per operation).
entries = []
source = open("test/stack/stack_probe.cpp").read()
for probe, name in re.findall(r"UTF8MCU_STACK_PROBE\(\s*[^,]+,\s*(\w+)|\b(stack_\w+)\(", source):
    if probe and not probe.startswith("stack_"):
        continue  # the macro's own definition
    names = [probe + suffix for suffix in ("_replace", "_report", "_skip")] if probe else [name]
    entries += [n for n in names if n not in entries]
missing = set(results[boards[0], LEVELS[0]]) ^ set(entries)
if missing:
    problems.append("entry points not matched with the probe source: " + ", ".join(sorted(missing)))
    entries += sorted(missing & set(results[boards[0], LEVELS[0]]))
entries = [e for e in entries if e in results[boards[0], LEVELS[0]]]
lines = [
    "# Stack usage",
    "",
    "Worst-case stack, in bytes, of each public operation per core, measured by",
    "`bash tools/stack-report.sh` with "
    + subprocess.run(["arm-none-eabi-g++", "--version"], capture_output=True, text=True).stdout.splitlines()[0] + ".",
    "",
    "Each row is an `extern \"C\"` entry point of test/stack/stack_probe.cpp that calls",
    "one operation in one policy (`_replace`, `_report`, `_skip`). A cell is the",
    "worst path through GCC's call graph (`-fcallgraph-info`, after inlining):",
    "the entry point's frame plus the largest figure among its callees, down to",
    "the leaves, counting the memset/memcpy of toolchains/bsp/src/mem.cpp where",
    "the compiler calls them; the entry point's own frame follows in brackets.",
    "A sink is a C-style `CodePointCallback` here: a † marks operations that call",
    "it, whose stack comes on top. The `_inlined` rows use a lambda sink, the usual",
    "case. Every frame is static (no alloca, no variable-length arrays), and the",
    "call graph has no cycle: no operation recurses.",
    "",
    "## Largest per core",
    "",
    "| core | -O2 worst path | -O2 largest frame | -Os worst path | -Os largest frame |",
    "|---|---|---|---|---|",
]
for board in boards:
    row = f"| {CORES[board]} |"
    for level in LEVELS:
        table = results[board, level]
        path_entry = max(table, key=lambda s: table[s][0])
        frame_entry = max(table, key=lambda s: table[s][1])
        row += f" {table[path_entry][0]} (`{path_entry[6:]}`) | {table[frame_entry][1]} (`{frame_entry[6:]}`) |"
    lines.append(row)
lines += ["", "The deepest path on each core at -O2:", ""]
for board in boards:
    table = results[board, "O2"]
    entry = max(table, key=lambda s: table[s][0])
    chain = table[entry][3]
    readable = subprocess.run(["arm-none-eabi-c++filt", "--no-params"], input="\n".join(chain),
                              capture_output=True, text=True, check=True).stdout.split("\n")
    lines.append(f"- {CORES[board]}: `{entry}` → " + " → ".join(f"`{c}`" for c in readable[:len(chain)]))
for level in LEVELS:
    lines += ["", f"## -{level}", "", "| operation | " + " | ".join(CORES[b] for b in boards) + " |",
              "|---|" + "---:|" * len(boards)]
    for entry in entries:
        cells = []
        for board in boards:
            if entry not in results[board, level]:
                cells.append("—")
                continue
            path, frame, sink, _ = results[board, level][entry]
            cells.append(f"{path} ({frame}){' †' if sink else ''}")
        lines.append(f"| `{entry[6:]}` | " + " | ".join(cells) + " |")
lines += ["", "Regenerate with `bash tools/stack-report.sh`."]

print("\n".join(lines))
if doc:
    with open(doc, "w") as out:
        out.write("\n".join(lines) + "\n")
if problems:
    print("\nstack-report: FAILED", *sorted(set(problems)), sep="\n  ", file=sys.stderr)
    sys.exit(1)
print("\nstack-report: no recursion, every frame static, every call in the graph", file=sys.stderr)
PYTHON
