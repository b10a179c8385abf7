#!/usr/bin/env python3
"""The panel chain end to end, checked pixel for pixel.

--qemu ELF     runs the panel_terminal firmware on QEMU's lm3s6965evb, streams
               the panel_stream.py bytes into its UART0 (a socket chardev; the
               host sends only after the firmware's ready line), waits for
               "drawn", takes the monitor's screendump of the SSD0323 OLED
               (512x256 PPM, each pixel 4x4, grey level L as 17L) and checks it
               equals the golden 128x64 picture. Prints the firmware's
               [measure] lines (exact under -icount shift=0).
--render BIN   runs the host renderer (panel_render) on the same bytes and
               checks its PBM equals the golden picture (--update-golden
               writes it instead).
--text-box-golden PBM
               also the TextBox screen: the firmware, sent 't', draws it
               straight to the OLED through one page strip (a second
               screendump), the host renderer with --text-box into a
               framebuffer; each must equal this golden picture.
--paragraph-golden PBM
               also the ParagraphBox screen (right-to-left paragraphs): the
               firmware, sent 'p', draws it through the page strip (a third
               screendump), the host renderer with --paragraphs; each must
               equal this golden picture.
--png FILE     also writes the checked picture as a PNG (examples/display_demo/
               pbm_to_png.py), e.g. the screendump for the docs.
--paragraph-png FILE
               the same for the ParagraphBox screen.
Exit status 0 on success.
"""

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "examples", "display_demo"))
import panel_stream  # noqa: E402
import pbm_to_png  # noqa: E402

WIDTH, HEIGHT, MAGNIFY = 128, 64, 4


def pbm_pixels(path):
    width, height, rows = pbm_to_png.read_pbm(path)
    if (width, height) != (WIDTH, HEIGHT):
        raise SystemExit("%s: not a %dx%d PBM" % (path, WIDTH, HEIGHT))
    return rows


def write_pbm(path, pixels):
    out = bytearray(b"P4\n%d %d\n" % (WIDTH, HEIGHT))
    for row in pixels:
        for x in range(0, WIDTH, 8):
            byte = 0
            for bit in range(8):
                byte |= row[x + bit] << (7 - bit)
            out.append(byte)
    with open(path, "wb") as sink:
        sink.write(out)


def screendump_pixels(path, width=WIDTH, height=HEIGHT):
    """The OLED pixels of a screendump (lm3s6965evb: 128x64; lm3s811evb:
    96x16); every 4x4 block must be one grey, and only level 0 (dark) or 15
    (lit, 255) may occur."""
    with open(path, "rb") as source:
        data = source.read()
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    if not header or tuple(map(int, header.groups())) != (width * MAGNIFY, height * MAGNIFY, 255):
        raise AssertionError("screendump header %r, want P6 %d %d 255" % (data[:20], width * MAGNIFY, height * MAGNIFY))
    data = data[header.end():]
    pixels = []
    for y in range(height):
        row = []
        for x in range(width):
            values = set()
            for dy in range(MAGNIFY):
                start = ((y * MAGNIFY + dy) * width * MAGNIFY + x * MAGNIFY) * 3
                values.update(data[start:start + MAGNIFY * 3])
            if len(values) != 1 or not values <= {0, 255}:
                raise AssertionError("pixel (%d, %d): levels %s, want one of 0 or 255" % (x, y, sorted(values)))
            row.append(1 if 255 in values else 0)
        pixels.append(row)
    return pixels


def compare(actual, golden, what, name="panel_e2e"):
    """True if the pictures (lists of rows of 0/1) are equal; prints both if not."""
    height, width = len(golden), len(golden[0])
    if (len(actual), len(actual[0])) != (height, width):
        print("%s: %s is %dx%d, the golden picture %dx%d" % (name, what, len(actual[0]), len(actual), width, height))
        return False
    differences = [(x, y) for y in range(height) for x in range(width) if actual[y][x] != golden[y][x]]
    if differences:
        print("%s: %s differs from the golden picture in %d pixels, first at %s" %
              (name, what, len(differences), differences[0]))
        for y in range(height):
            print("  " + "".join("#" if actual[y][x] else "." for x in range(width)) + "   " +
                  "".join("#" if golden[y][x] else "." for x in range(width)))
        return False
    print("%s: %s equals the golden picture (%dx%d pixels)" % (name, what, width, height))
    return True


