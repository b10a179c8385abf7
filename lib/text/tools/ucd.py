"""Reading the Unicode Character Database and packing a property into tables.

Shared by the generators of utf8mcu::text (segmentation, bidi, joining): each
reads the property files it needs with read_property(), maps the values to
small integers of its own, and writes them with PackedTable, whose lookup is
packed_lookup() in utf8mcu/text/internal/packed_table.h.

The files' own rules are followed: `# @missing:` lines give the value of every
code point the data lines leave out (later @missing lines override earlier
ones, as the UCD specifies), and a data line's first field is a code point or
a range `XXXX..YYYY`.
"""

from __future__ import annotations

import re
from pathlib import Path

MAX_CODE_POINT = 0x10FFFF
CODE_POINTS = MAX_CODE_POINT + 1

_RANGE = re.compile(r"^([0-9A-Fa-f]{4,6})(?:\.\.([0-9A-Fa-f]{4,6}))?$")
_VERSION = re.compile(r"-(\d+)\.(\d+)\.(\d+)\.txt")


def _parse_range(field: str) -> tuple[int, int]:
    match = _RANGE.match(field.strip())
    if not match:
        raise ValueError(f"not a code point or range: {field!r}")
    first = int(match.group(1), 16)
    last = int(match.group(2), 16) if match.group(2) else first
    if first > last or last > MAX_CODE_POINT:
        raise ValueError(f"bad range: {field!r}")
    return first, last


def read_version(path: Path) -> tuple[int, int, int]:
    """The Unicode version a UCD file names in its first lines, e.g. (15, 0, 0)."""
    with open(path, encoding="utf-8") as file:
        for _, line in zip(range(5), file):
            match = _VERSION.search(line)
            if match:
                return int(match.group(1)), int(match.group(2)), int(match.group(3))
    raise ValueError(f"{path}: no version in its header")


def read_property(path: Path, field: int = 1, default: str | None = None,
                  aliases: dict[str, str] | None = None) -> list[str | None]:
    """Every code point's value of the property in `field` of a UCD file.

    Code points the data lines leave out take the file's @missing value for
    their range, else `default`. `aliases` maps long value names to the short
    ones the caller uses (e.g. Right_To_Left -> R); other names pass through.
    """
    aliases = aliases or {}
    values: list[str | None] = [default] * CODE_POINTS
    assigned = bytearray(CODE_POINTS)
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.startswith("# @missing:"):
                fields = [part.strip() for part in line[len("# @missing:"):].split(";")]
                first, last = _parse_range(fields[0])
                value = aliases.get(fields[field], fields[field])
                for code_point in range(first, last + 1):
                    if not assigned[code_point]:
                        values[code_point] = value
                continue
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            fields = [part.strip() for part in data.split(";")]
            first, last = _parse_range(fields[0])
            value = aliases.get(fields[field], fields[field])
            values[first:last + 1] = [value] * (last - first + 1)
            assigned[first:last + 1] = b"\x01" * (last - first + 1)
    return values


def read_set(path: Path, value: str, field: int = 1) -> bytearray:
    """A 0/1 flag per code point: 1 where `field` of a data line is `value`
    (e.g. Extended_Pictographic in emoji-data.txt)."""
    flags = bytearray(CODE_POINTS)
    with open(path, encoding="utf-8") as file:
        for line in file:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            fields = [part.strip() for part in data.split(";")]
            if fields[field] == value:
                first, last = _parse_range(fields[0])
                flags[first:last + 1] = b"\x01" * (last - first + 1)
    return flags


def read_general_categories(unicode_data: Path) -> list[str]:
    """General_Category of every code point from UnicodeData.txt (Cn where
    unlisted; the `<..., First>`/`<..., Last>` pairs cover their ranges)."""
    categories = ["Cn"] * CODE_POINTS
    range_start = None
    with open(unicode_data, encoding="utf-8") as file:
        for line in file:
            fields = line.split(";")
            code_point = int(fields[0], 16)
            name, category = fields[1], fields[2]
            if name.endswith(", First>"):
                range_start = code_point
                continue
            if name.endswith(", Last>") and range_start is not None:
                categories[range_start:code_point + 1] = [category] * (code_point + 1 - range_start)
                range_start = None
                continue
            categories[code_point] = category
    return categories


