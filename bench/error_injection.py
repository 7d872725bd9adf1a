"""Seeded error injection into the generated FRR snapshots of bench/gen_fattree and bench/gen_wan.

Each injector takes a parsed clean network and a random generator, edits a few config lines
(replace or delete) and returns a Case: the edits with the original text, the intents the
error breaks *by construction* (derived from the topology and the configs, not from running
routefix) plus intents that hold either way, and the lines a correct diagnosis names. For a
deleted statement that is the header of the block it was deleted from (`router bgp N`), since
an absent line has no line of its own.

The generators' formats are known, so plain regular expressions read the configs.
"""
import heapq
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field


@dataclass
class Edit:
    file: str          # relative to the snapshot, "configs/w3.conf"
    line: int          # 1-based, in the clean file
    old: str
    new: str | None    # None deletes the line


@dataclass
class Case:
    error_class: str
    edits: list
    intents: list      # intent dicts (spec.md intents file, JSON form)
    nodes: set = field(default_factory=set)  # routers the case relies on; later errors avoid them
    # (file, text) pairs a correct diagnosis names; the line number is looked up in the
    # injected file so deletions above it do not matter. For a deleted line the text is the
    # header of the block it was deleted from, and any line of that block (header up to the
    # closing "!" in column 0) counts: an absent statement has no line of its own, and the
    # block's session or address-family lines are where it belongs.
    blame: list = field(default_factory=list)

    def injected_lines(self):
        return len(self.edits)


class Config:
    """One config file's lines with a few lookups."""

    def __init__(self, root, name):
        self.rel = f"configs/{name}.conf"
        with open(os.path.join(root, self.rel)) as f:
            self.lines = f.read().split("\n")

    def find(self, pattern, start=0):
        """(1-based line, match) of every line matching the regex, from `start` (0-based)."""
        rx = re.compile(pattern)
        return [(i + 1, m) for i, l in enumerate(self.lines) if i >= start and (m := rx.match(l))]

    def first(self, pattern):
        hits = self.find(pattern)
        return hits[0] if hits else (None, None)

    def text(self, line):
        return self.lines[line - 1]


class Network:
    """A generated snapshot: configs by router name, links from topology.json."""

    def __init__(self, root, routefix=None):
        self.root = root
        self.routefix = routefix  # for the few facts read off the clean snapshot's routes
        self.configs = {}
        for f in sorted(os.listdir(os.path.join(root, "configs"))):
            name = f[: -len(".conf")]
            self.configs[name] = Config(root, name)
        with open(os.path.join(root, "topology.json")) as f:
            self.links = json.load(f)["links"]
        self.kind = "wan" if any(n.startswith("w") for n in self.configs) else "fattree"

    def neighbors(self, node):
        out = []
        for l in self.links:
            if l["a"] == node:
                out.append((l["b"], l["a_interface"]))
            elif l["b"] == node:
                out.append((l["a"], l["b_interface"]))
        return out

    def clean_next_hops(self, node, prefix):
        """Next-hop routers of `node`'s best route for `prefix` in the clean snapshot."""
        out = subprocess.run([self.routefix, "routes", self.root, "--node", node, "--prefix", prefix,
                              "--format", "json"], capture_output=True, text=True, check=True).stdout
        routes = json.loads(out)["nodes"].get(node, {}).get("routes", [])
        return [h["node"] for r in routes for h in r["next_hops"] if h.get("node")]

    # --- WAN facts -----------------------------------------------------------------------
    def core(self):
        return sorted((n for n in self.configs if n.startswith("w")), key=lambda n: int(n[1:]))

    def externals(self):
        return sorted((n for n in self.configs if n.startswith("x")), key=lambda n: int(n[1:]))

    def borders(self, external):
        return sorted(n for n, _ in self.neighbors(external))

    def lan(self, node):
        """The LAN prefix of a core or edge router (its lan0 interface)."""
        c = self.configs[node]
        line, _ = c.first(r"^interface lan0$")
        addr = c.text(line + 1).split()[2]
        a, b, cc, _ = addr.split("/")[0].split(".")
        return f"{a}.{b}.{cc}.0/24"

    def external_prefixes(self, external):
        return [m.group(1) for _, m in self.configs[external].find(r"^ip route (\S+) Null0$")]

    def is_rr(self, node):
        return bool(self.configs[node].find(r"^ neighbor CLIENTS peer-group$"))

    def asn_of(self, external):
        return int(self.configs[external].first(r"^router bgp (\d+)$")[1].group(1))

    def ospf_costs(self):
        """Directed OSPF cost per core link: {(u, v): cost of u's interface towards v}."""
        costs = {}
        for n in self.core():
            c = self.configs[n]
            for line, m in c.find(r"^interface to-(w\d+)$"):
                cost = int(c.text(line + 3).split()[-1])
                costs[(n, m.group(1))] = cost
        return costs


