#include "anycast/objective.h"

#include <algorithm>
#include <cmath>

#include "model/input_error.h"

namespace routefix::anycast {

ObjectiveKind parseObjective(const std::string& text) {
  if (text == "satisfied") return ObjectiveKind::Satisfied;
  if (text == "latency") return ObjectiveKind::Latency;
  if (text == "p90") return ObjectiveKind::P90;
  throw model::InputError("objective must be satisfied, latency or p90, got '" + text + "'");
}

std::string objectiveName(ObjectiveKind kind) {
  switch (kind) {
    case ObjectiveKind::Satisfied: return "satisfied";
    case ObjectiveKind::Latency: return "latency";
    case ObjectiveKind::P90: return "p90";
  }
  return "?";
}

int64_t scaledWeight(double weight) { return std::llround(weight * 1000.0); }
int64_t scaledLatency(double ms) { return std::llround(ms * 1000.0); }

ClientOutcome outcomeFromSessions(std::vector<size_t> sessions, const Deployment& deployment) {
  ClientOutcome out;
  for (size_t s : sessions) out.pops.push_back(deployment.sessions[s].pop);
  std::sort(out.pops.begin(), out.pops.end());
  out.pops.erase(std::unique(out.pops.begin(), out.pops.end()), out.pops.end());
  out.sessions = std::move(sessions);
  return out;
}

std::vector<ClientOutcome> clientOutcomes(const PropagationState& state, const AsGraph& graph,
                                          const Deployment& deployment,
                                          const std::vector<ClientGroup>& clients, TieBreak tie_break) {
  std::vector<ClientOutcome> out;
  out.reserve(clients.size());
  for (const auto& c : clients) {
    auto v = graph.find(c.asn);
    std::vector<size_t> sessions;
    if (v && state.hasRoute(*v)) {
      if (tie_break == TieBreak::KeepAll)
        sessions = state.tieSet(*v);
      else
        sessions.push_back(static_cast<size_t>(state.session[*v]));
    }
    out.push_back(outcomeFromSessions(std::move(sessions), deployment));
  }
  return out;
}

ObjectiveEvaluator::ObjectiveEvaluator(ObjectiveKind kind, const std::vector<ClientGroup>& clients)
    : kind_(kind), clients_(clients) {
  for (const auto& c : clients) {
    weights_.push_back(scaledWeight(c.weight));
    std::vector<std::pair<size_t, int64_t>> table;
    int64_t worst = 0;
    for (const auto& [pop, ms] : c.latency_ms) {
      table.emplace_back(pop, scaledLatency(ms));
      worst = std::max(worst, table.back().second);
    }
    latencies_.push_back(std::move(table));
    worst_latency_.push_back(worst);
  }
}

bool ObjectiveEvaluator::counts(size_t client) const {
  if (kind_ == ObjectiveKind::Satisfied) return clients_[client].target.has_value();
  return !latencies_[client].empty();
}

bool atTarget(const ClientGroup& client, const std::vector<size_t>& pops) {
  return client.target && pops.size() == 1 && pops[0] == *client.target;
}

bool ObjectiveEvaluator::atTarget(size_t client, const std::vector<size_t>& pops) const {
  return anycast::atTarget(clients_[client], pops);
}

int64_t ObjectiveEvaluator::latencyUs(size_t client, const std::vector<size_t>& pops) const {
  int64_t worst = 0;
  for (size_t pop : pops) {
    int64_t lat = worst_latency_[client];
    for (const auto& [p, us] : latencies_[client])
      if (p == pop) lat = us;
    worst = std::max(worst, lat);
  }
  return worst;
}

int64_t ObjectiveEvaluator::weightedP90(std::vector<std::pair<int64_t, int64_t>> latency_weight) {
  if (latency_weight.empty()) return 0;
  std::sort(latency_weight.begin(), latency_weight.end());
  __int128 total = 0;
  for (const auto& [lat, w] : latency_weight) total += w;
  __int128 cumulative = 0;
  for (const auto& [lat, w] : latency_weight) {
    cumulative += w;
    if (cumulative * 10 >= total * 9) return lat;
  }
  return latency_weight.back().first;
}

__int128 ObjectiveEvaluator::score(const std::vector<ClientOutcome>& outcomes) const {
  __int128 sum = 0;
  std::vector<std::pair<int64_t, int64_t>> p90_items;
  for (size_t c = 0; c < outcomes.size(); ++c) {
    if (!counts(c)) continue;
    const auto& pops = outcomes[c].pops;
    switch (kind_) {
      case ObjectiveKind::Satisfied:
        if (atTarget(c, pops)) sum += weights_[c];
        break;
      case ObjectiveKind::Latency:
        if (!pops.empty()) sum -= static_cast<__int128>(weights_[c]) * latencyUs(c, pops);
        break;
      case ObjectiveKind::P90:
        if (!pops.empty()) p90_items.emplace_back(latencyUs(c, pops), weights_[c]);
        break;
    }
  }
  if (kind_ == ObjectiveKind::P90) return -static_cast<__int128>(weightedP90(std::move(p90_items)));
  return sum;
}

double ObjectiveEvaluator::value(const std::vector<ClientOutcome>& outcomes) const {
  return valueOfScore(score(outcomes), outcomes);
}

double ObjectiveEvaluator::valueOfScore(__int128 score, const std::vector<ClientOutcome>& outcomes) const {
  if (kind_ == ObjectiveKind::Satisfied) return satisfiedValue(score);
  __int128 total = 0;
  for (size_t c = 0; c < outcomes.size(); ++c)
    if (counts(c) && !outcomes[c].pops.empty()) total += weights_[c];
  double s = static_cast<double>(score);
  double v = 0;
  switch (kind_) {
    case ObjectiveKind::Satisfied: break;  // above
    case ObjectiveKind::Latency: v = total ? -s / static_cast<double>(total) / 1000.0 : 0; break;
    case ObjectiveKind::P90: v = -s / 1000.0; break;
  }
  return std::round(v * 1e6) / 1e6;  // stable, readable output
}

double ObjectiveEvaluator::satisfiedValue(__int128 weight_at_target) const {
  __int128 total = 0;
  for (size_t c = 0; c < clients_.size(); ++c)
    if (counts(c)) total += weights_[c];
  double v = total ? static_cast<double>(weight_at_target) / static_cast<double>(total) : 0;
  return std::round(v * 1e6) / 1e6;
}

}  // namespace routefix::anycast