class PackedTable:
    """A property of every code point (integers below 256) as three stages:

        stage1[cp >> shift1]                        -> a block of stage 2
        stage2[block * 2^(shift1-shift2) + middle]  -> a block of leaves
        leaves[block * 2^shift2 + low], `bits` bits per value

    Equal blocks are stored once, so the long runs of one value (unassigned
    planes, CJK, Hangul) cost a block each. The shifts and the leaf width are
    chosen for the fewest bytes; stage indexes are 8-bit where they fit.
    """

    def __init__(self, values: list[int]):
        if len(values) != CODE_POINTS:
            raise ValueError("one value per code point expected")
        top = max(values)
        if top >= 256 or min(values) < 0:
            raise ValueError("values must be 0..255")
        self.values = values
        candidates = [bits for bits in (1, 2, 4, 8) if top < (1 << bits)]
        best = None
        for bits in candidates:
            for shift2 in range(3, 10):
                if (1 << shift2) * bits < 8:
                    continue
                leaves, leaf_index = self._blocks(values, 1 << shift2)
                for shift1 in range(shift2 + 1, 17):
                    layout = self._layout(leaf_index, shift1, shift2, leaves, bits)
                    if layout is not None and (best is None or layout["bytes"] < best["bytes"]):
                        best = layout
        self.__dict__.update(best)
        self._check()

    @staticmethod
    def _blocks(items: list[int], size: int) -> tuple[list[tuple[int, ...]], list[int]]:
        unique: dict[tuple[int, ...], int] = {}
        order: list[tuple[int, ...]] = []
        index: list[int] = []
        for start in range(0, len(items), size):
            block = tuple(items[start:start + size])
            if len(block) < size:
                block = block + (block[-1],) * (size - len(block))
            if block not in unique:
                unique[block] = len(order)
                order.append(block)
            index.append(unique[block])
        return order, index

    def _layout(self, leaf_index, shift1, shift2, leaves, bits):
        middle = 1 << (shift1 - shift2)
        stage2_blocks, stage1 = self._blocks(leaf_index, middle)
        stage2_width = 1 if len(leaves) <= 256 else 2
        stage1_width = 1 if len(stage2_blocks) <= 256 else 2
        if stage2_width == 2 and len(leaves) > 65536:
            return None
        leaf_bytes = len(leaves) * (1 << shift2) * bits // 8
        total = (len(stage1) * stage1_width + len(stage2_blocks) * middle * stage2_width + leaf_bytes)
        return {
            "bytes": total, "bits": bits, "shift1": shift1, "shift2": shift2,
            "stage1": stage1, "stage1_width": stage1_width,
            "stage2": [entry for block in stage2_blocks for entry in block], "stage2_width": stage2_width,
            "leaves": self._pack_leaves(leaves, bits),
        }

    @staticmethod
    def _pack_leaves(leaves, bits):
        flat = [value for block in leaves for value in block]
        per_byte = 8 // bits
        packed = []
        for start in range(0, len(flat), per_byte):
            byte = 0
            for slot, value in enumerate(flat[start:start + per_byte]):
                byte |= value << (slot * bits)
            packed.append(byte)
        return packed

    def lookup(self, code_point: int) -> int:
        """The value as packed_lookup() in C++ finds it."""
        block1 = self.stage1[code_point >> self.shift1]
        middle = (code_point >> self.shift2) & ((1 << (self.shift1 - self.shift2)) - 1)
        block2 = self.stage2[(block1 << (self.shift1 - self.shift2)) | middle]
        index = (block2 << self.shift2) | (code_point & ((1 << self.shift2) - 1))
        per_byte = 8 // self.bits
        return (self.leaves[index // per_byte] >> ((index % per_byte) * self.bits)) & ((1 << self.bits) - 1)

    def _check(self) -> None:
        for code_point in range(CODE_POINTS):
            if self.lookup(code_point) != self.values[code_point]:
                raise AssertionError(f"packing lost U+{code_point:04X}")

    @staticmethod
    def _array(ctype: str, name: str, items: list[int]) -> str:
        lines = []
        for start in range(0, len(items), 16):
            lines.append("    " + ", ".join(str(item) for item in items[start:start + 16]) + ",")
        return f"const {ctype} {name}[{len(items)}] = {{\n" + "\n".join(lines) + "\n}};\n"

    _WIDTH = {1: "std::uint8_t", 2: "std::uint16_t"}

    def header(self, prefix: str, function: str, out_of_range: int, doc: str) -> str:
        """C++ for a header: the arrays' declarations and `inline unsigned
        function(char32_t)`, which returns the value of any code point and
        `out_of_range` above U+10FFFF. Needs "utf8mcu/text/internal/packed_table.h"."""
        width = self._WIDTH
        return (
            f"extern const {width[self.stage1_width]} {prefix}Stage1[{len(self.stage1)}];\n"
            f"extern const {width[self.stage2_width]} {prefix}Stage2[{len(self.stage2)}];\n"
            f"extern const std::uint8_t {prefix}Leaves[{len(self.leaves)}];\n\n"
            f"/// {doc}\n"
            f"inline unsigned {function}(char32_t code_point) {{\n"
            f"  return internal::packed_lookup<{self.shift1}, {self.shift2}, {self.bits}>(\n"
            f"      {prefix}Stage1, {prefix}Stage2, {prefix}Leaves, code_point, {out_of_range}u);\n"
            f"}}\n")

    def source(self, prefix: str) -> str:
        """C++ for a source file: the arrays' definitions (`bytes` of flash)."""
        width = self._WIDTH
        return (self._array(width[self.stage1_width], f"{prefix}Stage1", self.stage1)
                + self._array(width[self.stage2_width], f"{prefix}Stage2", self.stage2)
                + self._array("std::uint8_t", f"{prefix}Leaves", self.leaves))


def write_if_changed(path: Path, text: str) -> None:
    """Writes `text` unless the file already holds it (no needless rebuilds)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")
