#!/usr/bin/env python3
"""Differential test of a UTF-8 decoder driver against Python's own codec.

Python's bytes.decode('utf-8', 'replace') implements Unicode's "U+FFFD
substitution of maximal subparts", the behaviour utf8mcu promises. This script
generates inputs (deterministically from --seed), streams them through one run
of a driver program, and checks every policy and every chunking against Python.

Protocol (all integers little-endian u32):
  stdin:  "U8O2", then per case: n, n input bytes, k, k chunk sizes (sum == n).
          End of stream = end of input.
  stdout: "U8O2", then per case:
            n                         echo of the input length (catches a desync)
            flags                     driver-detected contract violations (0 = none)
            chunked mode:  R S P Q    input fed as the given chunks, then finish()
            bytewise mode: R S P Q    input fed with push(byte) one by one, then finish()
          where a list is a count and that many values, and
            R, S  replace / skip: list of code points, number of errors the
                  decoder counted (sum of DecodeResult::errors, plus 1 if finish()
                  returned an error), status and length of the first error (0, 0)
            P     report, stopping at the first error: list of the code points
                  emitted before it (all if none), status (0 = no error, else
                  utf8mcu::Status), absolute offset of the maximal subpart, its
                  length (offset and length 0 when no error)
            Q     report, resuming after every error: list of code points where
                  an error is two words, 0x80000000 | status << 8 | length, then
                  its absolute offset

Standard library only (python3.11).
"""

import argparse
import os
import random
import struct
import subprocess
import sys
import threading
import time

MAGIC = b"U8O2"  # bump whenever the protocol changes

# utf8mcu::Status / ref::Kind codes.
OK, UNEXPECTED_CONTINUATION, INVALID_LEAD, OVERLONG, SURROGATE, TOO_LARGE, TRUNCATED = range(7)
KIND_NAMES = ["ok", "kUnexpectedContinuation", "kInvalidLead", "kOverlong", "kSurrogate",
              "kTooLarge", "kTruncated"]

FLAG_NAMES = ["replace/skip push(span) consumed != size",
              "report push(span) without error consumed != size",
              "report error with consumed > size or negative offset",
              "push(byte) without error consumed != 1",
              "error length outside 1..3",
              "result.errors disagrees with result.error",
              "resuming after a report made no progress"]

INTERESTING = bytes([0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                     0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF])
CONTINUATIONS = bytes([0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF])
BOUNDARY_SCALARS = [0x0, 0x1, 0x41, 0x7F, 0x80, 0xFF, 0x100, 0x7FF, 0x800, 0xFFF, 0x1000,
                    0xCFFF, 0xD000, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000,
                    0x1D11E, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000, 0x10FFFF]
SCALAR_RANGES = [(0x0, 0x7F), (0x80, 0x7FF), (0x800, 0xD7FF), (0xE000, 0xFFFF),
                 (0x10000, 0x10FFFF)]

# Hand-picked inputs: the standard's examples and the classic decoder traps.
FIXED = [bytes.fromhex(h) for h in [
    "", "00", "7f", "80", "bf", "c0", "c1", "c2", "df", "e0", "ed", "ef", "f0", "f4", "f5", "ff",
    "79", "c3a4", "c2ae", "e282ac", "f09d849e", "c080", "c1bf", "e08080", "e09fbf", "e0a080",
    "f0808080", "f08fbfbf", "f0908080", "eda080", "edbfbf", "ed9fbf", "ee8080", "eda18cedbeb4",
    "f48fbfbf", "f4908080", "f4bfbfbf", "f5808080", "f7bfbfbf", "f888808080", "fc8480808080",
    "fe", "fffe", "efbbbf", "efbfbe", "efbfbf", "61f18080e180c2628063" + "80bf64",
    "e282", "e241", "f09080", "f0908041", "c2c280", "e180e18080", "e0c0", "ed7f", "f4f48f80",
    "f0f5", "e0a0c0", "c2", "e2", "f1", "f180", "f18080", "f1808080", "4180bf41",
    "c0afe080aff08080af", "edaf80edbfbf", "eda080edb080", "ed9fbfee8080",
    "80818283848586878889", "c0c1f5f6f7f8f9fafbfcfdfeff", "e1e1e1e1", "f4908080f48f8080",
    "dfbfe0a080efbfbff0908080f48fbfbf", "f4", "f480", "f48f", "f48fbf", "f490", "f0", "f090",
    "e0", "e0a0", "e09f", "ed", "eda0", "ed9f",
]]


