// The Z3 value domain of the shared routing rules (semantics/decision.h): constants and
// if-then-else over Z3 terms, and the decision steps recorded as formulas.
#pragma once

#include <utility>
#include <vector>

#include <z3++.h>

#include "semantics/decision.h"

namespace routefix::semantics {

template <>
struct Domain<z3::expr> {
  static z3::expr constant(const z3::expr& like, uint64_t v) {
    return like.ctx().int_val(static_cast<uint64_t>(v));
  }
  static z3::expr ite(const z3::expr& c, const z3::expr& a, const z3::expr& b) { return z3::ite(c, a, b); }
  static z3::expr ite(bool c, const z3::expr& a, const z3::expr& b) { return c ? a : b; }
};

}  // namespace routefix::semantics

namespace routefix::symsim {

using SymView = semantics::DecisionView<z3::expr, z3::expr>;

// semantics::decisionSteps as formulas: every step as (a strictly better, equal).
class SymbolicSteps {
 public:
  explicit SymbolicSteps(z3::context& ctx) : ctx_(ctx) {}
  bool higher(const z3::expr& a, const z3::expr& b) { return add(a > b, a == b); }
  bool higherBool(const z3::expr& a, const z3::expr& b) { return add(a && !b, a == b); }
  bool lower(const z3::expr& a, const z3::expr& b) { return add(a < b, a == b); }
  template <class Cond>
  bool lowerWhen(const Cond& compared, const z3::expr& a, const z3::expr& b) {
    z3::expr c = toExpr(compared);
    return add(c && a < b, !c || a == b);
  }

  // a beats b in these steps, with `tieBreak` deciding when all are equal.
  z3::expr better(const z3::expr& tieBreak) const {
    z3::expr result = tieBreak;
    for (auto it = steps_.rbegin(); it != steps_.rend(); ++it)
      result = it->first || (it->second && result);
    return result;
  }
  // a and b are equal in every step.
  z3::expr equal() const {
    z3::expr all = ctx_.bool_val(true);
    for (const auto& s : steps_) all = all && s.second;
    return all;
  }

 private:
  bool add(z3::expr betterA, z3::expr equal) {
    steps_.emplace_back(std::move(betterA), std::move(equal));
    return false;  // a formula records every step
  }
  z3::expr toExpr(const z3::expr& e) const { return e; }
  z3::expr toExpr(bool b) const { return ctx_.bool_val(b); }

  z3::context& ctx_;
  std::vector<std::pair<z3::expr, z3::expr>> steps_;
};

}  // namespace routefix::symsim
