"""Stack depth from GCC's call graph (-fcallgraph-info=su, the .ci files).

A function's worst path is its frame plus the largest worst path among the
functions it calls, down to the leaves. Calls through a function pointer go
to the node SINK, whose cost the caller chooses (0: "add the sink's own
stack"). Used by tools/stack-report.sh (docs/stack.md) and
bench/tools/make_report.py (docs/performance.md).
"""
import re

SINK = "__indirect_call"

_NODE = re.compile(r'node: \{ title: "([^"]+)" label: "((?:[^"\\]|\\.)*)"')
_EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')
# The label's "\n<bytes> bytes (<kind>)" line, kind "static", "dynamic" or "dynamic,bounded".
_FRAME = re.compile(r"\\n(\d+) bytes \((\w+(?:,\w+)?)\)")


def symbol_of(title):
    """A node's symbol: local functions are titled "<file>:<assembler name>",
    functions declared with an asm label "*<label>"."""
    return title.split(":")[-1].lstrip("*")


class CallGraph:
    """Frames and call edges by symbol, from one or more .ci files.

    frames: symbol -> bytes of its frame, for the functions compiled in the
    files read (a node without a frame is a call out of them); kinds: symbol ->
    "static" or GCC's other frame kinds; edges: symbol -> set of callees.
    """

    def __init__(self):
        self.frames, self.kinds, self.edges = {}, {}, {}

    def read(self, text):
        """Adds the nodes and edges of one .ci file's text."""
        for title, label in _NODE.findall(text):
            frame = _FRAME.search(label)
            if frame:
                self.frames[symbol_of(title)] = int(frame.group(1))
                self.kinds[symbol_of(title)] = frame.group(2)
        for source, target in _EDGE.findall(text):
            self.edges.setdefault(symbol_of(source), set()).add(symbol_of(target))
        return self

    def read_file(self, path):
        with open(path, encoding="utf-8", errors="replace") as f:
            return self.read(f.read())

    def read_assembly(self, dump):
        """Adds the functions of `objdump -dr` output that have no frame yet
        (written in assembly, so GCC's graph lacks them), read from their
        code: the frame is what they push and subtract from sp, the edges
        their bl calls, and a blx through a register calls the sink."""
        current = None
        for line in dump.splitlines():
            m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
            if m:
                current = m.group(1) if m.group(1) not in self.frames else None
                if current:
                    self.frames[current], self.kinds[current] = 0, "static"
                continue
            if not current:
                continue
            if m := re.search(r"\tpush\s+\{([^}]*)\}", line):
                self.frames[current] += 4 * len(m.group(1).split(","))
            elif m := re.search(r"\tsub\s+sp, #(\d+)", line):
                self.frames[current] += int(m.group(1))
            elif re.search(r"\tblx\s+r\d+", line):
                self.edges.setdefault(current, set()).add(SINK)
            elif m := re.search(r"R_ARM_THM_CALL\s+(\S+)", line):
                self.edges.setdefault(current, set()).add(m.group(1))
        return self

    def dynamic_frames(self):
        """(symbol, kind) of every frame that is not static (alloca, VLAs)."""
        return [(s, k) for s, k in self.kinds.items() if k != "static"]


def reachable(edges, root):
    """Every node reachable from root along edges, root included."""
    seen, todo = set(), [root]
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        todo.extend(edges.get(node, ()))
    return seen


class WorstPaths:
    """Worst path of every function of a graph, memoised.

    at(symbol) -> (bytes, reaches the sink, deepest chain of callees). A call
    to a function without a frame counts 0 and is listed in `external`; a
    cycle counts 0 and is listed in `recursions`.
    """

    def __init__(self, graph, sink_bytes=0):
        self.graph, self.sink_bytes = graph, sink_bytes
        self.memo, self.external, self.recursions = {}, set(), []

    def at(self, symbol, path=()):
        if symbol in self.memo:
            return self.memo[symbol]
        if symbol in path:
            self.recursions.append(list(path[path.index(symbol):]) + [symbol])
            return 0, False, []
        if symbol == SINK:
            return self.sink_bytes, True, []
        if symbol not in self.graph.frames:
            self.external.add(symbol)
            return 0, False, []
        best, sink, chain = 0, False, []
        for callee in sorted(self.graph.edges.get(symbol, ())):
            size, reaches, deeper = self.at(callee, path + (symbol,))
            sink = sink or reaches
            if size > best or not chain:
                best, chain = size, [callee] + deeper
        self.memo[symbol] = (self.graph.frames[symbol] + best, sink, chain)
        return self.memo[symbol]
