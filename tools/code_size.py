#!/usr/bin/env python3
"""Code size of functions in an object file, including everything they call.

Usage: code_size.py OBJDUMP NM OBJECT FUNCTION...

For each FUNCTION prints "FUNCTION CODE DATA": the bytes of its own code plus
the code of every function it reaches through calls and jumps (relocations
in the same object), and the bytes of the read-only data (tables) they use.
Each function or table is counted once per FUNCTION.
"""
import re
import subprocess
import sys


def main():
    objdump, nm, obj, *functions = sys.argv[1:]
    sizes, kinds = {}, {}
    for line in subprocess.run([nm, "-S", "--defined-only", obj], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 4:
            sizes[parts[3]] = int(parts[1], 16)
            kinds[parts[3]] = parts[2].lower()
    # References per function, from the relocations objdump prints under it.
    refs, current = {}, None
    for line in subprocess.run([objdump, "-dr", obj], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            current = m.group(1)
            refs.setdefault(current, set())
            continue
        m = re.search(r"R_\w+\s+(\S+?)(?:[+-]0x[0-9a-f]+)?$", line)
        if m and current:
            refs[current].add(m.group(1))
    for function in functions:
        seen, todo = set(), [function]
        while todo:
            name = todo.pop()
            if name in seen or name not in sizes:
                continue
            seen.add(name)
            todo.extend(refs.get(name, ()))
        code = sum(sizes[n] for n in seen if kinds[n] in ("t", "w"))
        data = sum(sizes[n] for n in seen if kinds[n] in ("r", "d", "v"))
        print(function, code, data)


if __name__ == "__main__":
    main()
