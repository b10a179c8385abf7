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
    """A property of every code point (integers below 256) as a trie:

        top[cp >> shifts[-1]]                           -> a block of the next index
        index[block << step | middle bits of cp] ...    -> ... (one to three indexes)
        leaves[offset + (cp & (2^shifts[0] - 1))]       values of `bits` bits each

    Equal blocks of every stage are stored once, and the leaf blocks overlap
    where one's end matches another's start, so the long runs of one value
    (unassigned planes, CJK, Hangul) cost a block each. The block sizes, the
    number of stages and the alignment of the leaf blocks (block numbers, or
    offsets in steps of 1, 2, 4... values, which let blocks overlap more but
    need wider entries) are chosen for the fewest bytes; each index is 8-bit
    where its values fit.

    The upper planes are folded where the values allow: above a limit, the
    noncharacters (xFFFE, xFFFF) have one value, one window (plane 14's
    tags and variation selectors) is packed after the limit, and every other
    code point has one tail value; the lookup tests these before the trie.
    """

    def __init__(self, values: list[int], max_levels: int = 4):
        if len(values) != CODE_POINTS:
            raise ValueError("one value per code point expected")
        top = max(values)
        if top >= 256 or min(values) < 0:
            raise ValueError("values must be 0..255")
        self.values = values
        self.bits = max(1, top.bit_length())
        best = None
        fold = self._find_fold(values)
        for self.fold in ([None, fold] if fold else [None]):
            folded = values
            if self.fold:
                limit, window_start, window_end = self.fold[:3]
                folded = values[:limit] + values[window_start:window_end]
            best = self._smallest(folded, max_levels, best)
        self.bytes, self.fold, self.leaf_shift, self.align_shift, self.shifts, self.stages, leaves = best
        self.leaves = self._pack(leaves, self.bits)
        self._check()

    def _smallest(self, values, max_levels, best):
        """The smallest trie of `values` (with self.fold) if smaller than `best`."""
        for leaf_shift in range(2, 8):
            leaf_blocks, leaf_index = self._blocks(values, 1 << leaf_shift)
            for align_shift in range(leaf_shift + 1):
                # Leaf blocks start at multiples of 2^align_shift: 2^leaf_shift
                # means block numbers, smaller ones let blocks overlap.
                leaves, offsets = self._overlap(leaf_blocks, 1 << align_shift)
                entries = [offsets[block] >> align_shift for block in leaf_index]
                span = (len(leaves) >> align_shift) + 1
                for shifts, stages, total in self._indexes(entries, span, leaf_shift, max_levels - 1):
                    size = total + self._leaf_bytes(len(leaves))
                    if best is None or size < best[0]:
                        best = (size, self.fold, leaf_shift, align_shift, shifts, stages, leaves)
        return best

    @staticmethod
    def _find_fold(values):
        """(limit, window start, window end, noncharacter value, tail value)
        for the lowest limit (a multiple of 0x1000) that folds, or None."""
        counts: dict[int, int] = {}
        for cp in range(0x40000, CODE_POINTS, 0x100):
            counts[values[cp]] = counts.get(values[cp], 0) + 1
        tail = max(counts, key=counts.get)
        odd = [cp for cp in range(CODE_POINTS) if values[cp] != tail and (cp & 0xFFFE) != 0xFFFE]
        first_odd = len(odd)
        for limit in range(CODE_POINTS - 0x1000, 0, -0x1000):
            # The lowest limit whose rest folds; walking down, stop at the first that does not.
            noncharacters = {values[plane << 16 | 0xFFFE] for plane in range(limit >> 16, 17)
                             if plane << 16 | 0xFFFE >= limit}
            noncharacters |= {values[plane << 16 | 0xFFFF] for plane in range(limit >> 16, 17)
                              if plane << 16 | 0xFFFF >= limit}
            while first_odd > 0 and odd[first_odd - 1] >= limit:
                first_odd -= 1
            window = odd[first_odd:]
            span = ((window[-1] | 0xFFF) + 1 - (window[0] & ~0xFFF)) if window else 0
            if len(noncharacters) > 1 or span > 0x2000:
                break
            best = limit, noncharacters
        else:
            return None
        if "best" not in locals():
            return None
        limit, noncharacters = best
        window = [cp for cp in odd if cp >= limit]
        start, end = (window[0] & ~0xFFF, (window[-1] | 0xFFF) + 1) if window else (limit, limit)
        return limit, start, end, noncharacters.pop(), tail

    @staticmethod
    def _blocks(items, size):
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

    @staticmethod
    def _overlap(blocks, align):
        """Lays the blocks into one array, each at a multiple of `align`:
        where it already occurs, else overlapping the array's end as far as
        it matches. Returns the array and each block's offset."""
        array: list[int] = []
        text = ""
        offsets = []
        for block in blocks:
            key = "".join(chr(0x100 + value) for value in block)
            found = text.find(key)
            while found >= 0 and found % align:
                found = text.find(key, found + 1)
            if found < 0:
                shared = next((k for k in range(len(block) - 1, 0, -1)
                               if (len(array) - k) % align == 0 and text.endswith(key[:k])), 0)
                if shared == 0 and len(array) % align:
                    filler = (align - len(array) % align) * [block[0]]
                    array.extend(filler)
                    text += chr(0x100 + block[0]) * len(filler)
                found = len(array) - shared
                array.extend(block[shared:])
                text += key[shared:]
            offsets.append(found)
        return array, offsets

    def _indexes(self, entries, span, low_shift, levels):
        """Every way to index `entries` (values below `span`) with 1..levels
        stages: yields (shifts, stages, bytes), stages from the lowest up,
        each (width, items, shift of the block number)."""
        width = 1 if span <= 256 else 2
        yield [low_shift], [(width, entries)], len(entries) * width
        if levels == 1:
            return
        for step in range(1, 9):
            blocks, index = self._blocks(entries, 1 << step)
            if len(index) < 2:
                break
            flat = [entry for block in blocks for entry in block]
            for shifts, stages, total in self._indexes(index, len(blocks), low_shift + step, levels - 1):
                yield [low_shift] + shifts, [(width, flat)] + stages, total + len(flat) * width

    def _leaf_bytes(self, count):
        # One byte of padding: a value is read from two bytes.
        return (count * self.bits + 7) // 8 + (0 if self.bits in (1, 2, 4, 8) else 1)

    def _pack(self, leaves, bits):
        packed = bytearray(self._leaf_bytes(len(leaves)))
        for index, value in enumerate(leaves):
            bit = index * bits
            word = value << (bit % 8)
            packed[bit // 8] |= word & 0xFF
            if word >> 8:
                packed[bit // 8 + 1] |= word >> 8
        return list(packed)

    def lookup(self, code_point: int) -> int:
        """The value as the generated C++ finds it."""
        if self.fold and code_point >= self.fold[0]:
            limit, window_start, window_end, noncharacter, tail = self.fold
            if (code_point & 0xFFFE) == 0xFFFE:
                return noncharacter
            if not window_start <= code_point < window_end:
                return tail
            code_point = code_point - window_start + limit
        shifts, stages = self.shifts, self.stages
        entry = stages[-1][1][code_point >> shifts[-1]]
        for level in range(len(stages) - 2, -1, -1):
            step = shifts[level + 1] - shifts[level]
            middle = (code_point >> shifts[level]) & ((1 << step) - 1)
            entry = stages[level][1][(entry << step) | middle]
        low = code_point & ((1 << self.leaf_shift) - 1)
        index = (entry << self.align_shift) + low
        bit = index * self.bits
        window = self.leaves[bit // 8] | (self.leaves[bit // 8 + 1] << 8 if bit // 8 + 1 < len(self.leaves) else 0)
        return (window >> (bit % 8)) & ((1 << self.bits) - 1)

    def _check(self) -> None:
        for code_point in range(CODE_POINTS):
            if self.lookup(code_point) != self.values[code_point]:
                raise AssertionError(f"packing lost U+{code_point:04X}")

    @staticmethod
    def _array(ctype: str, name: str, items: list[int]) -> str:
        lines = []
        for start in range(0, len(items), 16):
            lines.append("    " + ", ".join(str(item) for item in items[start:start + 16]) + ",")
        return f"const {ctype} {name}[{len(items)}] = {{\n" + "\n".join(lines) + "\n};\n"

    _WIDTH = {1: "std::uint8_t", 2: "std::uint16_t"}

    def _names(self, prefix):
        return [f"{prefix}Index{level}" for level in range(len(self.stages))]

    def header(self, prefix: str, function: str, out_of_range: int, doc: str) -> str:
        """C++ for a header: the arrays' declarations and `inline unsigned
        function(char32_t)`, which returns the value of any code point and
        `out_of_range` above U+10FFFF. Needs "utf8mcu/text/internal/packed_table.h"."""
        names = self._names(prefix)
        lines = [f"extern const {self._WIDTH[width]} {name}[{len(items)}];"
                 for name, (width, items) in zip(names, self.stages)]
        lines.append(f"extern const std::uint8_t {prefix}Leaves[{len(self.leaves)}];")
        body = ["  std::uint32_t cp = code_point;"]
        if self.fold:
            limit, window_start, window_end, noncharacter, tail = self.fold
            body += [f"  if (cp >= 0x{limit:X}) {{",
                     f"    if (cp > 0x10FFFF) return {out_of_range}u;",
                     f"    if ((cp & 0xFFFE) == 0xFFFE) return {noncharacter}u;  // noncharacters"]
            if window_end > window_start:
                body += [f"    if (cp - 0x{window_start:X} >= 0x{window_end - window_start:X}) return {tail}u;"]
                if window_start != limit:
                    body += [f"    cp = cp - 0x{window_start - limit:X};  // packed after the limit"]
            else:
                body += [f"    return {tail}u;"]
            body += ["  }"]
        else:
            body += [f"  if (cp > 0x10FFFF) return {out_of_range}u;"]
        body += [f"  std::uint32_t entry = {names[-1]}[cp >> {self.shifts[-1]}];"]
        for level in range(len(self.stages) - 2, -1, -1):
            step = self.shifts[level + 1] - self.shifts[level]
            body.append(f"  entry = {names[level]}[(entry << {step}) | "
                        f"((cp >> {self.shifts[level]}) & {(1 << step) - 1}u)];")
        offset = f"(entry << {self.align_shift})" if self.align_shift else "entry"
        body.append(f"  return internal::packed_value<{self.bits}>({prefix}Leaves, "
                    f"{offset} + (cp & {(1 << self.leaf_shift) - 1}u));")
        return ("\n".join(lines) + f"\n\n/// {doc}\ninline unsigned {function}(char32_t code_point) {{\n"
                + "\n".join(body) + "\n}\n")

    def source(self, prefix: str) -> str:
        """C++ for a source file: the arrays' definitions (`bytes` of flash)."""
        text = "".join(self._array(self._WIDTH[width], name, items)
                       for name, (width, items) in zip(self._names(prefix), self.stages))
        return text + self._array("std::uint8_t", f"{prefix}Leaves", self.leaves)


def write_if_changed(path: Path, text: str) -> None:
    """Writes `text` unless the file already holds it (no needless rebuilds)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")
