#!/usr/bin/env python3
"""Writes the small broken snapshots the repair tests use: one per error class, each in the
IOS and the FRR dialect, plus one with two errors at once. Each snapshot's expect.json names
the injected line (file, line text) and how many changes a minimal repair needs.

Run from this directory: ./generate.py (the output is committed; rerun after editing)."""
import ipaddress
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))


class Router:
    def __init__(self, name, asn=None, router_id=None):
        self.name, self.asn, self.router_id = name, asn, router_id
        self.interfaces = []      # (peer-or-label, ip/len, ospf_cost, in_ospf)
        self.neighbors = []       # dict(ip, remote_as, rmap_in, rmap_out, rrc, missing)
        self.networks = []        # prefixes announced with `network`
        self.prefix_lists = []    # (name, seq, action, prefix-text)
        self.route_maps = []      # (name, action, seq, [lines])
        self.ospf = False
        self.ospf_networks = []   # prefixes (in area 0)
        self.null_routes = []     # prefixes with a static route to Null0


def mask(length):
    return str(ipaddress.IPv4Network(f"0.0.0.0/{length}").netmask)


def wildcard(length):
    return str(ipaddress.IPv4Network(f"0.0.0.0/{length}").hostmask)


def render(r, dialect):
    out = []
    if dialect == "frr":
        out += ["frr version 8.4", "frr defaults traditional"]
    out += [f"hostname {r.name}", "!"]
    for idx, (label, cidr, cost, _) in enumerate(r.interfaces):
        iface = ipaddress.IPv4Interface(cidr)
        name = f"eth{idx}" if dialect == "frr" else f"GigabitEthernet0/{idx}"
        out.append(f"interface {name}")
        out.append(f" description {label}")
        if dialect == "frr":
            out.append(f" ip address {cidr}")
        else:
            out.append(f" ip address {iface.ip} {mask(iface.network.prefixlen)}")
        if cost is not None:
            out.append(f" ip ospf cost {cost}")
        out.append("!")
    if r.ospf:
        out.append("router ospf" if dialect == "frr" else "router ospf 1")
        for p in r.ospf_networks:
            n = ipaddress.IPv4Network(p)
            out.append(f" network {n} area 0" if dialect == "frr"
                       else f" network {n.network_address} {wildcard(n.prefixlen)} area 0")
        out.append("!")
    for p in r.null_routes:
        net = ipaddress.IPv4Network(p)
        out.append(f"ip route {net} Null0" if dialect == "frr"
                   else f"ip route {net.network_address} {mask(net.prefixlen)} Null0")
    if r.null_routes:
        out.append("!")
    if r.asn is not None:
        out.append(f"router bgp {r.asn}")
        if r.router_id:
            out.append(f" bgp router-id {r.router_id}")
        live = [n for n in r.neighbors if not n.get("missing")]
        for n in live:
            out.append(f" neighbor {n['ip']} remote-as {n['remote_as']}")
            if n.get("passive"):
                out.append(f" neighbor {n['ip']} passive")
            if n.get("connect_timer"):
                out.append(f" neighbor {n['ip']} timers connect {n['connect_timer']}")
        af = []
        for p in r.networks:
            net = ipaddress.IPv4Network(p)
            af.append(f"network {net}" if dialect == "frr"
                      else f"network {net.network_address} mask {mask(net.prefixlen)}")
        for n in live:
            ebgp = n["remote_as"] != r.asn
            rin = n.get("rmap_in") or ("ALLOW" if dialect == "frr" and ebgp else None)
            rout = n.get("rmap_out") or ("ALLOW" if dialect == "frr" and ebgp else None)
            if rin:
                af.append(f"neighbor {n['ip']} route-map {rin} in")
            if rout:
                af.append(f"neighbor {n['ip']} route-map {rout} out")
            if n.get("rrc"):
                af.append(f"neighbor {n['ip']} route-reflector-client")
        if dialect == "frr":
            out += [" !", " address-family ipv4 unicast"] + ["  " + l for l in af] + [" exit-address-family"]
        else:
            out += [" " + l for l in af]
        out.append("!")
    for name, seq, action, prefix in r.prefix_lists:
        out.append(f"ip prefix-list {name} seq {seq} {action} {prefix}")
    if r.prefix_lists:
        out.append("!")
    maps = list(r.route_maps)
    if dialect == "frr" and r.asn is not None and any(n["remote_as"] != r.asn for n in r.neighbors):
        maps.append(("ALLOW", "permit", 10, []))
    for name, action, seq, lines in maps:
        out.append(f"route-map {name} {action} {seq}")
        out += [" " + l for l in lines]
        out.append("!")
    out.append("end" if dialect == "ios" else "line vty")
    if dialect == "frr":
        out.append("!")
    return "\n".join(out) + "\n"


