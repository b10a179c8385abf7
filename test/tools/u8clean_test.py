#!/usr/bin/env python3
"""Tests u8clean against Python's own UTF-8 decoder.

Usage: u8clean_test.py PATH_TO_U8CLEAN

Random and mutated inputs go through u8clean; its output must equal
bytes.decode('utf-8', 'replace') re-encoded (default), 'ignore' (--skip),
the code point list (--codepoints), and under --strict the exit status,
the offset and the kind must match Python's UnicodeDecodeError.
"""
import random
import subprocess
import sys

REASONS = {  # Python's reason -> the kinds u8clean may name for it
    "invalid start byte": ("unexpected continuation byte", "invalid lead byte", "over-long encoding"),
    "invalid continuation byte": ("over-long encoding", "encoded surrogate", "above U+10FFFF",
                                  "truncated sequence"),
    "unexpected end of data": ("truncated sequence",),
}


def run(tool, args, data):
    return subprocess.run([tool] + args, input=data, capture_output=True, timeout=60)


def random_input(rng):
    edges = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
    parts = []
    for _ in range(rng.randrange(0, 40)):
        r = rng.random()
        if r < 0.5:
            cp = rng.choice([rng.randrange(0x80), rng.randrange(0x80, 0x800), rng.randrange(0x800, 0xD800),
                             rng.randrange(0xE000, 0x10000), rng.randrange(0x10000, 0x110000)])
            encoded = chr(cp).encode("utf-8")
            if rng.random() < 0.2:
                encoded = encoded[:rng.randrange(len(encoded) + 1)]
            parts.append(encoded)
        elif r < 0.85:
            parts.append(bytes([rng.choice(edges)]))
        else:
            parts.append(bytes([rng.randrange(256)]))
    return b"".join(parts)


def main():
    tool = sys.argv[1]
    rng = random.Random(2024)
    failures = 0
    cases = [b"", b"plain ascii", b"\xc2\x41\x42", b"\xc0\xaf", b"\xed\xa1\x8c\xed\xbe\xb4",
             b"a\xf1\x80\x80\xe1\x80\xc2b\x80c\x80\xbfd", b"\xef\xbb\xbfBOM kept"]
    cases += [random_input(rng) for _ in range(300)]
    # Several inputs per process: concatenated they are one stream.
    for data in cases:
        expect = data.decode("utf-8", "replace")
        got = run(tool, [], data)
        if got.returncode != 0 or got.stdout != expect.encode("utf-8"):
            failures += 1
            print("replace mismatch:", data.hex(" "), got.stdout.hex(" "))
        got = run(tool, ["--skip"], data)
        if got.stdout != data.decode("utf-8", "ignore").encode("utf-8"):
            failures += 1
            print("skip mismatch:", data.hex(" "))
        got = run(tool, ["--codepoints"], data)
        lines = "".join("U+%04X\n" % ord(c) for c in expect).encode()
        if got.stdout != lines:
            failures += 1
            print("codepoints mismatch:", data.hex(" "))
        got = run(tool, ["--strict"], data)
        try:
            data.decode("utf-8")
            ok = got.returncode == 0 and got.stdout == data and got.stderr == b""
        except UnicodeDecodeError as e:
            message = got.stderr.decode()
            ok = (got.returncode == 1 and f"byte offset {e.start}:" in message
                  and any(kind in message for kind in REASONS[e.reason])
                  and f"({e.end - e.start} byte" in message
                  and got.stdout == data[:e.start])
        if not ok:
            failures += 1
            print("strict mismatch:", data.hex(" "), got.returncode, got.stderr)
        if failures > 5:
            break

    # A stream much larger than u8clean's chunk, with errors across chunk edges.
    big = b"".join(random_input(rng) for _ in range(20000))
    got = run(tool, [], big)
    if got.stdout != big.decode("utf-8", "replace").encode("utf-8"):
        failures += 1
        print("large stream mismatch")
    # Files given as arguments are separate streams; a missing file is an error.
    got = subprocess.run([tool, "/nonexistent/file"], capture_output=True)
    if got.returncode != 2:
        failures += 1
        print("missing file: expected exit 2, got", got.returncode)

    total = len(cases) * 4 + 2
    print(f"u8clean: {len(cases)} inputs, {len(big)} bytes streamed; {total - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
