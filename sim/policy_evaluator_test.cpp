#include <doctest/doctest.h>

#include "sim/policy_evaluator.h"
#include "sim/sim_test_network.h"

using namespace routefix::sim;
using namespace routefix::sim::detail;
using namespace routefix::sim::testing;

namespace {

RoutePolicy singleClause(const std::string& name, ClauseAction action) {
  RoutePolicy p;
  p.name = name;
  PolicyClause c;
  c.seq = 10;
  c.action = action;
  p.clauses.push_back(c);
  return p;
}

}  // namespace

TEST_CASE("route-maps of successive statements are each looked up by their own name") {
  // Two `redistribute` lines with different route-maps: the second must not be evaluated
  // with the first one's map (the lookup was once cached under a temporary's address).
  Device d;
  d.route_policies["DENY"] = singleClause("DENY", ClauseAction::Deny);
  d.route_policies["PERMIT"] = singleClause("PERMIT", ClauseAction::Permit);
  AttributeTables tables;
  RegexCache regexes;
  for (bool denyFirst : {true, false}) {
    PolicyEvaluator evaluator(d, tables, regexes);
    PolicySubject a, b;
    if (denyFirst) {
      CHECK_FALSE(evaluator.applyOne("DENY", a));
      CHECK(evaluator.applyOne("PERMIT", b));
    } else {
      CHECK(evaluator.applyOne("PERMIT", a));
      CHECK_FALSE(evaluator.applyOne("DENY", b));
    }
    CHECK_FALSE(evaluator.applyOne("UNDEFINED", a));
    CHECK(evaluator.applyOne("", a));
    CHECK_FALSE(evaluator.apply(std::vector<std::string>{"DENY"}, PolicyDefault::Accept, a));
    CHECK(evaluator.apply(std::vector<std::string>{"PERMIT"}, PolicyDefault::Deny, a));
  }
}
