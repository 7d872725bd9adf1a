// The readers a snapshot or an anycast run feeds with untrusted bytes, each behind one entry
// point that the fuzz drivers call (mutation_driver.cpp with g++ in ctest; libFuzzer with
// clang, -DROUTEFIX_FUZZ=ON). An entry point returns normally for any input: a reader may
// reject bad input with model::InputError (exit 2 in the CLI), and the config parsers may
// not even do that (they warn). Anything else -- another exception, a crash, a hang -- is a
// finding.
#pragma once

#include <string_view>
#include <vector>

namespace routefix::fuzz {

struct FuzzTarget {
  const char* name;
  void (*run)(std::string_view data);
};

// ios, junos, intents, topology, as_graph.
const std::vector<FuzzTarget>& fuzzTargets();
// nullptr for an unknown name.
const FuzzTarget* findFuzzTarget(std::string_view name);

}  // namespace routefix::fuzz