class Case:
    __slots__ = ("data", "chunks")

    def __init__(self, data, chunks):
        self.data = data
        self.chunks = chunks


# ---------------------------------------------------------------- generation

def random_scalar(rng):
    if rng.random() < 0.25:
        return rng.choice(BOUNDARY_SCALARS)
    lo, hi = rng.choice(SCALAR_RANGES)
    return rng.randint(lo, hi)


def valid_text(rng):
    count = rng.choice((0, 1, 2, 3, 5, 8, 12, 20))
    return "".join(chr(random_scalar(rng)) for _ in range(count)).encode("utf-8")


def random_biased_bytes(rng):
    if rng.random() < 0.95:
        n = rng.choice((1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32))
    else:
        n = rng.randint(33, 300)
    out = bytearray()
    for _ in range(n):
        r = rng.random()
        if r < 0.6:
            out.append(rng.choice(INTERESTING))
        elif r < 0.8:
            out.append(rng.randrange(0x80, 0xC0))
        else:
            out.append(rng.randrange(256))
    return bytes(out)


def ill_formed_piece(rng):
    """A short ill-formed (or deliberately borderline) sequence to splice in."""
    kind = rng.randrange(8)
    cont = lambda: rng.randrange(0x80, 0xC0)  # noqa: E731
    if kind == 0:  # encoded surrogate as a 3-byte sequence
        return bytes([0xED, rng.randrange(0xA0, 0xC0), cont()])
    if kind == 1:  # 2-byte over-long
        return bytes([rng.choice((0xC0, 0xC1)), cont()])
    if kind == 2:  # 3-byte over-long
        return bytes([0xE0, rng.randrange(0x80, 0xA0), cont()])
    if kind == 3:  # 4-byte over-long
        return bytes([0xF0, rng.randrange(0x80, 0x90), cont(), cont()])
    if kind == 4:  # above U+10FFFF
        return bytes([0xF4, rng.randrange(0x90, 0xC0), cont(), cont()])
    if kind == 5:  # old 4..6-byte forms with invalid leads
        lead = rng.randrange(0xF5, 0x100)
        return bytes([lead] + [cont() for _ in range(rng.randint(0, 5))])
    if kind == 6:  # a valid multi-byte sequence cut short
        seq = chr(max(random_scalar(rng), 0x80)).encode("utf-8")
        return seq[:rng.randrange(1, len(seq))] if len(seq) > 1 else bytes([0xC2])
    return bytes([cont() for _ in range(rng.randint(1, 4))])  # stray continuations


def mutate(rng, data):
    buf = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(9)
        pos = rng.randint(0, len(buf))
        if op == 0 and buf:  # replace a byte
            i = rng.randrange(len(buf))
            buf[i] = rng.choice(INTERESTING) if rng.random() < 0.7 else rng.randrange(256)
        elif op == 1 and buf:  # flip one bit
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
        elif op == 2 and buf:  # delete a byte
            del buf[rng.randrange(len(buf))]
        elif op == 3:  # insert a byte
            buf.insert(pos, rng.choice(INTERESTING) if rng.random() < 0.7 else rng.randrange(256))
        elif op == 4 and buf:  # truncate
            del buf[rng.randrange(len(buf)):]
        elif op == 5:  # duplicate a lead byte
            leads = [i for i, b in enumerate(buf) if b >= 0xC0]
            if leads:
                i = rng.choice(leads)
                buf.insert(i, buf[i])
        elif op == 6:  # delete a continuation byte
            conts = [i for i, b in enumerate(buf) if 0x80 <= b < 0xC0]
            if conts:
                del buf[rng.choice(conts)]
        elif op == 7:  # splice in an ill-formed sequence
            buf[pos:pos] = ill_formed_piece(rng)
        else:  # insert a continuation byte
            buf.insert(pos, rng.choice(CONTINUATIONS))
    return bytes(buf)


def random_chunks(rng, n):
    r = rng.random()
    if n == 0:
        return [] if r < 0.5 else [0] * rng.randint(1, 2)
    if r < 0.2:
        return [n]
    if r < 0.35:
        return [1] * n
    with_empty = r < 0.45
    largest = rng.choice((2, 3, 4, 5, 8, 16))
    chunks = []
    left = n
    while left:
        if with_empty and rng.random() < 0.2:
            chunks.append(0)
        size = min(left, rng.randint(1, largest))
        chunks.append(size)
        left -= size
    if with_empty and rng.random() < 0.5:
        chunks.append(0)
    return chunks


