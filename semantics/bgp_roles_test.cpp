#include <doctest/doctest.h>

#include "semantics/bgp_roles.h"
#include "semantics/config_rules.h"

using namespace routefix;
using namespace routefix::semantics;
using model::BgpRole;

namespace {
model::BgpNeighbor withRole(BgpRole role, bool strict = false) {
  model::BgpNeighbor n;
  n.local_role = role;
  n.role_strict = strict;
  return n;
}
}  // namespace

// The pairs of FRR's topotest bgp_roles_capability, whose sessions real FRR 8.4 brought up
// (provider-customer, provider-none, a peer-group's provider-customer) or refused
// (provider-peer, strict provider-none).
TEST_CASE("BGP roles: which pairs peer (RFC 9234, FRR bgp_role_violation)") {
  auto provider = withRole(BgpRole::Provider), customer = withRole(BgpRole::Customer);
  auto peer = withRole(BgpRole::Peer), none = withRole(BgpRole::None);
  CHECK(sessionRefusal(provider, customer, true).empty());
  CHECK(sessionRefusal(customer, provider, true).empty());
  CHECK(sessionRefusal(peer, peer, true).empty());
  CHECK(sessionRefusal(withRole(BgpRole::RsServer), withRole(BgpRole::RsClient), true).empty());
  CHECK(sessionRefusal(provider, none, true).empty());
  CHECK_FALSE(sessionRefusal(provider, peer, true).empty());
  CHECK_FALSE(sessionRefusal(customer, customer, true).empty());
  CHECK_FALSE(sessionRefusal(withRole(BgpRole::RsServer), provider, true).empty());
  auto strict = withRole(BgpRole::Provider, true);
  CHECK_FALSE(sessionRefusal(strict, none, true).empty());
  CHECK_FALSE(sessionRefusal(none, strict, true).empty());
  CHECK(sessionRefusal(strict, customer, true).empty());
  // iBGP: FRR refuses the local-role line, so no role is announced and nothing is refused.
  CHECK(sessionRefusal(provider, peer, false).empty());
  CHECK(sessionRefusal(strict, none, false).empty());
}

TEST_CASE("passive on both ends: no session") {
  model::BgpNeighbor a, b;
  a.passive = true;
  CHECK(sessionRefusal(a, b, true).empty());
  CHECK(sessionRefusal(b, a, false).empty());
  b.passive = true;
  CHECK(sessionRefusal(a, b, true) == "both ends are passive");
}

TEST_CASE("OTC on receipt (FRR bgp_otc_filter)") {
  uint32_t otc = 0;
  CHECK(otcAccepts(BgpRole::Customer, 65001, otc));  // from a provider: marked
  CHECK(otc == 65001);
  otc = 0;
  CHECK(otcAccepts(BgpRole::Provider, 65002, otc));  // from a customer, unmarked: fine
  CHECK(otc == 0);
  otc = 0;
  CHECK(otcAccepts(BgpRole::None, 65002, otc));
  CHECK(otc == 0);
  otc = 65009;
  CHECK_FALSE(otcAccepts(BgpRole::Provider, 65002, otc));  // a customer leaks it
  CHECK_FALSE(otcAccepts(BgpRole::RsServer, 65002, otc));
  CHECK_FALSE(otcAccepts(BgpRole::Peer, 65002, otc));  // a peer's OTC must be its own AS
  otc = 65002;
  CHECK(otcAccepts(BgpRole::Peer, 65002, otc));
  CHECK(otcAccepts(BgpRole::Customer, 65002, otc));
  CHECK(otcAccepts(BgpRole::None, 65002, otc));
}

TEST_CASE("OTC on sending (FRR bgp_otc_egress)") {
  uint32_t otc = 0;
  CHECK(otcSends(BgpRole::Provider, 65001, otc));  // to a customer: marked with our AS
  CHECK(otc == 65001);
  CHECK_FALSE(otcSends(BgpRole::Customer, 65001, otc));  // marked: not up to a provider
  CHECK_FALSE(otcSends(BgpRole::Peer, 65001, otc));
  CHECK_FALSE(otcSends(BgpRole::RsClient, 65001, otc));
  CHECK(otcSends(BgpRole::Provider, 65001, otc));
  CHECK(otcSends(BgpRole::None, 65001, otc));
  otc = 0;
  CHECK(otcSends(BgpRole::Customer, 65001, otc));  // unmarked routes go up unmarked
  CHECK(otc == 0);
  CHECK(otcSends(BgpRole::Peer, 65001, otc));
  CHECK(otc == 65001);
}

TEST_CASE("match peer (FRR 8.4 route_match_peer)") {
  model::PolicyMatch byAddress;
  byAddress.kind = model::PolicyMatch::Kind::Neighbor;
  byAddress.address = *model::Ipv4::parse("192.168.1.2");
  model::PolicyMatch local;
  local.kind = model::PolicyMatch::Kind::LocalOrigin;
  model::PolicyMatch byName;
  byName.kind = model::PolicyMatch::Kind::PeerName;
  byName.names = {"r3"};
  PolicyPeer origination = PolicyPeer::self();
  PolicyPeer session;
  session.address = *model::Ipv4::parse("192.168.1.2");
  CHECK(peerMatches(byAddress, session));
  CHECK_FALSE(peerMatches(byAddress, origination));
  CHECK(peerMatches(local, origination));
  CHECK_FALSE(peerMatches(local, session));
  CHECK_FALSE(peerMatches(local, PolicyPeer{}));  // OSPF / EIGRP maps run for nobody
  // A numbered peer in peer-group r3 does not match `match peer r3` in 8.4 (topotest
  // bgp_match_peer); only an unnumbered member of a group matches, by interface or group.
  PolicyPeer numberedInGroup;
  numberedInGroup.address = *model::Ipv4::parse("192.168.1.3");
  numberedInGroup.peer_group = "r3";
  CHECK_FALSE(peerMatches(byName, numberedInGroup));
  PolicyPeer unnumbered;
  unnumbered.interface = "eth1";
  byName.names = {"eth1"};
  CHECK_FALSE(peerMatches(byName, unnumbered));
  unnumbered.peer_group = "fabric";
  CHECK(peerMatches(byName, unnumbered));
  byName.names = {"fabric"};
  CHECK(peerMatches(byName, unnumbered));
}
