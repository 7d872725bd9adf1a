"""A routed network on a Topology Zoo graph, in a style unlike bench/gen_wan's: a few ASes per
graph, mixed vendors per router (FRR, Cisco IOS, Junos), OSPF inside each AS, iBGP to one or
two route reflectors per AS written neighbor by neighbor (no peer-groups), eBGP on every link
between ASes with per-neighbor import and export policies.

Addressing and routing design (what the intents rely on):
  - every router has a loopback (OSPF, passive) and one customer /24 (172.16-31.x.0/24) on a
    stub port, announced into BGP by that router (`network`, Junos: export policy over a
    prefix-list);
  - each AS also announces an aggregate /16 (10.100-127.0.0/16) anchored by a Null0 (Junos:
    discard) static on one router: spec.md counts traffic to it as delivered at that router;
  - eBGP sessions import and export exactly those two kinds of prefixes (/24s of 172.16/12,
    /16s of 10.96/11);
  - eBGP link subnets are in OSPF as passive interfaces, so eBGP next hops resolve in the AS.

build(graph, seed) -> Network; render it with zoo_render.write_snapshot.
"""
import heapq
import random
import re
from dataclasses import dataclass, field

VENDORS = ("frr", "ios", "junos")
# Costs are set explicitly on both ends of every intra-AS link: vendor defaults (reference
# bandwidth, loopback cost) then do not decide any path the intents name.
COSTS = (10, 20, 30, 40, 50)


@dataclass
class Port:
    name: str          # the vendor's interface name (Junos: the physical port, unit 0 is used)
    address: str       # "10.0.0.1"
    length: int
    peer: str          # router at the other end ("" for the customer port)
    peer_address: str = ""
    cost: int | None = None   # OSPF cost (intra-AS links); None: passive or not in OSPF


@dataclass
class Router:
    name: str
    vendor: str
    asn: int
    as_index: int
    loopback: str
    customer: str      # "172.16.3.0/24"
    ports: list = field(default_factory=list)
    rr: bool = False
    reflectors: list = field(default_factory=list)  # the RR(s) this router peers with
    clients: list = field(default_factory=list)     # at a reflector: its clients
    aggregate: str = ""  # the AS aggregate this router anchors ("" for most)

    def port_to(self, peer):
        return next(p for p in self.ports if p.peer == peer)


@dataclass
class Network:
    name: str
    routers: dict          # name -> Router
    links: list            # (router a, port a, router b, port b)
    aggregates: dict       # as index -> "10.10x.0.0/16"
    intents: list          # intent dicts
    ebgp_route_intents: dict = field(default_factory=dict)  # (router, peer) -> intent name
    path_intents: list = field(default_factory=list)        # (intent name, [routers])

    def as_members(self, as_index):
        return [r for r in self.routers.values() if r.as_index == as_index]


def _router_names(graph):
    names, used = {}, set()
    for node, label in sorted(graph.labels.items()):
        base = re.sub(r"[^A-Za-z0-9]", "", label)[:20] or "node"
        if not base[0].isalpha():
            base = "n" + base
        name, k = base, 2
        while name.lower() in used:
            name, k = f"{base}{k}", k + 1
        used.add(name.lower())
        names[node] = name
    return names


def _partition(adjacent, count, rng):
    """Splits the graph into `count` connected regions: seeds far apart, grown breadth-first
    in turns."""
    nodes = sorted(adjacent)
    seeds = [rng.choice(nodes)]
    while len(seeds) < count:
        dist = _hops(adjacent, seeds)
        seeds.append(max(nodes, key=lambda n: (dist[n], -nodes.index(n))))
    owner = {s: i for i, s in enumerate(seeds)}
    frontier = [[s] for s in seeds]
    while any(frontier):
        for i in range(count):
            grown = []
            for n in frontier[i]:
                for m in sorted(adjacent[n]):
                    if m not in owner:
                        owner[m] = i
                        grown.append(m)
            frontier[i] = grown
    return owner


def _hops(adjacent, sources, within=None):
    dist = {s: 0 for s in sources}
    queue = list(sources)
    for n in queue:
        for m in sorted(adjacent[n]):
            if m not in dist and (within is None or m in within):
                dist[m] = dist[n] + 1
                queue.append(m)
    return {n: dist.get(n, 1 << 30) for n in adjacent}


def shortest_paths(routers, source, skip_cost=None):
    """OSPF paths inside source's AS: {router: (cost, [paths])}, every equal-cost path kept.
    skip_cost: {(router, peer): cost} overriding egress costs."""
    skip_cost = skip_cost or {}
    best = {source: (0, [[source]])}
    heap = [(0, source)]
    while heap:
        d, n = heapq.heappop(heap)
        if d > best[n][0]:
            continue
        for p in routers[n].ports:
            if p.cost is None or not p.peer:
                continue
            nd = d + skip_cost.get((n, p.peer), p.cost)
            paths = [path + [p.peer] for path in best[n][1]]
            if p.peer not in best or nd < best[p.peer][0]:
                best[p.peer] = (nd, paths)
                heapq.heappush(heap, (nd, p.peer))
            elif nd == best[p.peer][0]:
                best[p.peer][1].extend(paths)
    return best


