#!/usr/bin/env python3
"""u8serial against a real pseudo-terminal pair: bytes written to the master
come out of u8serial (reading the slave) as Python's decode('utf-8',
'replace'), byte for byte, in both read paths (chunked, and --bytewise through
the UartPort contract). Also checks that u8serial left the terminal in raw mode
(no echo, no CR/LF mapping, no XON/XOFF, no signals) and that --idle-ms ends a
quiet stream.

    u8serial_pty_test.py U8SERIAL
"""

import os
import subprocess
import sys
import termios
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mixed_input  # noqa: E402


def run(tool, payload, extra, use_count=True):
    master, slave = os.openpty()
    name = os.ttyname(slave)
    # Cooked mode with echo, as a fresh terminal: u8serial must change it.
    args = [tool] + extra + (["--count", str(len(payload))] if use_count else []) + [name]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    failures = []
    line = proc.stderr.readline().decode()
    if "listening" not in line:
        proc.kill()
        return ["u8serial did not start: %r" % line], b"", ""
    attrs = termios.tcgetattr(slave)
    iflag, oflag, cflag, lflag = attrs[0], attrs[1], attrs[2], attrs[3]
    for flag, name_ in ((termios.ICANON, "ICANON"), (termios.ECHO, "ECHO"),
                        (termios.ISIG, "ISIG"), (termios.IEXTEN, "IEXTEN")):
        if lflag & flag:
            failures.append("lflag %s still set" % name_)
    for flag, name_ in ((termios.ICRNL, "ICRNL"), (termios.IXON, "IXON"),
                        (termios.ISTRIP, "ISTRIP"), (termios.INLCR, "INLCR")):
        if iflag & flag:
            failures.append("iflag %s still set" % name_)
    if oflag & termios.OPOST:
        failures.append("oflag OPOST still set")
    if cflag & termios.CSIZE != termios.CS8:
        failures.append("not 8 data bits")

    def feed():
        view = memoryview(payload)
        while view:
            written = os.write(master, view[:4096])
            view = view[written:]

    writer = threading.Thread(target=feed, daemon=True)
    start = time.monotonic()
    writer.start()
    out, err = proc.communicate(timeout=120)
    writer.join(timeout=5)
    seconds = time.monotonic() - start
    os.close(master)
    os.close(slave)
    if proc.returncode != 0:
        failures.append("exit status %d: %s" % (proc.returncode, err.decode(errors="replace")))
    return failures, out, err.decode(errors="replace").strip() + " (%.1f s)" % seconds


def main():
    tool = sys.argv[1]
    payload = mixed_input.generate(256 * 1024, 7)
    # Bytes a cooked terminal would eat or change: NUL, ^C, ^D, ^Q/^S, CR, DEL, 0xFF.
    payload += b"\x00\x03\x04\x11\x13\r\n\x7f\xff\x1b[0m end"
    expected_text, errors = mixed_input.replace_decode(payload)
    expected = expected_text.encode("utf-8")
    passed = failed = 0
    for extra in ([], ["--bytewise"]):
        failures, out, summary = run(tool, payload, extra)
        if out != expected:
            at = next((i for i, (a, b) in enumerate(zip(out, expected)) if a != b),
                      min(len(out), len(expected)))
            failures.append("output differs at byte %d (got %d bytes, want %d)"
                            % (at, len(out), len(expected)))
        want = "received=%d code_points=%d replacements=%d dropped=0" % (
            len(payload), len(expected_text), errors)
        if want not in summary:
            failures.append("summary %r, want %r" % (summary, want))
        print("u8serial %s: %s" % (" ".join(extra) or "(chunked)", summary))
        for message in failures:
            print("FAIL: " + message)
        passed, failed = passed + (not failures), failed + bool(failures)

    # No --count: --idle-ms must end the stream after the data stops.
    short = "caf\u00e9 \U0001F600".encode("utf-8") + b"\xe2\x82"
    failures, out, summary = run(tool, short, ["--idle-ms", "300"], use_count=False)
    if out != short.decode("utf-8", "replace").encode("utf-8"):
        failures.append("idle run output %r" % out)
    print("u8serial --idle-ms: %s" % summary)
    for message in failures:
        print("FAIL: " + message)
    passed, failed = passed + (not failures), failed + bool(failures)

    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
