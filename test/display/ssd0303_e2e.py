#!/usr/bin/env python3
"""The SSD1306 family's page-addressed commands on QEMU's SSD0303 model.

--qemu ELF    runs the panel_ssd0303 firmware on QEMU's lm3s811evb (I2C0 ->
              SSD0303 OLED, 96x16), waits for its "drawn" line (semihosting),
              takes the monitor's screendump (384x64 PPM, each OLED pixel 4x4,
              black or white) and checks it equals the golden picture, pixel
              for pixel.
--render BIN  checks the host rendering of the same terminal (ssd0303_render)
              equals the golden picture (--update-golden writes it instead).
Exit status 0 on success.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "examples", "display_demo"))
import panel_e2e  # noqa: E402
import pbm_to_png  # noqa: E402

WIDTH, HEIGHT, MAGNIFY = 96, 16, panel_e2e.MAGNIFY


def run_qemu(elf, work, timeout):
    sockets = tempfile.mkdtemp(prefix="ssd0303_e2e.")  # a unix socket path must stay short
    monitor_path = os.path.join(sockets, "monitor.sock")
    dump_path = os.path.join(work, "screendump.ppm")
    if os.path.exists(dump_path):
        os.remove(dump_path)
    out_path = os.path.join(work, "qemu.out")
    err_path = os.path.join(work, "qemu.err")
    command = ["qemu-system-arm", "-M", "lm3s811evb", "-display", "none",
               "-monitor", "unix:%s,server=on,wait=off" % monitor_path,
               "-semihosting-config", "enable=on,target=native", "-kernel", elf]
    deadline = time.monotonic() + timeout
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        try:
            while True:
                with open(out_path, "rb") as written:
                    output = written.read()
                if b"panel_ssd0303: drawn\n" in output:
                    break
                if process.poll() is not None or b"failed" in output:
                    raise AssertionError("firmware: %r" % output[-500:])
                if time.monotonic() > deadline:
                    raise AssertionError("timed out waiting for the firmware (got %r)" % output[-200:])
                time.sleep(0.02)
            monitor = panel_e2e.connect_unix(monitor_path, deadline, process)
            monitor.sendall(b"screendump %s\n" % dump_path.encode())
            expected_size = len(b"P6\n384 64\n255\n") + WIDTH * MAGNIFY * HEIGHT * MAGNIFY * 3
            while not (os.path.exists(dump_path) and os.path.getsize(dump_path) >= expected_size):
                if time.monotonic() > deadline:
                    raise AssertionError("no screendump written")
                time.sleep(0.05)
            time.sleep(0.1)
            monitor.sendall(b"quit\n")
            process.wait(timeout=max(1.0, deadline - time.monotonic()))
            monitor.close()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            shutil.rmtree(sockets, ignore_errors=True)
    with open(err_path, "rb") as err:
        errors = err.read().decode("utf-8", "replace")
    if "ssd0303" in errors:  # the model names commands it does not know
        raise AssertionError("the OLED model reported: %s" % errors[-1500:])
    return panel_e2e.screendump_pixels(dump_path, WIDTH, HEIGHT)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--qemu", metavar="ELF")
    mode.add_argument("--render", metavar="BIN")
    parser.add_argument("--golden", required=True)
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--update-golden", action="store_true")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    if args.render:
        host_pbm = os.path.join(args.work_dir, "ssd0303_host.pbm")
        subprocess.check_call([args.render, host_pbm])
        if args.update_golden:
            shutil.copyfile(host_pbm, args.golden)
            print("ssd0303_e2e: wrote %s" % args.golden)
        width, height, actual = pbm_to_png.read_pbm(host_pbm)
        if (width, height) != (WIDTH, HEIGHT):
            print("ssd0303_e2e: host rendering is %dx%d, want %dx%d" % (width, height, WIDTH, HEIGHT))
            return 1
        what = "host rendering"
    else:
        try:
            actual = run_qemu(args.qemu, args.work_dir, args.timeout)
        except (AssertionError, OSError, subprocess.TimeoutExpired) as error:
            print("ssd0303_e2e: FAILED: %s" % error)
            return 1
        what = "SSD0303 screendump"
    _, _, expected = pbm_to_png.read_pbm(args.golden)
    return 0 if panel_e2e.compare(actual, expected, what, "ssd0303_e2e") else 1


if __name__ == "__main__":
    sys.exit(main())
