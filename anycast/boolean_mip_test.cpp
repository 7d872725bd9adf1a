// The 0-1 translation of Z3 formulas against Z3's own evaluation, over every assignment of
// a few constants: the completed column vector satisfies every row exactly when the
// required formulas hold, and CBC's optimum is the brute-force optimum.
#include <doctest/doctest.h>

#include <random>

#include "anycast/boolean_mip.h"
#include "anycast/cbc_solver.h"

using namespace routefix::anycast;

namespace {

// A random formula over `vars` using every connective the translation knows.
z3::expr randomFormula(z3::context& ctx, const std::vector<z3::expr>& vars, std::mt19937& rng, int depth) {
  if (depth == 0 || rng() % 4 == 0) return rng() % 2 ? vars[rng() % vars.size()] : !vars[rng() % vars.size()];
  auto sub = [&] { return randomFormula(ctx, vars, rng, depth - 1); };
  switch (rng() % 6) {
    case 0: return sub() && sub() && sub();
    case 1: return sub() || sub();
    case 2: return z3::implies(sub(), sub());
    case 3: return z3::ite(sub(), sub(), sub());
    case 4: return sub() == sub();
    default: return !sub();
  }
}

}  // namespace

TEST_CASE("boolean MIP: rows hold exactly when the formulas do, and CBC finds the brute-force optimum") {
  std::mt19937 rng(7);
  int satisfiable = 0;
  for (int round = 0; round < 40; ++round) {
    CAPTURE(round);
    z3::context ctx;
    std::vector<z3::expr> vars;
    for (int i = 0; i < 5; ++i) vars.push_back(ctx.bool_const(("v" + std::to_string(i)).c_str()));
    z3::expr_vector hard(ctx);
    hard.push_back(randomFormula(ctx, vars, rng, 3));
    z3::expr_vector some(ctx);
    for (int i = 0; i < 4; ++i) some.push_back(vars[i]);
    hard.push_back(z3::atmost(some, 2));
    // A constant defined by a top-level equivalence, as the encoding's lead literals are.
    z3::expr lead = ctx.bool_const("lead");
    hard.push_back(lead == (vars[3] || !vars[4]));
    hard.push_back(ctx.int_val(3) * z3::ite(vars[0], ctx.int_val(2), ctx.int_val(0)) + z3::ite(lead, ctx.int_val(1), ctx.int_val(0)) <= 6);
    z3::expr goal = randomFormula(ctx, vars, rng, 3);

    BooleanMip mip;
    for (const z3::expr& h : hard) mip.require(h);
    const BooleanMip::Literal goal_literal = mip.literal(goal);

    int best = -1;
    for (int mask = 0; mask < 32; ++mask) {
      z3::expr_vector from(ctx), to(ctx);
      for (int i = 0; i < 5; ++i) {
        from.push_back(vars[i]);
        to.push_back(ctx.bool_val((mask >> i) & 1));
      }
      const bool lead_value = ((mask >> 3) & 1) || !((mask >> 4) & 1);
      from.push_back(lead);
      to.push_back(ctx.bool_val(lead_value));
      bool holds = true;
      for (z3::expr h : hard) holds = holds && h.substitute(from, to).simplify().is_true();
      const bool goal_value = z3::expr(goal).substitute(from, to).simplify().is_true();
      auto x = mip.complete([&](const z3::expr& c) -> std::optional<bool> {
        for (int i = 0; i < 5; ++i)
          if (z3::eq(c, vars[i])) return (mask >> i) & 1;
        return std::nullopt;  // lead follows from its definition
      });
      REQUIRE(x);
      CHECK(mip.satisfiedBy(*x) == holds);
      CHECK(BooleanMip::holds(goal_literal, *x) == goal_value);
      const int score = goal_value * 2 + ((mask >> 1) & 1);
      if (holds) best = std::max(best, score);
    }

    std::vector<double> objective(mip.columns(), 0);
    objective[*mip.columnOf(vars[1])] += 1;
    if (goal_literal.column >= 0) objective[goal_literal.column] += goal_literal.negated ? -2 : 2;
    const double constant = goal_literal.column < 0 ? 2.0 * goal_literal.value : goal_literal.negated ? 2 : 0;
    MipOutcome out = maximiseWithCbc(mip, objective, MipOptions{});
    if (best < 0) {
      CHECK(out.status == MipOutcome::Status::Infeasible);
      continue;
    }
    ++satisfiable;
    REQUIRE(out.status == MipOutcome::Status::Optimal);
    CHECK(out.incumbent + constant == doctest::Approx(best));
    CHECK(mip.satisfiedBy(*out.solution));
  }
  CHECK(satisfiable >= 20);
}
