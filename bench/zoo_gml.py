"""Reads a Topology Zoo GML file (http://www.topology-zoo.org/) into a plain undirected graph.

GML is a nested list of `key value` pairs where a value is a number, a "string" or a
[ bracketed list ]; the zoo's files hold one `graph [ ... ]` with `node [ id N label "..." ]`
and `edge [ source N target M ]` lists. Parallel edges (the zoo records several circuits
between two PoPs) become one link, self-loops are dropped, and only the largest connected
component is kept, so every generated router can reach every other.
"""
import re
from dataclasses import dataclass

_TOKEN = re.compile(r'\s*(?:(\[)|(\])|"([^"]*)"|([^\s\[\]"]+))')


def _parse_list(text, pos):
    """Parses `key value` pairs up to the matching `]` (or the end); returns (pairs, pos)."""
    pairs = []
    while True:
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            return pairs, len(text)
        pos = m.end()
        if m.group(2):
            return pairs, pos
        key = m.group(4)
        if key is None:
            raise ValueError(f"GML: expected a key at offset {m.start()}")
        v = _TOKEN.match(text, pos)
        if not v or v.end() == pos:
            raise ValueError(f"GML: key {key} has no value")
        pos = v.end()
        if v.group(1):
            value, pos = _parse_list(text, pos)
        elif v.group(3) is not None:
            value = v.group(3)
        else:
            raw = v.group(4)
            try:
                value = int(raw)
            except ValueError:
                try:
                    value = float(raw)
                except ValueError:
                    value = raw
        pairs.append((key, value))


@dataclass
class Graph:
    name: str
    labels: dict   # node id -> label
    edges: list    # sorted (a, b) node id pairs, a < b


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        top, _ = _parse_list(f.read(), 0)
    graph = next((v for k, v in top if k == "graph"), None)
    if graph is None:
        raise ValueError(f"{path}: no graph [ ... ]")
    name = next((v for k, v in graph if k in ("Network", "label")), path)
    labels, edges = {}, set()
    for key, value in graph:
        fields = dict(value) if isinstance(value, list) else {}
        if key == "node":
            labels[fields["id"]] = str(fields.get("label", fields["id"]))
        elif key == "edge" and fields["source"] != fields["target"]:
            edges.add(tuple(sorted((fields["source"], fields["target"]))))
    keep = _largest_component(labels, edges)
    return Graph(str(name), {n: l for n, l in labels.items() if n in keep},
                 sorted(e for e in edges if e[0] in keep))


def _largest_component(nodes, edges):
    adjacent = {n: set() for n in nodes}
    for a, b in edges:
        adjacent[a].add(b)
        adjacent[b].add(a)
    best, seen = set(), set()
    for start in sorted(nodes):
        if start in seen:
            continue
        component, stack = {start}, [start]
        while stack:
            for m in adjacent[stack.pop()]:
                if m not in component:
                    component.add(m)
                    stack.append(m)
        seen |= component
        if len(component) > len(best):
            best = component
    return best