def shortest(costs, source, avoid_edge=None):
    """Dijkstra over directed costs; the distances from `source`."""
    dist = {source: 0}
    heap = [(0, source)]
    adj = {}
    for (u, v), c in costs.items():
        if (u, v) != avoid_edge:
            adj.setdefault(u, []).append((v, c))
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist.get(u, float("inf")):
            continue
        for v, c in adj.get(u, []):
            if d + c < dist.get(v, float("inf")):
                dist[v] = d + c
                heapq.heappush(heap, (d + c, v))
    return dist


def reach(name, sources, to):
    return {"name": name, "type": "reachability", "from": sorted(sources), "to": to}


def has_routes(name, nodes, prefix):
    """The external stubs announce Null0 statics, and verify counts traffic ending in a null
    route as not delivered, so reaching an external prefix is asked of the control plane: a
    BGP route on each node."""
    return [{"name": f"{name}-{n}", "type": "route", "node": n, "prefix": prefix, "present": True,
             "protocol": "bgp"} for n in sorted(nodes)]


def pick(rng, items, avoid=()):
    items = [i for i in items if i not in avoid]
    return rng.choice(items) if items else None


# --- WAN injectors --------------------------------------------------------------------------
# Each returns a Case or None when the network has nothing of the right shape (for example no
# single-homed external). `avoid` holds routers earlier errors in the same snapshot rely on.

def single_homed(net, avoid):
    return [x for x in net.externals() if len(net.borders(x)) == 1
            and x not in avoid and net.borders(x)[0] not in avoid]


def wan_missing_network(net, rng, avoid):
    """A core router's `network <LAN>` is gone: no external can reach that LAN (it is in OSPF,
    which the borders do not export)."""
    node = pick(rng, net.core(), avoid)
    xs = [x for x in net.externals() if x not in avoid]
    if not node or not xs:
        return None
    c = net.configs[node]
    lan = net.lan(node)
    line, _ = c.first(rf"^  network {re.escape(lan)}$")
    sources = rng.sample(xs, min(2, len(xs)))
    header = c.first(r"^router bgp ")[0]
    return Case("missing-network", [Edit(c.rel, line, c.text(line), None)],
                [reach(f"externals-reach-{node}-lan", sources, lan)], {node, *sources},
                [(c.rel, c.text(header))])


def border_edit(net, rng, avoid, error_class, pattern, rewrite, towards_external):
    """Rewrites one line on the border of a single-homed external. `pattern(asn)` finds the line,
    `rewrite(line, match, asn)` gives the broken one. Errors on what the border sends to the
    external (towards_external) break the external's reachability of a WAN LAN; errors on what
    it accepts break the BGP routes of two core routers to one of the external's prefixes."""
    x = pick(rng, single_homed(net, avoid))
    if not x:
        return None
    border = net.borders(x)[0]
    c = net.configs[border]
    asn = net.asn_of(x)
    line, m = c.first(pattern(asn))
    new = rewrite(c.text(line), m, asn)
    if towards_external:
        target = pick(rng, net.core(), avoid)
        intents, nodes = [reach(f"{x}-reaches-{target}-lan", [x], net.lan(target))], {x, border, target}
    else:
        sources = rng.sample([n for n in net.core() if n not in avoid], 2)
        intents = has_routes(f"bgp-route-to-{x}", sources, rng.choice(net.external_prefixes(x)))
        nodes = {x, border, *sources}
    return Case(error_class, [Edit(c.rel, line, c.text(line), new)], intents, nodes, [(c.rel, new.strip())])


