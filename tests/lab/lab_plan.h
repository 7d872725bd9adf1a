// What the FRR lab must build for one snapshot: routers (by hostname), their config files,
// the veth links between them and the stub interfaces (configured but not linked) that become
// dummy interfaces. Deliberately independent of routefix's parser: it is the oracle's side.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace routefix::lab {

struct LabRouter {
  std::string name;                     // hostname from the config (file stem if none)
  std::filesystem::path config;         // absolute path of the FRR integrated config
  std::vector<std::string> interfaces;  // every `interface X` in the config, in order
  // FRR daemons the config needs: zebra always; bgpd, ospfd, staticd when it has their lines.
  // Starting only these halves the start-up time of a BGP-only lab.
  std::vector<std::string> daemons;
  // VRFs (`vrf V` blocks and `interface X vrf V`): each becomes a network namespace of its own
  // (the kernel may lack VRF devices; zebra -n runs them as FRR's netns VRF backend), holding
  // the interfaces that name it.
  std::vector<std::string> vrfs;
  std::map<std::string, std::string> interface_vrf;  // interface -> VRF, VRF interfaces only
};

struct LabLink {
  std::string a, a_interface, b, b_interface;
};

struct LabStub {
  std::string router, interface;
};

struct LabPlan {
  std::vector<LabRouter> routers;
  std::vector<LabLink> links;
  std::vector<LabStub> stubs;  // interfaces other than lo that no link uses
};

// Reads SNAPSHOT/configs/* and SNAPSHOT/topology.json. Throws std::runtime_error naming the
// file when something the lab cannot build is found (unknown router in a link, an interface
// name longer than Linux's 15 characters, an interface used by two links).
LabPlan loadLabPlan(const std::filesystem::path& snapshot);

// One line per element, for the shell harness: `router NAME CONFIG DAEMON,...`, `link A AIF B BIF`,
// `stub ROUTER IF`, and where VRFs are configured `vrf ROUTER VRF` and `ifvrf ROUTER IF VRF`.
std::string formatLabPlan(const LabPlan& plan);

}  // namespace routefix::lab
