#!/usr/bin/env python3
"""Turns a binary PBM (P4) framebuffer dump into a PNG that looks like a small
OLED: each display pixel becomes a `scale` x `scale` block, lit pixels light
blue on near-black, inside a grey bezel. Standard library only (zlib, struct).

    pbm_to_png.py <in.pbm> <out.png> [--scale 4] [--bezel 6]
"""

import argparse
import struct
import sys
import zlib

PALETTE = [(0x0B, 0x0E, 0x14), (0xA8, 0xE6, 0xFF), (0x3A, 0x3D, 0x45)]  # dark, lit, bezel
DARK, LIT, BEZEL = 0, 1, 2


def read_pbm(path):
    with open(path, "rb") as source:
        data = source.read()
    fields, position = [], 0
    while len(fields) < 3:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position)
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    if fields[0] != b"P4":
        sys.exit(f"{path}: not a binary PBM (P4)")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[position + 1:]
    stride = (width + 7) // 8
    if len(pixels) < stride * height:
        sys.exit(f"{path}: truncated")
    rows = [[(pixels[y * stride + x // 8] >> (7 - x % 8)) & 1 for x in range(width)] for y in range(height)]
    return width, height, rows


def chunk(kind, payload):
    body = kind + payload
    return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def write_png(path, width, height, rows, scale, bezel):
    out_width, out_height = width * scale + 2 * bezel, height * scale + 2 * bezel
    raw = bytearray()
    bezel_row = bytes([BEZEL]) * out_width
    for _ in range(bezel):
        raw += b"\0" + bezel_row
    for row in rows:
        line = bytearray([BEZEL]) * bezel
        for pixel in row:
            line += bytes([LIT if pixel else DARK]) * scale
        line += bytearray([BEZEL]) * bezel
        for _ in range(scale):
            raw += b"\0" + line
    for _ in range(bezel):
        raw += b"\0" + bezel_row
    header = struct.pack(">IIBBBBB", out_width, out_height, 8, 3, 0, 0, 0)  # 8-bit palette
    palette = b"".join(bytes(colour) for colour in PALETTE)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(chunk(b"IHDR", header))
        out.write(chunk(b"PLTE", palette))
        out.write(chunk(b"IDAT", zlib.compress(bytes(raw), 9)))
        out.write(chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pbm")
    parser.add_argument("png")
    parser.add_argument("--scale", type=int, default=4)
    parser.add_argument("--bezel", type=int, default=6)
    args = parser.parse_args()
    width, height, rows = read_pbm(args.pbm)
    write_png(args.png, width, height, rows, args.scale, args.bezel)
    print(f"{args.png}: {width}x{height} pixels at {args.scale}x")


if __name__ == "__main__":
    main()
