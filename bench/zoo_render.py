"""Vendor syntax for a zoo_network.Network: FRR (frr.conf), Cisco IOS and Junos (braces).

Each config is a list of Line(text, tag): tags name the statements zoo_errors.py edits, e.g.
("neighbor", peer_address) on every line of one BGP neighbor, ("rr-client", peer),
("ospf-cost", peer router), ("network", prefix), ("static", prefix), ("remote-as", peer),
("import-action", peer), ("import-filter", peer).
"""
import ipaddress
import json
import os
from dataclasses import dataclass

AGGREGATE_RANGE = "10.96.0.0/11"  # covers every AS aggregate 10.100-10.127.0.0/16
CUSTOMER_RANGE = "172.16.0.0/12"  # covers every customer /24


@dataclass
class Line:
    text: str
    tag: tuple = ()


def _mask(length):
    return str(ipaddress.IPv4Network(f"0.0.0.0/{length}").netmask)


def _wildcard(length):
    return str(ipaddress.IPv4Network(f"0.0.0.0/{length}").hostmask)


def _sessions(net, r):
    """(peer address, peer router, remote AS, is_ebgp) for each BGP neighbor of r."""
    out = [(net.routers[x].loopback, x, r.asn, False) for x in r.reflectors + r.clients]
    for p in r.ports:
        if p.peer and net.routers[p.peer].as_index != r.as_index:
            out.append((p.peer_address, p.peer, net.routers[p.peer].asn, True))
    return out


def _ios_like(net, r):
    frr = r.vendor == "frr"
    L = []
    add = lambda text, *tag: L.append(Line(text, tuple(tag)))  # noqa: E731
    if frr:
        add("frr version 8.4")
        add("frr defaults traditional")
    add(f"hostname {r.name}")
    add("!")
    lo = "lo" if frr else "Loopback0"
    add(f"interface {lo}")
    add(f" ip address {r.loopback}/32" if frr else f" ip address {r.loopback} 255.255.255.255")
    add("!")
    for p in r.ports:
        add(f"interface {p.name}")
        add(f" description {'to ' + p.peer if p.peer else 'customers'}")
        add(f" ip address {p.address}/{p.length}" if frr else f" ip address {p.address} {_mask(p.length)}")
        if p.cost is not None:
            add(f" ip ospf cost {p.cost}", "ospf-cost", p.peer)
        add("!")
    if r.aggregate:
        net_, length = r.aggregate.split("/")
        add(f"ip route {r.aggregate} Null0" if frr else f"ip route {net_} {_mask(int(length))} Null0",
            "static", r.aggregate)
        add("!")
    add("router ospf" if frr else "router ospf 1")
    add(f" {'ospf ' if frr else ''}router-id {r.loopback}")
    ospf_ports = [p for p in r.ports if p.peer]
    for p in ospf_ports:
        if p.cost is None:
            add(f" passive-interface {p.name}")
    add(f" network {r.loopback}/32 area 0" if frr else f" network {r.loopback} 0.0.0.0 area 0")
    for p in ospf_ports:
        subnet = ipaddress.IPv4Network(f"{p.address}/{p.length}", strict=False)
        add(f" network {subnet} area 0" if frr else
            f" network {subnet.network_address} {_wildcard(p.length)} area 0")
    add("!")
    add(f"router bgp {r.asn}")
    add(f" bgp router-id {r.loopback}")
    if frr:
        add(" no bgp ebgp-requires-policy")
    policy_lines = []
    for addr, peer, asn, ebgp in _sessions(net, r):
        add(f" neighbor {addr} remote-as {asn}", "neighbor", addr, "remote-as", peer)
        add(f" neighbor {addr} description {peer}", "neighbor", addr)
        if not ebgp:
            add(f" neighbor {addr} update-source {lo}", "neighbor", addr)
        lines = policy_lines
        if peer in r.clients:
            lines.append((f"neighbor {addr} route-reflector-client", ("neighbor", addr, "rr-client", peer)))
        if ebgp:
            lines.append((f"neighbor {addr} route-map FROM-{peer} in", ("neighbor", addr)))
            lines.append((f"neighbor {addr} route-map TO-{peer} out", ("neighbor", addr)))
    originated = [(r.customer, "network")] + ([(r.aggregate, "network")] if r.aggregate else [])
    if frr:
        add(" !")
        add(" address-family ipv4 unicast")
        for prefix, tag in originated:
            add(f"  network {prefix}", tag, prefix)
        for text, tag in policy_lines:
            add(f"  {text}", *tag)
        add(" exit-address-family")
    else:
        for prefix, tag in originated:
            n, length = prefix.split("/")
            add(f" network {n} mask {_mask(int(length))}", tag, prefix)
        for text, tag in policy_lines:
            add(f" {text}", *tag)
    add("!")
    ebgp_peers = [peer for _, peer, _, ebgp in _sessions(net, r) if ebgp]
    if ebgp_peers:
        add(f"ip prefix-list ANNOUNCED seq 10 permit {AGGREGATE_RANGE} ge 16 le 16")
        add(f"ip prefix-list ANNOUNCED seq 20 permit {CUSTOMER_RANGE} ge 24 le 24")
    for peer in ebgp_peers:
        add(f"ip prefix-list FROM-{peer} seq 10 permit {AGGREGATE_RANGE} ge 16 le 16", "import-filter", peer)
        add(f"ip prefix-list FROM-{peer} seq 20 permit {CUSTOMER_RANGE} ge 24 le 24")
    add("!")
    for peer in ebgp_peers:
        add(f"route-map FROM-{peer} permit 10", "import-action", peer)
        add(f" match ip address prefix-list FROM-{peer}")
        add("!")
        add(f"route-map TO-{peer} permit 10")
        add(" match ip address prefix-list ANNOUNCED")
        add("!")
    return L