def wan_import_deny(net, rng, avoid):
    """The border's import route-map for the external denies: its prefixes are gone."""
    return border_edit(net, rng, avoid, "route-map-deny-import", lambda asn: rf"^route-map FROM-{asn} permit 10$",
                       lambda line, m, asn: f"route-map FROM-{asn} deny 10", towards_external=False)


def wan_export_deny(net, rng, avoid):
    """The border's export route-map towards externals denies: the external loses every WAN LAN."""
    return border_edit(net, rng, avoid, "route-map-deny-export", lambda asn: r"^route-map TO-EXTERNAL permit 10$",
                       lambda line, m, asn: "route-map TO-EXTERNAL deny 10", towards_external=True)


def wan_prefix_list_typo(net, rng, avoid):
    """WAN-LANS gets a wrong prefix or length that matches no WAN LAN (10.1.x.0/24, 10.2.x.0/24 ...)."""
    wrong = rng.choice(["11.0.0.0/8 ge 24 le 24", "10.0.0.0/16 ge 24 le 24", "10.0.0.0/8 ge 25 le 25",
                        "10.0.0.0/8 le 16"])
    return border_edit(net, rng, avoid, "prefix-list-wrong-prefix",
                       lambda asn: r"^ip prefix-list WAN-LANS seq 5 permit 10\.0\.0\.0/8 ge 24 le 24$",
                       lambda line, m, asn: f"ip prefix-list WAN-LANS seq 5 permit {wrong}", towards_external=True)


def wan_prefix_list_deny(net, rng, avoid):
    """WAN-LANS denies instead of permitting."""
    return border_edit(net, rng, avoid, "prefix-list-deny", lambda asn: r"^ip prefix-list WAN-LANS seq 5 permit ",
                       lambda line, m, asn: line.replace(" permit ", " deny "), towards_external=True)


def wan_remote_as_typo(net, rng, avoid):
    """The border's `neighbor <external> remote-as` has a typo: the session never comes up."""
    wrong = rng.choice([1, 10, 100, 1000])
    return border_edit(net, rng, avoid, "remote-as-typo", lambda asn: rf"^ neighbor (\S+) remote-as {asn}$",
                       lambda line, m, asn: f" neighbor {m.group(1)} remote-as {asn + wrong}",
                       towards_external=False)


def external_and_client(net, rng, avoid, borders_ok):
    """An external whose borders pass `borders_ok`, and a route-reflector client that is none of
    its borders: the client can learn the external's prefixes only over iBGP."""
    xs = [x for x in net.externals()
          if x not in avoid and all(b not in avoid and borders_ok(b) for b in net.borders(x))]
    x = pick(rng, xs)
    if not x:
        return None, None
    clients = [n for n in net.core() if not net.is_rr(n) and n not in net.borders(x) and n not in avoid]
    return x, pick(rng, clients)


def client_has_route(net, rng, x, client):
    return has_routes(f"bgp-route-to-{x}", [client], rng.choice(net.external_prefixes(x)))


def wan_missing_ibgp_neighbor(net, rng, avoid):
    """A route-reflector client lost its `neighbor <rr> peer-group IBGP` lines: no iBGP session,
    so no external prefix learned at another border."""
    x, client = external_and_client(net, rng, avoid, lambda b: True)
    if not client:
        return None
    c = net.configs[client]
    edits = [Edit(c.rel, line, c.text(line), None) for line, _ in c.find(r"^ neighbor \S+ peer-group IBGP$")]
    header = c.first(r"^router bgp ")[0]
    return Case("missing-ibgp-neighbor", edits, client_has_route(net, rng, x, client),
                {x, client, *net.borders(x)}, [(c.rel, c.text(header))])


