#!/usr/bin/env python3
"""What the Zephyr module compiles, against a C++ library like Zephyr's default.

Zephyr's minimal C++ library (CONFIG_MINIMAL_LIBCPP, on unless something
selects REQUIRES_FULL_LIBCPP) has only <cstddef>, <cstdint> and <new>. This
reads zephyr/CMakeLists.txt for what each Kconfig symbol adds (include
directories, sources), compiles every header under those directories and every
source against test/headers/minimal_libcpp with -nostdinc++, and checks that
zephyr/Kconfig selects REQUIRES_FULL_LIBCPP for exactly the symbols whose files
need more. Fails if either side changes without the other.

    check_minimal_libcpp.py <work dir> <c++ compiler>...
"""

import pathlib
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
FAKE_LIBRARY = REPO / "test/headers/minimal_libcpp"
FULL_LIBRARY_SYMBOL = "REQUIRES_FULL_LIBCPP"
STANDARDS = ("c++17", "c++20")


def module_parts(cmake_text):
    """{Kconfig symbol: (include dirs, sources)} from zephyr/CMakeLists.txt."""
    parts = {}
    conditions = []
    command = ""
    for raw in cmake_text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line and not command:
            continue
        command = (command + " " + line).strip()
        if command.count("(") > command.count(")"):
            continue  # the command goes on on the next line
        if command.startswith("if("):
            conditions.append(re.findall(r"\bCONFIG_([A-Z0-9_]+)", command))
        elif command.startswith("endif("):
            conditions.pop()
        else:
            match = re.match(r"zephyr_(include_directories|library_sources)\((.*)\)$", command)
            if match:
                symbols = conditions[-1] if conditions else []
                if len(symbols) != 1:
                    sys.exit(f"check_minimal_libcpp: '{command}' is not under one Kconfig symbol")
                dirs, sources = parts.setdefault(symbols[0], ([], []))
                for word in match.group(2).split():
                    path = pathlib.Path(word.replace("${ZEPHYR_CURRENT_MODULE_DIR}", str(REPO)))
                    if not path.exists():
                        sys.exit(f"check_minimal_libcpp: {word} does not exist")
                    (dirs if match.group(1) == "include_directories" else sources).append(path)
        command = ""
    return parts


def kconfig_selects(kconfig_text):
    """{symbol: set of the symbols it selects} from zephyr/Kconfig."""
    selects = {}
    symbol = None
    for line in kconfig_text.splitlines():
        match = re.match(r"^config ([A-Z0-9_]+)$", line)
        if match:
            symbol = match.group(1)
            selects[symbol] = set()
            continue
        match = re.match(r"^\s+select ([A-Z0-9_]+)", line)
        if match and symbol:
            selects[symbol].add(match.group(1))
    return selects


