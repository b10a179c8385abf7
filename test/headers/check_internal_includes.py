#!/usr/bin/env python3
"""No internal header includes a public one.

The headers in an `internal/` or `arch/` folder under an include directory of
lib/ or port/ (and of the generated include directories given on the command
line) are the implementation: the public headers include them, never the
reverse, so that a reader of one of them never has to open the API around it
and no include cycle can form. Each of their #include lines must name
<cstddef>, <cstdint> or another header in an `internal/` or `arch/` folder.

    check_internal_includes.py [--root <repository>] [<generated include dir>...]

Prints "internal includes: ok" and exits 0, or lists every offending line and
exits 1.
"""

import argparse
import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
IMPLEMENTATION_FOLDERS = {"internal", "arch"}
ALLOWED_SYSTEM_HEADERS = {"cstddef", "cstdint"}
INCLUDE = re.compile(r"^\s*#\s*include(?:_next)?\s*(.*?)\s*(?://.*)?$")


def implementation_headers(include_dir):
    """The headers under include_dir that sit in an internal/ or arch/ folder."""
    for header in sorted(include_dir.rglob("*.h")):
        if IMPLEMENTATION_FOLDERS & set(header.relative_to(include_dir).parts[:-1]):
            yield header


def problem(target):
    """Why an #include target is not allowed, or None."""
    if target.startswith("<") and target.endswith(">"):
        if target[1:-1] in ALLOWED_SYSTEM_HEADERS:
            return None
        return "a library header other than <cstddef> and <cstdint>"
    if target.startswith('"') and target.endswith('"'):
        if IMPLEMENTATION_FOLDERS & set(pathlib.PurePosixPath(target[1:-1]).parts[:-1]):
            return None
        return "a public header"
    return "an include this check cannot read"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path, default=REPO)
    parser.add_argument("generated", nargs="*", type=pathlib.Path)
    args = parser.parse_args()

    include_dirs = sorted(p for p in args.root.glob("lib/**/include") if p.is_dir())
    include_dirs += sorted(p for p in args.root.glob("port/**/include") if p.is_dir())
    include_dirs += [p for p in args.generated if p.is_dir()]

    checked = 0
    failures = []
    for include_dir in include_dirs:
        for header in implementation_headers(include_dir):
            checked += 1
            for number, line in enumerate(header.read_text().splitlines(), 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                why = problem(match.group(1))
                if why:
                    failures.append(f"{header}:{number}: includes {why}: {line.strip()}")

    if checked == 0:
        sys.exit(f"check_internal_includes: no internal header found under {args.root}")
    if failures:
        print("\n".join(failures))
        print(f"internal includes: {len(failures)} problem(s) in {checked} headers")
        return 1
    print(f"internal includes: ok ({checked} headers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
