#!/usr/bin/env python3
"""Seeded configuration errors for zoo_network snapshots, each with the intents it breaks by
construction (from the network's design, not from running routefix) and the lines a correct
diagnosis names.

Classes (the edited router's vendor decides the syntax):
  deleted-ibgp-neighbor   a client's session to its route reflector (every line of it)
  deleted-ibgp-session    the same session deleted at both ends: also the reflector's lines
                          for the client, `route-reflector-client` included (extra class)
  deleted-rr-client       `neighbor X route-reflector-client` at a reflector of a two-reflector
                          AS (the client then misses what comes in through the other one)
  ospf-cost               an egress cost on a path intent's path raised so another path wins
  prefix-list-deny        a deny of the peer AS's aggregate ahead of the eBGP import filter
  route-map-deny          the eBGP import route-map clause (Junos: term) permit -> deny
  remote-as               the eBGP peer's AS number (Junos peer-as) mistyped
  deleted-ebgp-neighbor   every line of an eBGP neighbor
  deleted-network         a router's customer `network` (Junos: its prefix-list entry)
  deleted-static          the Null0/discard static anchoring the AS aggregate

Blame: an inserted or replaced line is itself; a deleted line is the block it was deleted
from (any line of it counts: IOS/FRR the top-level block such as `router bgp` up to the next
column-0 line, as bench/error_injection.py counts it; Junos the innermost enclosing braces), and
a deleted top-level static also the `network` statement it anchored.

CLI: zoo_errors.py GML OUT [--seed S] [--errors N] [--classes a,b] [--routefix BIN]
writes OUT/clean, OUT/broken and OUT/cases.json; with --routefix, checks that every intent
holds on the clean snapshot (`routefix verify` exits 0) and fails otherwise.
"""
import argparse
import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo_gml  # noqa: E402
import zoo_network  # noqa: E402
import zoo_render  # noqa: E402
from zoo_render import Line  # noqa: E402

CLASSES = ["deleted-ibgp-neighbor", "deleted-rr-client", "ospf-cost", "prefix-list-deny",
           "route-map-deny", "remote-as", "deleted-ebgp-neighbor", "deleted-network",
           "deleted-static"]
# Named with --classes only, so the default corpus stays the one the README's tables measure.
EXTRA_CLASSES = ["deleted-ibgp-session"]


@dataclass
class Edit:
    file: str
    index: int         # 0-based line in the clean file
    kind: str          # "delete" | "replace" | "insert" (before index)
    new: str = ""


@dataclass
class Case:
    error_class: str
    router: str
    edits: list
    breaks: list       # intent names that fail by construction
    nodes: set = field(default_factory=set)

    def injected_lines(self):
        return len(self.edits)


def _tagged(lines, *tag):
    """Indexes of the lines whose tag contains the given consecutive items."""
    n = len(tag)
    return [i for i, l in enumerate(lines)
            if any(l.tag[k:k + n] == tag for k in range(len(l.tag) - n + 1))]


def _indent(text):
    return len(text) - len(text.lstrip(" "))


def _block(lines, i, braces):
    """Indexes of the block line i sits in. Junos (braces): the innermost enclosing block, its
    header to its closing brace. IOS/FRR: the top-level block (a column-0 header such as
    `router bgp` up to the next column-0 line), as bench/error_injection.py counts it."""
    depth = _indent(lines[i].text)
    if depth == 0:
        return []
    h = i - 1
    while h >= 0 and (not lines[h].text.strip() or
                      (_indent(lines[h].text) >= depth if braces else _indent(lines[h].text) > 0)):
        h -= 1
    if h < 0:
        return []
    out, k = [h], h + 1
    while k < len(lines) and _indent(lines[k].text) > _indent(lines[h].text):
        out.append(k)
        k += 1
    if k < len(lines) and lines[k].text.strip() == "}" and _indent(lines[k].text) == _indent(lines[h].text):
        out.append(k)
    return out


