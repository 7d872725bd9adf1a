// What polling teaches about each client AS. Under Gao-Rexford the route class of every AS
// does not depend on prepending, so a client's best path length is min over sessions s of
// (p_s + D(s)) and its set of equally good sessions is the argmin. Polling finds the
// relative distances r(s) = D(s) - min D exactly: every tie seen in a poll is an equation
// p_a + r(a) = p_b + r(b). Sweeping one session over 0..K with the others at K makes each
// session that can win anywhere in [0,K]^N tie with the best of the others, which links it
// to the rest. The lowest-id winner inside a tie set depends only on that set (the
// equally good neighbours are fixed by it), so each observed (tie set -> winner) pair is a
// reusable fact.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "anycast/deployment.h"

namespace routefix::anycast {

class ClientSensitivity {
 public:
  explicit ClientSensitivity(size_t sessions);

  // One observation: the equally good sessions `tie_set` (ascending, non-empty) and the
  // lowest-id winner under prepend vector `p` (kept if `record_winner`). Throws
  // std::logic_error if it contradicts earlier observations (a propagation model error,
  // never a user error).
  void observe(const PrependVector& p, const std::vector<size_t>& tie_set, size_t winner, bool record_winner);

  // After polling: the sessions that were ever equally good, and their offsets r (min 0).
  void finish();
  const std::vector<size_t>& sessions() const { return sessions_; }
  const std::vector<int>& offsets() const { return offsets_; }
  bool reachable() const { return !sessions_.empty(); }

  // The predicted tie set under p, as positions into sessions().
  std::vector<size_t> predictTies(const PrependVector& p) const;
  // Known lowest-id winner (a session) for a tie set of sessions, if observed.
  const std::map<std::vector<size_t>, size_t>& tieWinners() const { return tie_winner_; }

 private:
  std::pair<size_t, int> find(size_t s);  // root and r(s) - r(root)

  std::vector<uint32_t> parent_;
  std::vector<int> to_parent_;
  std::vector<uint8_t> seen_;
  std::map<std::vector<size_t>, size_t> tie_winner_;
  std::vector<size_t> sessions_;
  std::vector<int> offsets_;
};

// The poll plan of AnyPro-style sensitivity polling over [0,K]^N: the all-zero baseline,
// each session alone at 1..K (others 0), and each session at 0..K-1 with the others at K,
// plus all-K.
std::vector<PrependVector> pollPlan(size_t sessions, int max_prepend);

}  // namespace routefix::anycast
