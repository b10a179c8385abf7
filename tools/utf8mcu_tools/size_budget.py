"""Size budgets of the push decoder (bench/tools/size_budget.sh): code,
tables and state read from probe archives built for cortex-m0plus at -Os."""
import os
import subprocess

from .codesize import elf_symbols, symbol_sums

CODE_LIMIT = 160
TABLE_LIMIT = 64
STATE_LIMIT = 4
# Decoders written out of line (lib/include/utf8mcu/arch/thumb1_push.h):
# where the probe calls one, the probe's own function is only the call
# site, which every caller of push() has, and is listed apart.
OUT_OF_LINE = ("utf8mcu_thumb1_push_replace",)


PROBE = "utf8mcu_size_decoder_push"


def demangle(names, cxxfilt):
    out = subprocess.run([cxxfilt], input="\n".join(names), capture_output=True, text=True, check=True).stdout
    return out.split("\n")[:len(names)]


def functions_of(symbols, cxxfilt):
    """"name (bytes); ..." of the defined functions, demangled."""
    defined = [(size, name) for size, kind, ndx, name in symbols if kind == "FUNC" and ndx != "UND"]
    names = demangle([name for _, name in defined], cxxfilt) if defined else []
    return "; ".join(f"{name} ({size})" for (size, _), name in zip(defined, names))


def main(argv):
    """size-budget <decoder-probe.a> <state-probe.a> [<baseline-probe.a>...]: the budget table; 1 if over."""
    if len(argv) < 2:
        print("usage: size_budget.sh <decoder-probe.a> <state-probe.a> [<baseline-probe.a>...]",
              file=__import__("sys").stderr)
        return 2
    readelf = os.environ.get("READELF", "arm-none-eabi-readelf")
    cxxfilt = os.environ.get("CXXFILT", "arm-none-eabi-c++filt")
    decoder = elf_symbols(readelf, argv[0])
    defined = {name for _, kind, ndx, name in decoder if kind == "FUNC" and ndx != "UND"}
    call_site = [(size, kind, ndx, name) for size, kind, ndx, name in decoder
                 if name == PROBE and kind == "FUNC" and defined & set(OUT_OF_LINE)]
    code, tables = symbol_sums([symbol for symbol in decoder if symbol not in call_site])
    functions = functions_of(decoder, cxxfilt)
    external = ", ".join(name for _, _, ndx, name in decoder if ndx == "UND" and name)
    state = next((str(size) for size, _, _, name in elf_symbols(readelf, argv[1])
                  if name == "utf8mcu_sizeof_decoder"), "")
    counts = {"within": 0, "gaps": 0, "over": 0}

    def row(name, measured, limit, guard=None):
        verdict = "pass"
        if not measured:
            verdict = "FAIL, not found"
        elif int(measured) > limit and guard is not None and int(measured) <= guard:
            verdict = f"GAP, {int(measured) - limit} bytes over (regression guard {guard})"
        elif int(measured) > limit:
            verdict = (f"FAIL, {int(measured) - limit} bytes over"
                       + (f" and over the regression guard {guard}" if guard is not None else ""))
        counts["within" if verdict == "pass" else "gaps" if verdict.startswith("GAP") else "over"] += 1
        print(f"| {name} | {measured or '-'} | <= {limit} | {verdict} |")

    print("utf8mcu size budgets on cortex-m0plus at -Os: Decoder::push(span) with a CodePointCallback sink "
          f"({os.path.basename(argv[0])})")
    print("| budget | measured | limit | result |")
    print("|---|---:|---:|---|")
    row("push decoder code, bytes", str(code), CODE_LIMIT)
    row("push decoder tables, bytes", str(tables), TABLE_LIMIT)
    row("push decoder state (sizeof Decoder), bytes", state, STATE_LIMIT)
    print(f"functions: {functions or 'none'}")
    if call_site:
        print(f"not counted: {PROBE} ({call_site[0][0]}), the probe's call of the out-of-line decoder")
    print(f"calls out of the object (not counted): {external or 'none'}")
    for baseline in argv[2:]:
        symbols = elf_symbols(readelf, baseline)
        b_code, b_tables = symbol_sums(symbols)
        print(f"for comparison, not a budget: {os.path.basename(baseline)}: {b_code} bytes of code, "
              f"{b_tables} of tables; functions: {functions_of(symbols, cxxfilt)}")
    print(f"budgets: {counts['within']} within, {counts['gaps']} gaps within their regression guards, "
          f"{counts['over']} over")
    return 0 if counts["over"] == 0 else 1
