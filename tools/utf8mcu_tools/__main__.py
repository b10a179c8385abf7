"""Command line of the tools package, for the shell scripts:

    python3 tools/utf8mcu_tools boards [--report | --presets]
    python3 tools/utf8mcu_tools core BOARD
    python3 tools/utf8mcu_tools code-size OBJDUMP NM OBJECT FUNCTION...
    python3 tools/utf8mcu_tools size-report [DOC]
    python3 tools/utf8mcu_tools stack-report [--check]
    python3 tools/utf8mcu_tools size-budget DECODER.a STATE.a [BASELINE.a...]

boards prints the QEMU boards of CMakePresets.json (--presets: every preset,
host first; --report: one board per core, the reports' columns), one a line.
"""
import os
import sys

if not __package__:  # run as `python3 tools/utf8mcu_tools`
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from utf8mcu_tools import boards, codesize, size_budget, size_report, stack_report  # noqa: E402


def main(argv):
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    command, args = argv[0], argv[1:]
    if command == "boards":
        names = (boards.presets() if "--presets" in args else
                 boards.REPORT_BOARDS if "--report" in args else boards.boards())
        print("\n".join(names))
        return 0
    if command == "core" and len(args) == 1:
        print(boards.core(args[0]))
        return 0
    if command == "code-size" and len(args) >= 3:
        for function, code, data in codesize.closure_sizes(*args[:3], args[3:]):
            print(function, code, data)
        return 0
    if command == "size-report":
        return size_report.main(args)
    if command == "stack-report":
        return stack_report.main(args)
    if command == "size-budget":
        return size_budget.main(args)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