def wan_missing_rr_client(net, rng, avoid):
    """Every route reflector lost `neighbor CLIENTS route-reflector-client`: clients learn no
    external prefix that entered at another client."""
    rrs = [n for n in net.core() if net.is_rr(n)]
    if set(rrs) & avoid:
        return None
    x, client = external_and_client(net, rng, avoid, lambda b: not net.is_rr(b))
    if not client:
        return None
    edits, blame = [], []
    for rr in rrs:
        c = net.configs[rr]
        line, _ = c.first(r"^  neighbor CLIENTS route-reflector-client$")
        edits.append(Edit(c.rel, line, c.text(line), None))
        blame.append((c.rel, c.text(c.first(r"^router bgp ")[0])))
    return Case("missing-rr-client", edits, client_has_route(net, rng, x, client),
                {x, client, *rrs, *net.borders(x)}, blame)


def wan_local_pref(net, rng, avoid):
    """A dual-homed external: the border with the higher import local-pref carries the traffic,
    so the other border's route goes over iBGP into the WAN. The other border's local-pref is
    raised above it, so that border now exits directly to the external. The intent pins the
    other border's next hop as the clean snapshot computes it (asked of `routefix routes`):
    under the error it is the external, by construction."""
    options = []
    for x in net.externals():
        b = net.borders(x)
        if len(b) != 2 or x in avoid or set(b) & avoid:
            continue
        lp = {}
        for border in b:
            c = net.configs[border]
            line, _ = c.first(rf"^route-map FROM-{net.asn_of(x)} permit 10$")
            lp[border] = (line + 1, int(c.text(line + 1).split()[-1]))
        if lp[b[0]][1] != lp[b[1]][1]:
            options.append((x, lp))
    if not options:
        return None
    x, lp = rng.choice(options)
    high, low = sorted(lp, key=lambda n: -lp[n][1])
    prefix = rng.choice(net.external_prefixes(x))
    hops = net.clean_next_hops(low, prefix)
    if not hops or x in hops:
        return None
    c = net.configs[low]
    line = lp[low][0]
    new = f" set local-preference {lp[high][1] + rng.choice([10, 50, 100])}"
    return Case("local-pref", [Edit(c.rel, line, c.text(line), new)],
                [{"name": f"{low}-to-{x}-over-ibgp-via-{hops[0]}", "type": "route", "node": low,
                  "prefix": prefix, "present": True, "next_hop_node": hops[0]}],
                {x, high, low}, [(c.rel, new.strip())])


def wan_ospf_cost(net, rng, avoid):
    """A core link u-v that is u's unique shortest path to v gets a cost on u's side above
    every alternative: the path from u to v's LAN moves off the link."""
    costs = net.ospf_costs()
    candidates = []
    for (u, v), cost in costs.items():
        if u in avoid or v in avoid:
            continue
        alt = shortest(costs, u, avoid_edge=(u, v)).get(v)
        if alt is not None and cost < alt:
            candidates.append((u, v, alt))
    if not candidates:
        return None
    u, v, alt = rng.choice(sorted(candidates))
    c = net.configs[u]
    line, _ = c.first(rf"^interface to-{v}$")
    line += 3
    new_cost = alt + rng.choice([1, 10, 100])
    new = f" ip ospf cost {new_cost}"
    return Case("ospf-cost", [Edit(c.rel, line, c.text(line), new)],
                [{"name": f"{u}-to-{v}-lan-direct", "type": "path", "from": u, "to": net.lan(v),
                  "path": [u, v]}],
                {u, v}, [(c.rel, new.strip())])


def wan_missing_static(net, rng, avoid):
    """An external's `ip route <prefix> Null0` is gone: its `network` finds no route to announce
    (FRR's import check)."""
    x = pick(rng, net.externals(), avoid)
    if not x:
        return None
    c = net.configs[x]
    prefix = rng.choice(net.external_prefixes(x))
    line, _ = c.first(rf"^ip route {re.escape(prefix)} Null0$")
    sources = rng.sample([n for n in net.core() if n not in avoid], 2)
    return Case("missing-static", [Edit(c.rel, line, c.text(line), None)],
                has_routes(f"bgp-route-to-{prefix}", sources, prefix), {x, *sources},
                [(c.rel, c.text(c.first(r"^router bgp ")[0])), (c.rel, f"network {prefix}")])