def to_png(pbm, png):
    subprocess.check_call([sys.executable, pbm_to_png.__file__, pbm, png, "--scale", "4"])
    print("panel_e2e: wrote %s" % png)


def read_until(connection, marker, deadline, received):
    while marker not in received:
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for %r (got %r)" % (marker, bytes(received[-200:])))
        connection.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            chunk = connection.recv(4096)
        except socket.timeout:
            continue
        if not chunk:
            raise AssertionError("the UART closed before %r" % marker)
        received += chunk


def connect_unix(path, deadline, process):
    while True:
        if process.poll() is not None:
            raise AssertionError("QEMU exited early with status %d" % process.returncode)
        if os.path.exists(path):
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                connection.connect(path)
                return connection
            except OSError:
                connection.close()
        if time.monotonic() > deadline:
            raise AssertionError("no socket %s" % path)
        time.sleep(0.02)


def take_screendump(monitor, path, deadline):
    monitor.sendall(b"screendump %s\n" % path.encode())
    expected_size = len(b"P6\n512 256\n255\n") + 512 * 256 * 3
    while not (os.path.exists(path) and os.path.getsize(path) >= expected_size):
        if time.monotonic() > deadline:
            raise AssertionError("no screendump written")
        time.sleep(0.05)
    time.sleep(0.1)


