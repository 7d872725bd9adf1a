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
  model::BgpProcess& bgp(uint32_t asn, const model::SourceSpan& span);
  model::OspfProcess& ospf(uint32_t processId, const model::SourceSpan& span);

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
  // A tunnel whose `tunnel source` is shut, unaddressed or missing has its line protocol
  // down (IOS): it routes nothing.
  void markTunnelsWithSourceDown();

  model::Device device_;
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

}  // namespace routefix::parser::ios