# --- fat-tree injectors ---------------------------------------------------------------------

def edges(net):
    return sorted(n for n in net.configs if n.startswith("e"))


def pod(node):
    return node[1:].split("-")[0]


def ft_missing_network(net, rng, avoid):
    """An edge router's `network <LAN>` is gone: nobody else reaches its LAN."""
    e = pick(rng, edges(net), avoid)
    if not e:
        return None
    c = net.configs[e]
    lan = net.lan(e)
    line, _ = c.first(rf"^  network {re.escape(lan)}$")
    sources = rng.sample([n for n in net.configs if n != e and n not in avoid], 3)
    return Case("missing-network", [Edit(c.rel, line, c.text(line), None)],
                [reach(f"reach-{e}-lan", sources, lan)], {e, *sources},
                [(c.rel, c.text(c.first(r"^router bgp ")[0]))])


def ft_export_deny(net, rng, avoid):
    """An edge router's FABRIC-OUT denies: its LAN is announced to nobody."""
    e = pick(rng, edges(net), avoid)
    if not e:
        return None
    c = net.configs[e]
    line, _ = c.first(r"^route-map FABRIC-OUT permit 10$")
    sources = rng.sample([n for n in edges(net) if pod(n) != pod(e) and n not in avoid], 2)
    new = "route-map FABRIC-OUT deny 10"
    return Case("route-map-deny-export", [Edit(c.rel, line, c.text(line), new)],
                [reach(f"reach-{e}-lan", sources, net.lan(e))], {e, *sources}, [(c.rel, new)])


def ft_import_deny(net, rng, avoid):
    """An aggregation router's FABRIC-IN denies: it has no route to any other LAN."""
    a = pick(rng, sorted(n for n in net.configs if n.startswith("a")), avoid)
    if not a:
        return None
    c = net.configs[a]
    line, _ = c.first(r"^route-map FABRIC-IN permit 10$")
    target = pick(rng, [e for e in edges(net) if pod(e) != pod(a)], avoid)
    new = "route-map FABRIC-IN deny 10"
    return Case("route-map-deny-import", [Edit(c.rel, line, c.text(line), new)],
                [reach(f"{a}-reaches-{target}-lan", [a], net.lan(target))], {a, target}, [(c.rel, new)])


def ft_remote_as_typo(net, rng, avoid):
    """An edge router's `neighbor <agg> remote-as` has a typo: that uplink carries no routes, so
    the edge's route to a remote LAN loses the aggregation router as a next hop."""
    e = pick(rng, edges(net), avoid)
    if not e:
        return None
    c = net.configs[e]
    uplinks = c.find(r"^ neighbor (\S+) remote-as (\d+)$")
    line, m = rng.choice(uplinks)
    peer_ip = m.group(1)
    agg = next(n for n, _ in net.neighbors(e)
               if net.configs[n].find(rf"^ ip address {re.escape(peer_ip)}/31$"))
    target = pick(rng, [x for x in edges(net) if pod(x) != pod(e)], avoid)
    new = f" neighbor {peer_ip} remote-as {int(m.group(2)) + rng.choice([1, 7, 100])}"
    return Case("remote-as-typo", [Edit(c.rel, line, c.text(line), new)],
                [{"name": f"{e}-uses-{agg}-to-{target}", "type": "route", "node": e, "prefix": net.lan(target),
                  "present": True, "next_hop_node": agg}],
                {e, agg, target}, [(c.rel, new.strip())])


