#!/usr/bin/env python3
"""Writes docs/performance.md from what tools/bench-report.sh collected.

    make_report.py --dir build/bench-report --output docs/performance.md

Reads from --dir:
  machine.txt             "key: value" lines (date, CPU, compilers, QEMU, commit)
  <board>/bench.txt       the board firmware's output (bench/target/bench_main.cpp)
  <board>/bench-os.txt    the same at -Os (bench_firmware_os), when present
  <board>/image.nm        arm-none-eabi-nm -S of the -O2 firmware image
  <board>/os.nm           arm-none-eabi-nm -S of the -Os build of the operations
  <board>/o2.ci, os.ci    GCC call graphs with frame sizes (-fcallgraph-info=su)
  <board>/corpora.json    the corpora that board embedded
  budget-<board>.txt, budget-os-<board>.txt, size-budget.txt
                          output of the budget tests (-O2, -Os, sizes)
  host.json, host/corpora.json  Google Benchmark output (JSON) and its corpora
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from utf8mcu_tools.boards import REPORT_BOARDS, core  # noqa: E402
from utf8mcu_tools.codesize import graph_code_size, parse_nm as parse_nm_lines  # noqa: E402
from utf8mcu_tools.report import table  # noqa: E402
from utf8mcu_tools.stack import CallGraph, WorstPaths  # noqa: E402

BOARD_TITLES = {"microbit": "microbit (QEMU models it as an M0; the code is built for the M0+)"}

# (board, core, section title): one board per core, as in every report.
BOARDS = [(board, core(board), BOARD_TITLES.get(board, board)) for board in REPORT_BOARDS]

CORPUS_LABELS = {
    "gen-ascii": "ascii", "gen-latin1": "latin1", "gen-cyrillic": "cyrillic", "gen-cjk": "cjk",
    "gen-emoji": "emoji", "gen-emoji-text": "emoji-text", "gen-mixed": "mixed", "gen-random": "random",
    "lipsum-latin": "Latin", "mars-german": "German", "lipsum-russian": "Russian",
    "lipsum-chinese": "Chinese", "lipsum-emoji": "Emoji",
}

DECODERS = ["decoder_push_inline", "decoder_push_byte_inline", "decoder_push_callback", "decode_bulk_inline",
            "dfa_push_inline", "whatwg_push_inline"]
# The receive-handler shape: its sink sums and counts, so these agree among themselves.
ISR_DECODERS = ["decoder_push_byte_isr", "whatwg_push_byte_isr", "dfa_push_byte_isr"]

# The chart in performance.md: per shape, utf8mcu beside the two baselines.
CHART_SHAPES = [
    ("span push, inlined sink", ["decoder_push_inline", "whatwg_push_inline", "dfa_push_inline"]),
    ("push(byte) in a loop, inlined sink", ["decoder_push_byte_inline", "whatwg_push_inline", "dfa_push_inline"]),
    ("push(byte) in a receive handler", ["decoder_push_byte_isr", "whatwg_push_byte_isr", "dfa_push_byte_isr"]),
]
CHART_SERIES = [("utf8mcu", "#1f6feb"), ("WHATWG baseline", "#9a6700"), ("table DFA baseline", "#8c959f")]
CHART_CORPORA = ["gen-ascii", "gen-latin1", "gen-cyrillic", "gen-cjk", "gen-emoji", "gen-emoji-text", "gen-mixed",
                 "gen-random"]
# The budget tests' outputs, in the report's order.
BUDGET_FILES = [("budget-mps2-an385.txt", "Cortex-M3 (mps2-an385), -O2"),
                ("budget-os-mps2-an385.txt", "Cortex-M3 (mps2-an385), -Os"),
                ("budget-microbit.txt", "Cortex-M0+ code (microbit), -O2"),
                ("budget-os-microbit.txt", "Cortex-M0+ code (microbit), -Os"),
                ("size-budget.txt", "code size, Cortex-M0+ code at -Os")]
VALIDATORS = ["validate", "ascii4_validate"]

HOST_PRIMARY = {"decode": "utf8mcu", "to_utf32": "utf8mcu", "validate": "utf8mcu", "encode": "utf8mcu",
                "sanitize": "utf8mcu"}
HOST_JOBS = [
    ("decode", "Decode to a sink that sums the code points (U+FFFD for ill-formed input)"),
    ("to_utf32", "Decode into a UTF-32 buffer"),
    ("validate", "Validate (length of the well-formed prefix)"),
    ("encode", "Encode UTF-32 to UTF-8 (MB/s of UTF-8 written)"),
    ("sanitize", "UTF-8 to well-formed UTF-8, U+FFFD for ill-formed input"),
]


def label(corpus):
    return CORPUS_LABELS.get(corpus, corpus)


def read_lines(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()


def parse_bench(path):
    """Returns header, sizeof list, operations, corpora and results of one board."""
    run = {"header": {}, "sizeof": [], "operations": [], "corpora": [], "results": {}}
    for line in read_lines(path):
        try:
            words = shlex.split(line)
        except ValueError:
            continue
        if not words:
            continue
        kind, fields = words[0], dict(w.split("=", 1) for w in words[1:] if "=" in w)
        if kind == "utf8mcu-bench":
            run["header"] = fields
        elif kind == "sizeof":
            run["sizeof"].append((fields["type"], int(fields["bytes"])))
        elif kind == "operation":
            run["operations"].append((fields["name"], fields["description"]))
        elif kind == "corpus":
            run["corpora"].append(fields)
        elif kind == "result":
            run["results"][(fields["operation"], fields["corpus"])] = {
                "bytes": int(fields["bytes"]), "instructions": int(fields["instructions"]),
                "checksum": int(fields["checksum"])}
    return run


def parse_nm(path):
    return parse_nm_lines(read_lines(path))[0]


def parse_callgraph(path):
    """GCC -fcallgraph-info=su of one file (empty if the file is missing)."""
    graph = CallGraph()
    return graph.read_file(path) if os.path.exists(path) else graph


def demangle(name):
    try:
        return subprocess.run(["c++filt", name], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return name


def fmt(value, digits=2):
    return f"{value:.{digits}f}"


def machine_info(path):
    info = {}
    for line in read_lines(path):
        if ": " in line:
            key, value = line.split(": ", 1)
            info[key] = value
    return info


def corpus_legend(corpora_by_board, host_corpora):
    rows, seen = [], {}
    for board, corpora in corpora_by_board + [("host", host_corpora)]:
        for c in corpora:
            entry = seen.setdefault(c["name"], {"source": c["source"], "ascii": c.get("ascii_percent"), "sizes": {}})
            entry["sizes"].setdefault(c["bytes"], []).append(board)
    for name, entry in seen.items():
        sizes = "; ".join(f"{size:,} B" + (" (microbit)" if boards == ["microbit"] else "")
                          for size, boards in sorted(entry["sizes"].items(), reverse=True))
        source = re.sub(r", first \d+ bytes$", "", entry["source"])
        ascii_share = "" if entry["ascii"] is None else f"{entry['ascii']:.0f} %"
        rows.append([f"`{label(name)}`", f"`{name}`", source, sizes, ascii_share])
    return table(["column", "corpus", "source", "bytes", "ASCII"], rows, ["---", "---", "---", "---:", "---:"])


def board_section(core, title, run, level="-O2"):
    lines = []
    corpora = [c["name"] for c in run["corpora"]]
    operations = [name for name, _ in run["operations"]]
    header = run["header"]
    slice_bytes = max((int(c["bytes"]) for c in run["corpora"]), default=0)
    lines += [f"### {core}: {title}, {level}", "",
              f"Corpora of {slice_bytes // 1024} KB. SysTick: {header.get('nominal_instructions_per_tick', '?')} "
              f"instructions per tick (calibrated: {header.get('measured_instructions_per_tick', '?')}); "
              f"overhead of an empty measurement, subtracted: {header.get('overhead_instructions', '?')} instructions.",
              ""]
    window = int(header.get("utf32_window", "0") or 0)
    if 0 < window < slice_bytes:
        lines += [f"Only {window} UTF-32 units fit in RAM here: `utf8_to_utf32` is measured as the resumable "
                  f"`Utf8ToUtf32::convert` into a {window}-unit window (whole input, window after window), and "
                  f"`utf32_to_utf8` window by window.", ""]
    rows, stopped = [], []
    for op in operations:
        row = [f"`{op}`"]
        for corpus in corpora:
            r = run["results"].get((op, corpus))
            if r is None:
                row.append("")
                continue
            if op in VALIDATORS and r["checksum"] < r["bytes"]:
                row.append("—")
                stopped.append((op, corpus, r["checksum"]))
                continue
            row.append(fmt(r["instructions"] / r["bytes"]))
        rows.append(row)
    lines += table(["instructions / byte"] + [f"`{label(c)}`" for c in corpora], rows)
    lines.append("")
    if stopped:
        where = ", ".join(sorted({f"`{label(c)}` at byte {n}" for _, c, n in stopped}))
        lines += [f"—: the validators stop at the first ill-formed byte ({where}).", ""]
    # Every decoder must have produced the same code points.
    mismatches = []
    for group in (DECODERS, ISR_DECODERS):
        for corpus in corpora:
            sums = {op: run["results"][(op, corpus)]["checksum"] for op in group if (op, corpus) in run["results"]}
            if len(set(sums.values())) > 1:
                mismatches.append(f"`{label(corpus)}`: " + ", ".join(f"{op}={v}" for op, v in sums.items()))
    if mismatches:
        lines += ["**Decoders disagree** (sum of code points): " + "; ".join(mismatches), ""]
    else:
        lines += [f"All {len(DECODERS)} decoders produced the same code points (sum checked) on every corpus, "
                  f"and so did the {len(ISR_DECODERS)} in the receive-handler shape (sum and count).", ""]
    return lines


def per_byte(run, op, corpus):
    r = run["results"].get((op, corpus))
    return None if r is None or r["bytes"] == 0 else r["instructions"] / r["bytes"]


def span(values, digits=2):
    values = [v for v in values if v is not None]
    if not values:
        return "?"
    low, high = min(values), max(values)
    return fmt(low, digits) if fmt(low, digits) == fmt(high, digits) else f"{fmt(low, digits)}-{fmt(high, digits)}"


def size_tuned_section(runs, runs_os, size_o2, size_os):
    """The size/speed choice of the size-tuned validate() and utf8_to_utf32(), from the same data."""
    boards = [(board, c) for board, c, _ in BOARDS if board in runs and board in runs_os
              and board in ("microbit", "mps2-an385")]
    if not boards:
        return []
    rows = []
    ratios, ascii_os, ascii_o2, conv_os, conv_factor = {}, {}, {}, {}, {}
    for board, c in boards:
        gen = [x["name"] for x in runs_os[board]["corpora"] if x["name"].startswith("gen-")]
        valid = [x for x in gen if x != "gen-random"]
        ratios[c] = span([per_byte(runs_os[board], "ascii4_validate", x) / per_byte(runs_os[board], "validate", x)
                          for x in valid if per_byte(runs_os[board], "validate", x)])
        ascii_os[c] = span([per_byte(runs_os[board], "validate", "gen-ascii")])
        ascii_o2[c] = span([per_byte(runs[board], "validate", "gen-ascii")])
        conv_os[c] = span([per_byte(runs_os[board], "utf8_to_utf32", x) for x in gen])
        factors = []
        for x in gen:
            o2, os_ = per_byte(runs[board], "utf8_to_utf32", x), per_byte(runs_os[board], "utf8_to_utf32", x)
            if o2 and os_:
                factors.append(os_ / o2)
        conv_factor[c] = span(factors)
    cores = [c for _, c in boards]

    def sizes(op, level):
        return [str(level.get(op, {}).get(c, "?")) for c in cores]
    rows.append(["`validate`, bytes of code at -Os (at -O2)"] +
                [f"{a} ({b})" for a, b in zip(sizes("validate", size_os), sizes("validate", size_o2))])
    rows.append(["`ascii4_validate`, bytes of code at -Os"] + sizes("ascii4_validate", size_os))
    rows.append(["`validate` at -Os, times fewer instructions than `ascii4_validate` (valid corpora)"] +
                [ratios[c] for c in cores])
    rows.append(["`validate` on `ascii`, instructions per byte at -Os (at -O2)"] +
                [f"{ascii_os[c]} ({ascii_o2[c]})" for c in cores])
    rows.append(["`utf8_to_utf32`, bytes of code at -Os (at -O2)"] +
                [f"{a} ({b})" for a, b in zip(sizes("utf8_to_utf32", size_os), sizes("utf8_to_utf32", size_o2))])
    rows.append(["`utf8_to_utf32` at -Os, instructions per byte"] + [conv_os[c] for c in cores])
    rows.append(["`utf8_to_utf32` at -Os, times its -O2 instructions"] + [conv_factor[c] for c in cores])
    lines = ["### The size-tuned validator and converters", "",
             "At -Os, `validate` and the UTF-16 and UTF-32 converters share one small loop "
             "(`decode_compact()`: byte loads, ASCII a word per test from aligned addresses, each sequence or "
             "maximal subpart whole), where -O2 builds have run loops, 16-byte ASCII tests and a loop for noise. "
             "The choice, in figures from the tables above: `validate` is smaller than at -O2 and ahead of the "
             "4-byte-ASCII validator on every corpus, but pure ASCII costs it a word per test instead of four; "
             "`utf8_to_utf32` spends the loop's bytes to stay within twice its -O2 cost. `bench_budget_os` checks "
             "both per corpus.", ""]
    lines += table(["", *cores], rows, ["---"] + ["---:"] * len(cores))
    lines.append("")
    return lines


def chart_svg(runs):
    """Instructions per byte by corpus: a panel per core and shape, utf8mcu
    beside each baseline. Returns the SVG text, or None without figures."""
    panels = []
    for board, core, _ in BOARDS:
        if board not in ("microbit", "mps2-an385") or board not in runs:
            continue
        for title, ops in CHART_SHAPES:
            values = [[runs[board]["results"].get((op, c)) for op in ops] for c in CHART_CORPORA]
            values = [[r["instructions"] / r["bytes"] if r else 0.0 for r in group] for group in values]
            panels.append((f"{core}, {title}", values))
    if not panels:
        return None
    top = max(v for _, values in panels for group in values for v in group)
    scale_max = max(5, int(top / 5 + 1) * 5)
    bar, gap, left, plot_h = 7, 9, 46, 120
    group_w = bar * len(CHART_SERIES) + gap
    panel_w = left + group_w * len(CHART_CORPORA) + 10
    panel_h = plot_h + 56
    columns = len(CHART_SHAPES)
    rows = (len(panels) + columns - 1) // columns
    width, height = panel_w * columns, panel_h * rows + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="10">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for index, (title, values) in enumerate(panels):
        x0, y0 = (index % columns) * panel_w, (index // columns) * panel_h
        base = y0 + 20 + plot_h
        out.append(f'<text x="{x0 + left}" y="{y0 + 13}" font-weight="bold">{title}</text>')
        for tick in range(0, scale_max + 1, 5 if scale_max <= 20 else 10):
            y = base - tick * plot_h / scale_max
            out.append(f'<line x1="{x0 + left - 3}" y1="{y:.1f}" x2="{x0 + panel_w - 10}" y2="{y:.1f}" '
                       f'stroke="#d0d7de" stroke-width="0.5"/>')
            out.append(f'<text x="{x0 + left - 5}" y="{y + 3:.1f}" text-anchor="end">{tick}</text>')
        for g, corpus in enumerate(CHART_CORPORA):
            gx = x0 + left + g * group_w + gap / 2
            for k, (_, colour) in enumerate(CHART_SERIES):
                h = values[g][k] * plot_h / scale_max
                out.append(f'<rect x="{gx + k * bar:.1f}" y="{base - h:.1f}" width="{bar - 1}" height="{h:.1f}" '
                           f'fill="{colour}"><title>{values[g][k]:.2f}</title></rect>')
            out.append(f'<text x="{gx + group_w / 2 - gap / 2:.1f}" y="{base + 12}" text-anchor="middle">'
                       f'{label(corpus)}</text>')
        out.append(f'<text x="{x0 + 4}" y="{y0 + 20 + plot_h / 2:.1f}" transform="rotate(-90 {x0 + 10} '
                   f'{y0 + 20 + plot_h / 2:.1f})" text-anchor="middle">instr./byte</text>')
    legend_y = rows * panel_h + 15
    for k, (name, colour) in enumerate(CHART_SERIES):
        out.append(f'<rect x="{left + k * 150}" y="{legend_y - 9}" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{left + k * 150 + 14}" y="{legend_y}">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    d = args.dir
    info = machine_info(os.path.join(d, "machine.txt"))

    runs, corpora_by_board = {}, []
    runs_os = {}
    for board, _, _ in BOARDS:
        path = os.path.join(d, board, "bench.txt")
        if os.path.exists(os.path.join(d, board, "bench-os.txt")):
            runs_os[board] = parse_bench(os.path.join(d, board, "bench-os.txt"))
        if os.path.exists(path):
            runs[board] = parse_bench(path)
            meta_path = os.path.join(d, board, "corpora.json")
            if os.path.exists(meta_path):
                with open(meta_path) as f:
                    corpora_by_board.append((board, json.load(f)))
    host_corpora = []
    if os.path.exists(os.path.join(d, "host", "corpora.json")):
        with open(os.path.join(d, "host", "corpora.json")) as f:
            host_corpora = json.load(f)

    out = ["# Performance", "",
           "<!-- Generated by tools/bench-report.sh (bench/tools/make_report.py): do not edit by hand. -->", "",
           f"Measured on {info.get('date', '?')} at commit `{info.get('commit', '?')}`. Regenerate with "
           "`bash tools/bench-report.sh` (a few minutes).", ""]

    out += ["## How these figures are made", "",
            "- **Boards**: each QEMU board runs `bench_firmware` (bench/target) under `-icount shift=0`, where "
            "virtual time advances one nanosecond per executed instruction. The clock is **SysTick** on the core "
            "clock (1 tick = 40 instructions at 25 MHz on the mps2 boards, 50 on the an505 at 20 MHz, 62.5 on the "
            "microbit at 16 MHz); every run checks that ratio against a loop of known length and refuses to report "
            "otherwise. The cost of measuring an empty function is subtracted. Figures are **executed instructions "
            "per byte of UTF-8** (read, or written for `utf32_to_utf8`), not cycles: QEMU models no pipeline, "
            "caches or wait states. Two runs give the same counts.",
            "- Firmware is built with the presets' flags (`-O2`, arm-none-eabi-g++; `bench_firmware_os` the same "
            "operations at `-Os`, where the size-tuned paths run, on the generated corpora), one `extern \"C\"` function "
            "per operation (bench/common/operations.cpp) called through a pointer; decoders give every code point "
            "to a sink that sums them (the sum is returned, and checked across decoders). Corpora sit in flash.",
            "- **Host**: Google Benchmark (`bench_host`), same operations and corpora, `-O2`, CPU time, best of "
            "the repetitions. MB = 10^6 bytes.",
            "- Baselines (bench/baselines, written here from their published descriptions, checked against the "
            "reference model by the `bench_baselines` test): `dfa_push_inline`, a Hoehrmann-style table DFA "
            "(256-byte class table + 108-byte transition table, 8 bytes of state); `whatwg_push_inline`, the "
            "WHATWG Encoding Standard's branching decoder (bytes needed/seen, lower/upper boundary, 8 bytes of "
            "state; its span push, which `whatwg_push_inline` runs, written for speed with the count and the "
            "bounds in registers); `ascii4_validate`, a validator with a 4-bytes-at-a-time ASCII path. Both decoders replace "
            "each maximal subpart with one U+FFFD, as utf8mcu does.",
            ""]

    out += ["## Machine and tools", ""]
    out += table(["", ""], [[k, v] for k, v in info.items() if k not in ("date", "commit")], ["---", "---"])
    out += [""]

    out += ["## Corpora", "",
            "Lower-case columns are the **generated** corpora (bench/corpus/make_corpus.py, fixed seeds: the same "
            "bytes in every clone; CI and the budgets use only these). Capitalised columns are slices of "
            "**../shared/corpus**, added when that folder exists (cut back to a character boundary).", ""]
    out += corpus_legend(corpora_by_board, host_corpora)
    out += [""]

    # Budgets.
    out += ["## Budgets (checked in CI)", "",
            "`ctest --preset mps2-an385 -L budget` and `ctest --preset microbit -L budget`: instruction counts "
            "at -O2 (`bench_budget`) and at -Os (`bench_budget_os`) on the generated corpora, and code sizes. "
            "Output of the last run:", ""]
    for name, title in BUDGET_FILES:
        lines = read_lines(os.path.join(d, name))
        if lines:
            out += [f"### {title}", ""]
            # Blank lines around the table so that Markdown renders it.
            first = next((i for i, l in enumerate(lines) if l.startswith("|")), len(lines))
            last = max((i for i, l in enumerate(lines) if l.startswith("|")), default=first)
            out += lines[:first] + [""] + lines[first:last + 1] + [""]
            out += [l + "  " for l in lines[last + 1:]] + [""]

    # The chart, written beside the report.
    svg = chart_svg(runs)
    if svg is not None:
        chart_path = os.path.join(os.path.dirname(os.path.abspath(args.output)), "images", "decoder_shapes.svg")
        os.makedirs(os.path.dirname(chart_path), exist_ok=True)
        with open(chart_path, "w") as f:
            f.write(svg)
        out += ["## At a glance", "",
                "Instructions per byte on the generated corpora, utf8mcu beside the two baselines, in the three "
                "shapes firmware decodes in: a span at a time, one `push(byte)` per byte in a loop, and one call "
                "per byte into a receive handler (decoder in a global, sink out of line, as in a UART interrupt). "
                "Cortex-M0+ and Cortex-M3 at `-O2`; lower is better. The tables below have every figure.", "",
                "![Instructions per byte by corpus and shape](images/decoder_shapes.svg)", ""]

    # Per core.
    out += ["## Instructions per byte, per core", ""]
    descriptions = {}
    for run in runs.values():
        descriptions.update(dict(run["operations"]))
    out += table(["operation", "what it measures"], [[f"`{k}`", v] for k, v in descriptions.items()], ["---", "---"])
    out += [""]
    for board, core, title in BOARDS:
        if board in runs:
            out += board_section(core, title, runs[board])
        if board in runs_os:
            out += board_section(core, title, runs_os[board], "-Os (the size-tuned paths; generated corpora)")

    # Code size and stack.
    size_rows_o2, size_rows_os, stack_rows, notes = {}, {}, {}, set()
    table_objects = {}
    for board, core, _ in BOARDS:
        bdir = os.path.join(d, board)
        o2_graph = parse_callgraph(os.path.join(bdir, "o2.ci"))
        os_graph = parse_callgraph(os.path.join(bdir, "os.ci"))
        image_sizes, os_sizes = parse_nm(os.path.join(bdir, "image.nm")), parse_nm(os.path.join(bdir, "os.nm"))
        # The only indirect call in operations.cpp is the callback: it costs the sink's frame.
        indirect = [v for k, v in o2_graph.frames.items() if "add_code_point" in k]
        for line in read_lines(os.path.join(bdir, "image.nm")):
            parts = line.split()
            if len(parts) == 4 and parts[2] in "rRvV":
                name = demangle(parts[3])
                if name.startswith(("utf8mcu::detail::", "utf8mcu::bench::dfa::")):
                    table_objects.setdefault(name, int(parts[1], 16))
        for op in list(descriptions):
            root = "bench_" + op
            if root not in o2_graph.frames:
                continue
            size, external = graph_code_size(o2_graph, image_sizes, root)
            size_rows_o2.setdefault(op, {})[core] = size
            notes |= external
            size_os, external_os = graph_code_size(os_graph, os_sizes, root)
            size_rows_os.setdefault(op, {})[core] = size_os
            notes |= external_os
            depth = WorstPaths(o2_graph, indirect[0] if indirect else 0).at(root)[0]
            stack_rows.setdefault(op, {})[core] = depth
    cores = [core for board, core, _ in BOARDS if board in runs]
    if size_rows_o2:
        out += ["## Code size", "",
                "Bytes of code per operation: its function plus every function it calls that GCC did not inline "
                "(from GCC's call graph, `-fcallgraph-info`), sizes from `arm-none-eabi-nm -S`. The sink and the "
                "benchmark's loop are included (a few bytes).", ""]
        for title_, rows_ in (("-O2 (the benchmarked images)", size_rows_o2), ("-Os (same source, compiled only)",
                                                                                size_rows_os)):
            out += [f"### {title_}", ""]
            out += table(["operation"] + cores, [[f"`{op}`"] + [str(r.get(c, "")) for c in cores]
                                                for op, r in rows_.items()])
            out += [""]
        notes.discard("")
        if notes:
            out += ["Calls leaving the file (not counted): " + ", ".join(f"`{n}`" for n in sorted(notes)) + ".", ""]
        if table_objects:
            out += ["Read-only tables in the images: " + ", ".join(
                f"`{name}` {size} B" for name, size in sorted(table_objects.items())) + ".", ""]
        out += size_tuned_section(runs, runs_os, size_rows_o2, size_rows_os)
        out += ["The push decoder's size budget is measured separately at -Os on cortex-m0plus "
                "(bench/target/size_probe.cpp; see Budgets).", ""]
        out += ["## Worst-case stack", "",
                "Bytes of stack per operation at -O2: the deepest chain of frames in GCC's call graph "
                "(`-fstack-usage`, `-fcallgraph-info=su`; all frames are static). The function-pointer sink's "
                "frame is added for `decoder_push_callback`.", ""]
        out += table(["operation"] + cores, [[f"`{op}`"] + [str(r.get(c, "")) for c in cores]
                                            for op, r in stack_rows.items()])
        out += [""]

    # sizeof.
    sizeof_rows = {}
    for board, core, _ in BOARDS:
        for type_, size in runs.get(board, {"sizeof": []})["sizeof"]:
            sizeof_rows.setdefault(type_, {})[core] = size
    host_json = {}
    if os.path.exists(os.path.join(d, "host.json")):
        with open(os.path.join(d, "host.json")) as f:
            host_json = json.load(f)
    host_context = host_json.get("context", {})
    for key, value in host_context.items():
        if key.startswith("sizeof."):
            sizeof_rows.setdefault(key[len("sizeof."):], {})["x86-64 host"] = value
    if sizeof_rows:
        columns = cores + (["x86-64 host"] if host_context else [])
        out += ["## State objects (sizeof, bytes of RAM per stream)", ""]
        out += table(["type"] + columns, [[f"`{t}`"] + [str(r.get(c, "")) for c in columns]
                                          for t, r in sizeof_rows.items()])
        out += [""]

    # Host.
    if host_json:
        out += host_section(host_json)

    out += ["## How to re-run", "",
            "```sh",
            "bash tools/bench-report.sh                 # everything above, into docs/performance.md",
            "ctest --preset mps2-an385 -L budget        # instruction budgets, -O2 and -Os (after cmake --build)",
            "ctest --preset microbit -L budget          # the same on Cortex-M0+ code, and the size budgets",
            "# one board, by hand:",
            "cmake --preset mps2-an386 && cmake --build --preset mps2-an386 --target bench_firmware",
            "UTF8MCU_QEMU_ARGS='-icount shift=0' tools/qemu-run.sh mps2-an386 build/mps2-an386/bench/bench_firmware.elf",
            "# host, one job:",
            "cmake --preset host && cmake --build --preset host --target bench_host",
            "build/host/bench/bench_host --benchmark_filter='^decode/'",
            "```", ""]

    with open(args.output, "w") as f:
        f.write("\n".join(out))


def host_section(data):
    context = data.get("context", {})
    # Best of the repetitions: on a shared machine, other work only slows a run down.
    results, errors, runs = {}, {}, {}
    for b in data.get("benchmarks", []):
        name = b.get("run_name", b["name"])
        if b.get("error_occurred"):
            errors[name] = b.get("error_message", "error")
            continue
        if b.get("run_type") == "aggregate" or "bytes_per_second" not in b:
            continue
        runs[name] = runs.get(name, 0) + 1
        if name not in results or b["bytes_per_second"] > results[name]["bytes_per_second"]:
            results[name] = b
    lines = ["## Host comparison", "",
             f"{context.get('num_cpus', '?')} CPUs at {context.get('mhz_per_cpu', '?')} MHz (see Machine and tools); "
             f"{context.get('compiler', '')}, -O2; peers: ICU {context.get('version.icu', 'not built')}, "
             f"utf8proc {context.get('version.utf8proc', 'not built')}, utfcpp (version under Machine and tools), "
             f"glibc {context.get('version.glibc', '?')}. Cells: MB/s, and in brackets how many times faster "
             "utf8mcu's main entry (first row) is. † = output differs from utf8mcu's (the implementation does not "
             "replace each maximal subpart with one U+FFFD); n/a = cannot take ill-formed input; — = validators "
             f"stop at the first error. The host is a shared 2-CPU virtual machine: even as the best of "
             f"{max(runs.values(), default=0)} runs, "
             "differences below about 20 % are noise; the board instruction counts above are the exact figures.", ""]
    for job, title in HOST_JOBS:
        names = [n for n in results if n.startswith(job + "/")] + [n for n in errors if n.startswith(job + "/")]
        if not names:
            continue
        impls, corpora = [], []
        for n in names:
            _, impl, corpus = n.split("/", 2)
            if impl not in impls:
                impls.append(impl)
            if corpus not in corpora:
                corpora.append(corpus)
        order = [name for name in CORPUS_LABELS if name in corpora] + [c for c in corpora if c not in CORPUS_LABELS]
        primary = HOST_PRIMARY[job]
        rows = []
        for impl in impls:
            row = [f"`{impl}`"]
            for corpus in order:
                key = f"{job}/{impl}/{corpus}"
                if key in errors:
                    row.append("n/a")
                    continue
                b = results.get(key)
                if b is None:
                    row.append("")
                    continue
                if job == "validate" and corpus == "gen-random":
                    row.append("—")
                    continue
                mbps = b["bytes_per_second"] / 1e6
                cell = f"{mbps:,.0f}"
                base = results.get(f"{job}/{primary}/{corpus}")
                if impl != primary and base is not None:
                    cell += f" ({base['bytes_per_second'] / b['bytes_per_second']:.1f}×)"
                if b.get("same_output", 1) == 0:
                    cell += " †"
                row.append(cell)
            rows.append(row)
        lines += [f"### {title}", ""]
        lines += table(["MB/s"] + [f"`{label(c)}`" for c in order], rows)
        lines += [""]
        described = [f"`{impl}`: {context.get(f'implementation.{job}/{impl}', '')}" for impl in impls]
        lines += ["; ".join(described) + ".", ""]
    return lines


if __name__ == "__main__":
    main()
