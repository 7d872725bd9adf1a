// Cross-references inside one device, checked on the model so it works for every vendor:
// a name that points at no structure ("undefined route-map X") is reported at the line that
// uses it; a defined list or policy that nothing uses ("unused prefix-list X") at its
// definition. Access lists are never reported unused: they also serve lines the model does
// not keep (vty access-class, SNMP, NAT), so "unused" would mostly be wrong.
#pragma once

#include <string>
#include <vector>

#include "model/device.h"
#include "parser/source_text.h"

namespace routefix::parser {

enum class StructureKind { RoutePolicy, PrefixList, CommunityList, AsPathList, AccessList, Ipv6PrefixList };

// How the device's vendor calls the kind: "route-map" / "policy-statement", ...
std::string structureKindName(StructureKind kind, model::Vendor vendor);

struct StructureReference {
  StructureKind kind;
  std::string name;
  model::SourceSpan where;  // the statement that names it
};

// Every name the device's configuration uses, in config order.
std::vector<StructureReference> collectReferences(const model::Device& device);

std::vector<model::ParseWarning> checkReferences(const model::Device& device, const SourceText& text);

}  // namespace routefix::parser