def build(graph, seed=1, ases=None):
    rng = random.Random(seed)
    names = _router_names(graph)
    adjacent = {names[n]: set() for n in graph.labels}
    for a, b in graph.edges:
        adjacent[names[a]].add(names[b])
        adjacent[names[b]].add(names[a])
    count = ases or max(2, min(5, len(adjacent) // 8))
    owner = _partition(adjacent, count, rng)

    routers = {}
    per_as = {}
    for k, name in enumerate(sorted(adjacent)):
        i = owner[name]
        per_as[i] = per_as.get(i, 0) + 1
        routers[name] = Router(name, rng.choice(VENDORS), 65001 + i, i,
                               f"10.255.{(k + 1) // 256}.{(k + 1) % 256}",
                               f"172.{16 + i}.{per_as[i]}.0/24")
    aggregates, member_lists = {}, {}
    for i in range(count):
        members = sorted(n for n in routers if owner[n] == i)
        member_lists[i] = members
        aggregates[i] = f"10.{100 + i}.0.0/16"
        inside = set(members)
        degree = {n: len(adjacent[n] & inside) for n in members}
        reflectors = sorted(members, key=lambda n: (-degree[n], n))[:2 if len(members) >= 6 else 1]
        for rr in reflectors:
            routers[rr].rr = True
            if routers[rr].vendor == "junos":  # reflection is written per neighbor: FRR or IOS
                routers[rr].vendor = rng.choice(("frr", "ios"))
        dist = {rr: _hops(adjacent, [rr], inside) for rr in reflectors}
        for n in members:
            r = routers[n]
            if r.rr:
                r.reflectors = [x for x in reflectors if x != n]
            else:
                nearest = min(reflectors, key=lambda rr: (dist[rr][n], reflectors.index(rr)))
                r.reflectors = [nearest]
                routers[nearest].clients.append(n)
    links = []
    for j, (a, b) in enumerate(sorted(tuple(sorted(e)) for e in
                                      {frozenset((names[a], names[b])) for a, b in graph.edges})):
        base = 4 * j
        net = f"10.{base // 65536}.{base // 256 % 256}"
        ra, rb = routers[a], routers[b]
        cost = rng.choice(COSTS) if ra.as_index == rb.as_index else None
        pa = Port(_port_name(ra, len(ra.ports)), f"{net}.{base % 256 + 1}", 30, b, f"{net}.{base % 256 + 2}", cost)
        pb = Port(_port_name(rb, len(rb.ports)), f"{net}.{base % 256 + 2}", 30, a, f"{net}.{base % 256 + 1}", cost)
        ra.ports.append(pa)
        rb.ports.append(pb)
        links.append((a, pa.name, b, pb.name))
    for r in routers.values():
        r.ports.append(Port(_port_name(r, "customer"), r.customer.replace(".0/24", ".1"), 24, ""))

    for i, members in member_lists.items():
        anchor = rng.choice([n for n in members if not routers[n].rr] or members)
        routers[anchor].aggregate = aggregates[i]

    net = Network(graph.name, routers, links, aggregates, [])
    _add_intents(net, rng)
    return net


def _port_name(router, index):
    if router.vendor == "frr":
        return "cust0" if index == "customer" else f"eth{index}"
    if router.vendor == "ios":
        return "GigabitEthernet1/0" if index == "customer" else f"GigabitEthernet0/{index}"
    return "ge-0/1/0" if index == "customer" else f"ge-0/0/{index}"


def _add_intents(net, rng):
    routers = net.routers
    for r in sorted(routers.values(), key=lambda r: r.name):
        net.intents.append({"name": f"reach-{r.name}", "type": "reachability", "from": ["*"],
                            "to": r.customer})
    for i, aggregate in sorted(net.aggregates.items()):
        net.intents.append({"name": aggregate_intent(i), "type": "reachability", "from": ["*"],
                            "to": aggregate})
    # A router with one session into a neighbouring AS takes that AS's aggregate from it:
    # the eBGP route (AS path of one AS) beats the iBGP copies and longer paths.
    for r in sorted(routers.values(), key=lambda r: r.name):
        foreign = [p for p in r.ports if p.peer and routers[p.peer].as_index != r.as_index]
        for p in foreign:
            peer = routers[p.peer]
            if sum(1 for q in foreign if routers[q.peer].as_index == peer.as_index) != 1:
                continue
            name = f"route-{r.name}-via-{peer.name}"
            net.intents.append({"name": name, "type": "route", "node": r.name,
                                "prefix": net.aggregates[peer.as_index], "present": True,
                                "next_hop_node": peer.name})
            net.ebgp_route_intents[(r.name, peer.name)] = name
    # Path intents inside each AS: a unique shortest path that a costlier link would move.
    for i in sorted(net.aggregates):
        members = sorted(r.name for r in net.as_members(i))
        pairs = [(s, t) for s in members for t in members if s != t]
        rng.shuffle(pairs)
        chosen = 0
        for s, t in pairs:
            if chosen == 2:
                break
            best = shortest_paths(routers, s)
            if t not in best or len(best[t][1]) != 1 or len(best[t][1][0]) < 3:
                continue
            path = best[t][1][0]
            if not movable_links(routers, path):
                continue
            name = f"path-{s}-to-{t}"
            net.intents.append({"name": name, "type": "path", "from": s,
                                "to": routers[t].loopback + "/32", "path": path})
            net.path_intents.append((name, path))
            chosen += 1


def aggregate_intent(as_index):
    return f"reach-aggregate-AS{65001 + as_index}"


def movable_links(routers, path, raise_by=200):
    """Hops (router, next) of the path whose egress cost raised by raise_by changes the path."""
    out = []
    for a, b in zip(path, path[1:]):
        cost = routers[a].port_to(b).cost
        best = shortest_paths(routers, path[0], {(a, b): cost + raise_by})
        if path[-1] in best and best[path[-1]][1] != [path]:
            out.append((a, b))
    return out