def run_qemu(args, stream):
    work = args.work_dir
    # Sockets in a short temporary directory: a unix socket path is limited to
    # about 100 bytes, which a deep build directory can exceed.
    sockets = tempfile.mkdtemp(prefix="panel_e2e.")
    uart_path = os.path.join(sockets, "uart.sock")
    monitor_path = os.path.join(sockets, "monitor.sock")
    dump_path = os.path.join(work, "screendump.ppm")
    text_box_dump_path = os.path.join(work, "screendump_text_box.ppm")
    paragraph_dump_path = os.path.join(work, "screendump_paragraphs.ppm")
    for path in (dump_path, text_box_dump_path, paragraph_dump_path):
        if os.path.exists(path):
            os.remove(path)
    command = ["qemu-system-arm", "-M", "lm3s6965evb", "-display", "none",
               "-monitor", "unix:%s,server=on,wait=off" % monitor_path,
               "-chardev", "socket,id=uart0,path=%s,server=on,wait=on" % uart_path, "-serial", "chardev:uart0",
               "-semihosting-config", "enable=on,target=native", "-icount", "shift=0", "-kernel", args.qemu]
    out_path = os.path.join(work, "qemu.out")
    err_path = os.path.join(work, "qemu.err")
    deadline = time.monotonic() + args.timeout
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        try:
            uart = connect_unix(uart_path, deadline, process)
            received = bytearray()
            read_until(uart, b"panel_terminal: ready\n", deadline, received)
            uart.sendall(len(stream).to_bytes(4, "little") + stream)
            read_until(uart, b"panel_terminal: drawn\n", deadline, received)
            monitor = connect_unix(monitor_path, deadline, process)
            take_screendump(monitor, dump_path, deadline)
            time.sleep(0.1)
            if args.text_box_golden:
                uart.sendall(b"t")
                read_until(uart, b"panel_terminal: text box\n", deadline, received)
                take_screendump(monitor, text_box_dump_path, deadline)
            if args.paragraph_golden:
                time.sleep(0.1)
                uart.sendall(b"p")
                read_until(uart, b"panel_terminal: paragraphs\n", deadline, received)
                take_screendump(monitor, paragraph_dump_path, deadline)
            uart.sendall(b"q")
            status = process.wait(timeout=max(1.0, deadline - time.monotonic()))
            monitor.close()
            uart.close()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            shutil.rmtree(sockets, ignore_errors=True)
    with open(out_path, "rb") as out:
        output = out.read().decode("utf-8", "replace")
    with open(err_path, "rb") as err:
        errors = err.read().decode("utf-8", "replace")
    for line in output.splitlines():
        if line.startswith("[measure]"):
            print(line)
    if status != 0 or "panel_terminal: OK" not in output:
        raise AssertionError("firmware status %d\nstdout: %s\nstderr: %s" % (status, output[-1500:], errors[-1500:]))
    if "ssd0323" in errors:
        raise AssertionError("the OLED model reported: %s" % errors[-1500:])
    text_box = screendump_pixels(text_box_dump_path) if args.text_box_golden else None
    paragraphs = screendump_pixels(paragraph_dump_path) if args.paragraph_golden else None
    return screendump_pixels(dump_path), text_box, paragraphs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--qemu", metavar="ELF")
    mode.add_argument("--render", metavar="BIN")
    parser.add_argument("--golden", required=True)
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--png")
    parser.add_argument("--update-golden", action="store_true")
    parser.add_argument("--timeout", type=float, default=90.0)
    parser.add_argument("--text-box-golden")
    parser.add_argument("--paragraph-golden")
    parser.add_argument("--paragraph-png")
    args = parser.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    stream = panel_stream.stream()
    actual_pbm = os.path.join(args.work_dir, "panel_e2e.pbm")
    text_box_pbm = os.path.join(args.work_dir, "panel_text_box.pbm")
    paragraph_pbm = os.path.join(args.work_dir, "panel_paragraphs.pbm")
    paragraphs = None
    if args.render:
        stream_path = os.path.join(args.work_dir, "stream.bin")
        with open(stream_path, "wb") as sink:
            sink.write(stream)
        subprocess.check_call([args.render, stream_path, actual_pbm])
        actual = pbm_pixels(actual_pbm)
        text_box = None
        if args.text_box_golden:
            subprocess.check_call([args.render, "--text-box", text_box_pbm])
            text_box = pbm_pixels(text_box_pbm)
        if args.paragraph_golden:
            subprocess.check_call([args.render, "--paragraphs", paragraph_pbm])
            paragraphs = pbm_pixels(paragraph_pbm)
        what = "host rendering"
    else:
        try:
            actual, text_box, paragraphs = run_qemu(args, stream)
        except (AssertionError, subprocess.TimeoutExpired) as error:
            print("panel_e2e: FAILED: %s" % error)
            return 1
        write_pbm(actual_pbm, actual)
        if text_box is not None:
            write_pbm(text_box_pbm, text_box)
        if paragraphs is not None:
            write_pbm(paragraph_pbm, paragraphs)
        what = "QEMU OLED screendump"
    if args.update_golden:
        shutil.copyfile(actual_pbm, args.golden)
        print("panel_e2e: wrote %s" % args.golden)
        if args.text_box_golden:
            shutil.copyfile(text_box_pbm, args.text_box_golden)
            print("panel_e2e: wrote %s" % args.text_box_golden)
        if args.paragraph_golden:
            shutil.copyfile(paragraph_pbm, args.paragraph_golden)
            print("panel_e2e: wrote %s" % args.paragraph_golden)
    ok = compare(actual, pbm_pixels(args.golden), what)
    if args.text_box_golden:
        ok = compare(text_box, pbm_pixels(args.text_box_golden), "TextBox " + what) and ok
    if args.paragraph_golden:
        ok = compare(paragraphs, pbm_pixels(args.paragraph_golden), "ParagraphBox " + what) and ok
    if ok and args.png:
        to_png(actual_pbm, args.png)
    if ok and args.paragraph_png and paragraphs is not None:
        to_png(paragraph_pbm, args.paragraph_png)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
