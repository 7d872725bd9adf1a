#include "verify/intent_loader.h"

#include <doctest/doctest.h>

#include "model/input_error.h"

using namespace routefix;

namespace {

model::Network threeRouters() {
  model::Network n;
  for (const char* name : {"R1", "r2", "r3"}) {
    model::Device d;
    d.name = name;
    n.devices.push_back(d);
  }
  return n;
}

// The InputError message of parsing `text`, or "" when it parses.
std::string errorOf(const std::string& text) {
  try {
    verify::parseIntents(text, "intents.yaml", threeRouters());
  } catch (const model::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("every intent type of the spec loads, with names resolved to configured spelling") {
  const char* text = R"(intents:
  - name: web
    type: reachability
    from: [r1, r2]
    to: 10.1.0.0/24
    failures: 1
  - type: isolation
    from: [r3]
    to: 10.9.0.0/16
  - type: waypoint
    from: [r1]
    to: 10.1.0.0/24
    through: [r2]
  - type: path
    from: r1
    to: 10.1.0.5
    path: [r1, r3, r2]
  - type: preference
    from: r1
    to: 10.1.0.0/24
    paths: [[r1, r2], [r1, r3, r2]]
  - type: multipath
    from: r1
    to: 10.1.0.0/24
    min_paths: 2
  - type: route
    node: r3
    prefix: 10.1.0.0/24
    present: false
    protocol: bgp
    next_hop_node: r2
  - type: loop-free
  - type: blackhole-free
    to: 10.0.0.0/8
)";
  auto intents = verify::parseIntents(text, "intents.yaml", threeRouters());
  REQUIRE(intents.size() == 9);
  CHECK(intents[0].name == "web");
  CHECK(intents[0].from == std::vector<std::string>{"R1", "r2"});
  CHECK(intents[0].to->str() == "10.1.0.0/24");
  CHECK(intents[0].failures == 1);
  CHECK(intents[0].line == 2);
  CHECK(intents[1].name == "isolation-2");
  CHECK(intents[2].through == std::vector<std::string>{"r2"});
  CHECK(intents[3].to->str() == "10.1.0.5/32");
  CHECK(intents[3].path == verify::NodePath{"R1", "r3", "r2"});
  CHECK(intents[4].paths.size() == 2);
  CHECK(intents[5].min_paths == 2);
  CHECK(intents[6].type == verify::IntentType::Route);
  CHECK_FALSE(intents[6].present);
  CHECK(intents[6].protocol == "bgp");
  CHECK(intents[6].next_hop_node == "r2");
  CHECK(intents[7].type == verify::IntentType::LoopFree);
  CHECK_FALSE(intents[7].to);
  CHECK(intents[8].to->str() == "10.0.0.0/8");
}

TEST_CASE("a star source means every node") {
  auto intents = verify::parseIntents("intents:\n  - type: reachability\n    from: '*'\n    to: 10.0.0.1\n",
                                      "i.yaml", threeRouters());
  CHECK(intents.at(0).from.size() == 3);
}

TEST_CASE("JSON intents load too, tabs and all") {
  auto intents = verify::parseIntents(
      "{\"intents\": [\n\t{\"type\": \"isolation\", \"from\": [\"r3\"],\n\t \"to\": \"10.9.0.0/16\"}]}",
      "intents.json", threeRouters());
  REQUIRE(intents.size() == 1);
  CHECK(intents[0].type == verify::IntentType::Isolation);
}

TEST_CASE("errors name the file, the line and the field") {
  CHECK(errorOf("intents:\n  - type: reachability\n    from: [r1, r9]\n    to: 10.0.0.0/8\n") ==
        "intents.yaml:3: intent 'reachability-1': field 'from': unknown node 'r9'");
  CHECK(errorOf("intents:\n  - type: isolation\n    from: r1\n    to: 10.0.0.0/33\n")
            .find("intents.yaml:4: intent 'isolation-1': field 'to': malformed prefix") == 0);
  CHECK(errorOf("intents:\n  - type: isolation\n    from: r1\n    to: 10.0.0.1/8\n").find("host bits") !=
        std::string::npos);
  CHECK(errorOf("intents:\n  - type: teleport\n").find("intents.yaml:2:") == 0);
  CHECK(errorOf("intents:\n  - type: reachability\n    to: 10.0.0.0/8\n").find("missing field 'from'") !=
        std::string::npos);
  CHECK(errorOf("intents:\n  - type: route\n    node: r1\n    prefix: 10.0.0.0/8\n    via: r2\n")
            .find("intents.yaml:5: intent 'route-1': field 'via'") == 0);
  CHECK(errorOf("intents:\n  - type: path\n    from: r1\n    to: 10.0.0.0/8\n    path: [r2, r1]\n")
            .find("must start at the source") != std::string::npos);
  CHECK(errorOf("intents:\n  - type: multipath\n    from: r1\n    to: 10.0.0.0/8\n    min_paths: two\n")
            .find("field 'min_paths'") != std::string::npos);
  CHECK(errorOf("intents: [\n").find("intents.yaml:") == 0);
  CHECK(errorOf("rules: []\n").find("intents.yaml:1:") == 0);
  CHECK(errorOf("intents:\n  - {type: loop-free, name: a}\n  - {type: loop-free, name: a}\n")
            .find("duplicate intent name") != std::string::npos);
  CHECK(errorOf("intents:\n  - type: isolation\n    from: r1\n    to: 10.0.0.0/8\n") == "");
}

TEST_CASE("a waypoint list keeps its order, and a node listed twice is an error") {
  auto intents = verify::parseIntents(
      "intents:\n  - type: waypoint\n    from: r1\n    to: 10.0.0.0/8\n    through: [r3, R1, r2]\n",
      "i.yaml", threeRouters());
  CHECK(intents.at(0).through == std::vector<std::string>{"r3", "R1", "r2"});
  CHECK(errorOf("intents:\n  - type: waypoint\n    from: r1\n    to: 10.0.0.0/8\n    through: [r3, r2, r3]\n") ==
        "intents.yaml:5: intent 'waypoint-1': field 'through': node 'r3' is listed twice");
}
