#!/usr/bin/env python3
"""Builds a PlatformIO project with utf8mcu as its library the way PlatformIO
does, for where PlatformIO is not installed (CI here has no network).

    pio_build.py --project DIR --library DIR --out DIR [--cxx CXX] [--run] [-- FLAG...]

What it follows, from PlatformIO's documentation of platformio.ini and
library.json:
  - the project's [env:*] build_flags apply to the project and its libraries;
    build_unflags remove flags from both, including the framework's default
    C++ standard (here -std=gnu++11, as Arduino cores set);
  - lib_deps entries are fetched (here: the given clone stands in for the
    repository URL);
  - a library's sources are the files under build.srcDir (default src) that
    build.srcFilter selects (default "+<*> -<.git/> -<.svn/>"; "+<pattern>"
    adds, "-<pattern>" removes, in order); its build.flags and build.unflags
    apply to its own sources; build.includeDir and build.srcDir are on the
    include path of the library and of the project;
  - the project's sources are src/**.c, .cpp; everything is linked together.
Extra FLAGs (the core's, e.g. -mcpu) go to every compile. Without --run, a
cross compiler only compiles (nothing to link against); with it, the host
program is linked and must exit 0.
"""

import argparse
import configparser
import fnmatch
import json
import os
import shlex
import subprocess
import sys

FRAMEWORK_FLAGS = ["-std=gnu++11", "-Os"]
SOURCE_SUFFIXES = (".c", ".cpp", ".cc", ".S")


def split_flags(value):
    flags = []
    for line in value.splitlines():
        flags += shlex.split(line)
    # "-D NAME" is one flag for PlatformIO
    joined, i = [], 0
    while i < len(flags):
        if flags[i] in ("-D", "-I", "-U") and i + 1 < len(flags):
            joined.append(flags[i] + flags[i + 1])
            i += 2
        else:
            joined.append(flags[i])
            i += 1
    return joined


def src_filter(root, patterns):
    """Files under root selected by a PlatformIO srcFilter."""
    if isinstance(patterns, list):
        patterns = " ".join(patterns)
    every = sorted(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")
                   for d, _, files in os.walk(root) for f in files)
    chosen = set()
    for sign, pattern in ((token[0], token[2:-1]) for token in patterns.split() if token[1:2] == "<"):
        if pattern.endswith("/"):
            matched = {f for f in every if f.startswith(pattern) or fnmatch.fnmatch(f, pattern + "*")}
        else:
            matched = {f for f in every if fnmatch.fnmatch(f, pattern) or f.startswith(pattern + "/")}
        chosen = chosen | matched if sign == "+" else chosen - matched
    return sorted(chosen)


def compile_all(cxx, sources, flags, includes, out, tag):
    objects = []
    for source in sources:
        object_file = os.path.join(out, tag + "_" + os.path.basename(source) + ".o")
        command = [cxx] + flags + [f"-I{i}" for i in includes] + ["-c", source, "-o", object_file]
        if subprocess.run(command, check=False).returncode != 0:
            print("pio_build: failed: " + " ".join(command))
            sys.exit(1)
        objects.append(object_file)
    return objects


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", required=True)
    parser.add_argument("--library", required=True, help="the clone that lib_deps names")
    parser.add_argument("--out", required=True)
    parser.add_argument("--cxx", default="c++")
    parser.add_argument("--run", action="store_true")
    parser.add_argument("extra", nargs="*")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    ini = configparser.ConfigParser(inline_comment_prefixes=(";",), comment_prefixes=(";", "#"))
    ini.read(os.path.join(args.project, "platformio.ini"), encoding="utf-8")
    env = next(section for section in ini.sections() if section.startswith("env:"))
    build_flags = split_flags(ini.get(env, "build_flags", fallback=""))
    build_unflags = set(split_flags(ini.get(env, "build_unflags", fallback="")))
    lib_deps = split_flags(ini.get(env, "lib_deps", fallback=""))
    # A git URL of the repository, or the placeholder the docs show for it.
    if len(lib_deps) != 1 or not (lib_deps[0].endswith("/utf8mcu.git") or lib_deps[0] == "<utf8mcu-git-url>"):
        print(f"pio_build: expected utf8mcu's repository in lib_deps, got {lib_deps}")
        return 1

    with open(os.path.join(args.library, "library.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    build = manifest.get("build", {})
    src_dir = os.path.join(args.library, build.get("srcDir", "src"))
    include_dir = os.path.join(args.library, build.get("includeDir", "include"))
    library_sources = [os.path.join(src_dir, f) for f in src_filter(src_dir, build.get("srcFilter", "+<*> -<.git/> -<.svn/>"))
                       if f.endswith(SOURCE_SUFFIXES)]
    library_unflags = set(build.get("unflags", []))
    includes = [i for i in (include_dir, src_dir) if os.path.isdir(i)]

    def flags_for(own_flags, own_unflags):
        flags = FRAMEWORK_FLAGS + list(args.extra) + build_flags + own_flags + ["-Wall", "-Wextra", "-Werror"]
        return [flag for flag in flags if flag not in build_unflags and flag not in own_unflags]

    objects = compile_all(args.cxx, library_sources, flags_for(list(build.get("flags", [])), library_unflags),
                          includes, args.out, "lib")
    project_src = os.path.join(args.project, "src")
    project_sources = [os.path.join(project_src, f) for f in src_filter(project_src, "+<*>")
                       if f.endswith(SOURCE_SUFFIXES)]
    objects += compile_all(args.cxx, project_sources, flags_for([], set()), includes, args.out, "src")
    print(f"pio_build: {len(library_sources)} library sources (srcFilter of library.json), "
          f"{len(project_sources)} project sources")
    if not args.run:
        return 0
    program = os.path.join(args.out, "program")
    if subprocess.run([args.cxx] + list(args.extra) + objects + ["-o", program], check=False).returncode != 0:
        return 1
    return subprocess.run([program], check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
