// estimate_memory SNAPSHOT [routes-json|verify-failures|diff|repair]
// Prints the memory estimate routefix checks against --max-memory before loading and before
// simulating SNAPSHOT (parts and totals, in bytes), for bench/memory_bench.sh to compare with
// measured peaks. The kind of run decides the simulation's shape (cli/ does the same).
#include <iostream>
#include <string>

#include "parser/load_estimate.h"
#include "parser/parser.h"
#include "sim/memory_estimate.h"

using namespace routefix;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: estimate_memory SNAPSHOT [routes-json|verify-failures|diff|repair]\n";
    return 2;
  }
  std::string kind = argc > 2 ? argv[2] : "routes-json";
  sim::SimulationShape shape{.networks = kind == "diff" || kind == "repair" ? 2u : 1u,
                             .failure_scenarios = kind == "verify-failures",
                             .routes_json = kind == "routes-json"};
  parser::ConfigVolume volume = parser::measureConfigs(argv[1]);
  model::MemoryEstimate loading, run;
  loading.add("the process", model::kProcessBaseBytes);
  loading.add(parser::loadingMemory(volume));
  run.add("the process", model::kProcessBaseBytes);
  run.add(parser::modelMemory(volume));
  run.add(sim::estimateSimulationMemory(parser::loadSnapshot(argv[1]), shape));
  auto print = [](const char* stage, const model::MemoryEstimate& e) {
    for (const auto& p : e.parts) std::cout << stage << "\t" << p.bytes << "\t" << p.what << "\n";
    std::cout << stage << "\t" << e.total() << "\ttotal\n";
  };
  print("loading", loading);
  print("running", run);
  return 0;
}
