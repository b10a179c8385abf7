"""The boards and their cores.

The presets come from CMakePresets.json (every configure preset that is not
hidden); the core of each board is named here once. The reports (code size,
stack, benchmarks) use one board per core: REPORT_BOARDS.
"""
import json
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HOST = "host"

# Core of each board as the reports name it (the -mcpu of
# toolchains/arm-none-eabi.cmake; "F" where the build uses the FPU of a
# Cortex-M4).
CORES = {
    "microbit": "Cortex-M0+",
    "mps2-an385": "Cortex-M3",
    "mps2-an386": "Cortex-M4F",
    "mps2-an500": "Cortex-M7",
    "mps2-an505": "Cortex-M33",
    "lm3s6965evb": "Cortex-M3",
    "netduinoplus2": "Cortex-M4F",
    HOST: "x86-64 (host g++)",
}

# One board per core, in the reports' column order.
REPORT_BOARDS = ["microbit", "mps2-an385", "mps2-an386", "mps2-an500", "mps2-an505"]


def presets(root=ROOT):
    """Names of the configure presets of CMakePresets.json, host first, in file order."""
    with open(os.path.join(root, "CMakePresets.json"), encoding="utf-8") as f:
        configure = json.load(f)["configurePresets"]
    return [p["name"] for p in configure if not p.get("hidden")]


def boards(root=ROOT):
    """The QEMU boards: every preset but the host."""
    return [p for p in presets(root) if p != HOST]


def core(board):
    """The core a board's firmware is built for, or the board's name if it has none here."""
    return CORES.get(board, board)
