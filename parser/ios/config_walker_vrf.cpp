// VRFs in the IOS family: definition blocks (IOS `vrf definition X` / `ip vrf X`, NX-OS `vrf
// context X`, EOS `vrf instance X`, FRR `vrf X`), interface membership, and the VRF blocks of
// router bgp (IOS `address-family ipv4 vrf X`, EOS / NX-OS `vrf X`; FRR's `router bgp N vrf
// X` is in visitRouterBgp). Route distinguishers and route targets are kept as written.

#include "parser/ios/config_values.h"
#include "parser/ios/config_walker.h"

namespace routefix::parser::ios {

namespace {
bool isFamily(const std::string& word) {
  return word == "vpn-ipv4" || word == "vpn-ipv6" || word == "evpn" || word == "ipv4" || word == "ipv6" ||
         word == "mvpn";
}
}  // namespace

void ConfigWalker::putInVrf(model::Interface& i, const std::string& vrf) {
  // IOS rejects `vrf forwarding X` until `vrf definition X` exists ("% VRF X not configured"),
  // and the interface stays in the default VRF; FRR creates a VRF an interface names.
  if (out_.dialect() == model::Vendor::Ios && !out_.device().vrfs.count(vrf)) {
    warn("VRF " + vrf + " is not defined: IOS rejects the line, the interface stays in the default VRF");
    return;
  }
  i.vrf = vrf;
  out_.vrf(vrf, here());
}

bool ConfigWalker::openVrfDefinition(const std::vector<std::string>& words) {
  std::string name;
  auto written = splitWordsAsWritten(currentLine());
  if (words.size() == 3 && words[0] == "vrf" &&
      (words[1] == "definition" || words[1] == "context" || words[1] == "instance"))
    name = written[2];
  else if (words.size() == 3 && words[0] == "ip" && words[1] == "vrf")
    name = written[2];
  else if (words.size() == 2 && words[0] == "vrf" && out_.dialect() == model::Vendor::Frr)
    name = written[1];
  if (name.empty()) return false;
  vrf_ = name;
  vrf_af_ipv4_ = true;
  extendSpan(out_.vrf(name, here()).span, file_, line_);
  mode_ = Mode::VrfDefinition;
  return true;
}

void ConfigWalker::handleVrfDefinitionLine(IosParser::LineContext* ctx, const std::vector<std::string>& words) {
  model::Vrf& v = out_.vrf(vrf_, here());
  if (words[0] == "exit-vrf" || words[0] == "exit") {
    mode_ = Mode::Global;
    return;
  }
  extendSpan(v.span, file_, line_);
  if (words[0] == "address-family") {
    // IOS-XE keeps the IPv4 route targets under `address-family ipv4`.
    vrf_af_ipv4_ = words.size() > 1 && words[1] == "ipv4" && (words.size() == 2 || words[2] == "unicast");
    return;
  }
  if (words[0] == "exit-address-family") {
    vrf_af_ipv4_ = true;
    return;
  }
  // NX-OS and FRR write the VRF's static routes (both families) inside its block.
  auto* global = ctx->statement() ? ctx->statement()->global_stmt() : nullptr;
  if (dynamic_cast<IosParser::IpRouteContext*>(global) || dynamic_cast<IosParser::Ipv6RouteContext*>(global)) {
    visit(ctx->statement());
    return;
  }
  if (words[0] == "description" || (vrf_af_ipv4_ && recordVrfAttribute(words, v))) return;
  if (!vrf_af_ipv4_ && words[0] == "route-target") return;  // IPv6 / EVPN route targets
  warn("not modelled in VRF " + vrf_);
}

bool ConfigWalker::recordVrfAttribute(const std::vector<std::string>& words, model::Vrf& v) {
  auto written = splitWordsAsWritten(currentLine());
  if (words.size() == 2 && words[0] == "rd") {
    v.route_distinguisher = written[1];
    v.route_distinguisher_span = here();
    return true;
  }
  if (words.size() == 3 && (words[0] == "import" || words[0] == "export") && words[1] == "map") {
    (words[0] == "import" ? v.import_map : v.export_map) = model::NameReference{written[2], here()};
    return true;
  }
  if (words[0] != "route-target" || words.size() < 3) return false;
  // `route-target import|export|both [family] VALUE [family]` (EOS names the family first,
  // NX-OS after the value; `evpn` targets are not for IPv4 VPN routes).
  const std::string& direction = words[1];
  if (direction != "import" && direction != "export" && direction != "both") return false;
  std::string value;
  for (size_t w = 2; w < words.size(); ++w) {
    if (words[w] == "evpn" || words[w] == "vpn-ipv6" || words[w] == "ipv6" || words[w] == "mvpn") return true;
    if (!isFamily(words[w]) && value.empty()) value = written[w];
  }
  if (value.empty()) return false;
  if (direction != "export") v.import_targets.push_back({value, here()});
  if (direction != "import") v.export_targets.push_back({value, here()});
  return true;
}

// FRR `import vrf NAME` / `import vrf route-map RM` in a BGP instance's IPv4 unicast family.
bool ConfigWalker::recordVrfImport(const std::vector<std::string>& words) {
  if (words.size() < 3 || words[0] != "import" || words[1] != "vrf") return false;
  auto written = splitWordsAsWritten(currentLine());
  model::BgpProcess& bgp = currentBgp();
  if (words.size() == 4 && words[2] == "route-map") {
    bgp.vrf_import_map = model::NameReference{written[3], here()};
  } else if (words.size() == 3) {
    bgp.vrf_imports.push_back({written[2], here()});
  } else {
    return false;
  }
  return true;
}

// FRR's VPN switches of a VRF instance (`router bgp N vrf X` -> `address-family ipv4 unicast`):
// the route distinguisher and targets its routes carry to and from the VPN table, and whether
// they go there at all (`export vpn`) and come back (`import vpn`). Labels are not modelled
// (control plane only), so `label vpn export` is recognised and dropped.
bool ConfigWalker::recordVpnPolicy(const std::vector<std::string>& words) {
  if (frr_bgp_vrf_.empty() || words.size() < 2) return false;
  auto written = splitWordsAsWritten(currentLine());
  bool vpnPair = words[1] == "vpn";
  if (words.size() == 4 && words[0] == "rd" && vpnPair && words[2] == "export") {
    model::Vrf& v = out_.vrf(frr_bgp_vrf_, here());
    v.route_distinguisher = written[3];
    v.route_distinguisher_span = here();
    return true;
  }
  if (words.size() >= 4 && words[0] == "rt" && vpnPair &&
      (words[2] == "import" || words[2] == "export" || words[2] == "both")) {
    model::Vrf& v = out_.vrf(frr_bgp_vrf_, here());
    for (size_t w = 3; w < written.size(); ++w) {
      if (words[2] != "export") v.import_targets.push_back({written[w], here()});
      if (words[2] != "import") v.export_targets.push_back({written[w], here()});
    }
    return true;
  }
  if (words.size() == 2 && (words[0] == "export" || words[0] == "import") && vpnPair) {
    model::Vrf& v = out_.vrf(frr_bgp_vrf_, here());
    (words[0] == "export" ? v.export_vpn : v.import_vpn) = here();
    return true;
  }
  return words[0] == "label" && vpnPair;
}

bool ConfigWalker::recordVpnActivation(IosParser::Bgp_stmtContext* bgp) {
  auto* statement = dynamic_cast<IosParser::BgpNeighborContext*>(bgp);
  if (!statement || !dynamic_cast<IosParser::NbrActivateContext*>(statement->neighbor_setting())) return false;
  std::string id = statement->name()->getText();
  neighbor_ = out_.findPeerGroup(id);
  if (!neighbor_) neighbor_ = out_.findNeighbor(id);
  if (!neighbor_) throw ValueError("neighbor " + id + " activated for VPNv4 before it is defined");
  neighbor_->vpnv4 = statement->NO() == nullptr;
  noteNeighborStatement("vpnv4 activate");
  return true;
}

void ConfigWalker::enterBgpVrf(const std::string& vrf, bool byAddressFamily) {
  out_.vrfBgp(vrf, router_bgp_->asn, here());
  bgp_vrf_ = vrf;
  bgp_vrf_by_af_ = byAddressFamily;
  bgp_vrf_column_ = column_;
}

void ConfigWalker::leaveBgpVrf() {
  if (bgp_vrf_.empty()) return;
  bgp_vrf_.clear();
  bgp_vrf_by_af_ = false;
  if (router_bgp_) out_.selectBgp(*router_bgp_);
}

antlrcpp::Any ConfigWalker::visitVrf_stmt(IosParser::Vrf_stmtContext* ctx) {
  std::string vrf = ctx->name()->getText();
  if (mode_ == Mode::Interface) {
    putInVrf(currentInterface(), vrf);
    return {};
  }
  // router bgp (EOS, NX-OS): the VRF's neighbors, networks and redistributions follow,
  // indented below this line.
  leaveBgpVrf();
  enterBgpVrf(vrf, false);
  return {};
}

}  // namespace routefix::parser::ios