class Net:
    def __init__(self):
        self.routers = {}
        self.next_link = 0

    def router(self, name, asn=None):
        rid = f"10.255.0.{len(self.routers) + 1}"
        self.routers[name] = Router(name, asn, rid if asn is not None else None)
        return self.routers[name]

    def link(self, a, b, bgp=True, cost=None, ospf=False):
        """A /30 between a (.1) and b (.2); eBGP/iBGP session statements on both sides."""
        base = ipaddress.IPv4Address("10.0.0.0") + 4 * self.next_link
        self.next_link += 1
        ra, rb = self.routers[a], self.routers[b]
        ra.interfaces.append((f"to {b}", f"{base + 1}/30", cost, ospf))
        rb.interfaces.append((f"to {a}", f"{base + 2}/30", cost, ospf))
        if ospf:
            for r in (ra, rb):
                r.ospf = True
                r.ospf_networks.append(f"{base}/30")
        if bgp:
            ra.neighbors.append({"ip": str(base + 2), "remote_as": rb.asn, "peer": b})
            rb.neighbors.append({"ip": str(base + 1), "remote_as": ra.asn, "peer": a})

    def lan(self, node, cidr, announce=True, ospf=False):
        r = self.routers[node]
        r.interfaces.append(("LAN", cidr, None, ospf))
        net = str(ipaddress.IPv4Interface(cidr).network)
        if announce:
            r.networks.append(net)
        if ospf:
            r.ospf = True
            r.ospf_networks.append(net)

    def neighbor(self, node, peer):
        return next(n for n in self.routers[node].neighbors if n["peer"] == peer)

    def write(self, name, dialect, intents, expect):
        root = os.path.join(HERE, f"{name}-{dialect}")
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(os.path.join(root, "configs"))
        ext = "conf" if dialect == "frr" else "cfg"
        for r in self.routers.values():
            with open(os.path.join(root, "configs", f"{r.name}.{ext}"), "w") as f:
                f.write(render(r, dialect))
        with open(os.path.join(root, "intents.yaml"), "w") as f:
            f.write("intents:\n")
            for it in intents:
                first = True
                for k, v in it.items():
                    f.write(("  - " if first else "    ") + f"{k}: {json.dumps(v)}\n")
                    first = False
        expect = dict(expect)
        expect["file"] = f"configs/{expect['file']}.{ext}"
        expect["line"] = expect["line"][dialect]
        with open(os.path.join(root, "expect.json"), "w") as f:
            json.dump(expect, f, indent=2)
            f.write("\n")


def line3():
    """r1 (65001) -- r2 (65002) -- r3 (65003); r3's LAN 10.3.0.0/24."""
    n = Net()
    n.router("r1", 65001)
    n.router("r2", 65002)
    n.router("r3", 65003)
    n.link("r1", "r2")
    n.link("r2", "r3")
    n.lan("r1", "10.1.0.1/24")
    n.lan("r3", "10.3.0.1/24")
    return n


REACH = [{"name": "r1-reaches-r3-lan", "type": "reachability", "from": ["r1"], "to": "10.3.0.0/24"},
         {"name": "r3-reaches-r1-lan", "type": "reachability", "from": ["r3"], "to": "10.1.0.0/24"}]


