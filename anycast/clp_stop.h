// When an LP or MIP solve run on COIN-OR's Clp gives up: another thread asked (the solver
// portfolio's other side won) or its deadline passed. Clp's own time limit counts CPU
// seconds and is checked between phases only, while one LP of a large instance can take
// longer than the whole budget, so the check runs after every simplex iteration.
#pragma once

#include <coin/ClpEventHandler.hpp>

#include <atomic>
#include <chrono>

namespace routefix::anycast {

struct StopWhen {
  const std::atomic<bool>* flag = nullptr;
  std::chrono::steady_clock::time_point deadline;
  bool now() const { return (flag && flag->load()) || std::chrono::steady_clock::now() >= deadline; }
};

// Between simplex iterations (a root LP, strong branching, a re-solve after new rows).
class IterationStop : public ClpEventHandler {
 public:
  explicit IterationStop(StopWhen when) : when_(when) {}
  IterationStop(const IterationStop& other) = default;
  ClpEventHandler* clone() const override { return new IterationStop(*this); }
  int event(Event which) override { return which == endOfIteration && when_.now() ? 0 : -1; }

 private:
  StopWhen when_;
};

}  // namespace routefix::anycast
