#!/usr/bin/env python3
"""Checks the flash budgets of the segmentation tables from the stats the
generator writes (lib/text/tools/make_segmentation_tables.py).

Usage: check_segmentation_tables.py SEGMENTATION_TABLES_TXT
"""
import sys

BUDGETS = {  # bytes
    "grapheme_table_bytes": 6 * 1024,        # the grapheme breaker's table alone
    "segmentation_tables_bytes": 12 * 1024,  # both tables (what the line breaker links)
}


def main():
    stats = {}
    with open(sys.argv[1], encoding="utf-8") as file:
        for line in file:
            fields = line.split()
            stats[fields[0]] = int(fields[1])
    failed = 0
    for name, limit in BUDGETS.items():
        value = stats.get(name)
        ok = value is not None and value <= limit
        failed += not ok
        print(f"{name}: {value} bytes, budget {limit}: {'ok' if ok else 'OVER'}")
    print(f"line_break_table_bytes: {stats.get('line_break_table_bytes')} bytes")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
