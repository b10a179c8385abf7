#!/usr/bin/env python3
"""End-to-end test of the UART ingest path on a QEMU board.

Streams a length-prefixed frame of mixed input (mixed_input.py) into the
uart_decode firmware through the board's first UART (whichever port drives it:
CMSDK, PL011, ...), reads the sanitized UTF-8 it sends back, and checks it:

  exact   nothing may be lost: output == Python's decode('utf-8', 'replace'),
          byte for byte; the summary's counts match. An image that drops
          bytes when its ring is full (overflow=drop) loses some when the
          host starves QEMU's vCPU while its I/O thread keeps delivering;
          then its accounting is checked instead (see check_lossy).
  slow    as exact, with a reader slower than the link: the image must have
          held bytes in the UART (RxOverflow::kHold) at least once.
  stall   the firmware's reader stalls with a small ring, so bytes are dropped:
          received == sent, the firmware's drop log rebuilds the exact stream
          its decoder saw (accepted bytes, a 0xFF marker per gap), and the
          output equals that stream's reference decode byte for byte; also
          every output code point is U+FFFD or occurs in the input's decode,
          and the output split at U+FFFD is a sequence of substrings of the
          input's decode, in order.

Prints one line of figures (bytes, seconds, instructions per byte in the RX
interrupt when the image is instrumented and run with -icount shift=0); in
exact mode that figure must stay within the board's ISR_BUDGET.
Exit status 0 on success.
"""

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mixed_input  # noqa: E402

SUMMARY_MARK = b"\xff\nuart_decode:"


def parse_summary(raw):
    fields = {}
    for item in raw.decode("ascii").split():
        key, _, value = item.partition("=")
        fields[key] = value
    return fields


READY_LINE = b"uart_decode: ready\n"

# Budget of the RX interrupt: most instructions per received byte that the
# SysTick window of the uart_decode_timed* images (-icount) may show, per board
# and overflow policy. Each is the exact count for an interrupt that takes one
# byte (the worst case: more bytes per interrupt only lower the average),
# counted in a per-instruction QEMU trace, plus 10 % for SysTick's
# granularity (15 % on the microbit, whose SysTick figure runs about 9 %
# high). Checked in exact runs without drops: a full ring takes the slow path.
ISR_BUDGET = {
    ("mps2-an385", "drop"): 49, ("mps2-an385", "hold"): 59,
    ("lm3s6965evb", "drop"): 47, ("lm3s6965evb", "hold"): 57,
    ("netduinoplus2", "drop"): 42, ("netduinoplus2", "hold"): 47,
    ("microbit", "drop"): 69, ("microbit", "hold"): 83,
}


def run_firmware(args, elf, frame):
    """Runs one image with `frame` on its first UART; returns (status, output,
    stderr, seconds).

    The UART is a unix-socket chardev that QEMU waits on (wait=on), and the
    frame goes out only after the firmware's ready line: some UART models
    drop bytes that arrive before the receiver is enabled, and input waiting
    on stdin from the start was not reliable on every board."""
    env = dict(os.environ)
    env["UTF8MCU_QEMU_TIMEOUT"] = str(args.timeout)
    env.pop("UTF8MCU_QEMU_EXPECT", None)
    env.pop("UTF8MCU_QEMU_ARGS", None)
    with tempfile.TemporaryDirectory(prefix="uart_e2e") as work, \
            tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        path = os.path.join(work, "uart.sock")
        cmd = [args.qemu_run, args.board, elf,
               "-chardev", "socket,id=uart,path=%s,server=on,wait=on" % path,
               "-serial", "chardev:uart"]
        if args.icount:
            cmd += ["-icount", "shift=0"]
        start = time.monotonic()
        process = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=stdout,
                                   stderr=stderr, env=env)
        output = bytearray()
        problems = []
        connection = connect(path, process, args.timeout)
        if connection is None:
            problems.append("could not connect to QEMU's UART socket")
        else:
            with connection:
                connection.settimeout(args.timeout)
                received = receive(connection, output, READY_LINE)
                if received:
                    sender = threading.Thread(target=send_all,
                                              args=(connection, frame, problems))
                    sender.start()
                    receive(connection, output, None)
                    sender.join()
                else:
                    problems.append("no ready line from the firmware")
        try:
            status = process.wait(timeout=args.timeout + 10)
        except subprocess.TimeoutExpired:
            process.kill()
            status = process.wait()
        seconds = time.monotonic() - start
        stderr.seek(0)
        err = stderr.read().decode("utf-8", "replace")
        if problems:
            err = "; ".join(problems) + "\n" + err
            status = status or 1
        text = bytes(output)
        if text.startswith(READY_LINE):
            text = text[len(READY_LINE):]
        return status, text, err, seconds


