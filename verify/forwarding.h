// Questions about the simulated forwarding that every check asks: which addresses of a
// destination behave alike, which layer-1 link an egress interface is on.
#pragma once

#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/network.h"
#include "sim/dataplane.h"

namespace routefix::verify {

// Addresses of `destination` such that every address of it is forwarded, at every node, like
// one of them. Why this is sound: forwarding of an address depends on the set of RIB prefixes
// (longest match) and ACL destination ranges that contain it. Every such prefix or range is
// an interval of addresses, so cutting the destination at the first address and one past the
// last address of every prefix/range strictly inside it yields intervals whose addresses are
// all contained in exactly the same prefixes and ranges; one address per interval suffices.
// Non-contiguous ACL wildcards cannot be cut this way: for those every /32 would differ in
// principle, so they are cut at the wildcard's contiguous high-order part (documented gap).
std::vector<model::Ipv4> representativeAddresses(const model::Network& network,
                                                 const sim::DataPlane& dataPlane,
                                                 const model::Prefix& destination);
// Of either family. IPv6: cut at the IPv6 routes only, as no ACL filters IPv6 packets (IPv6
// ACLs are not modelled).
std::vector<model::IpAddress> representativeAddresses(const model::Network& network,
                                                      const sim::DataPlane& dataPlane,
                                                      const model::IpPrefix& destination);

// The destinations traffic is judged for (diff, intent mining): every prefix some node learns
// by BGP or OSPF, and every connected subnet of /29 or larger (LANs; point-to-point link
// subnets would only add noise).
std::set<model::Prefix> trafficDestinations(const sim::DataPlane& dataPlane);
// The same of the IPv6 tables: every prefix learned by BGP (or OSPF), every connected subnet
// of /125 or larger.
std::set<model::IpPrefix> ipv6TrafficDestinations(const sim::DataPlane& dataPlane);

// The link (as in Network::links) that an interface of a node sits on. Names match
// case-insensitively, as everywhere in snapshots.
class LinkIndex {
 public:
  explicit LinkIndex(const model::Network& network);
  const model::Link* at(const std::string& node, const std::string& interface) const;

 private:
  std::unordered_map<std::string, const model::Link*> byEnd_;  // "node\0interface", lowercase
};
// Every link between the two nodes (parallel links included).
std::vector<model::Link> linksBetween(const model::Network& network, const std::string& a,
                                      const std::string& b);

// "bgp" for bgp/ibgp/aggregate, "ospf" for all OSPF kinds, else the protocol's own name.
std::string protocolFamily(sim::Protocol p);

// The nodes a trace path visits, in order.
std::vector<std::string> nodesOf(const sim::TracePath& path);

bool reachesDestination(const sim::TracePath& path);  // delivered or exited

std::string linkName(const model::Link& link);  // "r1[eth0]--r2[eth1]"

}  // namespace routefix::verify
