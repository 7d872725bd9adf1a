// CBC's side of the optimiser's solver portfolio, solved in a thread of its own so Z3 can
// work on the same problem meanwhile; whichever proves first stops the other. The model:
// for satisfied under lowest-id, the compact program over the prepends written from the
// groups' leader conditions (leader_mip.h); otherwise the prepend problem's formulas
// (prepend_problem.h) translated to a 0-1 program (boolean_mip.h).
// Everything that reads Z3 terms (the translation, the warm start, the literals of the
// group terms used to confirm CBC's answer) happens in the constructor, on the caller's
// thread: a Z3 context is not shared between threads.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "anycast/boolean_mip.h"
#include "anycast/cbc_solver.h"
#include "anycast/client_constraints.h"
#include "anycast/conflict_clique_lp.h"
#include "anycast/deployment.h"
#include "anycast/leader_local_search.h"
#include "anycast/leader_mip.h"
#include "anycast/prepend_problem.h"

namespace routefix::anycast {

class CbcRace {
 public:
  // `start`: a vector to warm start from (shifted down to keep a session unprepended when
  // the problem requires one); used when every column follows from the prepends.
  // With problem.leader_conditions the compact model (leader_mip.h), else the 0-1 translation.
  CbcRace(const PrependProblem& problem, const std::vector<std::vector<z3::expr>>& steps,
          const ClientConstraints& constraints, const std::vector<int>& caps, const std::optional<PrependVector>& start);
  ~CbcRace() { stop(); }
  CbcRace(const CbcRace&) = delete;
  CbcRace& operator=(const CbcRace&) = delete;

  size_t columns() const { return leader_ ? leader_->columns().objective.size() : mip_.columns(); }
  size_t rows() const { return leader_ ? leader_->rows().size() : mip_.rows().size(); }
  bool compact() const { return leader_.has_value(); }
  bool warmStarted() const { return start_.has_value(); }

  // Starts CBC with `seconds`, after `delay` seconds unless stopped before; `proved` runs
  // on CBC's thread when it finishes with a proof (optimal or infeasible). With the compact
  // model, the conflict-clique LP (conflict_clique_lp.h) goes first, for at most
  // kCliqueLpShare of the time: its bound, and its cliques as rows of CBC's model.
  // `yield` runs (once, on CBC's thread) when the other solver had better give this one
  // the CPU: see kYieldAfter.
  void launch(double seconds, double delay, std::function<void()> proved, std::function<void()> yield = {});
  // Asks CBC to stop at its next node and waits for it.
  void stop();
  void join();

  // After join():
  const MipOutcome& outcome() const { return outcome_; }
  double seconds() const { return seconds_; }
  PrependVector prepends() const;                               // of the best solution
  std::vector<std::vector<bool>> predictedTerms() const;        // per group, per term
  std::vector<bool> predictedPinned() const;                    // per pinned entry
  // The proven bound on the problem's soft weight (PrependProblem::scoreBound turns it into a score):
  // CBC's, or the conflict-clique LP's when lower.
  std::optional<__int128> softWeightBound() const;
  const std::optional<CliqueLpBound>& cliqueLp() const { return clique_lp_; }
  // The group weight of the best vector rounded from the clique LP (or of the start), if any.
  std::optional<int64_t> roundedWeight() const {
    return rounded_ ? std::optional<int64_t>(rounded_->score.weight) : std::nullopt;
  }

  static constexpr double kCliqueLpShare = 0.85;
  // Of the clique LP's time, at most this share goes to rounding its solutions.
  static constexpr double kRoundingShare = 0.25;
  // Per LP solution, roundings in perturbed orders (y plus noise up to kNoise) besides the LP's own.
  static constexpr int kNoisyRoundings = 16;
  static constexpr double kNoise = 0.3;
  // With one usable CPU the portfolio's two threads halve it. Z3's proof from below never
  // answered on an instance whose clique-LP gap stayed above a few percent (20,000 ASes / 30
  // sessions and up: not in 60 s, nor in 10 minutes at 75,000 / 20), while the ones it
  // proves have an LP gap under 1 % within a second or two (10,000 / 20: 0.22 %, 0.86 %).
  // So once kYieldAfter of CBC's time has passed with the LP's bound still more than
  // kYieldGap above the best weight known, Z3 is asked to stop and the LP gets the CPU.
  static constexpr double kYieldAfter = 0.4;
  static constexpr double kYieldGap = 0.05;

 private:
  bool holds(const BooleanMip::Literal& l) const { return BooleanMip::holds(l, *outcome_.solution); }
  // An incumbent from the clique LP's solution `y`: its groups put at target in y's order
  // (box_rounding.h), then the local search's climb. Kept when better than the best so far.
  void round(const std::vector<double>& y, std::chrono::steady_clock::time_point deadline);
  void translate(const PrependProblem& problem, const std::vector<std::vector<z3::expr>>& steps,
                 const ClientConstraints& constraints, const std::optional<PrependVector>& start);

  std::optional<LeaderMip> leader_;
  // With leader_: what the conflict-clique LP reads, and what it found.
  std::vector<const LeaderCondition*> conditions_;
  std::vector<int64_t> weights_;
  std::vector<std::vector<size_t>> partition_;
  std::vector<const LeaderCondition*> required_;
  std::optional<LeaderLocalSearch> local_;
  std::optional<LeaderLocalSearch::Best> rounded_;  // the best vector rounded from the clique LP
  std::mt19937_64 rng_{1};                           // the perturbations (seeded: runs repeat)
  std::vector<int> caps_;
  __int128 scale_ = 1;
  std::optional<CliqueLpBound> clique_lp_;
  BooleanMip mip_;  // without leader_
  std::vector<double> objective_;
  double constant_ = 0;  // soft weight of terms that are constant in the translation
  std::vector<std::vector<int>> step_columns_;
  std::vector<std::vector<BooleanMip::Literal>> term_literals_;
  std::vector<BooleanMip::Literal> pinned_literals_;
  std::optional<std::vector<double>> start_;
  MipOptions options_;
  std::atomic<bool> stop_ = false;
  MipOutcome outcome_;
  double seconds_ = 0;
  std::thread thread_;
};

}  // namespace routefix::anycast