def connect(path, process, timeout):
    """Connects to QEMU's server socket once it exists (None if QEMU exits or
    `timeout` seconds pass first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        if os.path.exists(path):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(path)
                return sock
            except OSError:
                sock.close()
        time.sleep(0.01)
    return None


def receive(connection, output, until):
    """Appends what arrives to `output` until it contains `until` (returns
    True) or the connection closes (returns `until is None`)."""
    while until is None or until not in output:
        try:
            chunk = connection.recv(65536)
        except OSError:
            chunk = b""
        if not chunk:
            return until is None
        output += chunk
    return True


def send_all(connection, frame, problems):
    try:
        connection.sendall(frame)
    except OSError as error:
        problems.append("sending stopped: %s" % error)


def rebuild_stream(payload, drops, prefix_bytes=4):
    """The bytes the firmware's decoder saw: accepted bytes, with one 0xFF gap
    marker before the first accepted byte after each run of drops (ByteRing's
    rule), and one at the end for a gap still open there (RingReader.finish,
    which decodes it without taking it from the ring). Returns (stream, bytes
    taken from the ring)."""
    dropped = set()
    for first, count in drops:
        if first < prefix_bytes:
            raise AssertionError("a prefix byte was dropped: %d" % first)
        dropped.update(range(first - prefix_bytes, first - prefix_bytes + count))
    stream = bytearray()
    gap_open = False
    for index, byte in enumerate(payload):
        if index in dropped:
            gap_open = True
            continue
        if gap_open:
            stream.append(0xFF)
            gap_open = False
        stream.append(byte)
    from_ring = len(stream)
    if gap_open:
        stream.append(0xFF)
    return bytes(stream), from_ring


def check_pieces(output_text, reference_text):
    """Every code point is U+FFFD or in the reference; the parts between
    U+FFFD are substrings of the reference, in order."""
    alphabet = set(reference_text)
    foreign = [c for c in set(output_text) if c != "\ufffd" and c not in alphabet]
    if foreign:
        return "code points absent from the input: %r" % foreign[:10]
    position = 0
    for piece in output_text.split("\ufffd"):
        if not piece:
            continue
        found = reference_text.find(piece, position)
        if found < 0:
            return "output piece not found in order in the input: %r" % piece[:40]
        position = found + len(piece)
    return None


def check_lossy(summary, payload, output_text, reference_text):
    """Checks a drop-policy run that lost bytes without a drop log: each run
    of lost bytes is one gap (one marker slot, U+FFFD), so there are between
    1 and `dropped` gaps, the decoded slots are the kept bytes plus a marker
    per gap (the last one not taken from the ring when the input ends in a
    gap), and the output pieces between U+FFFD occur in the input's decode,
    in order. Returns the failures."""
    failures = []
    dropped, gaps, slots = (int(summary.get(k, "-1")) for k in ("dropped", "gaps", "bytes"))
    if not 1 <= gaps <= dropped:
        failures.append("dropped=%d with gaps=%d" % (dropped, gaps))
    kept = len(payload) - dropped
    if slots not in (kept + gaps, kept + gaps - 1):
        failures.append("bytes=%d, want %d kept bytes plus a marker per gap (%d)" % (slots, kept, gaps))
    problem = check_pieces(output_text, reference_text)
    if problem:
        failures.append(problem)
    return failures


def check_run(args, elf, payload):
    """Streams one frame through one QEMU run; returns (failures, summary, seconds)."""
    frame = len(payload).to_bytes(4, "little") + payload
    status, out, err, seconds = run_firmware(args, elf, frame)
    failures = []
    fail = failures.append

    if status != 0:
        fail("QEMU exited with status %d\n%s" % (status, err[-2000:]))
    mark = out.rfind(SUMMARY_MARK)
    if mark < 0:
        fail("no summary in the output (%d bytes)" % len(out))
        summary, text_bytes = {}, out
    else:
        summary = parse_summary(out[mark + len(SUMMARY_MARK):])
        text_bytes = out[:mark]

    def number(key):
        return int(summary.get(key, "-1"))

    reference_text, reference_errors = mixed_input.replace_decode(payload)
    try:
        output_text = text_bytes.decode("utf-8")
    except UnicodeDecodeError as error:
        fail("output is not well-formed UTF-8: %s" % error)
        output_text = text_bytes.decode("utf-8", "replace")

    if number("received") != len(frame):
        fail("received=%d, sent %d" % (number("received"), len(frame)))

    lossy = args.mode == "exact" and summary.get("overflow") == "drop" and number("dropped") > 0
    summary["compared_exactly"] = "0" if lossy or args.mode == "stall" else str(len(payload))
    if lossy:
        print("uart_e2e: %s lost %d bytes in %d gaps under host load (overflow=drop); "
              "checking its accounting" % (os.path.basename(elf), number("dropped"), number("gaps")))
        failures += check_lossy(summary, payload, output_text, reference_text)
    elif args.mode in ("exact", "slow"):
        expected = reference_text.encode("utf-8")
        if text_bytes != expected:
            at = next((i for i, (a, b) in enumerate(zip(text_bytes, expected)) if a != b),
                      min(len(text_bytes), len(expected)))
            fail("output differs from Python's decode at byte %d (got %d bytes, want %d): "
                 "%r vs %r" % (at, len(text_bytes), len(expected),
                               text_bytes[at:at + 16], expected[at:at + 16]))
        for key, want in (("dropped", 0), ("gaps", 0), ("bytes", len(payload)),
                          ("code_points", len(reference_text)),
                          ("replacements", reference_errors)):
            if number(key) != want:
                fail("%s=%d, want %d" % (key, number(key), want))
        if args.mode == "slow" and number("holds") < 1:
            fail("holds=%d: the reader never fell behind" % number("holds"))
    else:
        runs = number("drop_runs")
        drops = []
        for item in filter(None, summary.get("drops", "").split(",")):
            first, _, count = item.partition("+")
            drops.append((int(first), int(count)))
        if number("dropped") < args.min_dropped:
            fail("dropped=%d: the stall did not overflow the ring" % number("dropped"))
        if runs != len(drops):
            fail("drop log incomplete (%d runs, %d logged): stalls too many" % (runs, len(drops)))
        elif sum(count for _, count in drops) != number("dropped"):
            fail("drop log sums to %d, dropped=%d" % (sum(c for _, c in drops), number("dropped")))
        elif not failures:
            stream, from_ring = rebuild_stream(payload, drops)
            expected_text, expected_errors = mixed_input.replace_decode(stream)
            if text_bytes != expected_text.encode("utf-8"):
                fail("output differs from the decode of the rebuilt stream")
            if number("bytes") != from_ring:
                fail("bytes=%d, rebuilt stream has %d" % (number("bytes"), from_ring))
            if number("gaps") != len(drops):
                fail("gaps=%d, drop runs %d" % (number("gaps"), len(drops)))
            if number("replacements") != expected_errors:
                fail("replacements=%d, want %d" % (number("replacements"), expected_errors))
        problem = check_pieces(output_text, reference_text)
        if problem:
            fail(problem)
    return failures, summary, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qemu-run", required=True, help="tools/qemu-run.sh")
    parser.add_argument("--board", required=True)
    parser.add_argument("--elf", required=True, action="append",
                        help="firmware image; several are used in turn by the jobs")
    parser.add_argument("--mode", choices=["exact", "slow", "stall"], default="exact")
    parser.add_argument("--bytes", type=int, default=1 << 20, help="total input bytes")
    parser.add_argument("--jobs", type=int, default=1,
                        help="split the input into this many consecutive slices, each "
                             "streamed by its own QEMU run, all at once")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--icount", action="store_true", help="-icount shift=0 (exact counts)")
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--min-dropped", type=int, default=1,
                        help="stall mode: fewest drops that prove the path ran")
    args = parser.parse_args()

    data = mixed_input.generate(args.bytes, args.seed)
    bounds = [len(data) * i // args.jobs for i in range(args.jobs + 1)]
    results = [None] * args.jobs

    def job(index):
        elf = args.elf[index % len(args.elf)]
        results[index] = (elf,) + check_run(args, elf, data[bounds[index]:bounds[index + 1]])

    start = time.monotonic()
    threads = [threading.Thread(target=job, args=(i,)) for i in range(args.jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.monotonic() - start

    failed = 0
    for index, (elf, failures, summary, run_seconds) in enumerate(results):
        figures = ["job=%d" % index, "elf=%s" % os.path.basename(elf),
                   "bytes=%d" % (bounds[index + 1] - bounds[index] + 4),
                   "seconds=%.1f" % run_seconds]
        for key in ("dropped", "gaps", "holds", "code_points", "replacements", "ring_ram"):
            if key in summary:
                figures.append("%s=%s" % (key, summary[key]))
        calib = int(summary.get("calib_ticks", "0"))
        if args.icount and calib > 0 and int(summary.get("isr_bytes", "0")) > 0:
            per_tick = int(summary["calib_instructions"]) / calib
            figures.append("instructions_per_tick=%.2f" % per_tick)
            per_byte = int(summary["isr_ticks"]) * per_tick / int(summary["isr_bytes"])
            figures.append("isr_instructions_per_byte=%.1f" % per_byte)
            budget = ISR_BUDGET.get((args.board, summary.get("overflow")))
            if (budget is not None and args.mode == "exact" and summary.get("dropped") == "0"
                    and per_byte > budget):
                failures.append("RX interrupt: %.1f instructions per byte, over the budget of %d"
                                % (per_byte, budget))
            figures.append("bytes_per_interrupt=%.2f" %
                           (int(summary["isr_bytes"]) / max(1, int(summary["isr_calls"]))))
        print("uart_e2e: " + " ".join(figures))
        for message in failures:
            print("FAIL (job %d): %s" % (index, message))
        failed += 1 if failures else 0
    exact = sum(int(summary.get("compared_exactly", "0")) for _, _, summary, _ in results)
    print("uart_e2e: board=%s mode=%s total_bytes=%d compared_exactly=%d jobs=%d seconds=%.1f" %
          (args.board, args.mode, len(data), exact, args.jobs, seconds))
    print("%d passed, %d failed" % (args.jobs - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
