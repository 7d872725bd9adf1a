#include "tests/lab/convergence_digest.h"

#include <doctest/doctest.h>

using namespace routefix::lab;

namespace {

std::string poll(const std::string& uptime, const std::string& bgpState, const std::string& ospfState,
                 int pfxRcd = 3) {
  return R"({"10.0.0.0/24": [{"protocol": "bgp", "selected": true, "installed": true, "uptime": ")" +
         uptime + R"(", "nexthops": [{"ip": "10.1.0.2", "interfaceName": "eth0", "active": true}]}]}
% some noise between documents
{"ipv4Unicast": {"peers": {"10.1.0.2": {"state": ")" + bgpState +
         R"(", "pfxRcd": )" + std::to_string(pfxRcd) + R"(, "msgRcvd": 17, "peerUptime": ")" + uptime +
         R"("}}}}
{"neighbors": {"10.0.0.2": [{"nbrState": ")" + ospfState + R"(", "upTimeInMsec": 1234}]}})";
}

}  // namespace

TEST_CASE("splitting concatenated vtysh output skips noise and handles braces in strings") {
  auto docs = splitJsonObjects(R"(x {"a": "}{"} junk {"b": {"c": 1}} % tail)");
  REQUIRE(docs.size() == 2);
  CHECK(docs[0]["a"] == "}{");
  CHECK(docs[1]["b"]["c"] == 1);
}

TEST_CASE("the stable state ignores clocks and counters but sees routing changes") {
  auto a = stableRoutingState(poll("00:00:05", "Established", "Full/-"));
  CHECK(a == stableRoutingState(poll("00:01:00", "Established", "Full/-")));
  CHECK(a != stableRoutingState(poll("00:00:05", "Established", "Full/-", 4)));
  CHECK(a != stableRoutingState(poll("00:00:05", "Active", "Full/-")));
  CHECK(a != stableRoutingState(poll("00:00:05", "Established", "Init/-")));
  // A session that cannot come up cycles through Connect and Active: both are "down".
  CHECK(stableRoutingState(poll("1", "Connect", "Full/-")) == stableRoutingState(poll("2", "Active", "Full/-")));
}

TEST_CASE("transient states are counted") {
  CHECK(transientCount(poll("1", "Established", "Full/-")) == 0);
  CHECK(transientCount(poll("1", "Active", "2-Way/DROther")) == 0);
  CHECK(transientCount(poll("1", "OpenSent", "Full/-")) == 1);
  CHECK(transientCount(poll("1", "OpenConfirm", "ExStart/-")) == 2);
}

TEST_CASE("BGP sessions of every address family count: an IPv6-only session in OpenSent is transient") {
  std::string v6 = R"({"ipv6Unicast":{"peers":{"2001:db8:12::1":{"state":"OpenSent"},"2001:db8:23::3":{"state":"Established"}}}})";
  CHECK(transientCount(v6) == 1);
}

TEST_CASE("OSPF interfaces still waiting for the DR election are counted") {
  CHECK(waitingInterfaceCount(R"({"interfaces":{"eth0":{"state":"Waiting"},"eth1":{"state":"DR"}}})") == 1);
  CHECK(waitingInterfaceCount(R"({"eth0":{"state":"Waiting"},"lo":{"state":"Loopback"}})") == 1);
  CHECK(waitingInterfaceCount(R"({"eth0":{"state":"Point-To-Point"}})") == 0);
  CHECK(waitingInterfaceCount("% OSPF instance not found") == 0);
  // ospf6d (lab ospf6-ibgp6-route-reflection was dumped while its broadcast link still waited).
  CHECK(waitingInterfaceCount(R"({"eth-c1":{"ospf6InterfaceState":"Waiting"},"lo":{"ospf6InterfaceState":"Loopback"}})") == 1);
}

TEST_CASE("a Full OSPF neighbour that still floods LSAs is transient") {
  CHECK(transientCount(R"({"neighbors":{"10.0.0.2":[{"nbrState":"Full/-","linkStateRetransmissionListCounter":1}]}})") == 1);
  CHECK(transientCount(R"({"neighbors":{"10.0.0.2":[{"nbrState":"Full/-","linkStateRetransmissionListCounter":0,"linkStateRequestListCounter":0}]}})") == 0);
}

TEST_CASE("ospf6d's neighbour list (an array) is read: states, changes, transients") {
  auto v3 = [](const char* state) {
    return std::string(R"({"neighbors":[{"neighborId":"10.0.0.2","state":")") + state +
           R"(","interfaceName":"eth0"}]})";
  };
  CHECK(transientCount(v3("Full")) == 0);
  CHECK(transientCount(v3("ExStart")) == 1);
  CHECK(stableRoutingState(v3("Full")) != stableRoutingState(v3("Loading")));
  CHECK(stableRoutingState(v3("Full"))["ospf"].contains("v3 10.0.0.2 eth0"));
}

TEST_CASE("a BGP prefix with a valid path that is not yet best is undecided") {
  // Seen in the lab under load: a reflected path received (version 0) but not yet through
  // bgpd's decision process when the poll was quiet, so the dump missed the route.
  std::string undecided = R"({"routes": {"10.1.0.0/24": [{"valid": true, "bestpath": true, "version": 1}],
    "10.2.0.0/24": [{"valid": true, "version": 0, "peerId": "10.0.0.6"}]}})";
  CHECK(undecidedBgpPrefixCount(undecided) == 1);
  CHECK(undecidedBgpPrefixCount(R"({"routes": {"10.2.0.0/24": [{"valid": true, "bestpath": true}]}})") == 0);
  CHECK(undecidedBgpPrefixCount(R"({"routes": {"10.2.0.0/24": [{"valid": true, "bestpath": {"overall": true}}]}})") == 0);
  // An invalid path (next hop unreachable) never becomes best: it is settled, not undecided.
  CHECK(undecidedBgpPrefixCount(R"({"routes": {"10.2.0.0/24": [{"valid": false}]}})") == 0);
  CHECK(undecidedBgpPrefixCount("% BGP instance not found") == 0);
}
