// frr_lab: the C++ half of the FRR differential lab (the shell half, frr_lab.sh, owns
// namespaces and daemons).
//   frr_lab plan SNAPSHOT              routers, links, stub interfaces (line format)
//   frr_lab poll STATE ROUTER...       "<fingerprint> <transient>" of the routers' routing
//                                      state, read from the vty sockets under STATE/<router>/
//   frr_lab dump STATE OUTDIR ROUTER...    route/route6/bgp/bgp6/ospf JSON per router into OUTDIR/<router>/,
//                                      each VRF's route/bgp JSON into OUTDIR/<router>/vrf-<VRF>/
//   frr_lab compare FRR_DUMP ROUTEFIX_JSON [--known FILE] [--json]
//                                      FRR's RIBs vs routefix's; exit 1 on an unexplained mismatch
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/lab/convergence_digest.h"
#include "tests/lab/lab_plan.h"
#include "tests/lab/rib_compare.h"
#include "tests/lab/vty_client.h"

namespace {

namespace fs = std::filesystem;
using namespace routefix::lab;

std::string readFile(const fs::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path.string() + ": cannot read");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int usage() {
  std::cerr << "usage: frr_lab plan SNAPSHOT\n"
               "       frr_lab poll STATE ROUTER...\n"
               "       frr_lab dump STATE OUTDIR ROUTER...\n"
               "       frr_lab compare FRR_DUMP ROUTEFIX_JSON [--known FILE] [--json]\n";
  return 2;
}

// A daemon that is not up yet answers nothing: that is a state like any other while polling.
std::string askOrEmpty(const fs::path& socket, const std::string& command) {
  try {
    return runVtyCommand(socket, command).output;
  } catch (const std::runtime_error&) {
    return "";
  }
}

// The VRFs the shell started for a router (STATE/<router>/vrfs, one name a line; none: no file).
std::vector<std::string> routerVrfs(const fs::path& state, const std::string& router) {
  std::vector<std::string> vrfs;
  std::ifstream in(state / router / "vrfs");
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) vrfs.push_back(line);
  return vrfs;
}

int runPoll(const fs::path& state, const std::vector<std::string>& routers) {
  nlohmann::json all = nlohmann::json::object();
  int transient = 0;
  for (const auto& r : routers) {
    std::string routes = askOrEmpty(state / r / "zebra.vty", "show ip route json") +
                         askOrEmpty(state / r / "zebra.vty", "show ipv6 route json");
    for (const auto& vrf : routerVrfs(state, r))
      routes += askOrEmpty(state / r / "zebra.vty", "show ip route vrf " + vrf + " json");
    std::string summary = askOrEmpty(state / r / "bgpd.vty", "show bgp summary json");
    std::string poll = routes + summary +
                       askOrEmpty(state / r / "ospfd.vty", "show ip ospf neighbor json") +
                       askOrEmpty(state / r / "ospf6d.vty", "show ipv6 ospf6 neighbor json");
    // A VRF's OSPF instance answers for itself only: its adjacencies and interfaces too.
    std::string vrfInterfaces;
    for (const auto& vrf : routerVrfs(state, r)) {
      poll += askOrEmpty(state / r / "ospfd.vty", "show ip ospf vrf " + vrf + " neighbor json");
      vrfInterfaces += askOrEmpty(state / r / "ospfd.vty", "show ip ospf vrf " + vrf + " interface json");
    }
    all[r] = stableRoutingState(poll);
    transient += transientCount(poll) + waitingInterfaceCount(vrfInterfaces) +
                 waitingInterfaceCount(askOrEmpty(state / r / "ospfd.vty", "show ip ospf interface json")) +
                 waitingInterfaceCount(askOrEmpty(state / r / "ospf6d.vty", "show ipv6 ospf6 interface json")) +
                 undecidedBgpPrefixCount(askOrEmpty(state / r / "bgpd.vty", "show ip bgp json")) +
                 undecidedBgpPrefixCount(askOrEmpty(state / r / "bgpd.vty", "show bgp ipv6 unicast json"));
    if (routes.empty()) ++transient;  // zebra not answering yet: nothing is known
  }
  // The fingerprint only needs to change when the state does; dump() is deterministic
  // (object keys are sorted).
  std::printf("%016zx %d\n", std::hash<std::string>{}(all.dump()), transient);
  return 0;
}

