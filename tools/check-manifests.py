#!/usr/bin/env python3
"""Checks the package manifests that no tool here can load (python3 stdlib only).

    tools/check-manifests.py [--root DIR] [--update] [--tables]

  library.json        PlatformIO: JSON; the schema's fields, types and value
                      rules (after platformio-core's assets/schema/library.json);
                      every path it names exists
  library.properties  Arduino: key=value syntax; required fields and value rules
                      (after arduino-lint's library.properties schema); the
                      1.5 layout under src/ (no symlinks, headers it names)
  src/                one forwarding header per public header of lib/, lib/c,
                      lib/display, lib/text and port/ (FORWARDED_HEADER_TREES),
                      sources for the C API, the bidi engine and the platform
                      ports; --update writes them; --tables regenerates the
                      display and text tables there
  zephyr/module.yml   Zephyr: the YAML subset it needs; build paths exist
  zephyr/Kconfig      Kconfig syntax (types, help blocks, balanced blocks,
                      known symbols); zephyr/CMakeLists.txt paths and CONFIG_s
  versions            CMakeLists.txt project(VERSION) = library.json =
                      library.properties = utf8mcu_c.h = newest CHANGELOG.md entry

Prints one line per check and exits 1 if any failed. Syntax and consistency
only: whether PlatformIO, the Arduino IDE or Zephyr accept the package is not
tested here (docs/getting-started.md says what is).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$")


class Checker:
    def __init__(self, root):
        self.root = root
        self.failures = 0

    def path(self, relative):
        return os.path.join(self.root, relative)

    def read(self, relative):
        with open(self.path(relative), encoding="utf-8") as f:
            return f.read()

    def report(self, what, problems):
        if problems:
            self.failures += 1
            for problem in problems:
                print(f"FAIL {what}: {problem}")
        else:
            print(f"ok   {what}")


# --- library.json (PlatformIO) -------------------------------------------------

JSON_FIELDS = {
    "$schema": str,
    "name": str,
    "version": str,
    "description": str,
    "keywords": (str, list),
    "homepage": str,
    "repository": dict,
    "authors": (dict, list),
    "license": str,
    "frameworks": (str, list),
    "platforms": (str, list),
    "headers": (str, list),
    "examples": list,
    "dependencies": (dict, list),
    "export": dict,
    "scripts": dict,
    "build": dict,
}
JSON_BUILD_FIELDS = {
    "flags": (str, list),
    "unflags": (str, list),
    "includeDir": str,
    "srcDir": str,
    "srcFilter": (str, list),
    "extraScript": str,
    "libArchive": bool,
    "libLDFMode": str,
    "libCompatMode": str,
    "builder": str,
}


def as_list(value):
    return value if isinstance(value, list) else [value]


def check_library_json(c):
    problems = []
    try:
        manifest = json.loads(c.read("library.json"))
    except (OSError, ValueError) as error:
        c.report("library.json", [str(error)])
        return None
    if not isinstance(manifest, dict):
        c.report("library.json", ["not a JSON object"])
        return None
    for key in ("name", "version", "description", "keywords"):
        if key not in manifest:
            problems.append(f"missing required field '{key}'")
    for key, value in manifest.items():
        if key not in JSON_FIELDS:
            problems.append(f"unknown field '{key}'")
        elif not isinstance(value, JSON_FIELDS[key]):
            problems.append(f"'{key}' has the wrong type ({type(value).__name__})")
    name = manifest.get("name", "")
    if not re.fullmatch(r"[a-z0-9]([a-z0-9]|-(?!-))*[a-z0-9]", str(name), re.IGNORECASE) or len(name) > 50:
        problems.append(f"name '{name}': letters, digits and single dashes, at most 50")
    if not SEMVER.match(str(manifest.get("version", ""))):
        problems.append(f"version '{manifest.get('version')}' is not semantic versioning")
    if len(str(manifest.get("description", ""))) > 255:
        problems.append("description is longer than 255 characters")
    for keyword in as_list(manifest.get("keywords", [])):
        if not isinstance(keyword, str) or not re.fullmatch(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?", keyword):
            problems.append(f"keyword '{keyword}': lower-case letters, digits and inner dashes")
    repository = manifest.get("repository", {})
    if isinstance(repository, dict):
        if repository.get("type") not in (None, "git", "hg", "svn"):
            problems.append(f"repository.type '{repository.get('type')}' is not git, hg or svn")
        if "url" in repository and not str(repository["url"]).startswith(("https://", "http://", "git@")):
            problems.append(f"repository.url '{repository['url']}' is not a URL")
    for author in as_list(manifest.get("authors", [])):
        if not isinstance(author, dict) or not isinstance(author.get("name"), str):
            problems.append("every author needs a 'name'")
    build = manifest.get("build", {})
    include_dir = "include"
    if isinstance(build, dict):
        for key, value in build.items():
            if key not in JSON_BUILD_FIELDS:
                problems.append(f"unknown field 'build.{key}'")
            elif not isinstance(value, JSON_BUILD_FIELDS[key]):
                problems.append(f"'build.{key}' has the wrong type")
        for key in ("srcDir", "includeDir"):
            if key in build and not os.path.isdir(c.path(build[key])):
                problems.append(f"build.{key} '{build[key]}' is not a directory")
        include_dir = build.get("includeDir", include_dir)
        for flag in as_list(build.get("flags", [])):
            for directory in re.findall(r"-I\s*(\S+)", str(flag)):
                if not os.path.isdir(c.path(directory)):
                    problems.append(f"build.flags: -I {directory} is not a directory")
    for header in as_list(manifest.get("headers", [])):
        if not os.path.isfile(c.path(os.path.join(include_dir, header))):
            problems.append(f"header '{header}' is not in {include_dir}/")
    export = manifest.get("export", {})
    if isinstance(export, dict):
        for pattern in export.get("include", []):
            if not any(ch in pattern for ch in "*?[") and not os.path.exists(c.path(pattern)):
                problems.append(f"export.include '{pattern}' does not exist")
    if manifest.get("license") == "MIT" and not c.read("LICENSE").startswith("MIT License"):
        problems.append("license is MIT but LICENSE is not the MIT license")
    c.report("library.json (PlatformIO)", problems)
    return manifest


# --- library.properties (Arduino) ----------------------------------------------

ARDUINO_FIELDS = {
    "name", "version", "author", "maintainer", "email", "sentence", "paragraph", "category", "url",
    "architectures", "depends", "dot_a_linkage", "includes", "precompiled", "ldflags",
}
ARDUINO_REQUIRED = ("name", "version", "author", "maintainer", "sentence", "paragraph", "url", "category",
                    "architectures")
ARDUINO_CATEGORIES = {
    "Display", "Communication", "Signal Input/Output", "Sensors", "Device Control", "Timing",
    "Data Storage", "Data Processing", "Other",
}


def parse_properties(text):
    """key=value lines; '#' comments and blank lines; returns (dict, problems)."""
    properties, problems = {}, []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "=" not in line:
            problems.append(f"line {number}: not key=value")
            continue
        key, value = line.split("=", 1)
        key = key.strip()
        if key in properties:
            problems.append(f"line {number}: '{key}' given twice")
        properties[key] = value.strip()
    return properties, problems


def check_library_properties(c):
    try:
        properties, problems = parse_properties(c.read("library.properties"))
    except (OSError, UnicodeDecodeError) as error:
        c.report("library.properties", [str(error)])
        return None
    for key in ARDUINO_REQUIRED:
        if not properties.get(key):
            problems.append(f"missing required field '{key}'")
    for key in properties:
        if key not in ARDUINO_FIELDS:
            problems.append(f"unknown field '{key}'")
    name = properties.get("name", "")
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 _.\-]*", name) or len(name) > 63:
        problems.append(f"name '{name}': letters, digits, space, _ . -, at most 63")
    if name.lower().startswith("arduino"):
        problems.append("only Arduino's own libraries may start with 'Arduino'")
    if not SEMVER.match(properties.get("version", "")):
        problems.append(f"version '{properties.get('version')}' is not semantic versioning")
    if properties.get("category") not in ARDUINO_CATEGORIES:
        problems.append(f"category '{properties.get('category')}' is not one of Arduino's")
    if not re.match(r"^https?://\S+$", properties.get("url", "")):
        problems.append(f"url '{properties.get('url')}' is not a URL")
    for value in properties.get("dot_a_linkage", "false"), properties.get("precompiled", "false"):
        if value not in ("true", "false", "full"):
            problems.append(f"'{value}' is not true or false")
    # The 1.5 layout: everything is compiled from src/, which must hold the
    # headers `includes` names; Library Manager refuses symbolic links.
    if not os.path.isdir(c.path("src")):
        problems.append("no src/ folder (the 1.5 library layout)")
    for header in filter(None, (h.strip() for h in properties.get("includes", "").split(","))):
        if not os.path.isfile(c.path(os.path.join("src", header))):
            problems.append(f"includes: src/{header} does not exist")
    for directory, subdirectories, files in os.walk(c.path("src")):
        for entry in subdirectories + files:
            if os.path.islink(os.path.join(directory, entry)):
                problems.append(f"symbolic link {os.path.relpath(os.path.join(directory, entry), c.root)}")
    for entry in os.listdir(c.root):
        if entry.endswith((".h", ".hpp", ".c", ".cpp", ".S")):
            problems.append(f"source file {entry} in the library root (src/ layout: it would be ignored)")
    c.report("library.properties (Arduino)", problems)
    return properties


# --- src/: the Arduino / PlatformIO view of lib/ and port/ ------------------------

# What src/ forwards, in one place (`--update` writes the forwarders): every
# header under each public include tree, recursively, and each source below.
FORWARDED_HEADER_TREES = (
    ("lib/include/utf8mcu", "src/utf8mcu"),
    ("lib/c/include/utf8mcu", "src/utf8mcu"),
    ("port/include/utf8mcu/port", "src/utf8mcu/port"),
    ("lib/display/include/utf8mcu/display", "src/utf8mcu/display"),
    ("lib/text/include/utf8mcu/text", "src/utf8mcu/text"),
)
# (sources, view, prefix): src/<prefix><name>.cpp builds <sources>/<name>.cpp.
FORWARDED_SOURCE_DIRS = (("lib/c/src", "src", ""), ("lib/text/src", "src", "utf8mcu_text_"))
# Register-level UART ports: a bare-metal build (PlatformIO with CMSIS or a
# vendor SDK) picks one with -DUTF8MCU_PORT_<NAME>; under an Arduino core the
# core owns the UART, so by default they compile to nothing.
PLATFORM_PORTS = ("cmsdk_uart", "stm32_usart", "pl011_uart", "nrf51_uart")
# Tables utf8mcu::display and utf8mcu::text need, generated here because
# Arduino and PlatformIO run no generator: the width table, the character-LCD
# tables, a public-domain font (X11 misc-fixed 6x13, Latin-1) in place of the
# Unifont default font, which stays CMake-only, and the text module's headers
# and tables (where its CMake build writes them: TEXT_GENERATED). Each table
# is a source of its own, so a sketch links only the tables it uses.
GENERATED_FONT_RANGES = "0x20-0x7E,0xA0-0xFF,0xFFFD"
GENERATED_FILES = {
    "src/utf8mcu_display_width_table.cpp": "width table",
    "src/utf8mcu_display_char_lcd_tables.cpp": "character-LCD tables",
    "src/utf8mcu_display_fixed_6x13.cpp": "font",
    "src/utf8mcu/display/fonts/fixed_6x13.h": "font",
    "src/utf8mcu/text/unicode_version.h": "text",
    "src/utf8mcu/text/grapheme_properties.h": "text",
    "src/utf8mcu_text_grapheme_properties.cpp": "text",
    "src/utf8mcu/text/line_break_properties.h": "text",
    "src/utf8mcu_text_line_break_properties.cpp": "text",
    "src/utf8mcu/text/internal/bidi_tables.h": "text",
    "src/utf8mcu_text_bidi_tables.cpp": "text",
    "src/utf8mcu_text_joining_tables.cpp": "text",
}
# {file in src/: its path in lib/text/CMakeLists.txt's generated directory}.
TEXT_GENERATED = {
    "src/utf8mcu/text/unicode_version.h": "include/utf8mcu/text/unicode_version.h",
    "src/utf8mcu/text/grapheme_properties.h": "include/utf8mcu/text/grapheme_properties.h",
    "src/utf8mcu_text_grapheme_properties.cpp": "grapheme_properties.cpp",
    "src/utf8mcu/text/line_break_properties.h": "include/utf8mcu/text/line_break_properties.h",
    "src/utf8mcu_text_line_break_properties.cpp": "line_break_properties.cpp",
    "src/utf8mcu/text/internal/bidi_tables.h": "include/utf8mcu/text/internal/bidi_tables.h",
    "src/utf8mcu_text_bidi_tables.cpp": "bidi_tables.cpp",
    "src/utf8mcu_text_joining_tables.cpp": "joining_tables.cpp",
}
SRC_OWN_FILES = {"src/utf8mcu.h"} | set(GENERATED_FILES)


def forwarders(c):
    """{src path: its text} for every forwarder src/ must hold."""
    wanted = {}

    def include(forwarder, target):
        return os.path.relpath(c.path(target), os.path.dirname(c.path(forwarder))).replace(os.sep, "/")

    for public, view in FORWARDED_HEADER_TREES:
        for directory, _, files in sorted(os.walk(c.path(public))):
            for header in sorted(f for f in files if f.endswith(".h")):
                target = os.path.relpath(os.path.join(directory, header), c.root).replace(os.sep, "/")
                forwarder = view + target[len(public):]
                comment = "/* {} */" if header.endswith("_c.h") else "// {}"
                wanted[forwarder] = (comment.format(f"Arduino/PlatformIO view of {target} (see src/utf8mcu.h).")
                                     + f'\n#include "{include(forwarder, target)}"\n')
    for sources, view, prefix in FORWARDED_SOURCE_DIRS:
        for source in sorted(os.listdir(c.path(sources))):
            if source.endswith(".cpp"):
                forwarder = f"{view}/{prefix}{source}"
                wanted[forwarder] = (
                    f"// Arduino and PlatformIO compile every source under src/: this builds\n"
                    f"// {sources}/{source}.\n"
                    f'#include "utf8mcu.h"  // stops with a clear message without C++17\n\n'
                    f'#include "{include(forwarder, f"{sources}/{source}")}"\n')
    for name in PLATFORM_PORTS:
        forwarder, target, macro = f"src/utf8mcu_port_{name}.cpp", f"port/{name}/{name}.cpp", f"UTF8MCU_PORT_{name.upper()}"
        for directory, _, files in sorted(os.walk(c.path(f"port/{name}/include/utf8mcu/port"))):
            for header in sorted(f for f in files if f.endswith(".h")):
                header_target = os.path.relpath(os.path.join(directory, header), c.root).replace(os.sep, "/")
                header_forwarder = f"src/utf8mcu/port/{header}"
                wanted[header_forwarder] = (f"// Arduino/PlatformIO view of {header_target} (see src/utf8mcu.h).\n"
                                            f'#include "{include(header_forwarder, header_target)}"\n')
        wanted[forwarder] = (
            f"// The {name} port ({target}), built when {macro} is defined\n"
            f"// (PlatformIO: build_flags = -D {macro}); empty otherwise.\n"
            f"#if defined({macro})\n"
            f'#include "utf8mcu.h"  // stops with a clear message without C++17\n\n'
            f'#include "{include(forwarder, target)}"\n'
            f"#endif\n")
    return wanted


def generate_tables(c, directory):
    """Writes GENERATED_FILES under `directory` with the display and text
    modules' own generators; returns problems (a missing tool or data file)."""
    ucd = os.environ.get("UTF8MCU_UCD_DIR", "/usr/share/unicode")
    pcf = os.path.join(os.environ.get("UTF8MCU_XFONTS_DIR", "/usr/share/fonts/X11/misc"), "6x13.pcf.gz")
    tools = c.path("lib/display/tools")
    text_tools = c.path("lib/text/tools")
    os.makedirs(os.path.join(directory, "src/utf8mcu/display/fonts"), exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        bdf = os.path.join(scratch, "6x13.bdf")
        text = os.path.join(scratch, "text")
        os.makedirs(os.path.join(text, "include/utf8mcu/text/internal"))
        commands = [
            ["pcf2bdf", "-o", bdf, pcf],
            [sys.executable, os.path.join(tools, "make_font.py"), "--font", bdf, "--ucd-dir", ucd,
             "--ranges", GENERATED_FONT_RANGES, "--name", "6x13 (X11 misc-fixed)",
             "--namespace", "utf8mcu::display::fonts", "--symbol", "kFixed6x13",
             "--source", os.path.join(directory, "src/utf8mcu_display_fixed_6x13.cpp"),
             "--header", os.path.join(directory, "src/utf8mcu/display/fonts/fixed_6x13.h"),
             "--header-include", "utf8mcu/display/fonts/fixed_6x13.h"],
            [sys.executable, os.path.join(tools, "make_width_table.py"), "--ucd-dir", ucd,
             "--source", os.path.join(directory, "src/utf8mcu_display_width_table.cpp")],
            [sys.executable, os.path.join(tools, "make_char_lcd_tables.py"), "--ucd-dir", ucd,
             "--source", os.path.join(directory, "src/utf8mcu_display_char_lcd_tables.cpp")],
            # The text module's generators, with the arguments lib/text/*.cmake gives them.
            [sys.executable, os.path.join(text_tools, "make_unicode_version.py"), ucd,
             os.path.join(text, TEXT_GENERATED["src/utf8mcu/text/unicode_version.h"])],
            [sys.executable, os.path.join(text_tools, "make_segmentation_tables.py"), ucd, text],
            [sys.executable, os.path.join(text_tools, "make_bidi_tables.py"), ucd]
            + [os.path.join(text, TEXT_GENERATED[f"src/{name}"]) for name in (
                "utf8mcu/text/internal/bidi_tables.h", "utf8mcu_text_bidi_tables.cpp",
                "utf8mcu_text_joining_tables.cpp")]
            + [os.path.join(scratch, "bidi_table_bytes.txt")],
        ]
        environment = dict(os.environ, PYTHONPATH=text_tools)  # they share tools/ucd.py
        for command in commands:
            try:
                run = subprocess.run(command, capture_output=True, text=True, check=False, env=environment)
            except OSError as error:
                return [f"{command[0]}: {error}"]
            if run.returncode != 0:
                return [f"{' '.join(command)}: {run.stderr.strip()}"]
        for generated, built in TEXT_GENERATED.items():
            os.makedirs(os.path.dirname(os.path.join(directory, generated)), exist_ok=True)
            os.replace(os.path.join(text, built), os.path.join(directory, generated))
        # The generators name their input files; keep the output the same
        # wherever the data lives.
        for generated in GENERATED_FILES:
            with open(os.path.join(directory, generated), encoding="utf-8") as f:
                text = f.read()
            text = text.replace(f" from {ucd}:", " from the Unicode Character Database:")
            text = text.replace(f" from {bdf}:", " from 6x13.pcf.gz (Debian's xfonts-base, via pcf2bdf):")
            with open(os.path.join(directory, generated), "w", encoding="utf-8") as f:
                f.write(text)
    return []


def sync_file(c, relative, text, update, how):
    """Compares a file of src/ with what it must hold; with `update` writes it.
    Returns the problems."""
    current = c.read(relative) if os.path.isfile(c.path(relative)) else None
    if current == text:
        return []
    if not update:
        return [f"{relative} is {'missing' if current is None else 'out of date'} "
                f"(tools/check-manifests.py {how} writes it)"]
    os.makedirs(os.path.dirname(c.path(relative)), exist_ok=True)
    with open(c.path(relative), "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {relative}")
    return []


def check_forwarders(c, manifest, update):
    problems = []
    wanted = forwarders(c)
    exported = (manifest or {}).get("export", {}).get("include")
    for forwarder, text in wanted.items():
        problems += sync_file(c, forwarder, text, update, "--update")
        # PlatformIO packs only what export.include names: the targets too.
        for target in re.findall(r'^#include "(\.\./[^"]+)"', text, re.M):
            target = os.path.relpath(os.path.normpath(os.path.join(os.path.dirname(c.path(forwarder)), target)),
                                     c.root).replace(os.sep, "/")
            if exported and not any(target == e or target.startswith(e.rstrip("/") + "/") for e in exported):
                problems.append(f"{target} (forwarded to by {forwarder}) is not in library.json export.include")
    for directory, _, files in os.walk(c.path("src")):
        for name in files:
            relative = os.path.relpath(os.path.join(directory, name), c.root).replace(os.sep, "/")
            if relative not in wanted and relative not in SRC_OWN_FILES:
                if update:
                    os.remove(c.path(relative))
                    print(f"removed {relative}")
                else:
                    problems.append(f"{relative} forwards to nothing (stale? tools/check-manifests.py --update "
                                    f"removes it)")
    for generated in GENERATED_FILES:
        if not os.path.isfile(c.path(generated)):
            problems.append(f"{generated} is missing (tools/check-manifests.py --update --tables makes it)")
    c.report(f"src/ forwards to lib/ and port/ ({len(wanted)} files)", problems)


def check_tables(c, update):
    """Regenerates the display and text tables of src/ and compares (needs
    pcf2bdf and Debian's xfonts-base and unicode-data)."""
    with tempfile.TemporaryDirectory() as scratch:
        problems = generate_tables(c, scratch)
        for generated in GENERATED_FILES if not problems else ():
            with open(os.path.join(scratch, generated), encoding="utf-8") as f:
                fresh = f.read()
            problems += sync_file(c, generated, fresh, update, "--update --tables")
    c.report(f"src/ display and text tables regenerated ({len(GENERATED_FILES)} files)", problems)


# --- zephyr/ ---------------------------------------------------------------------

MODULE_KEYS = {
    "name": None,
    "build": {"cmake", "kconfig", "cmake-ext", "kconfig-ext", "sysbuild-cmake", "sysbuild-kconfig",
              "sysbuild-cmake-ext", "sysbuild-kconfig-ext", "depends", "settings"},
    "samples": None, "tests": None, "boards": None, "blobs": None, "debug": None, "security": None,
    "package-managers": None,
}


def parse_simple_yaml(text):
    """The block-mapping subset of YAML that module.yml files use: nested
    'key: value' / 'key:' lines indented by spaces, '- item' lists, comments.
    Returns (mapping, problems)."""
    root, problems = {}, []
    stack = [(-1, root)]  # (indent, container)
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(" #", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line.strip():
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            problems.append(f"line {number}: tab in indentation")
            continue
        indent = len(line) - len(line.lstrip())
        content = line.strip()
        while stack and indent <= stack[-1][0]:
            stack.pop()
        if not stack:
            problems.append(f"line {number}: bad indentation")
            stack = [(-1, root)]
        container = stack[-1][1]
        if content.startswith("- "):
            if not isinstance(container, list):
                problems.append(f"line {number}: list item outside a list")
                continue
            container.append(content[2:].strip())
            continue
        match = re.fullmatch(r"([A-Za-z0-9_.-]+):(?:\s+(.*))?", content)
        if not match or not isinstance(container, dict):
            problems.append(f"line {number}: expected 'key: value'")
            continue
        key, value = match.group(1), match.group(2)
        if key in container:
            problems.append(f"line {number}: '{key}' given twice")
        if value is None:
            # A nested mapping or list follows; which one, the next line says.
            following = next((l for l in text.splitlines()[number:] if l.strip() and not l.strip().startswith("#")),
                             "")
            child = [] if following.strip().startswith("- ") else {}
            container[key] = child
            stack.append((indent, child))
        else:
            container[key] = value.strip().strip("'\"")
    return root, problems


def check_zephyr_module(c):
    try:
        module, problems = parse_simple_yaml(c.read("zephyr/module.yml"))
    except OSError as error:
        c.report("zephyr/module.yml", [str(error)])
        return
    for key, value in module.items():
        if key not in MODULE_KEYS:
            problems.append(f"unknown key '{key}'")
        elif MODULE_KEYS[key] and isinstance(value, dict):
            problems += [f"unknown key '{key}.{sub}'" for sub in value if sub not in MODULE_KEYS[key]]
    if not re.fullmatch(r"[A-Za-z0-9_-]+", str(module.get("name", ""))):
        problems.append("name: letters, digits, _ and - only")
    build = module.get("build", {})
    if not isinstance(build, dict) or "cmake" not in build:
        problems.append("build.cmake is missing")
    else:
        if not os.path.isfile(c.path(os.path.join(build["cmake"], "CMakeLists.txt"))):
            problems.append(f"build.cmake: no CMakeLists.txt in '{build['cmake']}'")
        if "kconfig" in build and not os.path.isfile(c.path(build["kconfig"])):
            problems.append(f"build.kconfig: '{build['kconfig']}' does not exist")
    c.report("zephyr/module.yml (Zephyr)", problems)
    if isinstance(build, dict) and "kconfig" in build:
        check_kconfig(c, build["kconfig"], os.path.join(build.get("cmake", "zephyr"), "CMakeLists.txt"))


# Symbols of Zephyr itself that the module may depend on.
ZEPHYR_SYMBOLS = {"CPP", "STD_CPP98", "STD_CPP11", "STD_CPP14", "STD_CPP17", "STD_CPP2A", "STD_CPP20",
                  "STD_CPP2B", "REQUIRES_FULL_LIBCPP"}
KCONFIG_TYPES = {"bool", "tristate", "int", "hex", "string"}
BLOCKS = {"if": "endif", "menu": "endmenu", "choice": "endchoice"}


def check_kconfig(c, kconfig, cmake_file):
    problems, defined, referenced, stack = [], {}, set(), []
    lines = c.read(kconfig).splitlines()
    current, help_indent, in_help = None, 0, False
    for number, line in enumerate(lines, 1):
        if in_help:
            if not line.strip() or len(line.expandtabs()) - len(line.expandtabs().lstrip()) > help_indent:
                continue
            in_help = False
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        words = stripped.split(None, 1)
        keyword, rest = words[0], words[1] if len(words) > 1 else ""
        if keyword in ("config", "menuconfig"):
            if not re.fullmatch(r"[A-Z0-9_]+", rest):
                problems.append(f"line {number}: symbol '{rest}' is not upper case")
            if rest in defined:
                problems.append(f"line {number}: {rest} defined twice")
            current = rest
            defined[current] = 0
        elif keyword in KCONFIG_TYPES or keyword in ("def_bool", "def_tristate"):
            if current is None:
                problems.append(f"line {number}: '{keyword}' outside a config entry")
            else:
                defined[current] += 1
            if rest and not re.fullmatch(r'"[^"]*"(\s+if\s+.+)?|[A-Za-z0-9_ &|!()=]+', rest):
                problems.append(f"line {number}: bad prompt {rest}")
        elif keyword in ("depends", "select", "imply", "default", "range", "visible"):
            if keyword == "depends" and not rest.startswith("on "):
                problems.append(f"line {number}: 'depends' without 'on'")
            expression = rest[3:] if keyword == "depends" else rest
            referenced.update(s for s in re.findall(r"\b[A-Z][A-Z0-9_]*\b", expression) if s not in ("y", "n"))
        elif keyword == "help":
            in_help = True
            help_indent = len(line.expandtabs()) - len(line.expandtabs().lstrip())
        elif keyword in BLOCKS:
            stack.append((keyword, number))
            current = None
        elif keyword in BLOCKS.values():
            if not stack or BLOCKS[stack[-1][0]] != keyword:
                problems.append(f"line {number}: unmatched {keyword}")
            else:
                stack.pop()
        elif keyword in ("source", "rsource", "osource", "orsource", "comment", "mainmenu", "prompt",
                         "option", "modules", "optional"):
            pass
        else:
            problems.append(f"line {number}: unknown keyword '{keyword}'")
    problems += [f"line {number}: '{block}' never closed" for block, number in stack]
    problems += [f"{symbol} has no type" for symbol, types in defined.items() if types == 0]
    problems += [f"{symbol} has {types} types" for symbol, types in defined.items() if types > 1]
    problems += [f"unknown symbol {symbol}" for symbol in sorted(referenced - set(defined) - ZEPHYR_SYMBOLS)]
    c.report(f"{kconfig} ({len(defined)} symbols)", problems)

    problems = []
    cmake = c.read(cmake_file)
    for symbol in sorted(set(re.findall(r"\bCONFIG_([A-Z0-9_]+)", cmake))):
        if symbol not in defined and symbol not in ZEPHYR_SYMBOLS:
            problems.append(f"CONFIG_{symbol} is not defined in {kconfig}")
    for path in re.findall(r"\$\{ZEPHYR_CURRENT_MODULE_DIR\}/([^\s)\"]+)", cmake):
        if not os.path.exists(c.path(path)):
            problems.append(f"{path} does not exist")
    c.report(cmake_file, problems)


# --- one version everywhere -----------------------------------------------------

def check_versions(c, manifest, properties):
    versions = {}
    match = re.search(r"project\(\s*utf8mcu\b[^)]*?\bVERSION\s+([0-9.]+)", c.read("CMakeLists.txt"), re.S)
    versions["CMakeLists.txt project(VERSION)"] = match.group(1) if match else None
    if manifest is not None:
        versions["library.json"] = manifest.get("version")
    if properties is not None:
        versions["library.properties"] = properties.get("version")
    header = c.read("lib/c/include/utf8mcu/utf8mcu_c.h")
    parts = [re.search(rf"#define UTF8MCU_VERSION_{part} (\d+)", header) for part in ("MAJOR", "MINOR", "PATCH")]
    versions["utf8mcu_c.h UTF8MCU_VERSION_*"] = ".".join(p.group(1) for p in parts) if all(parts) else None
    match = re.search(r"^## \[?([0-9]+\.[0-9]+\.[0-9]+)\]?", c.read("CHANGELOG.md"), re.M)
    versions["CHANGELOG.md newest entry"] = match.group(1) if match else None
    expected = versions["CMakeLists.txt project(VERSION)"]
    problems = [f"{where}: {version} (CMakeLists.txt has {expected})"
                for where, version in versions.items() if version != expected]
    c.report(f"one version everywhere ({expected})", problems)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--update", action="store_true", help="write the forwarders of src/ (and with --tables "
                        "the generated display and text tables) instead of only checking them")
    parser.add_argument("--tables", action="store_true", help="also regenerate the display and text tables of src/ and "
                        "compare (needs pcf2bdf, xfonts-base, unicode-data)")
    args = parser.parse_args()
    c = Checker(os.path.abspath(args.root))
    manifest = check_library_json(c)
    properties = check_library_properties(c)
    if manifest is not None and properties is not None and manifest.get("name") != properties.get("name"):
        c.report("one name", [f"library.json '{manifest.get('name')}' != library.properties "
                              f"'{properties.get('name')}'"])
    if args.tables:  # first, so that --update --tables finds the tables it wrote
        check_tables(c, args.update)
    check_forwarders(c, manifest, args.update)
    check_zephyr_module(c)
    check_versions(c, manifest, properties)
    if c.failures:
        print(f"check-manifests: {c.failures} check(s) failed")
        return 1
    print("check-manifests: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
