#include "verify/hygiene.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "verify/blame.h"

namespace routefix::verify {

namespace {

bool mentionsUndefined(const std::string& message) {
  std::string lower;
  for (char c : message) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("undefined") != std::string::npos;
}

void checkSessions(const model::Network& network, const sim::DataPlane& dp,
                   std::vector<HygieneFinding>& out) {
  for (const auto& s : dp.sessions) {
    if (s.established || s.peer_node.empty()) continue;  // peers outside the snapshot: unknowable
    const model::Device* peer = network.findDevice(s.peer_node);
    // An unnumbered session names its peer only once the peer's end of the link configures it.
    const model::BgpProcess* peerBgp = peer ? bgpInstance(*peer, s.peer_vrf) : nullptr;
    bool peerConfigures = peerBgp && (!s.interface.empty() || peerBgp->findNeighbor(s.local_ip));
    // Without a source address (no route to the peer in the session's VRF) the session is
    // down on this side whatever the peer configures.
    bool sourced = !s.interface.empty() || s.local_ip.value != 0;
    HygieneFinding f;
    f.node = s.node;
    f.location = s.span.known() ? s.span : deviceSpan(network, s.node);
    if (sourced && !peerConfigures) {
      f.rule = "bgp-session-one-sided";
      f.message = s.node + " configures a BGP session to " + s.peer_ip.str() + " (" + s.peer_node +
                  "), but " + s.peer_node + " has no neighbor " + s.local_ip.str();
    } else {
      f.rule = "bgp-session-down";
      f.message = "BGP session " + s.node + " -> " + s.peer_node + " (" +
                  (s.interface.empty() ? s.peer_ip.str() : "over " + s.interface) +
                  ") is not established" + (s.reason.empty() ? "" : ": " + s.reason);
    }
    out.push_back(std::move(f));
  }
}

void checkRouterIds(const model::Network& network, std::vector<HygieneFinding>& out) {
  // Configured router-ids per protocol; a duplicate breaks OSPF adjacencies / BGP sessions.
  for (const char* protocol : {"bgp", "ospf"}) {
    std::map<model::Ipv4, std::vector<const model::Device*>> byId;
    for (const auto& d : network.devices) {
      std::optional<model::Ipv4> id =
          std::string(protocol) == "bgp" ? (d.bgp ? d.bgp->router_id : std::nullopt)
                                         : (d.ospf ? d.ospf->router_id : std::nullopt);
      if (id) byId[*id].push_back(&d);
    }
    for (const auto& [id, devices] : byId) {
      if (devices.size() < 2) continue;
      std::string names;
      for (const auto* d : devices) names += (names.empty() ? "" : ", ") + d->name;
      for (const auto* d : devices) {
        HygieneFinding f;
        f.rule = "duplicate-router-id";
        f.node = d->name;
        f.message = std::string(protocol) + " router-id " + id.str() + " is used by " + names;
        const model::SourceSpan& span = std::string(protocol) == "bgp" ? d->bgp->span : d->ospf->span;
        f.location = span.known() ? span : deviceSpan(network, d->name);
        out.push_back(std::move(f));
      }
    }
  }
}

// A route distinguisher names one VRF's routes in VPNv4: two VRFs of different names that
// share one (on a device, which IOS refuses, or on two PEs) mix their routes wherever both
// meet. The same VRF on several PEs may share its RD (an RD per VRF is a common plan).
void checkRouteDistinguishers(const model::Network& network, std::vector<HygieneFinding>& out) {
  struct Use {
    const model::Device* device;
    const model::Vrf* vrf;
  };
  std::map<std::string, std::vector<Use>> byRd;
  for (const auto& d : network.devices)
    for (const auto& [name, vrf] : d.vrfs)
      if (!vrf.route_distinguisher.empty()) byRd[vrf.route_distinguisher].push_back({&d, &vrf});
  for (const auto& [rd, uses] : byRd) {
    for (const Use& u : uses) {
      std::string others;
      for (const Use& o : uses)
        if (o.vrf->name != u.vrf->name)
          others += (others.empty() ? "" : ", ") + o.device->name + " VRF " + o.vrf->name;
      if (others.empty()) continue;
      HygieneFinding f;
      f.rule = "duplicate-route-distinguisher";
      f.node = u.device->name;
      f.message = "VRF " + u.vrf->name + " has route distinguisher " + rd + ", as " + others + " has";
      const model::SourceSpan& span = u.vrf->route_distinguisher_span.known() ? u.vrf->route_distinguisher_span
                                                                               : u.vrf->span;
      f.location = span.known() ? span : deviceSpan(network, u.device->name);
      out.push_back(std::move(f));
    }
  }
}

void checkForwarding(const model::Network& network, const sim::DataPlane& dp,
                     std::vector<HygieneFinding>& out) {
  struct Probe {
    IntentType type;
    const char* rule;
  };
  for (Probe probe : {Probe{IntentType::LoopFree, "forwarding-loop"},
                      Probe{IntentType::BlackholeFree, "blackhole"}}) {
    Intent intent;
    intent.type = probe.type;
    intent.name = probe.rule;
    CheckResult r = checkIntent(network, dp, intent, {});
    if (r.holds) continue;
    HygieneFinding f;
    f.rule = probe.rule;
    f.node = r.counterexample->source;
    f.message = r.counterexample->reason;
    f.location = r.counterexample->location;
    f.counterexample = std::move(r.counterexample);
    out.push_back(std::move(f));
  }
}

}  // namespace

const std::vector<HygieneRule>& hygieneRules() {
  static const std::vector<HygieneRule> rules = {
      {"bgp-session-one-sided", "BGP neighbor configured on one side only"},
      {"bgp-session-down", "BGP session configured on both sides but not established"},
      {"undefined-reference", "a policy or interface refers to a structure that is not defined"},
      {"duplicate-router-id", "two devices use the same router-id"},
      {"duplicate-route-distinguisher", "two VRFs of different names use the same route distinguisher"},
      {"forwarding-loop", "traffic to some destination loops"},
      {"blackhole", "traffic to an announced prefix is forwarded and then dropped for lack of a route"},
  };
  return rules;
}

std::vector<HygieneFinding> checkHygiene(const model::Network& network, const sim::DataPlane& dp) {
  std::vector<HygieneFinding> out;
  checkSessions(network, dp, out);
  for (const auto& w : network.warnings) {
    if (!mentionsUndefined(w.message)) continue;
    HygieneFinding f;
    f.rule = "undefined-reference";
    f.message = w.message + (w.text.empty() ? "" : ": " + w.text);
    f.location = {w.file, w.line, w.line};
    for (const auto& d : network.devices)
      if (std::find(d.files.begin(), d.files.end(), w.file) != d.files.end()) f.node = d.name;
    out.push_back(std::move(f));
  }
  checkRouterIds(network, out);
  checkRouteDistinguishers(network, out);
  checkForwarding(network, dp, out);
  return out;
}

}  // namespace routefix::verify