def _junos(net, r):
    L = []
    depth = [0]

    def add(text, *tag):
        L.append(Line("    " * depth[0] + text, tuple(tag)))

    def open_(text, *tag):
        add(text + " {", *tag)
        depth[0] += 1

    def close(*tag):
        depth[0] -= 1
        add("}", *tag)

    open_("system")
    add(f"host-name {r.name};")
    close()
    open_("interfaces")
    for p in r.ports:
        open_(p.name)
        add(f"description \"{'to ' + p.peer if p.peer else 'customers'}\";")
        open_("unit 0")
        open_("family inet")
        add(f"address {p.address}/{p.length};")
        close(), close(), close()
    open_("lo0")
    open_("unit 0")
    open_("family inet")
    add(f"address {r.loopback}/32;")
    close(), close(), close()
    close()
    open_("routing-options")
    add(f"router-id {r.loopback};")
    add(f"autonomous-system {r.asn};")
    if r.aggregate:
        open_("static")
        add(f"route {r.aggregate} discard;", "static", r.aggregate)
        close()
    close()
    open_("protocols")
    open_("ospf")
    open_("area 0.0.0.0")
    for p in r.ports:
        if not p.peer:
            continue
        open_(f"interface {p.name}.0")
        if p.cost is None:
            add("passive;")
        else:
            add(f"metric {p.cost};", "ospf-cost", p.peer)
        close()
    open_("interface lo0.0")
    add("passive;")
    close()
    close(), close()
    open_("bgp")
    sessions = _sessions(net, r)
    open_("group ibgp")
    add("type internal;")
    add(f"local-address {r.loopback};")
    add("export ORIGINATE;")
    for addr, peer, _, ebgp in sessions:
        if not ebgp:
            add(f"neighbor {addr};", "neighbor", addr)
    close()
    ebgp = [(addr, peer, asn) for addr, peer, asn, e in sessions if e]
    if ebgp:
        open_("group ebgp")
        add("type external;")
        for addr, peer, asn in ebgp:
            open_(f"neighbor {addr}", "neighbor", addr)
            add(f"peer-as {asn};", "neighbor", addr, "remote-as", peer)
            add(f"import FROM-{peer};", "neighbor", addr)
            add(f"export TO-{peer};", "neighbor", addr)
            close("neighbor", addr)
        close()
    close(), close()
    open_("policy-options")
    open_("prefix-list CUSTOMER")
    add(f"{r.customer};", "network", r.customer)
    close()
    if r.aggregate:
        open_("prefix-list AGGREGATE")
        add(f"{r.aggregate};")
        close()
    open_("policy-statement ORIGINATE")
    open_("term customer")
    open_("from")
    add("prefix-list CUSTOMER;")
    close()
    add("then accept;")
    close()
    if r.aggregate:
        open_("term aggregate")
        open_("from")
        add("protocol static;")
        add("prefix-list AGGREGATE;")
        close()
        add("then accept;")
        close()
    close()
    for addr, peer, _ in ebgp:
        for direction in ("FROM", "TO"):
            inbound = direction == "FROM"
            open_(f"policy-statement {direction}-{peer}")
            open_("term announced")
            open_("from")
            add(f"route-filter {AGGREGATE_RANGE} prefix-length-range /16-/16;",
                *(("import-filter", peer) if inbound else ()))
            add(f"route-filter {CUSTOMER_RANGE} prefix-length-range /24-/24;")
            close()
            add("then accept;", *(("import-action", peer) if inbound else ()))
            close()
            open_("term others")
            add("then reject;")
            close()
            close()
    close()
    return L


def render(net, r):
    return _junos(net, r) if r.vendor == "junos" else _ios_like(net, r)


def config_file(r):
    return f"configs/{r.name}.{'conf' if r.vendor != 'ios' else 'cfg'}"


def write_snapshot(net, out, configs=None):
    """Writes configs/, topology.json (Junos ends named by their physical port, as Batfish's
    layer-1 topology does) and intents.json. configs: {file: [Line]} to write instead of the
    rendered ones (an injected copy)."""
    configs = configs or {config_file(r): render(net, r) for r in net.routers.values()}
    os.makedirs(os.path.join(out, "configs"), exist_ok=True)
    for rel, lines in configs.items():
        with open(os.path.join(out, rel), "w") as f:
            f.write("\n".join(l.text for l in lines) + "\n")
    with open(os.path.join(out, "topology.json"), "w") as f:
        json.dump({"links": [{"a": a, "a_interface": pa, "b": b, "b_interface": pb}
                             for a, pa, b, pb in net.links]}, f, indent=1)
    with open(os.path.join(out, "intents.json"), "w") as f:
        json.dump({"intents": net.intents}, f, indent=1)
    return configs