class Generator:
    """Picks cases on one network; `nodes` already used by earlier cases are avoided."""

    def __init__(self, net, configs):
        self.net, self.configs = net, configs
        self.file = {r.name: zoo_render.config_file(r) for r in net.routers.values()}
        self.vendor_of_file = {self.file[r.name]: r.vendor for r in net.routers.values()}

    def lines(self, router):
        return self.configs[self.file[router]]

    def pick(self, cls, rng, used):
        options = getattr(self, "_" + cls.replace("-", "_"))()
        options = [o for o in options if not (o.nodes & used)]
        return rng.choice(options) if options else None

    def _reach(self, routers):
        return [f"reach-{d}" for d in sorted(routers)]

    def _delete_tagged(self, router, *tag):
        return [Edit(self.file[router], i, "delete") for i in _tagged(self.lines(router), *tag)]

    def _deleted_ibgp_neighbor(self):
        out = []
        for r in self.net.routers.values():
            members = [m.name for m in self.net.as_members(r.as_index)]
            if r.rr or len(members) < 2:
                continue
            rr = self.net.routers[r.reflectors[0]]
            out.append(Case("deleted-ibgp-neighbor", r.name, self._delete_tagged(r.name, "neighbor", rr.loopback),
                            self._reach(m for m in members if m != r.name), {r.name, rr.name}))
        return out

    def _deleted_ibgp_session(self):
        out = []
        for c in self._deleted_ibgp_neighbor():
            r = self.net.routers[c.router]
            rr = self.net.routers[r.reflectors[0]]
            c.error_class = "deleted-ibgp-session"
            c.edits += self._delete_tagged(rr.name, "neighbor", r.loopback)
            out.append(c)
        return out

    def _deleted_rr_client(self):
        out = []
        for i in self.net.aggregates:
            members = self.net.as_members(i)
            rrs = [m for m in members if m.rr]
            if len(rrs) != 2:
                continue
            for rr1, rr2 in (rrs, rrs[::-1]):
                for c in rr1.clients:
                    out.append(Case("deleted-rr-client", rr1.name, self._delete_tagged(rr1.name, "rr-client", c),
                                    self._reach(rr2.clients + [rr2.name]), {rr1.name, rr2.name, c}))
        return out

    def _ospf_cost(self):
        out = []
        for name, path in self.net.path_intents:
            for a, b in zoo_network.movable_links(self.net.routers, path):
                lines = self.lines(a)
                i = _tagged(lines, "ospf-cost", b)[0]
                cost = self.net.routers[a].port_to(b).cost
                new = lines[i].text.replace(str(cost), str(cost + 200))
                out.append(Case("ospf-cost", a, [Edit(self.file[a], i, "replace", new)], [name], set(path)))
        return out

    def _ebgp(self, cls, edit):
        out = []
        for (a, x), intent in sorted(self.net.ebgp_route_intents.items()):
            edits = edit(self.net.routers[a], self.net.routers[x], self.lines(a))
            if edits:
                out.append(Case(cls, a, edits, [intent], {a, x}))
        return out

    def _prefix_list_deny(self):
        def edit(a, x, lines):
            i = _tagged(lines, "import-filter", x.name)[0]
            aggregate = self.net.aggregates[x.as_index]
            if a.vendor == "junos":
                new = " " * _indent(lines[i].text) + f"route-filter {aggregate} exact reject;"
            else:
                new = f"ip prefix-list FROM-{x.name} seq 5 deny {aggregate}"
            return [Edit(self.file[a.name], i, "insert", new)]
        return self._ebgp("prefix-list-deny", edit)

    def _route_map_deny(self):
        def edit(a, x, lines):
            i = _tagged(lines, "import-action", x.name)[0]
            old = lines[i].text
            new = old.replace("then accept;", "then reject;") if a.vendor == "junos" else old.replace(" permit ", " deny ")
            return [Edit(self.file[a.name], i, "replace", new)]
        return self._ebgp("route-map-deny", edit)

    def _remote_as(self):
        def edit(a, x, lines):
            i = _tagged(lines, "remote-as", x.name)[0]
            asn = str(x.asn)
            typo = asn[:-2] + asn[-1] + asn[-2]  # last two digits swapped: 65002 -> 65020
            return [Edit(self.file[a.name], i, "replace", lines[i].text.replace(asn, typo))]
        return self._ebgp("remote-as", edit)

    def _deleted_ebgp_neighbor(self):
        def edit(a, x, lines):
            return self._delete_tagged(a.name, "neighbor", x.port_to(a.name).address)
        return self._ebgp("deleted-ebgp-neighbor", edit)

    def _deleted_network(self):
        out = []
        for r in self.net.routers.values():
            out.append(Case("deleted-network", r.name, self._delete_tagged(r.name, "network", r.customer),
                            [f"reach-{r.name}"], {r.name}))
        return out

    def _deleted_static(self):
        out = []
        for r in self.net.routers.values():
            if r.aggregate:
                out.append(Case("deleted-static", r.name, self._delete_tagged(r.name, "static", r.aggregate),
                                [zoo_network.aggregate_intent(r.as_index)], {r.name}))
        return out

    def blame(self, case):
        """Line objects a correct diagnosis names (identity, looked up in the broken file)."""
        out = []
        for e in case.edits:
            lines = self.configs[e.file]
            if e.kind != "delete":
                continue
            block = _block(lines, e.index, self.vendor_of_file[e.file] == "junos")
            out += [lines[k] for k in block if k not in {x.index for x in case.edits}]
            if not block:  # a deleted top-level static: the statement it anchored
                out += [lines[k] for k in _tagged(lines, "network", case_prefix(lines[e.index]))]
        return out


