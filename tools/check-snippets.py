#!/usr/bin/env python3
"""Checks that every code block in the Markdown docs is code that CI builds or runs,
and that the docs name nothing a clone does not have.

    tools/check-snippets.py [--update] [FILE.md ...]   (default: README.md docs/*.md)

Every code block (fenced, or indented outside a list) must follow one of these
marker lines, or be in ALLOWED below with the reason it cannot be checked:

    <!-- snippet: examples/snippets/cpp_snippets.cpp#decode-bytes -->
        the block must equal the region of that file between a line
        "// snippet: decode-bytes" (or "# snippet:", "/* snippet: ... */")
        and the next "end snippet" line, with its common indentation removed
    <!-- quote: lib/include/utf8mcu/decoder.h -->
        every line of the block must appear, in order and consecutively, in
        that file (trailing spaces ignored): for excerpts of library code
    <!-- commands: tools/test-all.sh test/consumers/hello/run.sh -->
        shell commands: each command of the block (comments dropped, "\"
        continuations joined, spaces collapsed) must be a command of one of
        those scripts, and each script must be one CI runs (named in .ci/run,
        tools/test-all.sh or a CMakeLists.txt)
    <!-- text: why this is no code -->
        a diagram, a picture or program output: only for blocks without a
        language or marked `text`

Besides the blocks, every repository path the docs name in backticks or in a
link must exist, and every UTF8MCU_* name must occur in a file that is not
Markdown (an option, a macro, a cache variable). Paths are relative to the
repository root (links: to the document). --update rewrites snippet blocks
from their sources (the rest is only checked). Exits 1 on any problem.
"""

import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MARKER = re.compile(r"^\s*<!--\s*(snippet|quote|commands|text):\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)")
REGION_START = re.compile(r"^\s*(?://|#|/\*)\s*snippet:\s*([A-Za-z0-9_.-]+)\s*(?:\*/)?\s*$")
REGION_END = re.compile(r"^\s*(?://|#|/\*)\s*end snippet\s*(?:\*/)?\s*$")
LIST_ITEM = re.compile(r"^\s*([-*+]|\d+[.)])\s")

# Blocks that no CI job can run, by (document, first line of the block), with
# the reason. Keep this short: prefer a snippet, a quote or a commands marker.
ALLOWED = {
    ("docs/performance.md", "bash tools/bench-report.sh                 # everything above, into docs/performance.md"):
        "written by bench/tools/make_report.py with the report; the report runs for an hour and more, so CI runs "
        "its parts (bench_budget, bench_host) instead of these commands",
    ("docs/display.md", "cmake --build build/host --target display_demo_png"):
        "updates committed pictures by hand; CI checks the same pictures instead (display_demo.golden, "
        "display_firmware.golden)",
}

# Where a path in the docs may point although it is not in the clone: what a
# build or a run makes.
GENERATED_PREFIXES = ("build/",)
REPOSITORY_DIRS = ("lib", "port", "examples", "test", "bench", "toolchains", "tools", "docs", "src", "zephyr",
                   "cmake", ".ci")


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


def shell_commands(lines):
    """The commands of shell text: "\\" continuations joined, comments (a '#'
    at the start or after whitespace, outside quotes) dropped, spaces collapsed."""
    commands, pending = [], ""
    for line in lines:
        line = pending + line.strip()
        pending = ""
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        quote, cut = None, len(line)
        for i, ch in enumerate(line):
            if quote:
                if ch == quote:
                    quote = None
            elif ch in "'\"":
                quote = ch
            elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
                cut = i
                break
        command = " ".join(line[:cut].split())
        if command.startswith("exec "):  # the same command, run in place of the shell
            command = command[len("exec "):]
        if command:
            commands.append(command)
    return commands


_ci_text = None


def run_by_ci(path):
    """True if CI's entry points or a CMakeLists.txt name the script."""
    global _ci_text
    if _ci_text is None:
        names = ["tools/test-all.sh", ".ci/run"] + subprocess.run(
            ["git", "-C", ROOT, "ls-files", "*CMakeLists.txt", "*.cmake"], capture_output=True, text=True,
            check=False).stdout.split()
        _ci_text = "\n".join(open(os.path.join(ROOT, n), encoding="utf-8").read() for n in names
                             if os.path.isfile(os.path.join(ROOT, n)))
    relative = os.path.relpath(os.path.join(ROOT, path), ROOT)
    directory, name = os.path.split(relative)
    return relative in _ci_text or (name in _ci_text and os.path.basename(directory) in _ci_text)


def code_blocks(lines):
    """Yields (fence match or None, first line index, end index exclusive,
    block lines without the indent, closed) for every code block."""
    i, in_list, previous_blank = 0, False, True
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            indent, ticks = fence.group(1), fence.group(2)
            close = i + 1
            while close < len(lines) and not lines[close].startswith(indent + ticks):
                close += 1
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[i + 1:close]]
            yield fence, i, min(close + 1, len(lines)), body, close < len(lines)
            i, previous_blank = close + 1, False
            continue
        if not line.strip():
            previous_blank = True
            i += 1
            continue
        if LIST_ITEM.match(line):
            in_list = True
        elif not line.startswith((" ", "\t")):
            in_list = False
        if line.startswith(("    ", "\t")) and previous_blank and not in_list:
            end = i
            while end < len(lines) and (not lines[end].strip() or lines[end].startswith(("    ", "\t"))):
                end += 1
            while end > i and not lines[end - 1].strip():
                end -= 1
            yield None, i, end, [l[4:] if l.startswith("    ") else l.lstrip("\t") for l in lines[i:end]], True
            i, previous_blank = end, False
            continue
        previous_blank = False
        i += 1


