#include "tests/fuzz/fuzz_targets.h"

#include <string>

#include "anycast/as_graph.h"
#include "model/input_error.h"
#include "parser/parser.h"
#include "parser/source_text.h"
#include "parser/topology.h"
#include "verify/intent_loader.h"

namespace routefix::fuzz {

namespace {

using parser::ConfigFile;

// The IOS family's parser, whatever the detector would have said (Junos has its own target).
void fuzzIos(std::string_view data) {
  std::vector<ConfigFile> files{{"configs/r1.cfg", std::string(data)}};
  model::Vendor vendor = parser::detectVendor(files);
  parser::parseIosFamily(files, vendor == model::Vendor::Junos ? model::Vendor::Ios : vendor);
}

void fuzzJunos(std::string_view data) {
  parser::parseJunos({{"configs/j1.conf", std::string(data)}});
}

// Two devices with linked interfaces, so intents and topology entries can name real things.
const std::vector<model::Device>& fuzzDevices() {
  static const std::vector<model::Device> devices = [] {
    std::vector<model::Device> out;
    for (int n : {1, 2}) {
      std::string text = "hostname r" + std::to_string(n) + "\n!\ninterface eth0\n ip address 10.0.0." +
                         std::to_string(n) + " 255.255.255.252\n!\nrouter bgp 6500" + std::to_string(n) +
                         "\n neighbor 10.0.0." + std::to_string(3 - n) + " remote-as 6500" +
                         std::to_string(3 - n) + "\n network 10." + std::to_string(n) + ".0.0/24\n!\n";
      out.push_back(parser::parseIosFamily({{"configs/r" + std::to_string(n), text}}, model::Vendor::Ios).device);
    }
    return out;
  }();
  return devices;
}

void fuzzIntents(std::string_view data) {
  static const model::Network network = [] {
    model::Network n;
    n.devices = fuzzDevices();
    return n;
  }();
  try {
    verify::parseIntents(std::string(data), "intents.yaml", network);
  } catch (const model::InputError&) {
  }
}

// topology.json and Batfish's layer-1 file share the JSON reader; both get every input.
void fuzzTopology(std::string_view data) {
  parser::SourceText text;
  text.add("topology.json", std::string(data));
  std::vector<model::ParseWarning> warnings;
  try {
    parser::readTopologyJson("topology.json", text, fuzzDevices(), warnings);
  } catch (const model::InputError&) {
  }
  try {
    parser::readBatfishLayer1("topology.json", text, fuzzDevices(), warnings);
  } catch (const model::InputError&) {
  }
}

// The CAIDA text, after gzip or bzip2 decompression when the bytes start like either.
void fuzzAsGraph(std::string_view data) {
  try {
    anycast::parseAsRelationships(anycast::decompressIfCompressed(std::string(data), "graph"), "graph");
  } catch (const model::InputError&) {
  }
}

}  // namespace

const std::vector<FuzzTarget>& fuzzTargets() {
  static const std::vector<FuzzTarget> targets{{"ios", fuzzIos},
                                               {"junos", fuzzJunos},
                                               {"intents", fuzzIntents},
                                               {"topology", fuzzTopology},
                                               {"as_graph", fuzzAsGraph}};
  return targets;
}

const FuzzTarget* findFuzzTarget(std::string_view name) {
  for (const auto& t : fuzzTargets())
    if (name == t.name) return &t;
  return nullptr;
}

}  // namespace routefix::fuzz
