#!/usr/bin/env python3
"""Checks that code shown in the Markdown docs is code that builds in CI.

    tools/check-snippets.py [--update] [FILE.md ...]   (default: README.md docs/*.md)

In Markdown, a marker line followed by a fenced code block:

    <!-- snippet: examples/snippets/cpp_snippets.cpp#decode-bytes -->
        the block must equal the region of that file between a line
        "// snippet: decode-bytes" (or "# snippet:", "/* snippet: ... */")
        and the next "end snippet" line, with its common indentation removed
    <!-- quote: lib/include/utf8mcu/decoder.h -->
        every line of the block must appear, in order and consecutively, in
        that file (trailing spaces ignored): for excerpts of library code

Paths are relative to the repository root. --update rewrites snippet blocks
from their sources (quotes are only checked). Exits 1 on any mismatch.
"""

import argparse
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MARKER = re.compile(r"^\s*<!--\s*(snippet|quote):\s*(\S+?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)")
REGION_START = re.compile(r"^\s*(?://|#|/\*)\s*snippet:\s*([A-Za-z0-9_.-]+)\s*(?:\*/)?\s*$")
REGION_END = re.compile(r"^\s*(?://|#|/\*)\s*end snippet\s*(?:\*/)?\s*$")


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def dedent(lines):
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return [line[cut:].rstrip() for line in lines]


def region(path, name):
    """The lines of the named region, or raises ValueError."""
    lines, inside, found = read_lines(path), False, None
    for number, line in enumerate(lines, 1):
        start = REGION_START.match(line)
        if start and start.group(1) == name:
            if found is not None:
                raise ValueError(f"region '{name}' appears twice in {path}")
            inside, found = True, []
        elif inside and REGION_END.match(line):
            inside = False
        elif inside:
            if REGION_START.match(line):
                raise ValueError(f"{path}:{number}: region inside region '{name}'")
            found.append(line)
    if found is None:
        raise ValueError(f"no region '{name}' in {path}")
    if inside:
        raise ValueError(f"region '{name}' in {path} has no 'end snippet'")
    return dedent(found)


def contains_in_order(haystack, needle):
    haystack = [line.rstrip() for line in haystack]
    needle = [line.rstrip() for line in needle]
    return any(haystack[i:i + len(needle)] == needle for i in range(len(haystack) - len(needle) + 1))


def check_file(markdown, update):
    """Returns (problems, new lines or None)."""
    lines = read_lines(markdown)
    problems, output, changed, checked = [], [], False, 0
    i = 0
    while i < len(lines):
        line = lines[i]
        output.append(line)
        marker = MARKER.match(line)
        i += 1
        if not marker:
            continue
        kind, target = marker.groups()
        where = f"{os.path.relpath(markdown, ROOT)}:{i}"
        # The next non-blank line must open a fence.
        while i < len(lines) and not lines[i].strip():
            output.append(lines[i])
            i += 1
        fence = FENCE.match(lines[i]) if i < len(lines) else None
        if not fence:
            problems.append(f"{where}: {kind} marker not followed by a fenced code block")
            continue
        output.append(lines[i])
        # A block inside a list item is indented: compare without the indent.
        indent, ticks = fence.group(1), fence.group(2)
        close = i + 1
        while close < len(lines) and not lines[close].startswith(indent + ticks):
            close += 1
        if close == len(lines):
            problems.append(f"{where}: code block never closed")
            output.extend(lines[i + 1:])
            break
        block = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[i + 1:close]]
        path, _, name = target.partition("#")
        source = os.path.join(ROOT, path)
        checked += 1
        try:
            if kind == "quote":
                if not contains_in_order(read_lines(source), block):
                    problems.append(f"{where}: block is not a verbatim excerpt of {path}")
            else:
                if not name:
                    raise ValueError(f"snippet marker needs <file>#<region>, got '{target}'")
                want = region(source, name)
                if [b.rstrip() for b in block] != want:
                    if update:
                        block, changed = want, True
                    else:
                        problems.append(f"{where}: block differs from {target} (run tools/check-snippets.py "
                                        f"--update)")
        except (OSError, ValueError) as error:
            problems.append(f"{where}: {error}")
        output.extend((indent + line) if line else line for line in block)
        output.append(lines[close])
        i = close + 1
    return problems, (output if changed else None), checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite snippet blocks from their sources")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    problems, total = [], 0
    for markdown in files:
        found, updated, checked = check_file(markdown, args.update)
        problems += found
        total += checked
        if updated is not None:
            with open(markdown, "w", encoding="utf-8") as f:
                f.write("\n".join(updated) + "\n")
            print(f"check-snippets: updated {os.path.relpath(markdown, ROOT)}")
    for problem in problems:
        print(f"FAIL {problem}")
    print(f"check-snippets: {total} block(s) in {len(files)} file(s), {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
