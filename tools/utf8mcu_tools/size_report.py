"""docs/size.md: code bytes per operation on each core at -Os and -O2 (and on
the host), from the size probes of test/size. tools/size-report.sh builds the
probes and runs this."""
import glob
import subprocess
import time

from . import boards
from .codesize import closure_sizes
from .report import table, write

FUNCTIONS = ["size_decoder_push_byte", "size_decoder_push_span", "size_decoder_push_span_inlined",
             "size_decoder_finish", "size_validate", "size_count_code_points", "size_encode",
             "size_writer_put", "size_utf8_to_utf32", "size_utf16_to_utf8"]
LEVELS = ["Os", "O2"]


def presets():
    """The report boards, then the host: the columns of every table."""
    return boards.REPORT_BOARDS + [boards.HOST]


def tool(preset, name):
    return name if preset == boards.HOST else "arm-none-eabi-" + name


def probe_object(preset, level):
    found = sorted(glob.glob(f"build/{preset}/test/size/CMakeFiles/size_probe_{level}.dir/**/size_probe.cpp.o*",
                             recursive=True))
    if not found:
        raise SystemExit(f"size-report: no size probe object for {preset} -{level}: build size_probe_{level}")
    return found[0]


def first_line(*command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.splitlines()[0]


def lines():
    out = ["# Code size", "",
           "Bytes of code per operation, measured by `bash tools/size-report.sh` on",
           f"{time.strftime('%Y-%m-%d', time.gmtime())} with {first_line('arm-none-eabi-g++', '--version')} "
           f"and {first_line('g++', '--version')}.",
           'Each figure is the code of one `extern "C"` entry point of',
           "test/size/size_probe.cpp plus every function it calls (each counted once).",
           "Read-only tables are not included: the decoders share one lead-byte",
           "table, 128 bytes in -O2 builds and 40 in -Os builds; at -Os on the",
           "Cortex-M0+ `decoder_push_span` (a function-pointer sink) is a routine",
           "written in assembly with a 58-byte table of its own.",
           "The decoder's state is 4 bytes of RAM; it has no other RAM.", ""]
    for level in LEVELS:
        out += [f"## -{level}", ""]
        cell = {}
        for preset in presets():
            for function, code, _ in closure_sizes(tool(preset, "objdump"), tool(preset, "nm"),
                                                   probe_object(preset, level), FUNCTIONS):
                cell[preset, function] = code
        out += table(["operation"] + [boards.core(p) for p in presets()],
                     [[f"`{f[len('size_'):]}`"] + [cell.get((p, f), "") for p in presets()] for f in FUNCTIONS])
        out += [""]
    out += ["## Sections of the probe object (all operations together)", ""]
    rows = []
    for preset in presets():
        for level in LEVELS:
            size = subprocess.run([tool(preset, "size"), probe_object(preset, level)], capture_output=True,
                                  text=True, check=True).stdout.splitlines()[-1].split()
            rows.append([boards.core(preset), f"-{level}"] + size[:3])
    out += table(["core", "level", "text", "data", "bss"], rows, ["---", "---", "---:", "---:", "---:"])
    out += ["", "Regenerate with `bash tools/size-report.sh`."]
    return out


def main(argv):
    """size-report [DOC]: prints the report and writes it to DOC (default docs/size.md)."""
    doc = argv[0] if argv else "docs/size.md"
    text = lines()
    write(doc, text)
    print("\n".join(text))
    return 0
