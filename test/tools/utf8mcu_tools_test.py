#!/usr/bin/env python3
"""Tests of tools/utf8mcu_tools on small inputs written by hand: a call graph
in GCC's -fcallgraph-info format, objdump relocation lines, readelf symbol
lines, and the presets of this repository's CMakePresets.json. Each expected
figure is worked out in the comment beside it, not by the code under test.

    python3 test/tools/utf8mcu_tools_test.py
"""
import json
import os
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from utf8mcu_tools import boards, codesize, report  # noqa: E402
from utf8mcu_tools.stack import SINK, CallGraph, WorstPaths  # noqa: E402


def node(title, frame, kind="static"):
    label = f"{title}\\nfile.cpp:1:1\\n{frame} bytes ({kind})\\n0 dynamic objects" if frame is not None else title
    return f'node: {{ title: "{title}" label: "{label}" }}\n'


def edge(source, target):
    return f'edge: {{ sourcename: "{source}" targetname: "{target}" }}\n'


# entry (16) calls helper (8) and memcpy (0, no frame: outside the file);
# helper calls leaf (24) and the sink; other (4) calls leaf.
GRAPH = (node("entry", 16) + node("file.cpp:helper", 8) + node("leaf", 24) + node("other", 4)
         + node("memcpy", None) + node(SINK, None)
         + edge("entry", "file.cpp:helper") + edge("entry", "memcpy") + edge("file.cpp:helper", "leaf")
         + edge("file.cpp:helper", SINK) + edge("other", "leaf"))


class StackTest(unittest.TestCase):
    def test_frames_and_edges_by_symbol(self):
        graph = CallGraph().read(GRAPH)
        self.assertEqual(graph.frames, {"entry": 16, "helper": 8, "leaf": 24, "other": 4})
        self.assertEqual(graph.edges["entry"], {"helper", "memcpy"})
        self.assertEqual(graph.dynamic_frames(), [])

    def test_worst_path_adds_frames_down_the_deepest_chain(self):
        paths = WorstPaths(CallGraph().read(GRAPH))
        # entry 16 + helper 8 + leaf 24 = 48; helper reaches the sink.
        self.assertEqual(paths.at("entry"), (48, True, ["helper", "leaf"]))
        self.assertEqual(paths.at("other"), (28, False, ["leaf"]))  # 4 + 24
        self.assertEqual(paths.external, {"memcpy"})
        self.assertEqual(paths.recursions, [])

    def test_the_sink_costs_what_the_caller_says(self):
        # helper: 8 + max(leaf 24, sink 40) = 48; entry: 16 + 48 = 64.
        self.assertEqual(WorstPaths(CallGraph().read(GRAPH), sink_bytes=40).at("entry")[0], 64)

    def test_recursion_and_dynamic_frames_are_reported(self):
        graph = CallGraph().read(node("a", 8) + node("b", 8, "dynamic,bounded") + edge("a", "b") + edge("b", "a"))
        paths = WorstPaths(graph)
        paths.at("a")
        self.assertEqual(paths.recursions, [["a", "b", "a"]])
        self.assertEqual(graph.dynamic_frames(), [("b", "dynamic,bounded")])


class AssemblyTest(unittest.TestCase):
    # A routine written in assembly: 3 registers pushed and 8 bytes taken
    # from sp, a call of g and one through r3; f already has GCC's frame.
    DUMP = ("00000000 <routine>:\n   0:\tb5f0      \tpush\t{r4, r5, lr}\n   2:\tb082      \tsub\tsp, #8\n"
            "   4:\tf7ff fffe \tbl\t0 <g>\n\t\t\t4: R_ARM_THM_CALL\tg\n   8:\t4798      \tblx\tr3\n"
            "   a:\tbdf0      \tpop\t{r4, r5, pc}\n"
            "0000000c <f>:\n   c:\tb510      \tpush\t{r4, lr}\n")

    def test_frames_and_calls_read_from_the_code(self):
        graph = CallGraph().read(node("f", 16)).read_assembly(self.DUMP)
        # 3 * 4 + 8 bytes; f keeps the 16 of its node, not the 8 it pushes.
        self.assertEqual(graph.frames, {"f": 16, "routine": 20})
        self.assertEqual(graph.edges, {"routine": {"g", SINK}})

    def test_asm_labels_are_the_symbol(self):
        graph = CallGraph().read(node("entry", 8) + node("*routine", None) + edge("entry", "*routine"))
        self.assertEqual(graph.edges, {"entry": {"routine"}})


class CodeSizeTest(unittest.TestCase):
    def test_nm_sizes_sum_duplicates(self):
        sizes, kinds = codesize.parse_nm(["00000000 00000010 T f", "00000010 00000004 t f", "00000000 00000028 R table",
                                          "         U undefined"])
        self.assertEqual(sizes, {"f": 0x14, "table": 0x28})
        self.assertEqual(kinds, {"f": "t", "table": "r"})

    def test_relocations_per_function(self):
        dump = ("00000000 <f>:\n   0:\tf7ff fffe \tbl\t0 <g>\n\t\t\t0: R_ARM_THM_CALL\tg\n"
                "   4:\t4b01      \tldr\tr3, [pc, #4]\n\t\t\t8: R_ARM_ABS32\ttable+0x4\n"
                "0000000c <g>:\n   c:\t4770      \tbx\tlr\n")
        self.assertEqual(codesize.relocation_refs(dump), {"f": {"g", "table"}, "g": set()})

    def test_graph_code_size_counts_functions_with_frames(self):
        graph = CallGraph().read(GRAPH)
        # entry 100 + helper 20 + leaf 30; memcpy has no frame here: a call out.
        size, external = codesize.graph_code_size(graph, {"entry": 100, "helper": 20, "leaf": 30, "other": 7}, "entry")
        self.assertEqual((size, external), (150, {"memcpy"}))

    def test_graph_code_size_counts_the_library_routines_in_assembly(self):
        graph = CallGraph().read(node("entry", 8) + node("*utf8mcu_routine", None) + edge("entry", "*utf8mcu_routine"))
        # entry 10 + the routine 156, which has no frame in GCC's graph.
        self.assertEqual(codesize.graph_code_size(graph, {"entry": 10, "utf8mcu_routine": 156}, "entry"), (166, set()))

    def test_symbol_sums(self):
        symbols = [(12, "FUNC", "2", "f"), (40, "OBJECT", "3", "table"), (0, "FUNC", "UND", "memcpy"),
                   (8, "FUNC", "2", "g")]
        self.assertEqual(codesize.symbol_sums(symbols), (20, 40))


class BoardsTest(unittest.TestCase):
    def test_boards_are_the_presets_but_the_host(self):
        with open(os.path.join(ROOT, "CMakePresets.json"), encoding="utf-8") as f:
            names = [p["name"] for p in json.load(f)["configurePresets"] if not p.get("hidden")]
        self.assertEqual(boards.presets(), names)
        self.assertEqual(boards.boards(), [n for n in names if n != "host"])
        self.assertTrue(set(boards.REPORT_BOARDS) <= set(boards.boards()))
        for board in boards.boards():
            self.assertIn(board, boards.CORES, f"{board} has no core in utf8mcu_tools/boards.py")


class ReportTest(unittest.TestCase):
    def test_table(self):
        self.assertEqual(report.table(["a", "b"], [[1, 2]]), ["| a | b |", "|---|---:|", "| 1 | 2 |"])


if __name__ == "__main__":
    unittest.main()
