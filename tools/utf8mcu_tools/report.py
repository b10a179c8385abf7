"""Markdown tables for the generated docs (docs/size.md, docs/stack.md,
docs/performance.md)."""


def table(header, rows, align=None):
    """Lines of a Markdown table; by default the first column left-aligned and
    the others right-aligned."""
    align = align or ["---"] + ["---:"] * (len(header) - 1)
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return out


def write(path, lines):
    """Writes lines to path, one per line, ending with a newline."""
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
