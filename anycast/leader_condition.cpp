#include "anycast/leader_condition.h"

#include <algorithm>

namespace routefix::anycast {

const LeadBound* LeaderDisjunct::boundOn(size_t session) const {
  auto it = std::lower_bound(bounds.begin(), bounds.end(), session,
                             [](const LeadBound& b, size_t s) { return b.session < s; });
  return it != bounds.end() && it->session == session ? &*it : nullptr;
}

LeaderCondition leaderCondition(const RouteModel& model, const Deployment& deployment, const std::vector<int>& caps,
                                AsIndex v, const std::vector<size_t>& order, size_t target) {
  LeaderCondition out;
  for (size_t rank = 0; rank < order.size(); ++rank) {
    const size_t s = order[rank];
    if (deployment.sessions[s].pop != target) continue;
    LeaderDisjunct d{s, {}};
    bool possible = true;
    for (size_t other = 0; other < order.size() && possible; ++other) {
      const size_t t = order[other];
      if (deployment.sessions[t].pop == target) continue;
      // Ahead of t in the order, s may tie with it; behind it, s must be strictly shorter.
      int k = model.distance(v, t) - model.distance(v, s) - (other < rank ? 1 : 0);
      if (k >= caps[s]) continue;  // holds whatever the prepends
      if (k < -caps[t]) possible = false;
      d.bounds.push_back({t, k});
    }
    if (!possible) continue;
    std::sort(d.bounds.begin(), d.bounds.end(), [](const LeadBound& a, const LeadBound& b) { return a.session < b.session; });
    out.push_back(std::move(d));
  }
  std::sort(out.begin(), out.end(), [](const LeaderDisjunct& a, const LeaderDisjunct& b) { return a.leader < b.leader; });
  return out;
}

bool holdsUnder(const LeaderDisjunct& d, const PrependVector& p) {
  const int lead = p[d.leader];
  return std::all_of(d.bounds.begin(), d.bounds.end(), [&](const LeadBound& b) { return lead - p[b.session] <= b.max_lead; });
}

bool holdsUnder(const LeaderCondition& c, const PrependVector& p) {
  return std::any_of(c.begin(), c.end(), [&](const LeaderDisjunct& d) { return holdsUnder(d, p); });
}

bool excludeEachOther(const LeaderCondition& a, const LeaderCondition& b) {
  for (const LeaderDisjunct& x : a)
    for (const LeaderDisjunct& y : b) {
      if (x.leader == y.leader) return false;
      const LeadBound* xy = x.boundOn(y.leader);
      const LeadBound* yx = y.boundOn(x.leader);
      // p_x - p_y <= k1 and p_y - p_x <= k2 need k1 + k2 >= 0.
      if (!xy || !yx || xy->max_lead + yx->max_lead >= 0) return false;
    }
  return true;
}

}  // namespace routefix::anycast