def missing_session(dialect):
    n = line3()
    if dialect == "ios":
        n.neighbor("r3", "r2")["missing"] = True   # one side never configured
        line = {"ios": "router bgp 65003"}
    else:
        n.neighbor("r3", "r2")["remote_as"] = 65020  # remote-as typo
        line = {"frr": "neighbor 10.0.0.5 remote-as 65020"}
    n.write("missing-session", dialect, REACH,
            {"class": "missing-session", "file": "r3", "line": line, "max_changes": 1})


def wrong_deny(dialect):
    n = line3()
    n.neighbor("r2", "r3")["rmap_in"] = "FROM-R3"
    n.routers["r2"].route_maps.append(("FROM-R3", "deny", 10, []))
    n.write("wrong-deny", dialect, REACH,
            {"class": "wrong-deny", "file": "r2", "line": {"ios": "route-map FROM-R3 deny 10",
                                                         "frr": "route-map FROM-R3 deny 10"},
             "max_changes": 1})


def prefix_list_typo(dialect):
    n = line3()
    n.neighbor("r2", "r3")["rmap_in"] = "FROM-R3"
    n.routers["r2"].prefix_lists.append(("R3-NETS", 5, "permit", "10.33.0.0/24"))
    n.routers["r2"].route_maps.append(("FROM-R3", "permit", 10, ["match ip address prefix-list R3-NETS"]))
    text = "ip prefix-list R3-NETS seq 5 permit 10.33.0.0/24"
    n.write("prefix-list-typo", dialect, REACH,
            {"class": "prefix-list-typo", "file": "r2", "line": {"ios": text, "frr": text}, "max_changes": 1})


def localpref_waypoint(dialect):
    """r1 reaches r4's LAN via r2 or via fw; r1 gives r2's routes local-pref 300."""
    n = Net()
    n.router("fw", 65003)
    n.router("r1", 65001)
    n.router("r2", 65002)
    n.router("r4", 65004)
    n.link("r1", "fw")
    n.link("r1", "r2")
    n.link("fw", "r4")
    n.link("r2", "r4")
    n.lan("r1", "10.1.0.1/24")
    n.lan("r4", "10.4.0.1/24")
    n.neighbor("r1", "fw")["rmap_in"] = "FROM-FW"
    n.neighbor("r1", "r2")["rmap_in"] = "FROM-R2"
    n.routers["r1"].route_maps.append(("FROM-FW", "permit", 10, ["set local-preference 200"]))
    n.routers["r1"].route_maps.append(("FROM-R2", "permit", 10, ["set local-preference 300"]))
    intents = [{"name": "r1-to-r4-through-fw", "type": "waypoint", "from": ["r1"], "to": "10.4.0.0/24",
                "through": ["fw"]},
               {"name": "r1-reaches-r4", "type": "reachability", "from": ["r1"], "to": "10.4.0.0/24"}]
    n.write("localpref-waypoint", dialect, intents,
            {"class": "localpref-waypoint", "file": "r1",
             "line": {"ios": "set local-preference 300", "frr": "set local-preference 300"}, "max_changes": 1})


def missing_network(dialect):
    n = line3()
    n.routers["r3"].networks.clear()
    n.write("missing-network", dialect, REACH,
            {"class": "missing-network", "file": "r3", "line": {"ios": "router bgp 65003", "frr": "router bgp 65003"},
             "max_changes": 1})


def ospf_cost(dialect):
    """OSPF square hq-core1-branch / hq-core2-branch; hq's core1 link got cost 100."""
    n = Net()
    for r in ("branch", "core1", "core2", "hq"):
        n.router(r)
    n.link("hq", "core1", bgp=False, cost=10, ospf=True)
    n.link("hq", "core2", bgp=False, cost=10, ospf=True)
    n.link("core1", "branch", bgp=False, cost=10, ospf=True)
    n.link("core2", "branch", bgp=False, cost=10, ospf=True)
    n.lan("branch", "10.40.0.1/24", announce=False, ospf=True)
    hq = n.routers["hq"]
    label, cidr, _, ospf = hq.interfaces[0]
    hq.interfaces[0] = (label, cidr, 100, ospf)
    intents = [{"name": "hq-to-branch-via-core1", "type": "path", "from": "hq", "to": "10.40.0.0/24",
                "path": ["hq", "core1", "branch"]},
               {"name": "hq-reaches-branch", "type": "reachability", "from": ["hq"], "to": "10.40.0.0/24"}]
    n.write("ospf-cost", dialect, intents,
            {"class": "ospf-cost", "file": "hq", "line": {"ios": "ip ospf cost 100", "frr": "ip ospf cost 100"},
             "max_changes": 1})


