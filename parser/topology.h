// Layer-1 links of a snapshot: from topology.json (spec.md), from Batfish's
// batfish/layer1_topology.json, or inferred from interfaces that share an IPv4 or IPv6 subnet.
#pragma once

#include <string>
#include <vector>

#include "model/network.h"
#include "parser/source_text.h"

namespace routefix::parser {

// `{"links": [{"a", "a_interface", "b", "b_interface"}]}`. Node and interface names are
// resolved against the devices (case-insensitive; "Gi0/1" finds "GigabitEthernet0/1");
// an entry naming an unknown node or interface is dropped with a warning at its line.
std::vector<model::Link> readTopologyJson(const std::string& path, const SourceText& text,
                                          const std::vector<model::Device>& devices,
                                          std::vector<model::ParseWarning>& warnings);

// Batfish: `{"edges": [{"node1": {"hostname", "interfaceName"}, "node2": {...}}]}`; edges
// listed in both directions become one link.
std::vector<model::Link> readBatfishLayer1(const std::string& path, const SourceText& text,
                                           const std::vector<model::Device>& devices,
                                           std::vector<model::ParseWarning>& warnings);

// Interfaces that are up, not loopbacks, and whose primary or secondary IPv4 subnets or global
// IPv6 subnets are equal are connected. Two interfaces: a point-to-point link. Three or more (a LAN behind a switch):
// every pair is linked, since each router reaches each other one directly, and a warning at
// the first address line says the LAN is ambiguous (topology.json settles it).
std::vector<model::Link> inferLinks(const std::vector<model::Device>& devices,
                                    const SourceText& text,
                                    std::vector<model::ParseWarning>& warnings);

// Devices a layer-1 file does not name at all (a lab's file covers the fabric, not the servers
// or the ISP router) are linked by shared subnets, as inferLinks does, to any device; links
// between two devices the file names stay the file's. Batfish does the same
// (HybridL3Adjacencies). A warning at the file's first line names the devices so linked.
void addLinksOutsideLayer1(const std::string& layer1Path, const SourceText& text,
                           const std::vector<model::Device>& devices, std::vector<model::Link>& links,
                           std::vector<model::ParseWarning>& warnings);

// Orients every link (a side sorts first), sorts, and removes duplicates.
void normalizeLinks(std::vector<model::Link>& links);

}  // namespace routefix::parser
