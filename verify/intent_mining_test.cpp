// Intent mining: grouping, and completeness against brute force on the bundled examples.
#include <doctest/doctest.h>

#include <filesystem>
#include <functional>

#include "model/input_error.h"
#include "parser/parser.h"
#include "verify/forwarding.h"
#include "verify/intent_check.h"
#include "verify/intent_loader.h"
#include "verify/intent_mining.h"
#include "verify/intent_writer.h"

using namespace routefix;
using namespace routefix::verify;

namespace {

model::Prefix prefix(const char* text) { return *model::Prefix::parse(text); }

// Every set of up to k links of the network.
void forEachFailureSet(const std::vector<model::Link>& links, uint32_t k, std::set<model::Link>& chosen, size_t from,
                       const std::function<void(const std::set<model::Link>&)>& visit) {
  visit(chosen);
  if (chosen.size() == k) return;
  for (size_t i = from; i < links.size(); ++i) {
    chosen.insert(links[i]);
    forEachFailureSet(links, k, chosen, i + 1, visit);
    chosen.erase(links[i]);
  }
}

bool from(const Intent& i, const std::string& source) {
  return std::find(i.from.begin(), i.from.end(), source) != i.from.end();
}

// Whether the mined intents imply the property, with the one rule beyond matching: traffic
// that crosses u continues as u's own (destination-based forwarding), so "s crosses u" and
// "u crosses w" imply "s crosses w".
struct Implication {
  const std::vector<Intent>& mined;

  bool direct(IntentType type, const std::string& s, const model::IpPrefix& d, uint32_t j, uint32_t minPaths = 0,
              const std::string& waypoint = "") const {
    return std::any_of(mined.begin(), mined.end(), [&](const Intent& i) {
      return i.type == type && i.to == d && from(i, s) && i.failures >= j && i.min_paths >= minPaths &&
             (waypoint.empty() || i.through == std::vector<std::string>{waypoint});
    });
  }

  bool crosses(const std::string& s, const model::IpPrefix& d, const std::string& w, uint32_t j, int depth = 0) const {
    if (depth > 64) return false;
    if (direct(IntentType::Waypoint, s, d, j, 0, w)) return true;
    return std::any_of(mined.begin(), mined.end(), [&](const Intent& i) {
      return i.type == IntentType::Waypoint && i.to == d && from(i, s) && i.failures >= j &&
             i.through.front() != w && crosses(i.through.front(), d, w, j, depth + 1);
    });
  }
};

}  // namespace

TEST_CASE("grouping: one intent per destination and fact, sources merged and sorted, stable names") {
  auto d1 = prefix("10.1.0.0/24"), d2 = prefix("10.2.0.0/24");
  std::vector<MinedFact> facts = {
      {IntentType::Reachability, "r2", d1, "", 0, 1},
      {IntentType::Reachability, "r1", d1, "", 0, 1},
      {IntentType::Reachability, "r3", d1, "", 0, 0},  // survives less: its own intent
      {IntentType::Waypoint, "r1", d1, "fw", 0, 0},
      {IntentType::Multipath, "r1", d2, "", 2, 0},
      {IntentType::Isolation, "r3", d2, "", 0, 1},
  };
  auto intents = groupFacts(facts);
  REQUIRE(intents.size() == 5);
  CHECK(intents[0].name == "reachability-10.1.0.0/24");
  CHECK(intents[0].from == std::vector<std::string>{"r3"});
  CHECK(intents[0].failures == 0);
  CHECK(intents[1].name == "reachability-10.1.0.0/24-2");
  CHECK(intents[1].from == std::vector<std::string>{"r1", "r2"});
  CHECK(intents[1].failures == 1);
  CHECK(intents[2].type == IntentType::Waypoint);
  CHECK(intents[2].through == std::vector<std::string>{"fw"});
  CHECK(intents[3].type == IntentType::Isolation);  // destination first, then kind
  CHECK(intents[4].min_paths == 2);
  // The same facts in another order group the same way.
  std::reverse(facts.begin(), facts.end());
  auto again = groupFacts(facts);
  for (size_t i = 0; i < intents.size(); ++i) CHECK(again[i].name == intents[i].name);
}