def marker_before(lines, index):
    j = index - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    return MARKER.match(lines[j]) if j >= 0 else None


def check_block(markdown, lines, fence, start, body, closed, update):
    """Returns (problems, replacement body or None)."""
    relative = os.path.relpath(markdown, ROOT).replace(os.sep, "/")
    where = f"{relative}:{start + 1}"
    marker = marker_before(lines, start)
    first = next((l.rstrip() for l in body if l.strip()), "")
    if marker is None:
        if (relative, first) in ALLOWED:
            return [], None
        kind = f"```{fence.group(3)}" if fence and fence.group(3) else ("fenced" if fence else "indented")
        return [f"{where}: {kind} code block without a snippet, quote, commands or text marker "
                f"(its first line: {first[:60]!r})"], None
    if not closed:
        return [f"{where}: code block never closed"], None
    kind, target = marker.groups()
    try:
        if kind == "text":
            if not target:
                return [f"{where}: a text marker needs the reason"], None
            if fence and fence.group(3) not in ("", "text"):
                return [f"{where}: a ```{fence.group(3)} block cannot be waived as text"], None
            return [], None
        paths = target.split()
        for path in paths:
            if not os.path.isfile(os.path.join(ROOT, path.partition("#")[0])):
                return [f"{where}: {path.partition('#')[0]} does not exist"], None
        if kind == "quote":
            if not contains_in_order(read_lines(os.path.join(ROOT, target)), body):
                return [f"{where}: block is not a verbatim excerpt of {target}"], None
        elif kind == "commands":
            known = set()
            for path in paths:
                if not run_by_ci(path):
                    return [f"{where}: {path} is not run by CI (named in no CMakeLists.txt, .ci/run or "
                            f"tools/test-all.sh)"], None
                known.update(shell_commands(read_lines(os.path.join(ROOT, path))))
            missing = [c for c in shell_commands(body) if c not in known]
            if missing:
                return [f"{where}: not a command of {' or '.join(paths)}: {c!r}" for c in missing], None
        else:
            path, _, name = target.partition("#")
            if not name:
                raise ValueError(f"snippet marker needs <file>#<region>, got '{target}'")
            want = region(os.path.join(ROOT, path), name)
            if [b.rstrip() for b in body] != want:
                if update:
                    return [], want
                return [f"{where}: block differs from {target} (run tools/check-snippets.py --update)"], None
    except (OSError, ValueError) as error:
        return [f"{where}: {error}"], None
    return [], None


_non_markdown_text = None


def in_code(name):
    """True if a file that is not Markdown contains `name`."""
    global _non_markdown_text
    if _non_markdown_text is None:
        files = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True, text=True,
                               check=False).stdout.split()
        parts = []
        for name_ in files:
            if name_.endswith(".md") or not os.path.isfile(os.path.join(ROOT, name_)):
                continue
            try:
                with open(os.path.join(ROOT, name_), encoding="utf-8") as f:
                    parts.append(f.read())
            except (UnicodeDecodeError, OSError):
                pass
        _non_markdown_text = "\n".join(parts)
    return re.search(rf"\b{re.escape(name)}\b", _non_markdown_text) is not None


def check_references(markdown, lines):
    """Paths and UTF8MCU_ names the document mentions, outside code blocks and
    inside them."""
    relative = os.path.relpath(markdown, ROOT).replace(os.sep, "/")
    problems = []
    for number, line in enumerate(lines, 1):
        where = f"{relative}:{number}"
        for token in re.findall(r"`([^`]+)`", line) + [line] if "`" in line else [line]:
            for path in re.findall(r"(?<![\w./<-])((?:%s)/[\w./*-]*[\w*])" % "|".join(map(re.escape, REPOSITORY_DIRS)),
                                   token):
                if path.startswith(GENERATED_PREFIXES) or "<" in path:
                    continue
                if not glob.glob(os.path.join(ROOT, path)):
                    problems.append(f"{where}: {path} does not exist")
        for name in re.findall(r"\bUTF8MCU_[A-Z0-9_]*[A-Z0-9]\b(?!<)", line):
            if not line[line.index(name) + len(name):].startswith("<") and not in_code(name):
                problems.append(f"{where}: {name} is named by no source, script or CMake file")
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(markdown), target.partition("#")[0]))
            if not os.path.exists(path):
                problems.append(f"{where}: link to {target}, which does not exist")
    return sorted(set(problems), key=problems.index)


def check_file(markdown, update):
    """Returns (problems, new lines or None, blocks checked)."""
    lines = read_lines(markdown)
    problems, replacements, checked = [], [], 0
    for fence, start, end, body, closed in code_blocks(lines):
        checked += 1
        found, replacement = check_block(markdown, lines, fence, start, body, closed, update)
        problems += found
        if replacement is not None and fence:
            replacements.append((start, end, fence.group(1), replacement))
    problems += check_references(markdown, lines)
    if not replacements:
        return problems, None, checked
    output, position = [], 0
    for start, end, indent, replacement in replacements:
        output += lines[position:start + 1]
        output += [(indent + line) if line else line for line in replacement]
        output.append(lines[end - 1])
        position = end
    return problems, output + lines[position:], checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite snippet blocks from their sources")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    problems, total = [], 0
    for markdown in files:
        found, updated, checked = check_file(os.path.abspath(markdown), args.update)
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
