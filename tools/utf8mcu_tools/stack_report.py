"""docs/stack.md: worst-case stack of every public operation on each core at
-O2 and -Os, and the checks that nothing recurses, every frame is static and
every call is in the graph. tools/stack-report.sh builds test/stack per board
and runs this."""
import glob
import re
import subprocess
import sys

from . import boards
from .stack import CallGraph, WorstPaths
from .report import write

LEVELS = ["O2", "Os"]


def read_graph(board, level):
    """The call graph of the probe and mem.cpp objects of one build, and those objects."""
    graph, objects = CallGraph(), []
    for ci in glob.glob(f"build/stack/{board}/CMakeFiles/stack_*_{level}.dir/**/*.ci", recursive=True):
        objects.append(ci[:-3] + ".obj")  # CMake names objects .obj for Generic systems
        graph.read_file(ci)
    return graph, objects


def add_assembly(objects, graph):
    """Adds the functions written in assembly to the graph (see
    CallGraph.read_assembly)."""
    for obj in objects:
        graph.read_assembly(subprocess.run(["arm-none-eabi-objdump", "-dr", obj], capture_output=True, text=True,
                                           check=True).stdout)


def missing_calls(board, objects, graph):
    """Calls or branches to another function in the code that the graph lacks."""
    problems = []
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
            if m and current and m.group(1) != current and m.group(1) not in graph.edges.get(current, ()):
                problems.append(f"{board}: {current} calls {m.group(1)}, which the call graph lacks")
    return problems


def probe_entries(source):
    """Entry points in the probe's source order (the macro defines three per operation)."""
    entries = []
    for probe, name in re.findall(r"UTF8MCU_STACK_PROBE\(\s*[^,]+,\s*(\w+)|\b(stack_\w+)\(", source):
        if probe and not probe.startswith("stack_"):
            continue  # the macro's own definition
        names = [probe + suffix for suffix in ("_replace", "_report", "_skip")] if probe else [name]
        entries += [n for n in names if n not in entries]
    return entries


def main(argv):
    """stack-report [--check]: prints the report; without --check also writes docs/stack.md."""
    doc = None if "--check" in argv else "docs/stack.md"
    report_boards = boards.REPORT_BOARDS
    problems = []
    results = {}  # (board, level) -> {entry: (path bytes, frame, sink, chain)}
    for board in report_boards:
        for level in LEVELS:
            graph, objects = read_graph(board, level)
            add_assembly(objects, graph)
            problems += [f"{board} -{level}: {s} has a {k} frame" for s, k in graph.dynamic_frames()]
            problems += missing_calls(board, objects, graph)
            paths = WorstPaths(graph)
            for symbol in graph.frames:  # every function, so a cycle anywhere is found
                paths.at(symbol)
            problems += ["recursion: " + " -> ".join(cycle) for cycle in paths.recursions]
            problems += [f"no frame size for {s} (a call outside the library and mem*)" for s in paths.external]
            results[board, level] = {s: (paths.memo[s][0], graph.frames[s], paths.memo[s][1], paths.memo[s][2])
                                     for s in graph.frames if s.startswith("stack_")}

    first = results[report_boards[0], LEVELS[0]]
    with open("test/stack/stack_probe.cpp", encoding="utf-8") as f:
        entries = probe_entries(f.read())
    missing = set(first) ^ set(entries)
    if missing:
        problems.append("entry points not matched with the probe source: " + ", ".join(sorted(missing)))
        entries += sorted(missing & set(first))
    entries = [e for e in entries if e in first]
    compiler = subprocess.run(["arm-none-eabi-g++", "--version"], capture_output=True,
                              text=True).stdout.splitlines()[0]
    lines = [
        "# Stack usage",
        "",
        "Worst-case stack, in bytes, of each public operation per core, measured by",
        "`bash tools/stack-report.sh` with " + compiler + ".",
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
    for board in report_boards:
        row = f"| {boards.core(board)} |"
        for level in LEVELS:
            table = results[board, level]
            path_entry = max(table, key=lambda s: table[s][0])
            frame_entry = max(table, key=lambda s: table[s][1])
            row += f" {table[path_entry][0]} (`{path_entry[6:]}`) | {table[frame_entry][1]} (`{frame_entry[6:]}`) |"
        lines.append(row)
    lines += ["", "The deepest path on each core at -O2:", ""]
    for board in report_boards:
        table = results[board, "O2"]
        entry = max(table, key=lambda s: table[s][0])
        chain = table[entry][3]
        readable = subprocess.run(["arm-none-eabi-c++filt", "--no-params"], input="\n".join(chain),
                                  capture_output=True, text=True, check=True).stdout.split("\n")
        lines.append(f"- {boards.core(board)}: `{entry}` → " + " → ".join(f"`{c}`" for c in readable[:len(chain)]))
    for level in LEVELS:
        lines += ["", f"## -{level}", "", "| operation | " + " | ".join(boards.core(b) for b in report_boards) + " |",
                  "|---|" + "---:|" * len(report_boards)]
        for entry in entries:
            cells = []
            for board in report_boards:
                if entry not in results[board, level]:
                    cells.append("—")
                    continue
                path, frame, sink, _ = results[board, level][entry]
                cells.append(f"{path} ({frame}){' †' if sink else ''}")
            lines.append(f"| `{entry[6:]}` | " + " | ".join(cells) + " |")
    lines += ["", "Regenerate with `bash tools/stack-report.sh`."]

    print("\n".join(lines))
    if doc:
        write(doc, lines)
    if problems:
        print("\nstack-report: FAILED", *sorted(set(problems)), sep="\n  ", file=sys.stderr)
        return 1
    print("\nstack-report: no recursion, every frame static, every call in the graph", file=sys.stderr)
    return 0