TEST_CASE("a group of every router is written from \"*\" and reads back as every router") {
  model::Network net = parser::loadSnapshot(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "examples/firewall-bypass");
  sim::DataPlane dp = sim::simulate(net);
  MiningResult mined = mineIntents(net, dp, {});
  std::string yaml = intentsYaml(mined.intents, net, {"header"});
  CHECK(yaml.find("from: \"*\"") != std::string::npos);
  CHECK(yaml.rfind("# header\n", 0) == 0);
  auto back = parseIntents(yaml, "mined.yaml", net);
  REQUIRE(back.size() == mined.intents.size());
  for (size_t i = 0; i < back.size(); ++i) {
    CHECK(back[i].name == mined.intents[i].name);
    CHECK(back[i].from == mined.intents[i].from);
    CHECK(back[i].through == mined.intents[i].through);
    CHECK(back[i].failures == mined.intents[i].failures);
  }
  CHECK_THROWS_AS(parseMiningKinds("reachability,route"), model::InputError);
  CHECK(parseMiningKinds("waypoint").size() == 1);
}

TEST_CASE("completeness: every fact brute force finds under up to 2 link failures is implied by the mined set") {
  constexpr uint32_t k = 2;
  for (const char* example : {"branch-single-homed", "campus-prefix-typo", "firewall-bypass"}) {
    INFO("example " << std::string(example));
    model::Network net = parser::loadSnapshot(std::filesystem::path(ROUTEFIX_SOURCE_DIR) / "examples" / example);
    sim::DataPlane baseline = sim::simulate(net);
    MiningOptions options;
    options.failures = k;
    MiningResult mined = mineIntents(net, baseline, options);
    CHECK(mined.failures_complete == std::min<uint32_t>(k, net.links.size()));
    Implication implied{mined.intents};

    std::vector<model::Link> links(net.links.begin(), net.links.end());
    // holds[property] = the largest j such that it held in every scenario of up to j links.
    std::map<std::string, uint32_t> holds;
    std::map<std::string, Intent> properties;
    auto destinations = trafficDestinations(baseline);
    std::set<model::Link> chosen;
    std::map<std::string, bool> reachesAtBaseline;
    forEachFailureSet(links, k, chosen, 0, [&](const std::set<model::Link>& failed) {
      sim::SimulationOptions scenario;
      scenario.failed_links = failed;
      sim::DataPlane dp = sim::simulate(net, scenario);
      for (const auto& d : destinations)
        for (const auto& source : net.devices) {
          std::vector<Intent> asked;
          Intent base;
          base.from = {source.name};
          base.to = model::IpPrefix::fromV4(d);
          for (auto type : {IntentType::Reachability, IntentType::Isolation}) {
            base.type = type;
            asked.push_back(base);
          }
          base.type = IntentType::Waypoint;
          for (const auto& w : net.devices)
            if (w.name != source.name) {
              base.through = {w.name};
              asked.push_back(base);
            }
          base.through.clear();
          base.type = IntentType::Multipath;
          for (uint32_t m = 2; m <= 4; ++m) {
            base.min_paths = m;
            asked.push_back(base);
          }
          for (auto& intent : asked) {
            std::string key = intentTypeName(intent.type) + " " + source.name + " " + d.str() + " " +
                              (intent.through.empty() ? "" : intent.through.front()) + " " +
                              std::to_string(intent.min_paths);
            bool ok = checkIntent(net, dp, intent, scenario).holds;
            if (failed.empty()) {
              if (ok) holds[key] = k, properties[key] = intent;
              if (intent.type == IntentType::Reachability) reachesAtBaseline[source.name + " " + d.str()] = ok;
            } else if (!ok && holds.count(key)) {
              holds[key] = std::min<uint32_t>(holds[key], static_cast<uint32_t>(failed.size()) - 1);
            }
          }
        }
    });

    size_t checked = 0;
    for (const auto& [key, level] : holds) {
      const Intent& p = properties.at(key);
      const std::string& s = p.from.front();
      INFO("property " << key << " holds up to " << level << " failure(s)");
      switch (p.type) {
        case IntentType::Reachability:
        case IntentType::Isolation: CHECK(implied.direct(p.type, s, *p.to, level)); break;
        case IntentType::Waypoint: {
          // Mined where traffic arrives, for the nodes it crosses before the one it ends at.
          if (!reachesAtBaseline[s + " " + p.to->str()]) continue;
          sim::Trace t = sim::trace(net, baseline, s, representativeAddresses(net, baseline, *p.to).front());
          bool endsThere = std::any_of(t.paths.begin(), t.paths.end(),
                                       [&](const sim::TracePath& path) { return path.at == p.through.front(); });
          if (endsThere) continue;
          CHECK(implied.crosses(s, *p.to, p.through.front(), level));
          break;
        }
        default: CHECK(implied.direct(IntentType::Multipath, s, *p.to, level, p.min_paths)); break;
      }
      ++checked;
    }
    CHECK(checked > 5);
  }
}
