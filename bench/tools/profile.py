#!/usr/bin/env python3
"""Where the instructions of one function go: runs a firmware image under
QEMU one instruction per translation block, counts how often each address of
the function executes, and prints its disassembly with the counts.

    bench/tools/profile.py <board> <elf> <function> [--per N] [--min X]

`function` is a symbol name as objdump prints it, demangled, with or without
its return type and parameter list (`bench_decoder_push_inline`,
`utf8mcu::detail::Utf8ToUnits<char32_t>::fast_path<(utf8mcu::ErrorPolicy)0>`);
the first function it names is taken. `--per N` divides every count by N,
for example by bytes times runs to read instructions per byte; `--min X`
leaves out lines counted less than X (after the division).

Counts are exact and cover the function's own instructions, not those of the
functions it calls: QEMU logs every execution of a one-instruction block
inside the function's address range (-singlestep -d exec,nochain -dfilter),
and the log goes through a pipe, so it needs no disk. QEMU writes about a
million lines a second: the push decoder in bench_budget (117 million
instructions over all its corpora and runs) takes 2 minutes. The image runs
as a whole; to see one operation on one corpus, build an image that
measures only that. QEMU 7.2 spells the option -singlestep; later versions
use -accel tcg,one-insn-per-tb=on.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from utf8mcu_tools.boards import REPORT_BOARDS as BOARDS  # noqa: E402
INSTRUCTION = re.compile(r"^\s+([0-9a-f]+):\s+(.*)$")
LABEL = re.compile(r"^[0-9a-f]+ <(.*)>:$")


def names_function(label, function):
    """Whether objdump's label names `function`: in full, or without its
    return type (C++ templates), its parameter list, a trailing `const` or
    GCC's `[clone ...]` suffix."""
    label = re.sub(r" \[clone [^]]*\]$", "", label)
    label = re.sub(r" const$", "", label)
    names = [label]
    if label.endswith(")"):
        depth = 0
        for at in range(len(label) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(label[at], 0)
            if depth == 0:
                names.append(label[:at])
                break
    return any(name == function or name.endswith(" " + function) for name in names)


def disassembly(elf, function):
    """The function's lines from objdump, as (address, text) pairs."""
    out = subprocess.run(
        ["arm-none-eabi-objdump", "-d", "--no-show-raw-insn", "-C", elf],
        check=True, capture_output=True, text=True).stdout
    lines, inside = [], False
    for line in out.splitlines():
        label = LABEL.match(line)
        if label and not lines and names_function(label[1], function):
            inside = True
            continue
        if inside:
            match = INSTRUCTION.match(line)
            if not match:
                if lines:
                    break
                continue
            lines.append((int(match[1], 16), match[2]))
    return lines


def count_executions(board, elf, low, high):
    """Executions per address in [low, high], and QEMU's exit status."""
    counts = Counter()
    with tempfile.TemporaryDirectory() as directory:
        fifo = os.path.join(directory, "exec.log")
        os.mkfifo(fifo)

        def read_log():
            # "Trace 0: 0x... [flags/pc/flags/flags] symbol": counted by the pc
            # as text, turned into a number once per address.
            by_text = Counter()
            with open(fifo, encoding="ascii", errors="replace") as log:
                for line in log:
                    fields = line.split("/", 2)
                    if len(fields) == 3:
                        by_text[fields[1]] += 1
            for text, count in by_text.items():
                counts[int(text, 16)] += count

        reader = threading.Thread(target=read_log, daemon=True)
        reader.start()
        try:
            run = subprocess.run(
                ["qemu-system-arm", "-M", board, "-display", "none", "-monitor", "none",
                 "-serial", "null", "-semihosting-config", "enable=on,target=native",
                 "-kernel", elf, "-icount", "shift=0", "-singlestep",
                 "-d", "exec,nochain", "-dfilter", f"0x{low:x}..0x{high:x}", "-D", fifo],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
        finally:
            # A QEMU that stopped before opening its log (an option it does
            # not know, a missing image) leaves the reader waiting in open():
            # opening the other end lets it see the end of the log.
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass  # ENXIO: the reader is no longer waiting
            reader.join()
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
    return counts, run.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board", choices=BOARDS)
    parser.add_argument("elf")
    parser.add_argument("function")
    parser.add_argument("--per", type=float, default=1.0, help="divide every count by this")
    parser.add_argument("--min", type=float, default=0.0, help="leave out lines counted less than this")
    args = parser.parse_args()

    lines = disassembly(args.elf, args.function)
    if not lines:
        sys.exit(f"profile: no function <{args.function}> in {args.elf}")
    counts, status = count_executions(args.board, args.elf, lines[0][0], lines[-1][0])
    total = 0.0
    for address, text in lines:
        figure = counts.get(address, 0) / args.per
        total += figure
        if figure >= args.min:
            print(f"{figure:12.3f}  {address:8x}:  {text}")
    print(f"{total:12.3f}  in {args.function} (counts / {args.per:g})")
    sys.exit(status)


if __name__ == "__main__":
    main()
