// Where client groups land and how good that is. Weights and latencies are scaled to
// integers (milli-weight, microseconds) so the simulator, brute force and Z3 all compare the
// same exact numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anycast/deployment.h"
#include "anycast/propagation.h"

namespace routefix::anycast {

enum class ObjectiveKind { Satisfied, Latency, P90 };
ObjectiveKind parseObjective(const std::string& text);  // throws InputError
std::string objectiveName(ObjectiveKind kind);

// The catchment of one client group: the winning session (lowest-id) or all equally good
// sessions (keep-all), and their PoPs. Empty when the client has no route at all.
struct ClientOutcome {
  std::vector<size_t> sessions{};
  std::vector<size_t> pops;  // ascending, distinct

  bool operator==(const ClientOutcome&) const = default;
};

// Catchment of every client group in a propagated state.
std::vector<ClientOutcome> clientOutcomes(const PropagationState& state, const AsGraph& graph,
                                          const Deployment& deployment,
                                          const std::vector<ClientGroup>& clients, TieBreak tie_break);
// A client group is at its target when its catchment is exactly {target}.
bool atTarget(const ClientGroup& client, const std::vector<size_t>& pops);

ClientOutcome outcomeFromSessions(std::vector<size_t> sessions, const Deployment& deployment);

class ObjectiveEvaluator {
 public:
  ObjectiveEvaluator(ObjectiveKind kind, const std::vector<ClientGroup>& clients);

  ObjectiveKind kind() const { return kind_; }
  // Whether the client takes part: satisfied needs a target, latency objectives a table.
  bool counts(size_t client) const;
  int64_t weight(size_t client) const { return weights_[client]; }
  // anycast::atTarget for client number `client`.
  bool atTarget(size_t client, const std::vector<size_t>& pops) const;
  // Latency at a PoP set: the worst listed PoP; a PoP missing from the client's table
  // costs the worst latency the table lists.
  int64_t latencyUs(size_t client, const std::vector<size_t>& pops) const;

  // Exact comparable score, larger is better: satisfied weight, or the negated weighted
  // latency sum / p90 latency. Unreachable clients are left out of latency objectives.
  __int128 score(const std::vector<ClientOutcome>& outcomes) const;
  // The value users read: fraction of weight at target, weighted mean ms, or p90 ms.
  double value(const std::vector<ClientOutcome>& outcomes) const;
  // The value of a score (e.g. a bound on it); latency objectives average over the weight
  // `outcomes` reach (reachability does not depend on prepending).
  double valueOfScore(__int128 score, const std::vector<ClientOutcome>& outcomes) const;
  // The satisfied objective's value for a weight at target (e.g. an upper bound on it).
  double satisfiedValue(__int128 weight_at_target) const;

  // Weighted 90th percentile of (latency, weight) pairs: the smallest latency L such that
  // the clients at or below L carry at least 90% of the weight.
  static int64_t weightedP90(std::vector<std::pair<int64_t, int64_t>> latency_weight);

 private:
  ObjectiveKind kind_;
  const std::vector<ClientGroup>& clients_;
  std::vector<int64_t> weights_;
  std::vector<std::vector<std::pair<size_t, int64_t>>> latencies_;  // per client: (pop, us)
  std::vector<int64_t> worst_latency_;
};

int64_t scaledWeight(double weight);   // milli-units
int64_t scaledLatency(double ms);      // microseconds

}  // namespace routefix::anycast
