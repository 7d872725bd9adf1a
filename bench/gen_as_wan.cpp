// gen_as_wan OUTDIR [--routers N] [--errors E] [--intents-per-router K] [--seed S]
// A WAN in the style of the Topology Zoo evaluations (one AS per router, eBGP everywhere) as an
// FRR snapshot, with E injected errors, the same for the same seed:
//   - N routers on a sparse graph shaped like the zoo's (a preferential-attachment tree, so a
//     few hubs and many stubs, plus N/4 extra links), point-to-point /30s from 172.16.0.0/12;
//   - router i is AS 64512+i with one loopback 10.255.x.y/32, announced with `network`;
//   - every session configured per neighbor (no peer-groups): remote-as, a description, and
//     its own route-maps FROM-<peer> (permit, matching prefix-list ANY) and TO-<peer> (permit);
//   - intents.yaml: for every router K reachability intents to other routers' loopbacks,
//     and one per error that the error breaks;
//   - E errors, cycling through: a deleted `network` statement, a prefix-list deny entry for
//     another router's loopback, a deleted neighbor (on the hub side of a stub's only link),
//     a wrong remote-as and a route-map deny (on a stub's only session). Each on its own
//     routers. errors.json lists them: class, the router the fix belongs on, the knob kind
//     a minimal repair changes there (symsim::knobKindName), the file and the line.
// Routers: N; prefixes: N; intents: about K*N + E.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "seeded_pick.h"

namespace {

using routefix::bench::pick;

namespace fs = std::filesystem;

std::string ipv4(uint32_t a) {
  return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 255) + "." +
         std::to_string((a >> 8) & 255) + "." + std::to_string(a & 255);
}

struct Options {
  fs::path out;
  int routers = 150, errors = 5, intents_per_router = 8;
  uint32_t seed = 1;
};

struct Session {
  int peer;
  std::string interface, localIp, peerIp;
};

struct Router {
  std::string name;
  uint32_t asn, loopback;
  std::vector<Session> sessions;
};

bool parseOptions(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](int& field) {
      if (i + 1 >= argc) return false;
      field = std::atoi(argv[++i]);
      return true;
    };
    if (a == "--routers") { if (!value(o.routers)) return false; }
    else if (a == "--errors") { if (!value(o.errors)) return false; }
    else if (a == "--intents-per-router") { if (!value(o.intents_per_router)) return false; }
    else if (a == "--seed") { int s; if (!value(s)) return false; o.seed = static_cast<uint32_t>(s); }
    else if (!a.empty() && a[0] != '-' && o.out.empty()) o.out = a;
    else return false;
  }
  return !o.out.empty() && o.routers >= 8 && o.routers <= 1000 && o.errors >= 0 && o.errors <= o.routers / 8 &&
         o.intents_per_router >= 0 && o.intents_per_router < o.routers;
}

// The configuration as lines, so errors can edit it and name the line they touched.
std::vector<std::string> configLines(const Router& r, const std::vector<Router>& all) {
  std::vector<std::string> out{"frr version 8.4", "frr defaults traditional", "hostname " + r.name, "!",
                               "interface lo", " ip address " + ipv4(r.loopback) + "/32", "!"};
  for (const auto& s : r.sessions) {
    out.push_back("interface " + s.interface);
    out.push_back(" description to " + all[s.peer].name);
    out.push_back(" ip address " + s.localIp + "/30");
    out.push_back("!");
  }
  out.push_back("router bgp " + std::to_string(r.asn));
  out.push_back(" bgp router-id " + ipv4(r.loopback));
  for (const auto& s : r.sessions) {
    out.push_back(" neighbor " + s.peerIp + " remote-as " + std::to_string(all[s.peer].asn));
    out.push_back(" neighbor " + s.peerIp + " description " + all[s.peer].name);
  }
  out.push_back(" !");
  out.push_back(" address-family ipv4 unicast");
  out.push_back("  network " + ipv4(r.loopback) + "/32");
  for (const auto& s : r.sessions) {
    out.push_back("  neighbor " + s.peerIp + " route-map FROM-" + all[s.peer].name + " in");
    out.push_back("  neighbor " + s.peerIp + " route-map TO-" + all[s.peer].name + " out");
  }
  out.push_back(" exit-address-family");
  out.push_back("!");
  out.push_back("ip prefix-list ANY seq 5 permit 0.0.0.0/0 le 32");
  out.push_back("!");
  for (const auto& s : r.sessions) {
    out.push_back("route-map FROM-" + all[s.peer].name + " permit 10");
    out.push_back(" match ip address prefix-list ANY");
    out.push_back("!");
    out.push_back("route-map TO-" + all[s.peer].name + " permit 10");
    out.push_back("!");
  }
  out.push_back("line vty");
  out.push_back("!");
  return out;
}

