#!/usr/bin/env python3
"""Runs a target-independent generator through a content-addressed cache.

    generated_cache.py --cache DIR --binary-dir DIR [--input FILE]... --output FILE... -- COMMAND...

The fonts, Unicode tables, test vectors and screens that the build generates
are the same for every preset, so all build trees of one clone share one cache
(cmake/utf8mcu_generated_cache.cmake sets it up). The key is a SHA-256 of:
  - COMMAND with the build tree's path replaced by a placeholder, so that the
    same rule in another build tree has the same key;
  - the content of every argument that names an existing file, and of every
    --input (CMake's DEPENDS);
  - every *.py beside a Python script in COMMAND and on PYTHONPATH (the modules
    a generator imports);
  - for an argument naming a directory outside the build tree (the UCD), the
    name, size and modification time of every file under it (a directory in
    the build tree is where outputs go: inputs from the build tree must be
    named as files);
  - the Python version running this script and the list of installed Debian
    packages (the generators call FriBidi, ICU, pcf2bdf).
A hit copies the stored outputs (writing the build tree's own path where the
stored copy has the other tree's); a miss runs COMMAND, then stores its
outputs. Entries are written to a temporary directory and renamed into place,
so a concurrent or interrupted build never leaves half an entry.
"""

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

# Bump when the key's recipe changes, so that old entries are never hit.
_RECIPE = b"utf8mcu-generated-cache 1\n"
_BINARY_DIR_PLACEHOLDER = "<binary-dir>"
_DPKG_STATUS = "/var/lib/dpkg/status"


def _file_digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _directory_listing(path):
    lines = []
    for parent, dirs, files in os.walk(path):
        dirs.sort()
        for name in sorted(files):
            full = os.path.join(parent, name)
            info = os.stat(full)
            lines.append(f"{os.path.relpath(full, path)} {info.st_size} {info.st_mtime_ns}")
    return "\n".join(lines)


def _inside(path, directory):
    path = os.path.abspath(path)
    return path == directory or path.startswith(directory + os.sep)


def _python_modules_beside(directory):
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(".py"))
    except OSError:
        return []
    return [os.path.join(directory, n) for n in names]


def cache_key(command, inputs, outputs, binary_dir):
    key = hashlib.sha256(_RECIPE)

    def add(label, text):
        key.update(f"{label}\0{text}\n".encode("utf-8", "surrogateescape"))

    for path in outputs:
        add("output", os.path.abspath(path).replace(binary_dir, _BINARY_DIR_PLACEHOLDER))

    add("python", sys.version)
    if os.path.exists(_DPKG_STATUS):
        add("dpkg", _file_digest(_DPKG_STATUS))
    for arg in command:
        add("arg", arg.replace(binary_dir, _BINARY_DIR_PLACEHOLDER))
    hashed = set()

    def add_file(path):
        path = os.path.abspath(path)
        if path not in hashed:
            hashed.add(path)
            add("file", path.replace(binary_dir, _BINARY_DIR_PLACEHOLDER) + " " + _file_digest(path))

    written = {os.path.abspath(path) for path in outputs}
    for arg in command:
        for candidate in (arg, arg.partition("=")[2]):
            if not candidate or os.path.abspath(candidate) in written:
                continue
            if os.path.isfile(candidate):
                add_file(candidate)
                if candidate.endswith(".py"):
                    for module in _python_modules_beside(os.path.dirname(os.path.abspath(candidate))):
                        add_file(module)
            elif os.path.isdir(candidate) and not _inside(candidate, binary_dir):
                add("dir", candidate + "\n" + _directory_listing(candidate))
    for directory in filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep)):
        add("pythonpath", directory)
        for module in _python_modules_beside(directory):
            add_file(module)
    for path in inputs:
        if os.path.isfile(path):
            add_file(path)
        else:
            add("missing input", path)
    return key.hexdigest()


def _copy_rewriting(source, target, old_dir, new_dir):
    os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
    with open(source, "rb") as stream:
        data = stream.read()
    if old_dir != new_dir:
        data = data.replace(old_dir.encode(), new_dir.encode())
    temporary = target + ".cache-tmp"
    with open(temporary, "wb") as stream:
        stream.write(data)
    os.replace(temporary, target)


def main(argv):
    if "--" not in argv:
        sys.exit("generated_cache.py: no '--' before the command")
    split = argv.index("--")
    options, command = argv[:split], argv[split + 1:]
    cache = binary_dir = None
    inputs, outputs = [], []
    i = 0
    while i < len(options):
        name = options[i]
        if i + 1 >= len(options):
            sys.exit(f"generated_cache.py: {name} needs a value")
        value = options[i + 1]
        if name == "--cache":
            cache = value
        elif name == "--binary-dir":
            binary_dir = os.path.abspath(value)
        elif name == "--input":
            inputs.append(value)
        elif name == "--output":
            outputs.append(value)
        else:
            sys.exit(f"generated_cache.py: unknown option {name}")
        i += 2
    if not cache or not binary_dir or not outputs or not command:
        sys.exit("generated_cache.py: needs --cache, --binary-dir, --output and a command")

    # The outputs' order names the stored files.
    key = cache_key(command, inputs, outputs, binary_dir)
    entry = os.path.join(cache, key[:2], key)
    stored = [os.path.join(entry, str(n)) for n in range(len(outputs))]
    if all(os.path.isfile(path) for path in stored):
        with open(os.path.join(entry, "binary-dir"), encoding="utf-8") as stream:
            old_dir = stream.read()
        for source, target in zip(stored, outputs):
            _copy_rewriting(source, target, old_dir, binary_dir)
        return 0

    for path in outputs:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    status = subprocess.call(command)
    if status != 0:
        return status
    missing = [path for path in outputs if not os.path.isfile(path)]
    if missing:
        sys.exit(f"generated_cache.py: the command did not write {' '.join(missing)}")
    os.makedirs(os.path.dirname(entry), exist_ok=True)
    staging = tempfile.mkdtemp(prefix=key + ".", dir=os.path.dirname(entry))
    try:
        for n, path in enumerate(outputs):
            shutil.copyfile(path, os.path.join(staging, str(n)))
        with open(os.path.join(staging, "binary-dir"), "w", encoding="utf-8") as stream:
            stream.write(binary_dir)
        os.rename(staging, entry)
    except OSError:
        # Another build stored the same entry first (or the cache is read-only).
        shutil.rmtree(staging, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
