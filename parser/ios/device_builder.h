// Accumulates one device's model across the files of its config (FRR may split it into
// zebra.conf / bgpd.conf / ospfd.conf) and applies what only makes sense once everything is
// read: peer-group inheritance and the IPv4-unicast activation of neighbors.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/device.h"
#include "parser/parser.h"

namespace routefix::parser::ios {

// Lists and route-maps of one file. FRR daemons each carry a copy of the policies they use,
// so the same route-map may appear in bgpd.conf and ospfd.conf: the device keeps the first
// file's definition, and a later copy that differs is reported.
struct FileStructures {
  std::map<std::string, model::PrefixList> prefix_lists;
  std::map<std::string, model::IpPrefixList> ipv6_prefix_lists;
  std::map<std::string, model::CommunityList> community_lists;
  std::map<std::string, model::CommunityList> ext_community_lists;
  std::map<std::string, model::CommunityList> large_community_lists;
  std::map<std::string, model::AsPathList> as_path_lists;
  std::map<std::string, model::AccessList> access_lists;
  std::map<std::string, model::RoutePolicy> route_policies;
  // Per structure ("route-map X"): its statements, whitespace-normalised, to compare copies,
  // and the line of the first one.
  std::map<std::string, std::vector<std::string>> statements;
  std::map<std::string, int> first_line;
};

class DeviceBuilder {
 public:
  explicit DeviceBuilder(model::Vendor dialect);

  model::Device& device() { return device_; }
  model::Vendor dialect() const { return device_.vendor; }

  void warn(const std::string& file, int line, const std::string& text, const std::string& message);

  // Finds the interface by exact name or creates it (spanning `span`).
  model::Interface& interface(const std::string& name, const model::SourceSpan& span);
  // The device's (default VRF's) processes; each call also makes the process the target of
  // the BGP / OSPF statements that follow.
  model::BgpProcess& bgp(uint32_t asn, const model::SourceSpan& span);
  model::OspfProcess& ospf(uint32_t processId, const model::SourceSpan& span);
  model::OspfProcess& ospf6(uint32_t processId, const model::SourceSpan& span);  // OSPFv3
  // A named VRF, created at `span` when new.
  model::Vrf& vrf(const std::string& name, const model::SourceSpan& span);
  // A VRF's processes, likewise made the target of the statements that follow.
  model::BgpProcess& vrfBgp(const std::string& vrf, uint32_t asn, const model::SourceSpan& span);
  model::OspfProcess& vrfOspf(const std::string& vrf, uint32_t processId, const model::SourceSpan& span);
  // The BGP / OSPF process the statements being read configure (a VRF's or the device's).
  model::BgpProcess& currentBgp() { return *bgp_target_; }
  model::OspfProcess& currentOspf() { return *ospf_target_; }
  void selectBgp(model::BgpProcess& p) { bgp_target_ = &p; }

  // `frr defaults datacenter` switches FRR's profile defaults (bgpd's FRR_CFG_DEFAULT_*).
  void useFrrDatacenterDefaults();

  // Neighbors and peer groups, by the name written after `neighbor`.
  model::BgpNeighbor* findNeighbor(const std::string& id);
  model::BgpNeighbor& addNeighbor(const std::string& id);
  model::BgpNeighbor* findPeerGroup(const std::string& name);
  model::BgpNeighbor& addPeerGroup(const std::string& name);

  // Adds a file's lists and route-maps to the device (see FileStructures).
  void addStructures(const std::string& file, FileStructures&& structures);

  // Peer-group settings into members, activation, tunnels' state, and the warnings.
  DeviceParse finish();

 private:
  // Creates the OSPF process in `slot` (the device's or a VRF's) on first use, with the vendor
  // defaults, and makes it the target of later OSPF statements.
  model::OspfProcess& openOspf(std::optional<model::OspfProcess>& slot, uint32_t processId,
                               const model::SourceSpan& span);
  // A tunnel whose `tunnel source` is shut, unaddressed or missing has its line protocol
  // down (IOS): it routes nothing.
  void markTunnelsWithSourceDown();
  // Peer-group settings into the members of one BGP instance, and their activation.
  void finishNeighbors(model::BgpProcess& bgp);

  model::Device device_;
  model::BgpProcess* bgp_target_ = nullptr;  // points into device_ (its maps keep nodes in place)
  model::OspfProcess* ospf_target_ = nullptr;
  // Position in device_.interfaces by name: every line of an interface block looks its
  // interface up (a scan made 270k interfaces take over 300 s).
  std::unordered_map<std::string, size_t> interface_index_;
  std::vector<model::ParseWarning> warnings_;
  std::map<std::string, model::BgpNeighbor> peer_groups_;
  bool frr_datacenter_ = false;
  struct Definition {
    std::string file;
    int line = 0;
    std::vector<std::string> statements;
  };
  std::map<std::string, Definition> definitions_;  // by structure key, e.g. "route-map X"
};

// Every neighbor statement records its line under a keyword ("remote-as", "route-map in",
// ...). Copies the setting a keyword names from a peer group to a member neighbor.
void inheritSetting(const std::string& keyword, const model::BgpNeighbor& group,
                    model::BgpNeighbor& member);
// The same for the settings of the IPv6 unicast address family: each one the group writes
// and the member does not.
void inheritIpv6Settings(const model::BgpNeighborIpv6& group, model::BgpNeighborIpv6& member);

}  // namespace routefix::parser::ios