def generate(seed, count, exhaustive):
    rng = random.Random(seed)
    cases = [Case(d, random_chunks(rng, len(d))) for d in FIXED]
    if exhaustive:
        # Every input of one and two bytes, in one piece and split.
        for v in range(256):
            cases.append(Case(bytes([v]), [1]))
        for v in range(65536):
            d = bytes([v >> 8, v & 0xFF])
            cases.append(Case(d, [2] if v & 1 else [1, 1]))
    for _ in range(count):
        r = rng.random()
        if r < 0.35:
            data = random_biased_bytes(rng)
        elif r < 0.5:
            data = valid_text(rng)
        else:
            data = mutate(rng, valid_text(rng))
        cases.append(Case(data, random_chunks(rng, len(data))))
    return cases


def encode_cases(cases):
    pack = struct.pack
    parts = []
    for c in cases:
        parts.append(pack("<I", len(c.data)))
        parts.append(c.data)
        parts.append(pack("<%dI" % (len(c.chunks) + 1), len(c.chunks), *c.chunks))
    return b"".join(parts)


# ---------------------------------------------------------------- expectations

def spec_kind(data, start, end):
    """The error kind of the maximal subpart data[start:end], from the spec."""
    lead = data[start]
    if end - start == 1:
        if 0x80 <= lead <= 0xBF:
            return UNEXPECTED_CONTINUATION
        if lead in (0xC0, 0xC1):
            return OVERLONG
        if lead >= 0xF5:
            return INVALID_LEAD
        nxt = data[end] if end < len(data) else None
        if nxt is not None and 0x80 <= nxt <= 0xBF:
            if lead == 0xE0 or lead == 0xF0:
                return OVERLONG
            if lead == 0xED:
                return SURROGATE
            if lead == 0xF4:
                return TOO_LARGE
    return TRUNCATED


# Which kinds each of Python's reasons allows. CPython's decoder says "invalid
# start byte" for a byte no sequence starts with (a continuation byte, F5-FF,
# and C0/C1, whose sequences would be over-long), "invalid continuation byte"
# when the byte after a valid prefix is wrong (E0 80-9F and F0 80-8F over-long,
# ED A0-BF surrogates, F4 90-BF above U+10FFFF, or a sequence cut short by
# another character), and "unexpected end of data" for a sequence cut short
# by the end of the input. The kinds are utf8mcu::Status's (common.h).
REASON_KINDS = {
    "invalid start byte": {UNEXPECTED_CONTINUATION, INVALID_LEAD, OVERLONG},
    "invalid continuation byte": {OVERLONG, SURROGATE, TOO_LARGE, TRUNCATED},
    "unexpected end of data": {TRUNCATED},
}

ERROR_MARK = 0x80000000


def classify(data, start, end, reason):
    """spec_kind(), checked against Python's reason for the same subpart."""
    kind = spec_kind(data, start, end)
    if kind not in REASON_KINDS[reason] or (reason == "invalid start byte" and kind == OVERLONG
                                            and data[start] not in (0xC0, 0xC1)):
        raise AssertionError("oracle inconsistent with Python: %r at %d for %s"
                             % (reason, start, data.hex(" ")))
    return kind


class Expected:
    """Everything a correct driver must answer for one input."""
    __slots__ = ("replace", "skip", "errors", "first", "report", "resume")

    def __init__(self, data):
        # Code point lists are kept as the driver's raw u32 little-endian bytes.
        self.replace = data.decode("utf-8", "replace").encode("utf-32-le")
        self.skip = data.decode("utf-8", "ignore").encode("utf-32-le")
        try:
            self.report = (data.decode("utf-8").encode("utf-32-le"), OK, 0, 0)
            self.resume = self.replace
            self.errors = 0
            self.first = (OK, 0)
            return
        except UnicodeDecodeError as e:
            start, end = e.start, e.end
            kind = classify(data, start, end, e.reason)
            prefix = data[:start].decode("utf-8")
            self.report = (prefix.encode("utf-32-le"), kind, start, end - start)
            self.first = (kind, end - start)
        # Report, resuming after every error: code points, and for each maximal
        # subpart ERROR_MARK | kind << 8 | length followed by its offset.
        words = [ord(ch) for ch in prefix]
        words += (ERROR_MARK | kind << 8 | (end - start), start)
        errors = 1
        pos = end
        while pos < len(data):
            try:
                words.extend(ord(ch) for ch in data[pos:].decode("utf-8"))
                break
            except UnicodeDecodeError as e:
                start, end = pos + e.start, pos + e.end
                words.extend(ord(ch) for ch in data[pos:start].decode("utf-8"))
                words += (ERROR_MARK | classify(data, start, end, e.reason) << 8 | (end - start),
                          start)
                errors += 1
                pos = end
        self.errors = errors
        self.resume = struct.pack("<%dI" % len(words), *words)
        if len(self.replace) - len(self.skip) != 4 * errors:
            raise AssertionError("oracle miscounted errors for %s" % data.hex(" "))


