#!/usr/bin/env python3
"""tools/generated_cache.py end to end: a toy generator that counts its runs,
called through the cache from two build trees, with each kind of change that
must make a miss."""

import os
import subprocess
import sys
import tempfile

CACHE_TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "generated_cache.py")

GENERATOR = """\
import os, sys, helper
source, output = sys.argv[1], sys.argv[2]
runs = os.environ["GENERATED_CACHE_TEST_RUNS"]
with open(runs, "a") as stream:
    stream.write("run\\n")
with open(source) as stream:
    text = stream.read()
with open(output, "w") as stream:
    stream.write(helper.TAG + " from " + output + ": " + text.upper())
"""

failures = 0


def check(condition, what):
    global failures
    if not condition:
        failures += 1
        print(f"FAILED: {what}")


def main():
    with tempfile.TemporaryDirectory() as work:
        tools = os.path.join(work, "tools")
        os.makedirs(tools)
        script = os.path.join(tools, "gen.py")
        helper = os.path.join(tools, "helper.py")
        source = os.path.join(work, "input.txt")
        runs = os.path.join(work, "runs.txt")
        cache = os.path.join(work, "cache")
        with open(script, "w") as stream:
            stream.write(GENERATOR)
        with open(helper, "w") as stream:
            stream.write('TAG = "v1"\n')
        with open(source, "w") as stream:
            stream.write("hello\n")
        extra = os.path.join(work, "extra.txt")
        with open(extra, "w") as stream:
            stream.write("not an argument\n")

        def run_count():
            if not os.path.exists(runs):
                return 0
            with open(runs) as stream:
                return len(stream.readlines())

        def generate(tree, extra_args=(), expect_status=0):
            binary = os.path.join(work, tree)
            output = os.path.join(binary, "sub", "out.txt")
            before = run_count()
            status = subprocess.call(
                [sys.executable, CACHE_TOOL, "--cache", cache, "--binary-dir", binary, "--input", extra,
                 "--output", output, "--", sys.executable, script, source, output, *extra_args],
                env=dict(os.environ, GENERATED_CACHE_TEST_RUNS=runs), stderr=subprocess.DEVNULL)
            check(status == expect_status, f"{tree}: exit status {status}, expected {expect_status}")
            text = None
            if os.path.exists(output):
                with open(output) as stream:
                    text = stream.read()
            return run_count() - before, text, output

        ran, text, output = generate("tree-a")
        check(ran == 1, "first run: a miss runs the generator")
        check(text == f"v1 from {output}: HELLO\n", f"first run: output {text!r}")

        ran, text, _ = generate("tree-a")
        check(ran == 0, "same rule again: a hit")

        ran, text, output = generate("tree-b")
        check(ran == 0, "same rule in another build tree: a hit")
        check(text == f"v1 from {output}: HELLO\n", f"hit in tree-b: the tree's own path, got {text!r}")

        with open(source, "w") as stream:
            stream.write("changed\n")
        ran, text, _ = generate("tree-b")
        check(ran == 1 and text.endswith("CHANGED\n"), "input argument changed: a miss")

        with open(extra, "w") as stream:
            stream.write("changed too\n")
        ran, _, _ = generate("tree-b")
        check(ran == 1, "--input (DEPENDS) changed: a miss")

        with open(helper, "w") as stream:
            stream.write('TAG = "v2"\n')
        ran, text, _ = generate("tree-b")
        check(ran == 1 and text.startswith("v2 "), "module beside the script changed: a miss")

        with open(script, "a") as stream:
            stream.write("# an edit\n")
        ran, _, _ = generate("tree-b")
        check(ran == 1, "generator script changed: a miss")

        ran, _, _ = generate("tree-b", ["--one-more-argument"])
        check(ran == 1, "command line changed: a miss")
        ran, _, _ = generate("tree-a", ["--one-more-argument"])
        check(ran == 0, "changed command line, other tree: a hit")

        # A failing generator: its status, and nothing stored.
        with open(script, "a") as stream:
            stream.write("sys.exit(3)\n")
        ran, _, _ = generate("tree-b", expect_status=3)
        check(ran == 1, "failing generator ran")
        ran, _, _ = generate("tree-b", expect_status=3)
        check(ran == 1, "failing generator: no entry stored, it runs again")

        # An entry missing one of its files is a miss, not a partial copy.
        with open(script, "w") as stream:
            stream.write(GENERATOR)
        generate("tree-a")
        for parent, _, files in os.walk(cache):
            if "0" in files:
                os.remove(os.path.join(parent, "0"))
        ran, text, _ = generate("tree-a")
        check(ran == 1 and text is not None, "entry without its file: a miss")

        # The build tree's directory as an argument (where outputs go): new
        # files in it change nothing.
        out_dir = os.path.join(work, "tree-a", "sub")
        generate("tree-a", [out_dir])
        with open(os.path.join(out_dir, "other-output.txt"), "w") as stream:
            stream.write("written by another rule\n")
        ran, _, _ = generate("tree-a", [out_dir])
        check(ran == 0, "output directory as an argument: still a hit")

    print("generated cache: " + ("ok" if failures == 0 else f"{failures} failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