def missing_rr_client(dialect):
    """AS 65000: rr1 and rr2 peer as non-clients; c1 hangs off rr1, c2 off rr2; OSPF on the links
    resolves next hops. rr1 forgot `route-reflector-client` for c1."""
    n = Net()
    for r in ("c1", "c2", "rr1", "rr2"):
        n.router(r, 65000)
    n.link("rr1", "rr2", ospf=True)
    n.link("c1", "rr1", ospf=True)
    n.link("c2", "rr2", ospf=True)
    n.lan("c1", "10.1.0.1/24")
    n.lan("c2", "10.2.0.1/24")
    n.neighbor("rr2", "c2")["rrc"] = True
    intents = [{"name": "c2-reaches-c1-lan", "type": "reachability", "from": ["c2"], "to": "10.1.0.0/24"},
               {"name": "c1-reaches-c2-lan", "type": "reachability", "from": ["c1"], "to": "10.2.0.0/24"}]
    n.write("missing-rr-client", dialect, intents,
            {"class": "missing-rr-client", "file": "rr1",
             "line": {"ios": "neighbor 10.0.0.5 remote-as 65000", "frr": "neighbor 10.0.0.5 remote-as 65000"},
             "max_changes": 1})


def missing_static(dialect):
    """r3 announces the aggregate 10.30.0.0/16 with `network`; the `ip route ... Null0` that puts
    it in the RIB (IOS and FRR announce only what the RIB has) is gone."""
    n = line3()
    n.routers["r3"].networks.append("10.30.0.0/16")
    intents = [{"name": "r1-has-r3-aggregate", "type": "route", "node": "r1", "prefix": "10.30.0.0/16",
                "present": True}]
    n.write("missing-static", dialect, intents,
            {"class": "missing-static", "file": "r3",
             "line": {"ios": "network 10.30.0.0 mask 255.255.0.0", "frr": "network 10.30.0.0/16"},
             "max_changes": 1})


def two_errors(dialect):
    """A prefix-list typo on r2 and a missing network statement on r1, in one snapshot."""
    n = line3()
    n.routers["r1"].networks.clear()
    n.neighbor("r2", "r3")["rmap_in"] = "FROM-R3"
    n.routers["r2"].prefix_lists.append(("R3-NETS", 5, "permit", "10.33.0.0/24"))
    n.routers["r2"].route_maps.append(("FROM-R3", "permit", 10, ["match ip address prefix-list R3-NETS"]))
    text = "ip prefix-list R3-NETS seq 5 permit 10.33.0.0/24"
    n.write("two-errors", dialect, REACH,
            {"class": "two-errors", "file": "r2", "line": {"ios": text, "frr": text}, "max_changes": 2})


def passive_session(dialect):
    """FRR `neighbor X passive` on both ends of the r2 - r3 session: neither side connects.
    Once one `passive` goes, a single side connects, and a first attempt that fails waits out
    FRR's 120 s connect timer (a lab under load saw that): `timers connect 1`, as FRR's own
    topotest bgp_tcp_mss_passive writes."""
    n = line3()
    for a, b in (("r2", "r3"), ("r3", "r2")):
        n.neighbor(a, b)["passive"] = True
        n.neighbor(a, b)["connect_timer"] = 1
    n.write("passive-session", dialect, REACH,
            {"class": "passive-session", "file": "r2", "line": {"frr": "neighbor 10.0.0.6 passive"},
             "max_changes": 1})


passive_session("frr")  # `passive` is FRR's (and EOS's) statement, not IOS's
for make in (missing_session, wrong_deny, prefix_list_typo, localpref_waypoint, missing_network, ospf_cost,
             missing_rr_client, missing_static, two_errors):
    for d in ("ios", "frr"):
        make(d)
