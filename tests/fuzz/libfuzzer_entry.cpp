// libFuzzer's entry point for one target of fuzz_targets.h (ROUTEFIX_FUZZ_TARGET, set per
// executable by CMake under -DROUTEFIX_FUZZ=ON). libFuzzer reports crashes, leaks, timeouts
// and uncaught exceptions itself.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "tests/fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const routefix::fuzz::FuzzTarget* target = [] {
    const auto* t = routefix::fuzz::findFuzzTarget(ROUTEFIX_FUZZ_TARGET);
    if (!t) std::abort();
    return t;
  }();
  target->run(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