def case_prefix(line):
    return line.tag[line.tag.index("static") + 1] if "static" in line.tag else ""


def make_cases(gen, rng, count, classes):
    """`count` cases on distinct routers, classes taken in turn from `classes` (a class with
    no place left is skipped)."""
    cases, used = [], set()
    for cls in classes:
        if len(cases) == count:
            break
        case = gen.pick(cls, rng, used)
        if case:
            cases.append(case)
            used |= case.nodes
    return cases


def inject(gen, cases):
    """(broken configs, [set of (file, line) per case]). Edits of one file apply bottom-up."""
    broken = {f: list(lines) for f, lines in gen.configs.items()}
    marked = []
    for case in cases:
        marks = {id(l) for l in gen.blame(case)}
        for e in case.edits:
            if e.kind in ("replace", "insert"):
                new = Line(e.new, ("injected",))
                marks.add(id(new))
                e.line_object = new
        marked.append(marks)
    edits = sorted((e for c in cases for e in c.edits), key=lambda e: (e.file, -e.index, e.kind != "insert"))
    for e in edits:
        lines = broken[e.file]
        if e.kind == "delete":
            del lines[e.index]
        elif e.kind == "replace":
            lines[e.index] = e.line_object
        else:
            lines.insert(e.index, e.line_object)
    blame = []
    for marks in marked:
        blame.append({(f, k + 1) for f, lines in broken.items() for k, l in enumerate(lines) if id(l) in marks})
    return broken, blame


def class_order(classes, start):
    """The classes rotated to start at `start`, so snapshots take turns on which class comes
    first (a class can run out of places on a small graph)."""
    start %= len(classes)
    return classes[start:] + classes[:start]


def build_case_snapshot(gml, out, seed, errors, classes, class_start=0):
    """Writes out/clean and out/broken; returns (network, cases, blame)."""
    net = zoo_network.build(zoo_gml.read(gml), seed)
    configs = zoo_render.write_snapshot(net, os.path.join(out, "clean"))
    gen = Generator(net, configs)
    rng = random.Random(seed * 7919 + errors)
    cases = make_cases(gen, rng, errors, class_order(classes, class_start))
    broken, blame = inject(gen, cases)
    zoo_render.write_snapshot(net, os.path.join(out, "broken"), broken)
    return net, cases, blame


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gml")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--errors", type=int, default=1)
    ap.add_argument("--classes", default=",".join(CLASSES))
    ap.add_argument("--routefix", help="check with `routefix verify` that the clean snapshot holds")
    args = ap.parse_args()
    _, cases, blame = build_case_snapshot(args.gml, args.out, args.seed, args.errors, args.classes.split(","))
    with open(os.path.join(args.out, "cases.json"), "w") as f:
        json.dump([{"class": c.error_class, "router": c.router, "breaks": c.breaks,
                    "injected_lines": c.injected_lines(), "blame": sorted(f"{p}:{n}" for p, n in b)}
                   for c, b in zip(cases, blame)], f, indent=1)
    if args.routefix:
        p = subprocess.run([args.routefix, "verify", os.path.join(args.out, "clean")], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"the clean snapshot fails its intents (verify exited {p.returncode}):\n{p.stdout[-2000:]}")
    for c in cases:
        print(f"{c.error_class} at {c.router}: breaks {', '.join(c.breaks)}")


if __name__ == "__main__":
    main()
