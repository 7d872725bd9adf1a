#include "anycast/box_rounding.h"

#include <algorithm>

namespace routefix::anycast {

namespace {

// The prepend vectors still open: p_s in [low[s], high[s]].
struct Box {
  std::vector<int> low, high;

  // This box cut by disjunct d's box at level v (leader at most v, each bounded t at least
  // v - k_t), if they meet.
  std::optional<Box> meet(const LeaderDisjunct& d, int v) const {
    if (v < low[d.leader]) return std::nullopt;
    Box out = *this;
    out.high[d.leader] = std::min(out.high[d.leader], v);
    for (const LeadBound& b : d.bounds) {
      out.low[b.session] = std::max(out.low[b.session], v - b.max_lead);
      if (out.low[b.session] > out.high[b.session]) return std::nullopt;
    }
    return out;
  }
  int width() const {
    int w = 0;
    for (size_t s = 0; s < low.size(); ++s) w += high[s] - low[s];
    return w;
  }
};

// The widest box of `c` that meets `box`, met with it.
std::optional<Box> join(const Box& box, const LeaderCondition& c) {
  std::optional<Box> best;
  for (const LeaderDisjunct& d : c)
    // Above the leader's upper end, a level only raises the others' lower ends.
    for (int v = box.low[d.leader]; v <= box.high[d.leader]; ++v)
      if (auto met = box.meet(d, v); met && (!best || met->width() > best->width())) best = std::move(met);
  return best;
}

}  // namespace

std::optional<RoundedVector> roundByBoxes(const std::vector<const LeaderCondition*>& required,
                                          const std::vector<const LeaderCondition*>& conditions,
                                          const std::vector<size_t>& order, const std::vector<int>& caps) {
  Box box{std::vector<int>(caps.size(), 0), caps};
  for (const LeaderCondition* c : required) {
    auto met = join(box, *c);
    if (!met) return std::nullopt;
    box = std::move(*met);
  }
  RoundedVector out;
  for (size_t g : order)
    if (auto met = join(box, *conditions[g])) {
      box = std::move(*met);
      out.kept.push_back(g);
    }
  out.prepends = std::move(box.low);
  return out;
}

}  // namespace routefix::anycast
