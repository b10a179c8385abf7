#!/usr/bin/env python3
"""Code size budgets of the segmentation breakers' push, from the probe
objects (bench/target/segmentation_size_probe.cpp, -Os, cortex-m0plus).

Usage: segmentation_size_budget.py NM GRAPHEME_PROBE.a LINE_PROBE.a

Code is the sum of the functions in a probe (the entry point and every
inline function GCC kept out of line: the rules, the table lookups); data
the sum of its data objects (the constexpr arrays of the headers). The
property tables themselves are in utf8mcu_text_segmentation (docs/text.md).
"""
import subprocess
import sys

BUDGETS = {  # bytes of code
    "grapheme": 320,
    "line": 1650,  # the rules; the pair table (421 bytes) is data
}


def sizes(nm, archive):
    output = subprocess.run([nm, "-S", "-C", archive], capture_output=True, text=True, check=True).stdout
    code = data = 0
    for line in output.splitlines():
        fields = line.split(maxsplit=3)
        if len(fields) < 4:
            continue
        size, kind = int(fields[1], 16), fields[2]
        if kind in "TtWw":
            code += size
        elif kind in "VvRrDdBb":
            data += size
    return code, data


def main():
    nm, grapheme, line = sys.argv[1:4]
    over = 0
    print("| push | code bytes | budget | data bytes | result |\n|---|---:|---:|---:|---|")
    for name, archive in (("grapheme", grapheme), ("line", line)):
        code, data = sizes(nm, archive)
        ok = code <= BUDGETS[name]
        over += not ok
        print(f"| {name} | {code} | {BUDGETS[name]} | {data} | {'ok' if ok else 'OVER'} |")
    print(f"segmentation size budgets: {2 - over} within, {over} over")
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