int runDump(const fs::path& state, const fs::path& outdir, const std::vector<std::string>& routers) {
  struct Query {
    const char* file;
    const char* daemon;
    const char* command;
  };
  static const Query queries[] = {
      {"route.json", "zebra", "show ip route json"},
      {"route6.json", "zebra", "show ipv6 route json"},
      {"bgp.json", "bgpd", "show ip bgp json"},
      {"bgp6.json", "bgpd", "show bgp ipv6 unicast json"},
      {"bgp-summary.json", "bgpd", "show bgp summary json"},
      {"ospf-route.json", "ospfd", "show ip ospf route json"},
      {"ospf-neighbor.json", "ospfd", "show ip ospf neighbor json"},
      {"ospf-external.json", "ospfd", "show ip ospf database external json"},
      {"ospf6-route.json", "ospf6d", "show ipv6 ospf6 route json"},
      {"ospf6-neighbor.json", "ospf6d", "show ipv6 ospf6 neighbor json"},
  };
  for (const auto& r : routers) {
    fs::create_directories(outdir / r);
    // Only the daemons the router runs (see LabRouter::daemons) have a socket.
    auto socket = [&](const std::string& daemon) { return state / r / (daemon + ".vty"); };
    for (const auto& q : queries)
      if (fs::exists(socket(q.daemon)))
        std::ofstream(outdir / r / q.file) << runVtyCommand(socket(q.daemon), q.command).output;
    // Each VRF's table and BGP instance (`show ip route vrf all json` merges the VRFs' prefixes
    // into one object, so a prefix two VRFs share would be lost).
    for (const auto& vrf : routerVrfs(state, r)) {
      fs::path dir = outdir / r / ("vrf-" + vrf);
      fs::create_directories(dir);
      std::ofstream(dir / "route.json") << runVtyCommand(socket("zebra"), "show ip route vrf " + vrf + " json").output;
      if (fs::exists(socket("bgpd")))
        std::ofstream(dir / "bgp.json") << runVtyCommand(socket("bgpd"), "show ip bgp vrf " + vrf + " json").output;
    }
    std::ofstream running(outdir / r / "running.conf");
    for (const char* d : {"zebra", "staticd", "ospfd", "ospf6d", "bgpd"})
      if (fs::exists(socket(d)))
        running << "! ---- " << d << '\n' << runVtyCommand(socket(d), "show running-config").output;
  }
  return 0;
}

int runCompare(const std::vector<std::string>& args) {
  if (args.size() < 2) return usage();
  std::string knownFile;
  bool asJson = false;
  for (size_t i = 2; i < args.size(); ++i) {
    if (args[i] == "--known" && i + 1 < args.size()) knownFile = args[++i];
    else if (args[i] == "--json") asJson = true;
    else return usage();
  }
  FrrRibs frr = loadFrrDump(args[0]);
  RoutefixRibs sim = parseRoutefixRoutes(nlohmann::json::parse(readFile(args[1])));
  std::vector<KnownMismatch> known;
  if (!knownFile.empty()) known = parseKnownMismatches(nlohmann::json::parse(readFile(knownFile)));
  ComparisonReport report = compareRibs(frr, sim, known);
  if (asJson) std::cout << reportToJson(report).dump(2) << '\n';
  else std::cout << formatReport(report);
  return report.unexplainedMismatches() == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage();
  std::string command = args.front();
  args.erase(args.begin());
  try {
    if (command == "plan" && args.size() == 1) {
      std::cout << formatLabPlan(loadLabPlan(args[0]));
      return 0;
    }
    if (command == "poll" && args.size() >= 2)
      return runPoll(args[0], {args.begin() + 1, args.end()});
    if (command == "dump" && args.size() >= 3)
      return runDump(args[0], args[1], {args.begin() + 2, args.end()});
    if (command == "compare") return runCompare(args);
  } catch (const std::exception& e) {
    std::cerr << "frr_lab " << command << ": " << e.what() << '\n';
    return 2;
  }
  return usage();
}