WAN_INJECTORS = {
    "missing-network": wan_missing_network,
    "route-map-deny-import": wan_import_deny,
    "route-map-deny-export": wan_export_deny,
    "prefix-list-wrong-prefix": wan_prefix_list_typo,
    "prefix-list-deny": wan_prefix_list_deny,
    "remote-as-typo": wan_remote_as_typo,
    "missing-ibgp-neighbor": wan_missing_ibgp_neighbor,
    "missing-rr-client": wan_missing_rr_client,
    "local-pref": wan_local_pref,
    "ospf-cost": wan_ospf_cost,
    "missing-static": wan_missing_static,
}

FATTREE_INJECTORS = {
    "missing-network": ft_missing_network,
    "route-map-deny-export": ft_export_deny,
    "route-map-deny-import": ft_import_deny,
    "remote-as-typo": ft_remote_as_typo,
}


def injectors(net):
    return WAN_INJECTORS if net.kind == "wan" else FATTREE_INJECTORS


# --- writing snapshots ----------------------------------------------------------------------

def inject(clean, out, cases):
    """Copies the clean snapshot to `out` with every case's edits applied (edits of one file go
    bottom-up so line numbers stay valid) and writes the union of the intents to
    out/intents.json. Returns, per case, the blame lines as (file, line number in `out`)."""
    if os.path.exists(out):
        shutil.rmtree(out)
    shutil.copytree(clean, out)
    if os.path.exists(os.path.join(out, "intents.yaml")):
        os.remove(os.path.join(out, "intents.yaml"))
    by_file = {}
    for case in cases:
        for e in case.edits:
            by_file.setdefault(e.file, []).append(e)
    for file, edits in by_file.items():
        path = os.path.join(out, file)
        with open(path) as f:
            lines = f.read().split("\n")
        for e in sorted(edits, key=lambda e: -e.line):
            assert lines[e.line - 1] == e.old, (file, e.line, lines[e.line - 1], e.old)
            if e.new is None:
                del lines[e.line - 1]
            else:
                lines[e.line - 1] = e.new
        with open(path, "w") as f:
            f.write("\n".join(lines))
    write_intents(os.path.join(out, "intents.json"), [i for c in cases for i in c.intents])
    blame = []
    for case in cases:
        hits = set()
        deleted = any(e.new is None for e in case.edits)
        for file, text in case.blame:
            with open(os.path.join(out, file)) as f:
                lines = f.read().split("\n")
            for n, l in enumerate(lines, 1):
                if l.strip() != text.strip():
                    continue
                hits.add((file, n))
                while deleted and n < len(lines) and lines[n] != "!":
                    n += 1
                    hits.add((file, n))
        blame.append(hits)
    return blame


def write_intents(path, intents):
    with open(path, "w") as f:
        json.dump({"intents": intents}, f, indent=1)
        f.write("\n")


def inject_several(net, rng, classes, tries=20):
    """One case per requested class, each avoiding the routers the earlier ones rely on."""
    avoid, cases = set(), []
    for cls in classes:
        for _ in range(tries):
            case = injectors(net)[cls](net, rng, avoid)
            if case and not any(e.file == f.file and e.line == f.line for c in cases for e in c.edits
                                for f in case.edits):
                break
        else:
            case = None
        if case is None:
            return None
        avoid |= case.nodes
        cases.append(case)
    return cases


def main():
    """error_injection.py CLEAN OUT --classes a,b,... [--seed S] [--routefix BIN]: writes OUT, the
    clean snapshot with one error per listed class (a class may repeat) and their intents."""
    import argparse
    import random
    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("clean")
    ap.add_argument("out")
    ap.add_argument("--classes", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--routefix", help="needed by the classes that read the clean routes (local-pref)")
    args = ap.parse_args()
    net = Network(args.clean, args.routefix)
    cases = inject_several(net, random.Random(args.seed), args.classes.split(","))
    if cases is None:
        raise SystemExit(f"error_injection: cannot place every one of {args.classes} in {args.clean}")
    inject(args.clean, args.out, cases)
    for c in cases:
        for e in c.edits:
            print(f"{c.error_class}\t{e.file}:{e.line}\t{e.old.strip()} -> {e.new.strip() if e.new else '(deleted)'}")


if __name__ == "__main__":
    main()