# ---------------------------------------------------------------- reporting

def hex_cps(raw):
    values = struct.unpack("<%dI" % (len(raw) // 4), raw)
    out = []
    i = 0
    while i < len(values):
        v = values[i]
        if v & ERROR_MARK and i + 1 < len(values):
            kind = v >> 8 & 0xFF
            name = KIND_NAMES[kind] if kind < len(KIND_NAMES) else "status %d" % kind
            out.append("<%s @%d len %d>" % (name, values[i + 1], v & 0xFF))
            i += 2
        else:
            out.append("%04X" % v)
            i += 1
        if len(out) == 80:
            out.append("... (%d more words)" % (len(values) - i))
            break
    return " ".join(out) or "(none)"


def kind_name(s):
    return KIND_NAMES[s] if 0 <= s < len(KIND_NAMES) else "status %d" % s


def describe(index, case, problems):
    lines = ["MISMATCH in case %d" % index,
             "  input (%d bytes): %s" % (len(case.data), case.data.hex(" ") or "(empty)"),
             "  chunks: %s" % case.chunks]
    lines.extend("  " + p for p in problems)
    return "\n".join(lines)


class DriverDied(Exception):
    pass


class Reader:
    def __init__(self, stream):
        self.stream = stream
        self.limit = 0

    def exact(self, n):
        b = self.stream.read(n)
        if len(b) != n:
            raise DriverDied()
        return b

    def u32(self):
        return struct.unpack("<I", self.exact(4))[0]

    def cps(self):
        n = self.u32()
        if n > self.limit:  # more words than the input can produce: out of step
            raise DriverDied()
        return self.exact(4 * n)


def check_mode(reader, mode, exp, problems):
    for policy, want in (("replace", exp.replace), ("skip", exp.skip)):
        got = reader.cps()
        errors, status, length = reader.u32(), reader.u32(), reader.u32()
        if got != want:
            problems.append("%s %s:\n    expected %s\n    got      %s"
                            % (mode, policy, hex_cps(want), hex_cps(got)))
        if (errors, (status, length)) != (exp.errors, exp.first):
            problems.append("%s %s result: expected %d error(s), first %s length %d; "
                            "got %d, first %s length %d"
                            % (mode, policy, exp.errors, kind_name(exp.first[0]), exp.first[1],
                               errors, kind_name(status), length))
    got_report = (reader.cps(), reader.u32(), reader.u32(), reader.u32())
    if got_report != exp.report:
        def fmt(p, s, o, n):
            where = "" if s == OK else " at offset %d length %d" % (o, n)
            return "%s%s after %s" % (kind_name(s), where, hex_cps(p))
        problems.append("%s report:\n    expected %s\n    got      %s"
                        % (mode, fmt(*exp.report), fmt(*got_report)))
    got_resume = reader.cps()
    if got_resume != exp.resume:
        problems.append("%s report, resuming after each error:\n    expected %s\n    got      %s"
                        % (mode, hex_cps(exp.resume), hex_cps(got_resume)))


class DriverRun:
    """Streams all cases through one driver process; results() yields
    (index, problems), with problems None if the driver died or broke the
    protocol there."""

    def __init__(self, argv, cases):
        self.argv = argv
        self.cases = cases
        self.invalid = 0  # checked cases with at least one error
        self.returncode = None

    def results(self):
        cases = self.cases
        proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                bufsize=1 << 20)

        def feed():
            try:
                proc.stdin.write(MAGIC)
                for i in range(0, len(cases), 1000):  # in batches, to keep memory flat
                    proc.stdin.write(encode_cases(cases[i:i + 1000]))
                proc.stdin.close()
            except (BrokenPipeError, OSError):
                pass

        # A writer thread, so that neither side blocks on a full pipe.
        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        reader = Reader(proc.stdout)
        index = 0
        try:
            if reader.exact(4) != MAGIC:
                raise DriverDied()
            for index, case in enumerate(cases):
                exp = Expected(case.data)
                if reader.u32() != len(case.data):
                    raise DriverDied()
                reader.limit = 2 * len(case.data) + 8
                flags = reader.u32()
                problems = []
                if flags:
                    names = [n for bit, n in enumerate(FLAG_NAMES) if flags >> bit & 1]
                    problems.append("driver flags 0x%x: %s" % (flags, "; ".join(names)))
                check_mode(reader, "chunked", exp, problems)
                check_mode(reader, "push(byte)", exp, problems)
                self.invalid += exp.errors != 0
                yield index, problems
            if proc.stdout.read(1):
                yield len(cases), ["driver wrote more output than there were cases"]
        except DriverDied:
            yield index, None
        finally:
            # Closing our end makes a driver that is still writing (we stopped
            # early) fail with EPIPE instead of blocking.
            proc.stdout.close()
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            writer.join(timeout=5)
            self.returncode = proc.returncode


def crashes(argv, cases):
    proc = subprocess.run(argv, input=MAGIC + encode_cases(cases), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    return proc.returncode, proc.stderr.decode("utf-8", "replace")


def find_crasher(argv, cases, start, window=8192):
    """Bisects the cases from `start` (the driver's output is buffered, so it may
    die well after the last answer we saw) for the first one it dies on."""
    hi = min(len(cases), start + window)
    if crashes(argv, cases[start:hi])[0] == 0:
        return None
    lo = start + 1  # cases[start:lo] is not known to crash; cases[start:hi] does
    while lo < hi:
        mid = (lo + hi) // 2
        if crashes(argv, cases[start:mid])[0] != 0:
            hi = mid
        else:
            lo = mid + 1
    prefix_code, prefix_err = crashes(argv, cases[start:hi])
    alone_code, alone_err = crashes(argv, cases[hi - 1:hi])
    return hi - 1, prefix_code, alone_code, alone_err or prefix_err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", required=True, help="driver program (plus arguments after it)",
                    nargs="+")
    ap.add_argument("--seed", type=int, default=None,
                    help="random seed (default: $UTF8MCU_ORACLE_SEED or 1)")
    ap.add_argument("--count", type=int, default=150000,
                    help="number of random cases, on top of the fixed and exhaustive ones "
                    "(default 150000: about 10 s against an ASan build)")
    ap.add_argument("--no-exhaustive", action="store_true",
                    help="skip the 65,792 exhaustive one- and two-byte inputs")
    ap.add_argument("--max-mismatches", type=int, default=5,
                    help="stop after this many mismatching cases (default 5)")
    args = ap.parse_args()
    seed = args.seed
    if seed is None:
        seed = int(os.environ.get("UTF8MCU_ORACLE_SEED", "1"))

    started = time.monotonic()
    cases = generate(seed, args.count, not args.no_exhaustive)
    total_bytes = sum(len(c.data) for c in cases)
    total_chunks = sum(len(c.chunks) for c in cases)

    mismatches = 0
    checked = 0
    died_at = None
    run = DriverRun(args.driver, cases)
    results = run.results()
    for index, problems in results:
        if problems is None:
            died_at = index
            break
        checked += 1
        if problems:
            mismatches += 1
            print(describe(index, cases[index], problems), flush=True)
            if mismatches >= args.max_mismatches:
                print("stopping after %d mismatches" % mismatches)
                break
    results.close()  # runs the generator's cleanup now, which sets run.returncode

    if died_at is not None:
        print("driver died or broke the protocol around case %d (exit code %s); isolating..."
              % (died_at, run.returncode), flush=True)
        found = find_crasher(args.driver, cases, died_at)
        if not found:
            print("no crash when rerun from case %d on: its output is out of step with the "
                  "protocol" % died_at)
        else:
            i, prefix_code, alone_code, err = found
            print(describe(i, cases[i], ["first case the driver dies on (exit code %d after cases "
                                         "%d..%d; exit code %d on this case alone)"
                                         % (prefix_code, died_at, i, alone_code)]))
            print(err[-4000:])
        mismatches += 1

    elapsed = time.monotonic() - started
    print("python_oracle: seed=%d cases=%d (invalid %d) bytes=%d chunks=%d checked=%d "
          "mismatches=%d time=%.1fs"
          % (seed, len(cases), run.invalid, total_bytes, total_chunks, checked, mismatches,
             elapsed))
    if mismatches == 0 and checked != len(cases):
        print("not every case was checked")
        return 1
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