def compile_source(compiler, standard, include_dirs, source, work, minimal=True):
    """The compiler's first error, or None if `source` compiles."""
    command = [compiler, f"-std={standard}", "-fsyntax-only", "-fno-exceptions", "-fno-rtti", "-Werror"]
    if minimal:
        command += ["-nostdinc++", "-isystem", str(FAKE_LIBRARY)]
    command += [f"-I{d}" for d in include_dirs] + ["-I" + str(work), str(source)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode == 0:
        return None
    errors = [l for l in result.stderr.splitlines() if "error" in l]
    return (errors or result.stderr.splitlines() or ["(no message)"])[0]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    work = pathlib.Path(sys.argv[1])
    compilers = sys.argv[2:]
    work.mkdir(parents=True, exist_ok=True)

    # The stand-in must be what it claims: the three headers work, nothing else is there.
    fine = work / "fake_library_has.cpp"
    fine.write_text("#include <cstddef>\n#include <cstdint>\n#include <new>\n"
                    "struct S { std::uint32_t x; };\n"
                    "alignas(S) static unsigned char place[sizeof(S)];\n"
                    "std::size_t f() { return new (place) S{7} != nullptr ? sizeof(std::int8_t) : 0; }\n")
    missing = work / "fake_library_lacks.cpp"
    missing.write_text("#include <type_traits>\n")
    for compiler in compilers:
        error = compile_source(compiler, "c++17", [], fine, work)
        if error:
            sys.exit(f"check_minimal_libcpp: {compiler}: the stand-in library fails: {error}")
        if compile_source(compiler, "c++17", [], missing, work) is None:
            sys.exit(f"check_minimal_libcpp: {compiler} found <type_traits> despite -nostdinc++")

    parts = module_parts((REPO / "zephyr/CMakeLists.txt").read_text())
    selects = kconfig_selects((REPO / "zephyr/Kconfig").read_text())
    if "UTF8MCU" not in parts or len(parts) < 3:
        sys.exit(f"check_minimal_libcpp: found only {sorted(parts)} in zephyr/CMakeLists.txt")
    core_dirs = parts["UTF8MCU"][0]

    failed = False
    total_files = 0
    for symbol, (dirs, sources) in sorted(parts.items()):
        if symbol not in selects:
            sys.exit(f"check_minimal_libcpp: CONFIG_{symbol} is not in zephyr/Kconfig")
        include_dirs = core_dirs + [d for d in dirs if d not in core_dirs]
        # Headers: those under the part's include/ directories, each on its own
        # and all together (internal headers are not meant to stand alone).
        # Other directories (src/, the Arduino layout) are there for the
        # part's sources, which are compiled as they are.
        files = []
        together = []
        for directory in dirs:
            if directory.name != "include":
                continue
            for header in sorted(directory.rglob("*.h")):
                name = header.relative_to(directory)
                # Headers of the text engines' users (paragraph_box.h) need
                # lib/text, which the Zephyr module does not ship.
                if '#include "utf8mcu/text/' in header.read_text() and not any(
                        (d / "utf8mcu/text").is_dir() for d in include_dirs):
                    continue
                unit = work / (symbol + "__" + str(name).replace("/", "__") + ".cpp")
                unit.write_text(f'#include "{name}"\n')
                files.append((header.relative_to(REPO), unit))
                together.append(f'#include "{name}"\n')
        all_unit = work / (symbol + "__all_headers.cpp")
        all_unit.write_text("".join(together))
        files += [(source.relative_to(REPO), source) for source in sources]
        files.append((f"all {len(together)} headers in one unit", all_unit))
        total_files += len(files)
        needing = []
        for shown, unit in files:
            for compiler in compilers:
                for standard in STANDARDS:
                    error = compile_source(compiler, standard, include_dirs, unit, work)
                    if error and compile_source(compiler, standard, include_dirs, unit, work, minimal=False):
                        if "internal" not in pathlib.Path(str(shown)).parts:
                            sys.exit(f"check_minimal_libcpp: {shown} does not compile with the full library "
                                     f"either ({pathlib.Path(compiler).name}, {standard})")
                        break  # an internal header: checked through the headers that include it
                    if error:
                        needing.append(f"{shown} ({pathlib.Path(compiler).name}, {standard}): {error}")
                        break
                else:
                    continue
                break
        selected = FULL_LIBRARY_SYMBOL in selects[symbol]
        print(f"CONFIG_{symbol}: {len(files)} files, {len(needing)} need more than "
              f"<cstddef>/<cstdint>/<new>; Kconfig selects {FULL_LIBRARY_SYMBOL}: {'yes' if selected else 'no'}")
        for line in needing:
            print(f"  {line}")
        if bool(needing) != selected:
            failed = True
            print(f"  MISMATCH: zephyr/Kconfig should {'' if needing else 'not '}select "
                  f"{FULL_LIBRARY_SYMBOL} under CONFIG_{symbol}")
    if failed:
        sys.exit(1)
    print(f"minimal libcpp: ok ({total_files} files, {len(compilers)} compilers, {len(STANDARDS)} standards)")


if __name__ == "__main__":
    main()
