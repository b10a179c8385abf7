"""Code size from object files and images.

Three readings, one per question:
- closure_sizes: the code of an entry point plus everything it reaches
  through relocations in the same object (objdump -dr, nm -S), and the
  read-only data it uses: docs/size.md (tools/size-report.sh).
- elf_symbols / symbol_sums: every defined function or data object of an
  object or archive summed (readelf -sW): the size budgets
  (bench/tools/size_budget.sh).
- graph_code_size: an entry point plus every function GCC's call graph says
  it calls, sized by nm: docs/performance.md (bench/tools/make_report.py).
"""
import re
import subprocess

from .stack import SINK, reachable


def _run(*command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def parse_nm(lines):
    """`nm -S` lines -> (symbol -> bytes, summed over duplicates; symbol -> nm's type letter, lower case)."""
    sizes, kinds = {}, {}
    for line in lines:
        parts = line.split()
        if len(parts) == 4:
            sizes[parts[3]] = sizes.get(parts[3], 0) + int(parts[1], 16)
            kinds[parts[3]] = parts[2].lower()
    return sizes, kinds


def relocation_refs(objdump_text):
    """Symbols each function refers to, from the relocations `objdump -dr` prints under it."""
    refs, current = {}, None
    for line in objdump_text.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            current = m.group(1)
            refs.setdefault(current, set())
            continue
        m = re.search(r"R_\w+\s+(\S+?)(?:[+-]0x[0-9a-f]+)?$", line)
        if m and current:
            refs[current].add(m.group(1))
    return refs


def closure_sizes(objdump, nm, obj, functions):
    """[(function, code bytes, data bytes)]: each function with everything it
    reaches in obj, each function or table counted once per entry."""
    sizes, kinds = parse_nm(_run(nm, "-S", "--defined-only", obj).splitlines())
    refs = relocation_refs(_run(objdump, "-dr", obj))
    result = []
    for function in functions:
        # Only through symbols defined in obj: a call out of it ends the walk.
        seen, todo = set(), [function]
        while todo:
            name = todo.pop()
            if name in seen or name not in sizes:
                continue
            seen.add(name)
            todo.extend(refs.get(name, ()))
        code = sum(sizes[n] for n in seen if kinds[n] in ("t", "w"))
        data = sum(sizes[n] for n in seen if kinds[n] in ("r", "d", "v"))
        result.append((function, code, data))
    return result


def elf_symbols(readelf, path):
    """[(bytes, type, section index, name)] of every symbol `readelf -sW` lists in path."""
    rows = []
    for line in _run(readelf, "-sW", path).splitlines():
        fields = line.split()
        if len(fields) >= 7 and re.fullmatch(r"[0-9]+:", fields[0]):
            size = int(fields[2], 16) if fields[2].startswith("0x") else int(fields[2])
            rows.append((size, fields[3], fields[6], fields[7] if len(fields) > 7 else ""))
    return rows


def symbol_sums(symbols):
    """(code, tables): bytes of the defined functions and of the defined data objects."""
    code = sum(s for s, kind, ndx, _ in symbols if kind == "FUNC" and ndx != "UND")
    tables = sum(s for s, kind, ndx, _ in symbols if kind == "OBJECT" and ndx != "UND")
    return code, tables


def graph_code_size(graph, sizes, root):
    """(bytes, calls leaving the file): the root's function and every function
    the call graph reaches from it that has a frame there, sized by nm. The
    library's routines written in assembly (utf8mcu_*, no frame in GCC's
    graph) count too."""
    total, external = 0, set()
    for node in reachable(graph.edges, root):
        if node == SINK:
            continue
        if node not in graph.frames and not node.startswith("utf8mcu_"):
            external.add(node)
        else:
            total += sizes.get(node, 0)
    return total, external
