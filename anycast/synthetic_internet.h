// A seeded, Internet-like AS graph for tests and benchmarks, so neither needs CAIDA data:
// a clique of tier-1 ASes, transit tiers below them whose customers attach preferentially to
// already-large providers (heavy-tailed degrees, like the real customer cones), multihomed
// stubs, and peering between transit ASes that are close to each other. Every AS also gets
// a location on a unit square, which places PoPs and gives clients plausible latencies.
#pragma once

#include <cstdint>
#include <vector>

#include "anycast/as_graph.h"
#include "anycast/deployment.h"

namespace routefix::anycast {

struct SyntheticInternetOptions {
  size_t ases = 1000;
  uint64_t seed = 1;
  double peering_links_per_as = 1.5;
};

struct SyntheticInternet {
  std::vector<AsLink> links;
  std::vector<Asn> asns;        // per generated AS
  std::vector<int> tier;        // 1 = tier-1, 2, 3 = transit, 4 = stub
  std::vector<double> x, y;     // location
};

SyntheticInternet generateInternet(const SyntheticInternetOptions& options);

struct SyntheticAnycastOptions {
  size_t pops = 4;
  size_t sessions = 8;          // spread over the PoPs, each PoP at least one
  size_t clients = 100;
  uint64_t seed = 1;
  Asn origin = 4200000000u;     // not in the generated graph: every upstream sells it transit
  int max_prepend = 3;
};

struct SyntheticAnycast {
  Deployment deployment;
  std::vector<ClientGroup> clients;  // target = nearest PoP, latency ~ distance to each PoP
};

SyntheticAnycast generateAnycast(const SyntheticInternet& internet, const SyntheticAnycastOptions& options);

// The as-rel text of a graph (CAIDA format), and POPS / CLIENTS documents as JSON text.
std::string asRelText(const SyntheticInternet& internet);
std::string popsJson(const Deployment& deployment);
std::string clientsJson(const Deployment& deployment, const std::vector<ClientGroup>& clients);
// The same client groups as CSV (asn,weight,target,latency:<pop>...), faster to read.
std::string clientsCsv(const Deployment& deployment, const std::vector<ClientGroup>& clients);

}  // namespace routefix::anycast
