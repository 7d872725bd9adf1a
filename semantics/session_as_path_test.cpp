// The AS-path rules of an eBGP session (semantics/session_as_path.h), case by case from FRR
// 8.4 bgpd and the IOS / Junos references.
#include <doctest/doctest.h>

#include "semantics/session_as_path.h"

using namespace routefix;
using namespace routefix::semantics;

namespace {

using Kept = std::vector<std::optional<uint32_t>>;

model::BgpProcess process(uint32_t asn) {
  model::BgpProcess p;
  p.asn = asn;
  return p;
}

model::BgpNeighbor withLocalAs(uint32_t as) {
  model::BgpNeighbor n;
  n.local_as = as;
  return n;
}

}  // namespace

TEST_CASE("private ASes: RFC 6996 ranges") {
  CHECK_FALSE(privateAs(64511));
  CHECK(privateAs(64512));
  CHECK(privateAs(65535));
  CHECK_FALSE(privateAs(65536));
  CHECK(privateAs(4200000000u));
  CHECK(privateAs(4294967294u));
  CHECK_FALSE(privateAs(4294967295u));
}

TEST_CASE("local-as: sent paths carry the local-as and then the router's AS") {
  auto bgp = process(3000);
  model::BgpNeighbor plain;
  CHECK(ebgpExportPrepend(bgp, plain) == std::vector<uint32_t>{3000});
  auto n = withLocalAs(500);
  CHECK(ebgpExportPrepend(bgp, n) == std::vector<uint32_t>{500, 3000});
  n.local_as_replace_as = true;
  CHECK(ebgpExportPrepend(bgp, n) == std::vector<uint32_t>{500});
  SUBCASE("a private own AS with remove-private-as stays out (FRR bgp_append_local_as)") {
    auto priv = process(65000);
    auto m = withLocalAs(500);
    CHECK(ebgpExportPrepend(priv, m) == std::vector<uint32_t>{500, 65000});
    m.remove_private_as = true;
    CHECK(ebgpExportPrepend(priv, m) == std::vector<uint32_t>{500});
    m.local_as = 65000;  // the router's own AS: no local-as at all
    CHECK(ebgpExportPrepend(priv, m) == std::vector<uint32_t>{65000});
  }
}

TEST_CASE("local-as: received paths get the local-as in front unless no-prepend") {
  auto bgp = process(3000);
  CHECK_FALSE(receivedPathPrepend(bgp, model::BgpNeighbor{}));
  auto n = withLocalAs(500);
  CHECK(receivedPathPrepend(bgp, n) == 500u);
  n.local_as_no_prepend = true;
  CHECK_FALSE(receivedPathPrepend(bgp, n));
}

TEST_CASE("remove-private-as: whole path private, all, replace-as, the peer's AS kept") {
  auto ios = model::VendorDefaults::forVendor(model::Vendor::Ios);
  model::BgpNeighbor n;
  std::vector<uint32_t> mixed{100, 65001, 65002};
  std::vector<uint32_t> allPrivate{65001, 65002};
  CHECK(withoutPrivateAs(ios, n, allPrivate, 100, 200).empty());  // not configured
  n.remove_private_as = true;
  CHECK(withoutPrivateAs(ios, n, mixed, 100, 200).empty());  // a public AS: left alone
  CHECK(withoutPrivateAs(ios, n, allPrivate, 100, 200) == Kept{std::nullopt, std::nullopt});
  CHECK(withoutPrivateAs(ios, n, allPrivate, 100, 65002) == Kept{std::nullopt, 65002u});
  n.remove_private_as_all = true;
  CHECK(withoutPrivateAs(ios, n, mixed, 100, 200) == Kept{100u, std::nullopt, std::nullopt});
  n.remove_private_as_replace = true;
  CHECK(withoutPrivateAs(ios, n, mixed, 100, 200) == Kept{100u, 100u, 100u});
  CHECK(withoutPrivateAs(ios, n, {}, 100, 200).empty());
}

TEST_CASE("remove-private on Junos: only the private ASes at the left") {
  auto junos = model::VendorDefaults::forVendor(model::Vendor::Junos);
  model::BgpNeighbor n;
  n.remove_private_as = true;
  CHECK(withoutPrivateAs(junos, n, {65001, 65002, 100, 65003}, 1, 200) ==
        Kept{std::nullopt, std::nullopt, 100u, 65003u});
  CHECK(withoutPrivateAs(junos, n, {65001, 65002, 100}, 1, 65002) == Kept{std::nullopt, 65002u, 100u});
}
