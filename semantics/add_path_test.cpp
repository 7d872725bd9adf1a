// semantics/add_path.h: the add-path capability's negotiation per vendor and the paths chosen.
#include <doctest/doctest.h>

#include "semantics/add_path.h"

using namespace routefix;
using model::Vendor;

namespace {

model::Device router(Vendor v) {
  model::Device d;
  d.vendor = v;
  d.defaults = model::VendorDefaults::forVendor(v);
  d.bgp.emplace();
  return d;
}

}  // namespace

TEST_CASE("add-path on FRR: the sender's addpath-tx alone; every FRR receiver takes the paths") {
  auto frr = router(Vendor::Frr);
  model::BgpNeighbor tx, rx;
  CHECK_FALSE(semantics::addPathSent(frr, tx, frr, rx).any());
  tx.add_path.tx_all = true;
  auto s = semantics::addPathSent(frr, tx, frr, rx);
  CHECK(s.all);
  CHECK_FALSE(s.unique_next_hops);
  tx.add_path = {};
  tx.add_path.tx_best_per_as = true;
  CHECK(semantics::addPathSent(frr, tx, frr, rx).best_per_as);
  // An IOS receiver that did not offer to receive, and a vendor add-path is not modelled for.
  auto ios = router(Vendor::Ios);
  CHECK_FALSE(semantics::addPathSent(frr, tx, ios, rx).any());
  CHECK_FALSE(semantics::addPathSent(frr, tx, router(Vendor::Eos), rx).any());
  ios.bgp->add_path.receive = true;
  CHECK(semantics::addPathSent(frr, tx, ios, rx).best_per_as);
}

TEST_CASE("add-path on IOS: send and receive each way, and only the choices `select` made eligible") {
  auto sender = router(Vendor::Ios), receiver = router(Vendor::Ios);
  model::BgpNeighbor tx, rx;
  tx.add_path.tx_all = true;
  tx.add_path.tx_best = 3;
  sender.bgp->add_path.select_all = true;
  sender.bgp->add_path.select_best = 2;
  CHECK_FALSE(semantics::addPathSent(sender, tx, receiver, rx).any());  // no capability either way
  sender.bgp->add_path.send = true;
  CHECK_FALSE(semantics::addPathSent(sender, tx, receiver, rx).any());  // the receiver does not receive
  rx.add_path.receive = true;
  auto s = semantics::addPathSent(sender, tx, receiver, rx);
  CHECK(s.all);
  CHECK(s.unique_next_hops);
  CHECK(s.best == 2);  // advertise best 3, select best 2
  CHECK_FALSE(s.best_per_as);
  // The neighbor's `additional-paths disable` wins over the address family's send.
  tx.add_path.send = false;
  CHECK_FALSE(semantics::addPathSent(sender, tx, receiver, rx).any());
  tx.add_path.send.reset();
  // `advertise additional-paths group-best` without `select group-best`: nothing extra.
  tx.add_path = {};
  tx.add_path.tx_best_per_as = true;
  CHECK_FALSE(semantics::addPathSent(sender, tx, receiver, rx).any());
  sender.bgp->add_path.select_group_best = true;
  CHECK(semantics::addPathSent(sender, tx, receiver, rx).best_per_as);
}

TEST_CASE("add-path choices over paths ranked best first") {
  // Paths: 0 (AS 100, hop 1), 1 (AS 100, hop 2), 2 (AS 200, hop 1), 3 (AS 200, hop 3).
  uint32_t as[] = {100, 100, 200, 200}, hop[] = {1, 2, 1, 3};
  auto groupOf = [&](size_t i) { return as[i]; };
  auto hopOf = [&](size_t i) { return hop[i]; };
  using V = std::vector<char>;
  semantics::AddPathSelection all{.all = true};
  CHECK(semantics::addPathChosen(all, 4, groupOf, hopOf) == V{1, 1, 1, 1});
  all.unique_next_hops = true;
  CHECK(semantics::addPathChosen(all, 4, groupOf, hopOf) == V{1, 1, 0, 1});
  CHECK(semantics::addPathChosen({.best_per_as = true}, 4, groupOf, hopOf) == V{1, 0, 1, 0});
  CHECK(semantics::addPathChosen({.best = 2}, 4, groupOf, hopOf) == V{1, 1, 0, 0});
  CHECK(semantics::addPathChosen({.best_per_as = true, .best = 2}, 4, groupOf, hopOf) == V{1, 1, 1, 0});
  CHECK(semantics::addPathChosen({}, 0, groupOf, hopOf).empty());
}