size_t find(const std::vector<std::string>& lines, const std::string& line) {
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i] == line) return i;
  std::cerr << "gen_as_wan: no line '" << line << "'\n";
  std::exit(1);
}

// Removes every line that starts with `prefix`; returns the index of the first one.
size_t eraseStarting(std::vector<std::string>& lines, const std::string& prefix) {
  size_t first = lines.size();
  for (size_t i = lines.size(); i-- > 0;)
    if (lines[i].rfind(prefix, 0) == 0) {
      lines.erase(lines.begin() + static_cast<long>(i));
      first = i;
    }
  return first;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parseOptions(argc, argv, o)) {
    std::cerr << "usage: gen_as_wan OUTDIR [--routers N (8..1000)] [--errors E (0..N/8)]"
                 " [--intents-per-router K (< N)] [--seed S]\n";
    return 2;
  }
  std::mt19937 rng(o.seed);
  std::vector<Router> routers(o.routers);
  for (int i = 0; i < o.routers; ++i)
    routers[i] = {"r" + std::to_string(i), 64512u + static_cast<uint32_t>(i),
                  (10u << 24) | (255u << 16) | static_cast<uint32_t>(i + 1), {}};
  nlohmann::json links = nlohmann::json::array();
  std::set<std::pair<int, int>> joined;
  uint32_t net = (172u << 24) | (16u << 16);
  auto join = [&](int a, int b) {
    if (a == b || !joined.insert({std::min(a, b), std::max(a, b)}).second) return;
    std::string ifA = "eth" + std::to_string(routers[a].sessions.size());
    std::string ifB = "eth" + std::to_string(routers[b].sessions.size());
    routers[a].sessions.push_back({b, ifA, ipv4(net + 1), ipv4(net + 2)});
    routers[b].sessions.push_back({a, ifB, ipv4(net + 2), ipv4(net + 1)});
    net += 4;
    links.push_back({{"a", routers[a].name}, {"a_interface", ifA}, {"b", routers[b].name}, {"b_interface", ifB}});
  };
  // Preferential attachment: a new router joins one already there with odds its degree + 1.
  std::vector<int> ends{0};
  for (int i = 1; i < o.routers; ++i) {
    int to = ends[pick(rng, static_cast<int>(ends.size()))];
    join(i, to);
    ends.insert(ends.end(), {i, i, to});
  }
  for (int extra = 0; extra < o.routers / 4; ++extra) join(pick(rng, o.routers), pick(rng, o.routers));

  std::vector<std::vector<std::string>> configs;
  for (const auto& r : routers) configs.push_back(configLines(r, routers));

  // Errors, each on routers no other error touches.
  std::set<int> used;
  auto fresh = [&](bool stub) {
    for (int tries = 0; tries < 100000; ++tries) {
      int r = pick(rng, o.routers);
      if (used.count(r) || (stub && (routers[r].sessions.size() != 1 || used.count(routers[r].sessions[0].peer))))
        continue;
      used.insert(r);
      if (stub) used.insert(routers[r].sessions[0].peer);
      return r;
    }
    std::cerr << "gen_as_wan: no router left for another error\n";
    std::exit(1);
  };
  const char* classes[] = {"missing-network", "prefix-list-deny", "missing-neighbor", "wrong-remote-as",
                           "route-map-deny"};
  nlohmann::json errors = nlohmann::json::array();
  std::vector<std::pair<int, int>> broken;  // (source, destination router) an error breaks
  for (int e = 0; e < o.errors; ++e) {
    std::string cls = classes[e % 5];
    int r = fresh(cls != "missing-network" && cls != "prefix-list-deny");
    auto& lines = configs[r];
    nlohmann::json err{{"class", cls}, {"file", "configs/" + routers[r].name + ".conf"}};
    std::string loop = ipv4(routers[r].loopback);
    if (cls == "missing-network") {
      size_t at = find(lines, "  network " + loop + "/32");
      lines.erase(lines.begin() + static_cast<long>(at));
      err.update({{"node", routers[r].name}, {"kind", "network-statement"}, {"line", at + 1}});
      broken.emplace_back(routers[r].sessions[0].peer, r);  // a neighbour no longer reaches it
    } else if (cls == "prefix-list-deny") {
      int victim = fresh(false);
      size_t at = find(lines, "ip prefix-list ANY seq 5 permit 0.0.0.0/0 le 32");
      lines.insert(lines.begin() + static_cast<long>(at),
                   "ip prefix-list ANY seq 1 deny " + ipv4(routers[victim].loopback) + "/32");
      err.update({{"node", routers[r].name}, {"kind", "prefix-list-action"}, {"line", at + 1}});
      broken.emplace_back(r, victim);
    } else {
      const Session& only = routers[r].sessions[0];
      const Router& hub = routers[only.peer];
      if (cls == "missing-neighbor") {
        auto& hubLines = configs[only.peer];
        size_t at = eraseStarting(hubLines, " neighbor " + only.localIp + " ");
        eraseStarting(hubLines, "  neighbor " + only.localIp + " ");
        err.update({{"node", hub.name}, {"kind", "bgp-session"}, {"file", "configs/" + hub.name + ".conf"},
                    {"line", at + 1}});
      } else if (cls == "wrong-remote-as") {
        size_t at = find(lines, " neighbor " + only.peerIp + " remote-as " + std::to_string(hub.asn));
        lines[at] = " neighbor " + only.peerIp + " remote-as " + std::to_string(hub.asn + 1000);
        err.update({{"node", routers[r].name}, {"kind", "bgp-session"}, {"line", at + 1}});
      } else {
        size_t at = find(lines, "route-map FROM-" + hub.name + " permit 10");
        lines[at] = "route-map FROM-" + hub.name + " deny 10";
        err.update({{"node", routers[r].name}, {"kind", "route-map-action"}, {"line", at + 1}});
      }
      broken.emplace_back(r, only.peer);  // the stub reaches nothing
    }
    errors.push_back(err);
  }

  fs::create_directories(o.out / "configs");
  for (size_t i = 0; i < routers.size(); ++i) {
    std::ofstream out(o.out / "configs" / (routers[i].name + ".conf"));
    for (const auto& l : configs[i]) out << l << '\n';
  }
  std::set<std::pair<int, int>> intents(broken.begin(), broken.end());
  for (int s = 0; s < o.routers; ++s) {
    std::set<int> targets;
    while (static_cast<int>(targets.size()) < o.intents_per_router) {
      int t = pick(rng, o.routers);
      if (t != s) targets.insert(t);
    }
    for (int t : targets) intents.emplace(s, t);
  }
  std::ofstream yaml(o.out / "intents.yaml");
  yaml << "intents:\n";
  for (const auto& [s, t] : intents)
    yaml << "  - name: \"" << routers[s].name << "-reaches-" << routers[t].name << "\"\n    type: reachability\n"
         << "    from: [\"" << routers[s].name << "\"]\n    to: \"" << ipv4(routers[t].loopback) << "/32\"\n";
  std::ofstream(o.out / "topology.json") << nlohmann::json{{"links", links}}.dump(1) << '\n';
  std::ofstream(o.out / "errors.json") << errors.dump(1) << '\n';
  std::cerr << "gen_as_wan: " << o.routers << " routers, " << links.size() << " links, " << intents.size()
            << " intents, " << o.errors << " errors, seed " << o.seed << " -> " << o.out.string() << '\n';
  return 0;
}
